// The Electron host's start-up (src/main/hosts/electron.ts) against the Electron stub: the
// runtime cannot run here, so this checks what the host asks of Electron. One app per profile
// (the single-instance lock after userData is set, a second launch focusing the first window, the
// folder lock shared with the browser host), every permission refused, the window's hardening and
// its navigation guards. Each launch imports the host afresh (a query makes a new module).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { parseHolder } from '../../src/main/profile/holder.js';
import { HOLDER_FILE_NAME, lockProfile } from '../../src/main/profile/lock.js';
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from '../stubs/electron.js';
import { publishedEntry, removeTempDirs, seedStore, tempDir, waitFor } from './helpers/mcp-env.js';

const ELECTRON_HOST = new URL('../../src/main/hosts/electron.ts', import.meta.url);
let launches = 0;

/** Runs the host's main as `electron dist/main/hosts/electron.js --user-data DIR` would. */
async function launch(dir: string): Promise<void> {
  process.argv = [process.execPath, 'dist/main/hosts/electron.js', '--user-data', dir];
  const before = BrowserWindow.instances.length;
  const host = `${ELECTRON_HOST.href}?launch=${++launches}`;
  await import(/* @vite-ignore */ host);
  await waitFor('the host to open its window or give up', () =>
    BrowserWindow.instances.length > before || app.calls.some((call) => call === 'quit' || call.startsWith('exit')),
  );
}

/** Closes the last window as a user would: the host stops its core and quits. */
async function closeAll(): Promise<void> {
  const quits = (): number => app.calls.filter((call) => call === 'quit').length;
  const before = quits();
  app.fire('window-all-closed');
  await waitFor('the host to quit', () => quits() > before);
}

const argv = process.argv;
beforeEach(() => {
  app.reset();
  dialog.errors.length = 0;
  shell.opened.length = 0;
});
afterAll(() => {
  process.argv = argv;
  removeTempDirs();
});

