// Where a stdio server's command is, looked up the way the process that starts it will: POSIX
// `:`-separated PATH, or Windows' `;`-separated PATH (its variable named `Path`, `PATH` or any
// case), the extensions of PATHEXT (`npx` is `npx.cmd`) and the working folder first, as
// cross-spawn (what the MCP SDK spawns with) does. Pure: the caller says which files exist.
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export interface SearchOptions {
  platform: NodeJS.Platform;
  /** The PATH to search. */
  path: string;
  /** Windows: PATHEXT (default `.COM;.EXE;.BAT;.CMD`). */
  pathExt?: string;
  /** Windows: the folder the command starts in, searched before PATH. */
  cwd?: string;
  /** Whether a file exists there and can be run (POSIX: executable; Windows: a file). */
  isExecutable: (file: string) => boolean;
}

const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

const isWindows = (platform: NodeJS.Platform): boolean => platform === 'win32';
const delimiter = (platform: NodeJS.Platform): string => (isWindows(platform) ? ';' : ':');
const paths = (platform: NodeJS.Platform): path.PlatformPath => (isWindows(platform) ? path.win32 : path.posix);

/** The name under which `env` holds PATH: on Windows any case (the last one wins, as in cross-spawn). */
export function pathKey(env: Env, platform: NodeJS.Platform): string | undefined {
  if (!isWindows(platform)) return Object.hasOwn(env, 'PATH') ? 'PATH' : undefined;
  return Object.keys(env).reverse().find((key) => key.toUpperCase() === 'PATH');
}

export function pathOf(env: Env, platform: NodeJS.Platform): string | undefined {
  const key = pathKey(env, platform);
  return key === undefined ? undefined : env[key];
}

/** A PATH's folders, empty entries dropped (and, on Windows, the quotes around an entry). */
export function splitPath(value: string, platform: NodeJS.Platform): string[] {
  const parts = value.split(delimiter(platform)).map((part) => (isWindows(platform) ? part.replace(/^"(.*)"$/, '$1') : part));
  return parts.filter((part) => part !== '');
}

/** `first`'s folders, then those of `then` not already there: one PATH searched in that order. */
export function mergePaths(first: string, then: string, platform: NodeJS.Platform): string {
  const seen = new Set<string>();
  const fold = (dir: string): string => (isWindows(platform) ? dir.toLowerCase() : dir);
  const dirs = [...splitPath(first, platform), ...splitPath(then, platform)].filter((dir) => {
    if (seen.has(fold(dir))) return false;
    seen.add(fold(dir));
    return true;
  });
  return dirs.join(delimiter(platform));
}

/**
 * `base` with `overrides` on top. On Windows names are case-insensitive: an override takes the
 * spelling of the base's variable it replaces, so that the SDK, which spreads its own defaults
 * (`PATH`, `TEMP`, …) under ours, gets one PATH, not `PATH` and `Path` (a coin toss for the child).
 */
export function overlayEnv(base: Env, overrides: Env, platform: NodeJS.Platform): Record<string, string> {
  const result: Record<string, string> = {};
  const baseKeys = new Map<string, string>();
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined) continue;
    result[key] = value;
    if (isWindows(platform)) baseKeys.set(key.toUpperCase(), key);
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) result[baseKeys.get(key.toUpperCase()) ?? key] = value;
  }
  return result;
}

/** `env` with its PATH (whatever its name) set to `value`. */
export function withPath(env: Env, value: string, platform: NodeJS.Platform): Record<string, string> {
  return overlayEnv(env, { [pathKey(env, platform) ?? 'PATH']: value }, platform);
}

/** A command with a folder in it (`./server`, `C:\tools\x.exe`) is not looked up on PATH. */
export function hasFolder(command: string, platform: NodeJS.Platform): boolean {
  return command.includes('/') || (isWindows(platform) && command.includes('\\'));
}

/** A command's name without the folder and, on Windows, without an executable extension. */
export function commandName(command: string, platform: NodeJS.Platform, pathExt = DEFAULT_PATHEXT): string {
  const base = command.split(isWindows(platform) ? /[\\/]/ : /\//).pop() ?? command;
  if (!isWindows(platform)) return base;
  const extensions = pathExt.split(';').filter(Boolean).map((ext) => ext.toLowerCase());
  const dot = base.lastIndexOf('.');
  return dot > 0 && extensions.includes(base.slice(dot).toLowerCase()) ? base.slice(0, dot) : base;
}

/** The files `command` may be in a folder: on Windows each PATHEXT extension (the name as is first when it has one). */
function namesOf(command: string, platform: NodeJS.Platform, pathExt: string): string[] {
  if (!isWindows(platform)) return [command];
  const extensions = pathExt.split(';').filter(Boolean);
  const base = command.split(/[\\/]/).pop() ?? command;
  return [...(base.includes('.') ? [command] : []), ...extensions.map((ext) => command + ext)];
}

/**
 * The file that starts `command`, or null. A command with a folder in it is only checked where it
 * says (relative to `cwd` when relative); a bare name is looked up on PATH.
 */
export function findCommand(command: string, options: SearchOptions): string | null {
  const { platform, isExecutable } = options;
  const pathExt = options.pathExt || DEFAULT_PATHEXT;
  const { join, isAbsolute } = paths(platform);
  if (hasFolder(command, platform)) {
    const file = isAbsolute(command) || !options.cwd ? command : join(options.cwd, command);
    return namesOf(file, platform, pathExt).find(isExecutable) ?? null;
  }
  const dirs = [...(isWindows(platform) && options.cwd ? [options.cwd] : []), ...splitPath(options.path, platform)];
  for (const dir of dirs) {
    const found = namesOf(join(dir, command), platform, pathExt).find(isExecutable);
    if (found) return found;
  }
  return null;
}
