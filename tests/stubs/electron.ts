// Stand-in for the `electron` module under vitest: enough for electron-store to load in plain
// Node, and for the preload to run against a test's own IPC handler. electron-store asks for the
// user-data folder even when given a `cwd`, so the stub answers with a folder under the OS temp
// dir; every store under test is given its own `cwd`.
import os from 'node:os';
import path from 'node:path';

type Listener = (event: unknown, ...args: unknown[]) => void;

export const app = {
  getPath: (name: string): string => path.join(os.tmpdir(), 'mcp-tool-names-electron-stub', name),
  getVersion: (): string => '0.0.0-test',
  getName: (): string => 'mcp-tool-names-test',
  on: (): void => undefined,
};
export const ipcMain = { handle: (): void => undefined, on: (): void => undefined };

/** The renderer side: `invoke` goes to `handler`, which a test sets; `emit` plays main's `send`. */
export const ipcRenderer = {
  handler: async (channel: string, ..._args: unknown[]): Promise<unknown> => Promise.reject(new Error(`stub: no handler for ${channel}`)),
  listeners: new Map<string, Set<Listener>>(),
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return ipcRenderer.handler(channel, ...args);
  },
  on(channel: string, listener: Listener): void {
    if (!ipcRenderer.listeners.has(channel)) ipcRenderer.listeners.set(channel, new Set());
    ipcRenderer.listeners.get(channel)!.add(listener);
  },
  removeListener(channel: string, listener: Listener): void {
    ipcRenderer.listeners.get(channel)?.delete(listener);
  },
  emit(channel: string, ...args: unknown[]): void {
    for (const listener of ipcRenderer.listeners.get(channel) ?? []) listener({}, ...args);
  },
};

/** What the preload exposed to the page, by key. */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, value: unknown): void {
    contextBridge.exposed.set(key, value);
  },
};
export const shell = { openExternal: async (): Promise<void> => undefined };
export default { app, ipcMain, ipcRenderer, contextBridge, shell };
