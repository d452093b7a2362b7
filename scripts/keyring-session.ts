// A private Secret Service for a test run: its own D-Bus session bus and gnome-keyring-daemon,
// keyrings in a temp folder, the login keyring created and unlocked with a throwaway password. The
// user's own keyring and session bus are never touched. `npm test` runs the keyring tests against
// it (vitest and Playwright global set-ups start one and export DBUS_SESSION_BUS_ADDRESS). Where
// gnome-keyring or D-Bus is missing it installs Debian's packages with apt-get when it can (root,
// apt present), the way ensure-browser.ts installs chromium-headless-shell; otherwise it stops with the command.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BINARIES = ['/usr/bin/gnome-keyring-daemon', '/usr/bin/dbus-daemon', '/usr/bin/dbus-send'];
const PACKAGES = ['gnome-keyring', 'dbus'];
const READY_TIMEOUT_MS = 20_000;

export interface KeyringSession {
  /** The session bus to talk to: set it as DBUS_SESSION_BUS_ADDRESS for whatever uses the keyring. */
  address: string;
  stop(): Promise<void>;
}

/** Installs gnome-keyring and D-Bus when missing; throws with what to run when it cannot. */
export function ensureKeyringPackages(): void {
  if (BINARIES.every((file) => fs.existsSync(file))) return;
  const install = `apt-get update && apt-get install -y ${PACKAGES.join(' ')}`;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(`the keyring tests need gnome-keyring and D-Bus. Install them with:\n  sudo ${install}`);
  }
  console.error("keyring: gnome-keyring or D-Bus is missing; installing Debian's packages with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok = (args: string[]): boolean => spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env }).status === 0;
  if (!ok(['update', '-qq']) || !ok(['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES])) {
    throw new Error(`apt-get could not install the keyring packages. Run:\n  ${install}`);
  }
}

function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${what} printed nothing within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with code ${String(code)}`)));
  });
}

function hasSecretService(env: NodeJS.ProcessEnv): boolean {
  const reply = spawnSync('dbus-send', [
    '--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus',
    'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets',
  ], { env, encoding: 'utf8' });
  return /boolean true/.test(reply.stdout);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startKeyringSession(): Promise<KeyringSession> {
  ensureKeyringPackages();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-keyring-'));
  const runtime = path.join(root, 'run');
  fs.mkdirSync(runtime, { mode: 0o700 });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: root, XDG_DATA_HOME: path.join(root, 'data'), XDG_RUNTIME_DIR: runtime, XDG_CONFIG_HOME: path.join(root, 'config') };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const children: ChildProcess[] = [bus];
  const stop = async (): Promise<void> => {
    for (const child of children.reverse()) await stopProcess(child);
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const address = await firstLine(bus, 'dbus-daemon');
    env.DBUS_SESSION_BUS_ADDRESS = address;
    const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env, stdio: ['pipe', 'ignore', 'ignore'] });
    children.push(daemon);
    // The password of the login keyring it creates; read from stdin because of --unlock.
    daemon.stdin?.end('test-keyring-password');
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!hasSecretService(env)) {
      if (daemon.exitCode !== null) throw new Error(`gnome-keyring-daemon exited with code ${daemon.exitCode}`);
      if (Date.now() > deadline) throw new Error(`gnome-keyring-daemon did not take the Secret Service name within ${READY_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { address, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
