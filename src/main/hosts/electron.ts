// The Electron host (`npm start` where the Electron runtime is installed). Thin on purpose: the
// core, the handlers and the renderer are the same as the browser host's; this file only wires
// them to a sandboxed, context-isolated window. It is the one place that imports `electron`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron';
import ElectronStore from 'electron-store';
import { ELECTRON_INVOKE_CHANNEL, electronEventChannel, IPC_EVENTS } from '../../types/ipc.js';
import type { Core } from '../core.js';
import { startCore } from '../core.js';
import { guardedInvoke, isPage } from './electron-guard.js';
import { ELECTRON_APP_ORIGINS, isViewFrameUrl, VIEW_SCHEME, viewPage, viewProtocolResponse } from './electron-views.js';
import { SANDBOX_SCRIPT } from '../mcp/apps/sandbox-page.js';
import { parseHostArgs } from './host-args.js';
import { createIpcServer } from '../ipc.js';
import { messageOf } from '../../types/errors.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererIndex = path.resolve(here, '../../renderer/index.html');
const preload = path.resolve(here, 'preload.cjs');
const sandboxScript = path.resolve(here, '../../renderer', SANDBOX_SCRIPT);

// Tool views' sandbox (MCP Apps): a standard, secure scheme, so each view has an origin of its own.
protocol.registerSchemesAsPrivileged([{ scheme: VIEW_SCHEME, privileges: { standard: true, secure: true } }]);

function openExternally(url: string): void {
  if (/^https?:\/\//i.test(url)) void shell.openExternal(url).catch(() => undefined);
}

/** The app asks for no permission (camera, microphone, notifications, devices…): all refused. */
function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.setDevicePermissionHandler(() => false);
}

async function main(): Promise<void> {
  const args = parseHostArgs(process.argv.slice(1));
  app.setPath('userData', args.userDataDir);
  // One app per profile: Electron's lock is keyed on the userData folder set above. A second
  // launch on it quits at once, and the first one brings its window forward.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let window: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  await app.whenReady();
  denyAllPermissions();

  let core: Core;
  try {
    // The same folder lock as the browser host's and inspect's, so they cannot share a profile.
    core = await startCore({
      userDataDir: args.userDataDir,
      host: 'electron',
      background: true,
      backend: ({ cwd, configName, configFileMode }) => new ElectronStore<Record<string, unknown>>({ cwd, name: configName, configFileMode }),
    });
  } catch (error) {
    dialog.showErrorBox('MCP Tool Names cannot start', messageOf(error));
    app.exit(1);
    return;
  }
  // The system's folder picker, over the window once it is there (a server's folders, roots).
  const pickFolder = async (): Promise<string | null> => {
    const options: Electron.OpenDialogOptions = { title: 'A folder this server may use', properties: ['openDirectory', 'createDirectory'] };
    const picked = window && !window.isDestroyed() ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  };
  const ipc = createIpcServer(core, { kind: 'electron', userDataDir: args.userDataDir, openExternal: openExternally, pickFolder, sandbox: { pageFor: viewPage, frameAncestors: () => [], appOrigins: () => ELECTRON_APP_ORIGINS } });
  let script: Buffer | null = null;
  session.defaultSession.protocol.handle(VIEW_SCHEME, (request) => {
    const reply = viewProtocolResponse(request.url, {
      policyOf: (viewId) => core.mcp.views.policyOf(viewId),
      script: () => (script ??= fs.existsSync(sandboxScript) ? fs.readFileSync(sandboxScript) : null),
    });
    return new Response(typeof reply.body === 'string' ? reply.body : new Uint8Array(reply.body), { status: reply.status, headers: reply.headers });
  });
  const pageUrl = new URL(`file://${rendererIndex}`).href;

  ipcMain.handle(ELECTRON_INVOKE_CHANNEL, guardedInvoke(ipc, pageUrl));

  const shown = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: {
      preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      // No `auxclick` events: a middle click reaches no page handler; on a link it is a new-window
      // request, which the window-open handler below refuses like any other.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window = shown;
  const unsubscribes = IPC_EVENTS.map((name) => ipc.on(name, (payload) => {
    if (!shown.isDestroyed()) shown.webContents.send(electronEventChannel(name), payload);
  }));
  shown.webContents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  shown.webContents.on('will-navigate', (event, url) => {
    if (isPage(url, pageUrl)) return;
    event.preventDefault();
    openExternally(url);
  });
  shown.webContents.on('will-redirect', (event, url) => {
    if (!isPage(url, pageUrl)) event.preventDefault();
  });
  // A view's frame stays in its sandbox: it cannot load another address to carry data off.
  shown.webContents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame && !isViewFrameUrl(event.url)) event.preventDefault();
  });

  app.on('window-all-closed', () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    void core.close().finally(() => app.quit());
  });
  await shown.loadFile(rendererIndex);
}

main().catch((error: unknown) => {
  console.error(error);
  app.exit(1);
});
