// Why a stdio server's command could not be started, in words a user can act on: where the app
// looked (its own PATH, the login shell's, or the PATH set for the server) and, for the usual
// launchers (npx, uvx, docker, …), what to install. Pure.
import path from 'node:path';
import { commandName, hasFolder } from './command-search.js';
import type { LoginShellPath } from './login-shell-path.js';

const NODE = 'Node.js (https://nodejs.org)';
const UV = 'uv (https://docs.astral.sh/uv/)';
const PYTHON = 'Python (https://www.python.org/downloads/)';
const BUN = 'Bun (https://bun.sh)';

/** What provides a launcher a server's command names, by the launcher's name. */
const INSTALL_HINTS = new Map<string, string>([
  ['npx', `${NODE}, which includes npx`],
  ['npm', `${NODE}, which includes npm`],
  ['node', NODE],
  ['corepack', `${NODE}, which includes corepack`],
  ['pnpm', 'pnpm (https://pnpm.io)'],
  ['pnpx', 'pnpm (https://pnpm.io), which includes pnpx'],
  ['uvx', `${UV}, which includes uvx`],
  ['uv', UV],
  ['python', PYTHON],
  ['python3', PYTHON],
  ['py', PYTHON],
  ['pip', `${PYTHON}, which includes pip`],
  ['pip3', `${PYTHON}, which includes pip`],
  ['pipx', 'pipx (https://pipx.pypa.io)'],
  ['docker', 'Docker (Docker Desktop or Docker Engine: https://docs.docker.com/get-docker/)'],
  ['podman', 'Podman (https://podman.io)'],
  ['bun', BUN],
  ['bunx', `${BUN}, which includes bunx`],
  ['deno', 'Deno (https://deno.com)'],
]);

/** What to install for `command`, when it is a launcher the app knows. */
export function installHint(command: string, platform: NodeJS.Platform): string | undefined {
  return INSTALL_HINTS.get(commandName(command, platform).toLowerCase());
}

export interface MissingCommand {
  command: string;
  platform: NodeJS.Platform;
  /** The PATH the server was given in its settings: the only one searched then. */
  serverPath?: string;
  /** The app's own PATH. */
  appPath?: string;
  /** The login shell's PATH, or why it could not be read; absent when not consulted. */
  loginShell?: LoginShellPath;
  /** A command with a folder in it: the folder a relative one was looked for in. */
  cwd?: string;
}

const shown = (value: string | undefined): string => (value ? value : '(empty)');

function whereItLooked(missing: MissingCommand): string {
  if (missing.serverPath !== undefined) return `the PATH set for this server: ${shown(missing.serverPath)}`;
  const app = `PATH: ${shown(missing.appPath)}`;
  const login = missing.loginShell;
  if (!login) return app;
  if ('problem' in login) return `${app}; the login shell's PATH could not be read: ${login.problem}`;
  if (login.path === missing.appPath) return `${app}, which is also the login shell's`;
  return `${app} and the login shell's PATH: ${shown(login.path)}`;
}

export function describeMissingCommand(missing: MissingCommand): string {
  const { command, platform } = missing;
  if (hasFolder(command, platform)) {
    const relative = !(platform === 'win32' ? path.win32 : path.posix).isAbsolute(command);
    return `command not found: ${command} (no such file${relative && missing.cwd ? ` in ${missing.cwd}` : ''}). Check the path in the server's settings.`;
  }
  const hint = installHint(command, platform);
  return `command not found: ${command} (looked in ${whereItLooked(missing)}). ${hint ? `Install ${hint}, or give its full path.` : 'Install it or give its full path.'}`;
}
