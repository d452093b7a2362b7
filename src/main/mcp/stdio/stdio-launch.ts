// What a stdio server starts with: its environment, and the PATH its command is found on. The
// app's own PATH first (a command found there starts at once, never waiting for the login
// shell); else the login shell's PATH (read once per launch, login-shell-path.ts), which the
// server then gets so that what its command runs (`#!/usr/bin/env node`) is found too. A PATH
// set in the server's settings wins over both. A command found nowhere fails here, saying where
// it was looked for (missing-command.ts).
import fs from 'node:fs';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpServer } from '../../../types/config.js';
import type { Env } from './command-search.js';
import { findCommand, hasFolder, mergePaths, overlayEnv, pathKey, pathOf, withPath } from './command-search.js';
import type { LoginShellReader } from './login-shell-path.js';
import { LaunchError } from './launch-error.js';
import { describeMissingCommand } from './missing-command.js';

export interface StdioLaunch {
  /** The server's whole environment: the SDK's inherited defaults, the PATH chosen, the server's env. */
  env: Record<string, string>;
  /** The file the command was found as. */
  found: string;
  /** Found only on the login shell's PATH (which the server was then given). */
  fromLoginShell: boolean;
}

export interface LaunchContext {
  /** The launch's login shell read; without it only the app's PATH is searched. */
  loginShell?: Pick<LoginShellReader, 'result'>;
  platform?: NodeJS.Platform;
  /** What every server inherits from the app; the SDK's defaults (HOME, PATH, USER, …) by default. */
  inherited?: Env;
  isExecutable?: (file: string) => boolean;
}

function executableHere(platform: NodeJS.Platform): (file: string) => boolean {
  return (file) => {
    try {
      if (!fs.statSync(file).isFile()) return false;
      // Windows has no execute bit: PATHEXT decides what runs.
      if (platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
}

function isFolder(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Throws LaunchError when the working folder or the command is not there. */
export async function prepareStdioLaunch(
  server: Pick<McpServer, 'command' | 'cwd'>,
  serverEnv: Env,
  context: LaunchContext = {},
): Promise<StdioLaunch> {
  const platform = context.platform ?? process.platform;
  const command = server.command ?? '';
  const cwd = server.cwd || undefined;
  if (cwd && !isFolder(cwd)) throw new LaunchError(`working folder not found: ${cwd}. Check the folder in the server's settings.`);
  const env = overlayEnv(context.inherited ?? getDefaultEnvironment(), serverEnv, platform);
  const search = (searchPath: string): string | null =>
    findCommand(command, { platform, path: searchPath, pathExt: process.env.PATHEXT, cwd, isExecutable: context.isExecutable ?? executableHere(platform) });
  const missing = { command, platform, cwd };
  const appPath = pathOf(env, platform) ?? '';

  // A folder in the command, or a PATH the user set for this server: only that is searched.
  const userPathKey = pathKey(serverEnv, platform);
  if (hasFolder(command, platform) || userPathKey !== undefined) {
    const found = search(appPath);
    if (found) return { env, found, fromLoginShell: false };
    throw new LaunchError(describeMissingCommand({ ...missing, serverPath: userPathKey === undefined ? undefined : appPath }));
  }
  const onAppPath = search(appPath);
  if (onAppPath) return { env, found: onAppPath, fromLoginShell: false };
  if (!context.loginShell) throw new LaunchError(describeMissingCommand({ ...missing, appPath }));

  const loginShell = await context.loginShell.result;
  if ('path' in loginShell) {
    const merged = mergePaths(loginShell.path, appPath, platform);
    const found = search(merged);
    if (found) return { env: withPath(env, merged, platform), found, fromLoginShell: true };
  }
  throw new LaunchError(describeMissingCommand({ ...missing, appPath, loginShell }));
}
