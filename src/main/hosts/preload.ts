// The Electron preload: exposes the IPC contract as `window.api`, generated from the contract's
// channel list (never a hand-kept copy). Bundled to CommonJS, as sandboxed preloads require.
import { contextBridge, ipcRenderer } from 'electron';
import { buildApi, ELECTRON_INVOKE_CHANNEL, ELECTRON_STATUS_CHANNEL } from '../../types/ipc.js';
import type { ServerStatus } from '../../types/mcp.js';

/** Electron prefixes a handler's error with "Error invoking remote method '…': Error: "; users see only the message. */
function plainError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(/^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/, ''));
}

const api = buildApi(
  (channel, input) => ipcRenderer.invoke(ELECTRON_INVOKE_CHANNEL, channel, input).catch((error: unknown) => Promise.reject(plainError(error))),
  (listener) => {
    const handler = (_event: unknown, status: ServerStatus[]): void => listener(status);
    ipcRenderer.on(ELECTRON_STATUS_CHANNEL, handler);
    return () => ipcRenderer.removeListener(ELECTRON_STATUS_CHANNEL, handler);
  },
);

contextBridge.exposeInMainWorld('api', api);
