// Command-line options shared by the hosts: `--user-data DIR` and, for the browser host, `--port N`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultUserDataDir } from '../profile/paths.js';

export interface HostArgs {
  userDataDir: string;
  port: number;
}

export function parseHostArgs(argv: readonly string[]): HostArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { 'user-data': { type: 'string' }, port: { type: 'string' } },
    // Electron and npm may pass flags of their own; they are not ours to refuse.
    strict: false,
  });
  const userData = typeof values['user-data'] === 'string' ? path.resolve(values['user-data']) : defaultUserDataDir();
  const port = typeof values.port === 'string' ? Number(values.port) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, not "${String(values.port)}"`);
  return { userDataDir: userData, port };
}
