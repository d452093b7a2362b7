// Stand-in for the `electron` module under vitest: just enough for electron-store to load in
// plain Node. electron-store asks for the user-data folder even when given a `cwd`, so the stub
// answers with a folder under the OS temp dir; every store under test is given its own `cwd`.
import os from 'node:os';
import path from 'node:path';

export const app = {
  getPath: (name: string): string => path.join(os.tmpdir(), 'mcp-tool-names-electron-stub', name),
  getVersion: (): string => '0.0.0-test',
  getName: (): string => 'mcp-tool-names-test',
  on: (): void => undefined,
};
export const ipcMain = { handle: (): void => undefined, on: (): void => undefined };
export const ipcRenderer = { invoke: async (): Promise<never> => Promise.reject(new Error('stub')), on: (): void => undefined };
export const shell = { openExternal: async (): Promise<void> => undefined };
export default { app, ipcMain, ipcRenderer, shell };
