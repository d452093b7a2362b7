// Stand-in for the `electron` module under vitest: just enough for electron-store to load in
// plain Node. It has no app to ask for a user-data folder, so every store under test is given an
// explicit `cwd` (a temp folder).
export const app = {
  getPath(name: string): string {
    throw new Error(`electron stub: app.getPath('${name}') is not available in tests; pass cwd`);
  },
  getVersion: (): string => '0.0.0-test',
  getName: (): string => 'mcp-tool-names-test',
  on: (): void => undefined,
};
export const ipcMain = { handle: (): void => undefined, on: (): void => undefined };
export const ipcRenderer = { invoke: async (): Promise<never> => Promise.reject(new Error('stub')), on: (): void => undefined };
export const shell = { openExternal: async (): Promise<void> => undefined };
export default { app, ipcMain, ipcRenderer, shell };
