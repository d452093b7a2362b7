// The PATH of the user's login shell, read once per launch in the background. An app started
// from the dock, Finder or a desktop menu gets a bare PATH (`/usr/bin:/bin`), so `npx`, `uvx`
// or `docker` installed by Homebrew, nvm, Volta or into ~/.local/bin are not found, though the
// same command works in a terminal. The terminal's PATH is what the login shell's profile builds.
//
// Not `shell-env`: it has no timeout and leaves the shell's stdin open (a profile that reads from
// it, or hangs, keeps the promise and the process forever). Here the shell runs in a session of
// its own (no terminal to grab), with stdin closed, a nonce marking the value so that whatever
// the profile prints is ignored, and a timeout that kills its whole process group.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { messageOf } from '../../../types/errors.js';

/** Milliseconds to wait for the login shell; `0` turns the read off. */
export const LOGIN_SHELL_TIMEOUT_ENV = 'MCP_LOGIN_SHELL_TIMEOUT_MS';
export const DEFAULT_LOGIN_SHELL_TIMEOUT_MS = 10_000;
/** More than any profile prints: past it, what came before the first marker is dropped. */
const OUTPUT_CAP = 1 << 20;

/** What the read gave: the login shell's PATH, or why there is none. */
export type LoginShellPath = { shell: string; path: string } | { shell: string; problem: string };

export interface LoginShellOptions {
  /** The shell to run; by default `$SHELL`, else the user's shell in the passwd database, else /bin/sh. */
  shell?: string;
  /** The shell's environment (HOME decides which profile it reads); process.env by default. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** The script the shell runs after its profile: print PATH between two nonces. */
export function pathScript(shell: string, marker: string): string {
  // fish keeps PATH as a list; every other supported shell is of the sh family.
  if (path.basename(shell) === 'fish') return `printf '%s%s%s' '${marker}' (string join : $PATH) '${marker}'`;
  return `printf '%s%s%s' '${marker}' "$PATH" '${marker}'`;
}

/** The value between the first two markers, or null when the shell did not print both. */
export function parseMarked(output: string, marker: string): string | null {
  const start = output.indexOf(marker);
  if (start < 0) return null;
  const end = output.indexOf(marker, start + marker.length);
  return end < 0 ? null : output.slice(start + marker.length, end);
}

/** The login shell's timeout from the app's environment (LOGIN_SHELL_TIMEOUT_ENV). */
export function loginShellTimeout(env: NodeJS.ProcessEnv): number {
  const raw = env[LOGIN_SHELL_TIMEOUT_ENV]?.trim();
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_LOGIN_SHELL_TIMEOUT_MS;
}

function userShell(env: NodeJS.ProcessEnv): string {
  if (env.SHELL) return env.SHELL;
  try {
    return os.userInfo().shell || '/bin/sh';
  } catch {
    return '/bin/sh';
  }
}

export class LoginShellReader {
  /** Settles (never rejects) once the shell printed its PATH, failed, or ran out of time. */
  readonly result: Promise<LoginShellPath>;
  #settled: LoginShellPath | undefined;
  #child: ChildProcess | undefined;
  /** Until the shell's pipes close: anything the profile left running in its group holds them. */
  #open = false;
  #timer: NodeJS.Timeout | undefined;

  private constructor(run: (reader: LoginShellReader) => Promise<LoginShellPath>) {
    this.result = run(this).then((value) => (this.#settled = value));
  }

  /** Starts the read; on Windows there is no login shell and the result says so at once. */
  static start(options: LoginShellOptions = {}, platform: NodeJS.Platform = process.platform): LoginShellReader {
    const env = options.env ?? process.env;
    const shell = options.shell ?? userShell(env);
    if (platform === 'win32') return new LoginShellReader(async () => ({ shell, problem: 'Windows has no login shell' }));
    return new LoginShellReader((reader) => reader.#read(shell, env, options.timeoutMs ?? DEFAULT_LOGIN_SHELL_TIMEOUT_MS));
  }

  /** The start of a launch: none on Windows, nor when LOGIN_SHELL_TIMEOUT_ENV is `0`. */
  static forLaunch(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): LoginShellReader | undefined {
    const timeoutMs = loginShellTimeout(env);
    return timeoutMs === 0 || platform === 'win32' ? undefined : LoginShellReader.start({ env, timeoutMs }, platform);
  }

  /** The result once settled, else undefined (the shell is still running). */
  get settled(): LoginShellPath | undefined {
    return this.#settled;
  }

  /** The shell's process (and group) id while it runs (for tests that check it is gone). */
  get pid(): number | undefined {
    return this.#open ? this.#child?.pid : undefined;
  }

  /** Kills a shell still running (the app is closing). */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#kill();
  }

  #read(shell: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<LoginShellPath> {
    const marker = `__mcp_login_path_${randomBytes(8).toString('hex')}__`;
    return new Promise((resolve) => {
      let output = '';
      let lastError = '';
      let child: ChildProcess;
      try {
        child = spawn(shell, ['-ilc', pathScript(shell, marker)], {
          // Oh My Zsh's auto-update prompt and its tmux plugin would wait for a terminal.
          env: { ...env, DISABLE_AUTO_UPDATE: 'true', ZSH_TMUX_AUTOSTART: 'false', ZSH_TMUX_AUTOSTARTED: 'true' },
          // A session of its own: an interactive shell finds no terminal to take over, and the
          // timeout can kill everything the profile started (the process group).
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        resolve({ shell, problem: messageOf(error) });
        return;
      }
      this.#child = child;
      this.#open = child.pid !== undefined;
      // Until the PATH is read, the shell, its pipes and the timer keep the process alive: a
      // headless start (inspect) awaits this read with nothing else to hold its event loop, and
      // would end silently in the middle of it. Once settled, none of them keeps a closing app alive.
      const settle = (value: LoginShellPath): void => {
        child.unref();
        // A child's pipes are sockets (the type says Readable).
        (child.stdout as Socket | null)?.unref();
        (child.stderr as Socket | null)?.unref();
        this.#timer?.unref();
        resolve(value);
      };
      // Decoded as a stream: a character split between two chunks stays whole.
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        output += chunk;
        if (output.length > OUTPUT_CAP) {
          // A runaway profile: keep the value (from its marker on), or just enough to find the marker.
          const start = output.indexOf(marker);
          output = start >= 0 ? output.slice(start, start + OUTPUT_CAP) : output.slice(-marker.length);
        }
        const value = parseMarked(output, marker);
        if (value !== null) settle({ shell, path: value });
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        const lines = chunk.toString('utf8').split('\n').map((line) => line.trim()).filter(Boolean);
        if (lines.length > 0) lastError = lines[lines.length - 1]!.slice(0, 200);
      });
      child.once('error', (error) => settle({ shell, problem: error.message }));
      child.once('close', (code, signal) => {
        this.#open = false;
        clearTimeout(this.#timer);
        const value = parseMarked(output, marker);
        if (value !== null) return settle({ shell, path: value });
        const how = signal ? `was stopped (${signal})` : `exited (code ${String(code)})`;
        settle({ shell, problem: `${shell} ${how} without printing its PATH${lastError ? ` (it said: ${lastError})` : ''}` });
      });
      // Runs on past a printed PATH too: a shell that hangs on its way out is killed all the same.
      this.#timer = setTimeout(() => {
        this.#kill();
        settle({ shell, problem: `${shell} did not answer within ${timeoutMs / 1000} s` });
      }, timeoutMs);
    });
  }

  #kill(): void {
    const pid = this.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