describe('Electron host', () => {
  it('takes the single-instance lock after setting userData, and the folder lock, and opens a hardened window', async () => {
    const dir = tempDir('electron-');
    await launch(dir);
    const window = BrowserWindow.instances.at(-1)!;
    expect(app.calls.slice(0, 2)).toEqual([`setPath userData ${dir}`, 'requestSingleInstanceLock']);
    // The folder lock names the app to a browser host or inspect started on the same profile.
    expect(parseHolder(fs.readFileSync(path.join(dir, HOLDER_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid, host: 'electron' });
    await expect(lockProfile(dir, { host: 'web' })).rejects.toThrow(`in use by the MCP Tool Names app (pid ${process.pid})`);

    expect(window.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(window.loaded).toMatch(/renderer[/\\]index\.html$/);
    expect(ipcMain.handlers.has('mcp-app:invoke')).toBe(true);
    await closeAll();
    expect(fs.existsSync(path.join(dir, HOLDER_FILE_NAME))).toBe(false);
  });

  it('gives the page the system\'s folder picker (a server\'s folders), over its window', async () => {
    const dir = tempDir('electron-');
    await launch(dir);
    const window = BrowserWindow.instances.at(-1)!;
    const invoke = ipcMain.handlers.get('mcp-app:invoke')!;
    const page = { senderFrame: { url: new URL(`file://${window.loaded}`).href } };
    dialog.answer = { canceled: false, filePaths: ['/home/me/site'] };
    expect(await invoke(page as never, 'pickFolder' as never, undefined as never)).toEqual({ path: '/home/me/site' });
    expect(dialog.opened.at(-1)).toMatchObject({ properties: ['openDirectory', 'createDirectory'] });
    dialog.answer = { canceled: true, filePaths: [] };
    expect(await invoke(page as never, 'pickFolder' as never, undefined as never)).toEqual({ path: null });
    await closeAll();
  });

  it('refuses every permission request and check (the app needs none)', async () => {
    const dir = tempDir('electron-');
    await launch(dir);
    const { handlers } = session.defaultSession;
    const answers: boolean[] = [];
    const request = handlers.get('request') as unknown as (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
    for (const permission of ['media', 'notifications', 'geolocation', 'openExternal', 'clipboard-read', 'unknown']) {
      request({}, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false, false]);
    const check = handlers.get('check') as unknown as (contents: unknown, permission: string) => boolean;
    const device = handlers.get('device') as unknown as (details: unknown) => boolean;
    expect(['media', 'notifications', 'hid', 'serial'].map((permission) => check(null, permission))).toEqual([false, false, false, false]);
    expect(device({ deviceType: 'usb' })).toBe(false);
    await closeAll();
  });

  it('keeps the window on its page: other navigation, redirects and new windows are refused; http(s) links open outside', async () => {
    const dir = tempDir('electron-');
    await launch(dir);
    const contents = BrowserWindow.instances.at(-1)!.webContents;
    const page = new URL(`file://${BrowserWindow.instances.at(-1)!.loaded}`).href;
    expect(contents.fire('will-navigate', `${page}#/tools`).defaultPrevented).toBe(false);
    expect(contents.fire('will-navigate', 'https://example.com/').defaultPrevented).toBe(true);
    expect(contents.fire('will-navigate', 'file:///etc/passwd').defaultPrevented).toBe(true);
    expect(contents.fire('will-redirect', 'https://evil.example/').defaultPrevented).toBe(true);
    // A middle click (auxclick) on a link, or window.open: refused in the app.
    expect(contents.windowOpenHandler!({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    await waitFor('links to open outside', () => shell.opened.length === 2);
    expect(shell.opened).toEqual(['https://example.com/', 'https://example.com/docs']);
    await closeAll();
  });

  it('a second launch on the same profile quits at once; the first brings its window forward', async () => {
    const dir = tempDir('electron-');
    await launch(dir);
    const first = BrowserWindow.instances.at(-1)!;
    first.minimized = true;
    app.fire('second-instance', [], process.cwd());
    expect(first.calls).toEqual(['restore', 'show', 'focus']);
    const windows = BrowserWindow.instances.length;
    const calls = app.calls.length;
    app.singleInstance = false;
    await launch(dir);
    expect(app.calls.slice(calls)).toEqual([`setPath userData ${dir}`, 'requestSingleInstanceLock', 'quit']);
    expect(BrowserWindow.instances).toHaveLength(windows);
    app.singleInstance = true;
    await closeAll();
  });

  it('a profile the browser host holds: an error box naming it, exit 1, no window', async () => {
    const dir = tempDir('electron-');
    const held = await lockProfile(dir, { host: 'web' });
    held.setAddress('http://127.0.0.1:43117/#token=secret');
    try {
      const windows = BrowserWindow.instances.length;
      await launch(dir);
      expect(app.calls).toContain('exit 1');
      expect(BrowserWindow.instances).toHaveLength(windows);
      expect(dialog.errors).toHaveLength(1);
      expect(dialog.errors[0]!.content).toContain(`in use by the browser host (pid ${process.pid}) at http://127.0.0.1:43117/`);
      expect(dialog.errors[0]!.content).not.toContain('secret');
    } finally {
      await held.release();
    }
  });

  it("serves tool views' sandbox on its own scheme, one origin per view, and keeps view frames in it", async () => {
    expect(protocol.privileged).toContainEqual({ scheme: 'mcp-app-view', privileges: { standard: true, secure: true } });
    const dir = tempDir('electron-');
    seedStore(dir, [publishedEntry('basic', 'Basic', 'server-basic-vanillajs', ['--stdio'])]);
    await launch(dir);
    const window = BrowserWindow.instances.at(-1)!;
    const page = new URL(`file://${window.loaded}`).href;
    const invoke = ipcMain.handlers.get('mcp-app:invoke') as unknown as (event: unknown, channel: string, input: unknown) => Promise<unknown>;
    const asPage = { senderFrame: { url: page } };
    // The server connects in the background: ask until its tool's view opens.
    let view: { viewId: string; sandboxUrl: string; sandboxOrigin: string } | undefined;
    await waitFor('the view to open', () => {
      void invoke(asPage, 'openToolView', { name: 'get-time' }).then((opened) => (view = opened as typeof view), () => undefined);
      return view !== undefined;
    }, 20_000);
    expect(view!.sandboxUrl).toBe(`mcp-app-view://${view!.viewId}/`);
    expect(view!.sandboxOrigin).toBe(`mcp-app-view://${view!.viewId}`);
    const handle = session.defaultSession.protocol.handlers.get('mcp-app-view')!;
    const served = await handle({ url: view!.sandboxUrl });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toMatch(/^default-src 'none'; .*connect-src 'none'; frame-src 'none'; .*form-action 'none'$/);
    expect(await served.text()).toContain('<body data-host-origins="*"><script src="proxy.js"></script>');
    expect((await handle({ url: 'mcp-app-view://0123456789abcdef0123456789abcdef/' })).status).toBe(404);
    expect((await handle({ url: `mcp-app-view://${view!.viewId}/../index.html` })).status).toBe(404);
    await invoke(asPage, 'closeToolView', { viewId: view!.viewId });
    expect((await handle({ url: view!.sandboxUrl })).status).toBe(404);

    const frame = (url: string, isMainFrame = false): boolean => window.webContents.fireWith('will-frame-navigate', { url, isMainFrame }).defaultPrevented;
    expect([frame(view!.sandboxUrl), frame('about:srcdoc'), frame('https://evil.example/?data=1'), frame('file:///etc/passwd')]).toEqual([false, false, true, true]);
    await closeAll();
  });
});
