// The Electron host (`npm start` where the Electron runtime is installed). Thin on purpose: the
// core, the handlers and the renderer are the same as the browser host's; this file only wires
// them to a sandboxed, context-isolated window. It is the one place that imports `electron`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import ElectronStore from 'electron-store';
import { ELECTRON_INVOKE_CHANNEL, ELECTRON_STATUS_CHANNEL } from '../../types/ipc.js';
import { startCore } from '../core.js';
import { guardedInvoke } from './electron-guard.js';
import { parseHostArgs } from './host-args.js';
import { createIpcServer } from '../ipc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererIndex = path.resolve(here, '../../renderer/index.html');
const preload = path.resolve(here, 'preload.cjs');

function openExternally(url: string): void {
  if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
}

async function main(): Promise<void> {
  const args = parseHostArgs(process.argv.slice(1));
  app.setPath('userData', args.userDataDir);
  await app.whenReady();
  const core = await startCore({
    userDataDir: args.userDataDir,
    background: true,
    backend: ({ cwd, configName }) => new ElectronStore<Record<string, unknown>>({ cwd, name: configName }),
  });
  const ipc = createIpcServer(core, { kind: 'electron', userDataDir: args.userDataDir, openExternal: openExternally });
  const pageUrl = new URL(`file://${rendererIndex}`).href;

  ipcMain.handle(ELECTRON_INVOKE_CHANNEL, guardedInvoke(ipc, pageUrl));

  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: { preload, sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true },
  });
  const unsubscribe = ipc.onStatus((status) => window.webContents.send(ELECTRON_STATUS_CHANNEL, status));
  window.webContents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (url === pageUrl) return;
    event.preventDefault();
    openExternally(url);
  });
  await window.loadFile(rendererIndex);

  app.on('window-all-closed', () => {
    unsubscribe();
    void core.mcp.stop().finally(() => app.quit());
  });
}

main().catch((error: unknown) => {
  console.error(error);
  app.exit(1);
});
