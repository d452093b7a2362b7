// Where the app keeps its data when no --user-data folder is given: the platform's usual place,
// the same folder Electron's app.getPath('userData') gives for this app's product name.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PRODUCT_NAME = 'MCP Tool Names';

export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), PRODUCT_NAME);
}

/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the script node was started with.
 * The URL goes through fileURLToPath, so `%20` and Windows drive letters compare correctly.
 */
export function isEntryModule(moduleUrl: string, argv1: string | undefined = process.argv[1]): boolean {
  return argv1 !== undefined && path.resolve(argv1) === fileURLToPath(moduleUrl);
}
