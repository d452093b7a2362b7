// Where the app keeps its data when no --user-data folder is given: the platform's usual place,
// the same folder Electron's app.getPath('userData') gives for this app's product name.
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'MCP Tool Names';

export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), PRODUCT_NAME);
}
