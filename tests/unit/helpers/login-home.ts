// A user's home folder for the login-shell tests: profile files (`.bash_profile`, `.profile`,
// `.zprofile`, fish's config) and a `tools` folder that only the login shell's PATH holds, with
// the launcher of a real fixture MCP server in it, as Homebrew, nvm or ~/.local/bin would.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FixtureConfig } from '../../fixtures/config.js';
import { entryArgs } from '../../fixtures/entry.js';
import { FIXTURE_SERVER_PATH } from '../../fixtures/launch.js';
import { tempDir } from './mcp-env.js';

/** The launcher's interpreter, found by name the way `#!/usr/bin/env node` finds nvm's node. */
export const TOOLS_NODE = 'fixture-node';

export interface LoginHome {
  home: string;
  /** The folder only the login shell's PATH holds. */
  tools: string;
  /** What the login shell's PATH is when a profile sets `export PATH="$HOME/tools:/usr/bin:/bin"`. */
  loginPath: string;
}

/** A temp home with `files` (its path → its text) written in it, and an empty `tools` folder. */
export function loginHome(files: Record<string, string> = {}): LoginHome {
  const home = tempDir('login-home-');
  const tools = path.join(home, 'tools');
  fs.mkdirSync(tools);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(home, name)), { recursive: true });
    fs.writeFileSync(path.join(home, name), text);
  }
  return { home, tools, loginPath: `${tools}:/usr/bin:/bin` };
}

/** The sh-family line that gives the login shell a PATH this app's PATH lacks. */
export const SET_PATH = 'export PATH="$HOME/tools:/usr/bin:/bin"\n';

/**
 * Writes `name` into `dir`: a shell script that starts a fixture server through `fixture-node`
 * (a link to this node) by name, so it runs only where that folder is on the server's PATH.
 */
export function writeLauncher(dir: string, name: string, fixture: FixtureConfig): string {
  const config = JSON.stringify(fixture);
  if (config.includes("'")) throw new Error('writeLauncher: the fixture config must not hold a single quote');
  const node = path.join(dir, TOOLS_NODE);
  if (!fs.existsSync(node)) fs.symlinkSync(process.execPath, node);
  const file = path.join(dir, name);
  // The fixture's bundle when the run built one, else through tsx (tests/fixtures/entry.ts).
  const args = [...entryArgs(FIXTURE_SERVER_PATH), config].map((arg) => `'${arg}'`).join(' ');
  fs.writeFileSync(file, `#!/bin/sh\nexec ${TOOLS_NODE} ${args}\n`, { mode: 0o755 });
  return file;
}

/** Whether a process is still there (a zombie not yet reaped counts as gone). */
export function isRunning(pid: number): boolean {
  const stat = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
  const state = stat.stdout.trim();
  return state !== '' && !state.startsWith('Z');
}

/** A pid a profile wrote to `$HOME/<name>`, once it is there. */
export async function pidFile(home: string, name: string, timeoutMs = 10_000): Promise<number> {
  const file = path.join(home, name);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
    if (/^\d+$/.test(text)) return Number(text);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no pid in ${file} within ${timeoutMs} ms`);
}

/** Whether a shell is installed here (zsh and fish are not on every machine). */
export function hasShell(shell: string): boolean {
  return fs.existsSync(shell);
}
