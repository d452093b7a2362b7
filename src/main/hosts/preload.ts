// The Electron preload: exposes the IPC contract as `window.api`, generated from the contract's
// channel list (never a hand-kept copy). Bundled to CommonJS, as sandboxed preloads require.
import { contextBridge, ipcRenderer } from 'electron';
import { buildApi, ELECTRON_INVOKE_CHANNEL, electronEventChannel } from '../../types/ipc.js';
import { messageOf } from '../../types/errors.js';

/** Electron prefixes a handler's error with "Error invoking remote method '…': Error: "; users see only the message. */
function plainError(error: unknown): Error {
  const message = messageOf(error);
  return new Error(message.replace(/^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/, ''));
}

const api = buildApi(
  (channel, input) => ipcRenderer.invoke(ELECTRON_INVOKE_CHANNEL, channel, input).catch((error: unknown) => Promise.reject(plainError(error))),
  (event, listener) => {
    const channel = electronEventChannel(event);
    const handler = (_event: unknown, payload: Parameters<typeof listener>[0]): void => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => ipcRenderer.removeListener(channel, handler);
  },
);

contextBridge.exposeInMainWorld('api', api);
