// What installing needs from the rest of the app, passed in by core.ts: the store, the manager's
// public methods for adding, editing and deleting servers (the manager is above this folder, so
// it is reached through this interface), and the profile's folder.
import type { McpServer, ServerSettingsInput, ServerSource } from '../../types/config.js';
import type { InstalledAs } from '../../types/install.js';
import type { ConfigStore } from '../config/store.js';

export interface ServerManager {
  addServer(settings: ServerSettingsInput): Promise<McpServer>;
  updateServer(uuid: string, settings: ServerSettingsInput): Promise<McpServer>;
  removeServer(uuid: string): Promise<{ removedFromSelections: number }>;
}

export interface InstallContext {
  store: ConfigStore;
  servers: ServerManager;
  userDataDir: string;
  log: (message: string) => void;
  /** The secret values of a server's env and headers, read in main only (an update keeps them). */
  resolveSecrets: (server: McpServer) => Promise<{ env?: Record<string, string>; headers?: Record<string, string> }>;
  fetch?: typeof fetch;
}

/** Settings of an installed server that are the user's, not the entry's: kept by an update. */
export function keptSettings(server: McpServer): Partial<ServerSettingsInput> {
  const { state, cwd, connectTimeoutMs, callTimeoutMs, maxCallMs, maxResultChars, oauthClientId } = server;
  return Object.fromEntries(Object.entries({ state, cwd, connectTimeoutMs, callTimeoutMs, maxCallMs, maxResultChars, oauthClientId }).filter(([, value]) => value !== undefined));
}

/** Records how a server was installed, on the server as saved. */
export function recordSource(store: ConfigStore, uuid: string, source: ServerSource): McpServer {
  let saved: McpServer | undefined;
  store.update((config) => {
    saved = config.mcp.servers.find((server) => server.uuid === uuid);
    if (saved) saved.source = source;
  });
  if (!saved) throw new Error(`The server ${uuid} was removed while it was being installed.`);
  return store.config.mcp.servers.find((server) => server.uuid === uuid)!;
}

export function installedAs(server: McpServer | undefined): InstalledAs | undefined {
  return server?.source ? { uuid: server.uuid, label: server.label, version: server.source.version } : undefined;
}
