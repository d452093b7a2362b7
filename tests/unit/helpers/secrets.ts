// Helpers for the secret-store tests: point the keyring library at a bus, start the app's main
// side, read what it saved, and hash a value the way the requireEnv fixture option wants.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import type { Core } from '../../../src/main/core.js';
import { startCore } from '../../../src/main/core.js';
import { createIpcServer } from '../../../src/main/ipc.js';
import { LOCK_NAME } from '../../../src/main/profile/lock.js';
import type { AppConfig } from '../../../src/types/config.js';
import type { IpcChannel } from '../../../src/types/ipc.js';
import type { ServerStatus } from '../../../src/types/mcp.js';
import { waitFor } from './mcp-env.js';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A D-Bus address where nothing listens: the keyring library then finds no Secret Service. */
export const NO_BUS = 'unix:path=/nonexistent/mcp-test-bus';

/**
 * Points this process's keyring library at `address`. It connects once per process, on its first
 * use, and keeps that connection (or that failure): call this before anything touches the keyring,
 * so a test file that needs no keyring, or a keyring of its own, runs in a process of its own.
 */
export function useBus(address: string): void {
  process.env.DBUS_SESSION_BUS_ADDRESS = address;
}

/** The keyring entry a profile's server key is filed under, read straight from the keyring. */
export function keyringEntry(profileId: string, server: string, key: string): AsyncEntry {
  return new AsyncEntry(`mcp-tool-names/${profileId}/${server}`, key, { linux: { store: 'secret-service' } });
}

export interface App {
  core: Core;
  /** An IPC call as the renderer makes it, validated against the contract. */
  call<T>(channel: IpcChannel, input?: unknown): Promise<T>;
  /**
   * A server's status (by uuid, or by its place in the list) once its connect has settled:
   * adding, editing and restarting return before the connect, whose outcome arrives as status.
   */
  settled(server: string | number): Promise<ServerStatus>;
  stop(): Promise<void>;
}

/** The app's main-process side on `dir`: the start-up every host runs, and the IPC handlers. */
export async function startApp(dir: string, logs: string[] = []): Promise<App> {
  const core = await startCore({ userDataDir: dir, host: 'web', log: (message) => logs.push(message) });
  const ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
  const find = (server: string | number): ServerStatus | undefined => {
    const all = core.mcp.getStatus();
    return typeof server === 'number' ? all[server] : all.find((s) => s.uuid === server);
  };
  return {
    core,
    call: async <T>(channel: IpcChannel, input?: unknown) => (await ipc.invoke(channel, input)) as T,
    settled: async (server) => {
      await waitFor(`server ${server} to finish connecting`, () => {
        const status = find(server)?.status;
        return status !== undefined && status !== 'connecting';
      });
      return find(server)!;
    },
    stop: () => core.close(),
  };
}

/** Reads config.json as saved. */
export function savedConfig(dir: string): AppConfig {
  return JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as AppConfig;
}

/**
 * The settings files of a user-data folder: not the profile's lock (held while the app runs), nor
 * the tool approvals (`tool-approvals/`, written at a server's first listing: no settings, no secrets).
 */
export function settingsFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => !name.startsWith(LOCK_NAME) && name !== 'tool-approvals');
}
