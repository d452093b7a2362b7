// A user's changes to the configured servers: add (one, or several in one import), edit, delete,
// enable and disable, restart, and per-tool settings (policies, switches, aliases). Each applies
// to one server without touching the others, and resolves once the change is saved and the
// server's (re)connect has begun, never after the connect: a slow or hung server must not hold up
// the screen that asked. The outcome arrives as status (connecting → ready or failed).
import type { McpServer, SelectionUse, ServerSettingsInput, ToolPolicy } from '../../../types/config.js';
import { rewriteSelections, selectionsHolding } from '../../config/selections.js';
import type { ConfigStore } from '../../config/store.js';
import type { SecretStore } from '../../secrets/store.js';
import type { ServerLogs } from '../connection/server-log.js';
import type { FirstConnects } from '../names/first-connects.js';
import type { ToolIndex } from '../names/tool-index.js';
import type { ToolNaming } from '../names/tool-naming.js';
import type { PolicyScope } from '../policies/policy.js';
import { setServerPolicy, setToolPolicy } from '../policies/policy.js';
import type { ServerConnections } from './server-connections.js';
import { deleteServerSecrets, storeNewServers, storeServerEdit } from './server-settings.js';

export interface ServerEditsContext {
  store: ConfigStore;
  secrets: SecretStore;
  connections: ServerConnections;
  firstConnects: FirstConnects;
  index: ToolIndex;
  naming: ToolNaming;
  logs: ServerLogs;
  log: (message: string) => void;
  /** Rebuilds the index after a change to what a server offers (not its names). */
  reindex(): void;
  /** Forgets a deleted server's sign-in state, if the app has sign-in. */
  forgetSignIn(uuid: string): void;
  /** A server is gone: what is kept for it in memory (its icons) goes too. */
  removed(uuid: string): void;
  /** A server's folders changed: checked again, and shown. */
  rootsChanged(server: McpServer): void;
}

export class ServerEdits {
  constructor(private readonly context: ServerEditsContext) {}

  /**
   * Adds servers in one action (an import), in one write: they are named in this order, whichever
   * answers first. Their secret values go into the secret store first; the config gets references.
   * Throws, adding none, when any settings are unusable or the store refuses a secret.
   */
  async add(list: readonly ServerSettingsInput[]): Promise<McpServer[]> {
    const { store, secrets, connections, firstConnects, log } = this.context;
    const servers = await storeNewServers(secrets, list, log);
    store.update((config) => { config.mcp.servers.push(...servers); });
    firstConnects.added(servers.map((server) => server.uuid));
    for (const { uuid } of servers) {
      connections.open(this.server(uuid));
      connections.startInBackground(uuid);
    }
    return servers.map(({ uuid }) => this.server(uuid));
  }

  /**
   * Edits a server: a secret sent back as its reference is kept, a new value replaces it. An edit
   * of its folders (roots) alone does not reconnect it: the server is told they changed.
   */
  async update(uuid: string, settings: ServerSettingsInput): Promise<McpServer> {
    const before = this.server(uuid);
    await storeServerEdit(this.context.store, this.context.secrets, before, settings, this.context.log);
    const after = this.server(uuid);
    if (sameSettingsButRoots(before, after)) this.#rootsChanged(after);
    else this.restart(uuid);
    return after;
  }

  /** Sets the folders a server may use; a connected server is told (`roots/list_changed`), nothing reconnects. */
  setRoots(uuid: string, roots: readonly string[]): void {
    this.server(uuid);
    this.context.store.update((config) => {
      const server = config.mcp.servers.find((s) => s.uuid === uuid)!;
      if (roots.length > 0) server.roots = [...roots];
      else delete server.roots;
    });
    this.#rootsChanged(this.server(uuid));
  }

  #rootsChanged(server: McpServer): void {
    const connection = this.context.connections.get(server.uuid);
    if (!connection) return;
    connection.server = server;
    this.context.rootsChanged(server);
    void connection.features.rootsChanged(connection.status === 'ready' ? connection.client : null);
  }

  /**
   * Deletes a server, in the order that loses nothing: its secrets leave the store first (when the
   * store refuses, the server stays and the error says why); then its connection, log and place
   * among first connects; then one write removes it and takes its tools out of every saved
   * selection; naming the remaining servers again releases its names.
   */
  async remove(uuid: string): Promise<{ removedFromSelections: number }> {
    const { store, secrets, connections, firstConnects, logs, naming } = this.context;
    const names = this.namesOf(uuid);
    await deleteServerSecrets(secrets, uuid);
    connections.close(uuid);
    firstConnects.removed(uuid);
    logs.remove(uuid);
    let removed = 0;
    store.update((config) => {
      config.mcp.servers = config.mcp.servers.filter((s) => s.uuid !== uuid);
      removed = rewriteSelections(config, (name) => (names.has(name) ? null : name));
    });
    naming.rename();
    this.context.forgetSignIn(uuid);
    this.context.removed(uuid);
    return { removedFromSelections: removed };
  }

  /** Which saved selections would lose tools if the server were deleted. */
  selectionsUsing(uuid: string): SelectionUse[] {
    return selectionsHolding(this.context.store.config, this.namesOf(uuid));
  }

  setEnabled(uuid: string, enabled: boolean): void {
    this.server(uuid);
    this.context.store.update((config) => {
      config.mcp.servers.find((s) => s.uuid === uuid)!.state = enabled ? 'enabled' : 'disabled';
    });
    this.restart(uuid);
  }

  /** Reconnects one server with its saved settings (or stops it, when it is disabled). */
  restart(uuid: string): void {
    this.context.connections.restart(this.server(uuid));
  }

  /** Sets one tool's policy (null: back to the server's default); a tool it lists or listed. */
  setToolPolicy(uuid: string, original: string, policy: ToolPolicy | null): void {
    if (!this.context.index.assignmentOf(uuid, original)) throw new Error(`Server ${uuid} has no known tool "${original}".`);
    this.#edit(uuid, (server) => setToolPolicy(server, original, policy));
  }

  /** One policy for a whole server: every tool (its default), or the read-only tools it lists. */
  setServerPolicy(uuid: string, policy: ToolPolicy | null, scope: PolicyScope): void {
    const readOnly = (this.context.connections.get(uuid)?.tools ?? []).filter((tool) => tool.annotations.readOnlyHint === true).map((tool) => tool.name);
    this.#edit(uuid, (server) => setServerPolicy(server, policy, scope, readOnly));
  }

  setToolEnabled(uuid: string, original: string, enabled: boolean): void {
    // Names never depend on which tools are switched off: only what is offered changes.
    this.#edit(uuid, (server) => {
      const off = new Set(server.disabledTools ?? []);
      if (enabled) off.delete(original);
      else off.add(original);
      server.disabledTools = [...off];
    });
  }

  /**
   * Pins a user-chosen name on a tool (null: back to the name the rules give). Saved selections
   * follow the tool to its new name. Throws a message for the user when the alias is refused.
   */
  setAlias(uuid: string, original: string, alias: string | null): string {
    return this.context.naming.setAlias(this.server(uuid), original, alias);
  }

  /** The configured server `uuid`; throws when there is none. */
  server(uuid: string): McpServer {
    const server = this.context.store.config.mcp.servers.find((s) => s.uuid === uuid);
    if (!server) throw new Error(`No MCP server with id "${uuid}".`);
    return server;
  }

  /** Changes what a server offers (not its names or connection), then rebuilds the index. */
  #edit(uuid: string, edit: (server: McpServer) => void): void {
    this.server(uuid);
    this.context.store.update((config) => edit(config.mcp.servers.find((s) => s.uuid === uuid)!));
    this.context.reindex();
  }

  /** Every name the server holds: its mappings have an entry for each tool it ever listed. */
  namesOf(uuid: string): Set<string> {
    return new Set(Object.values(this.server(uuid).toolMappings ?? {}));
  }
}

/** Every setting the same but the folders (roots): the connection can stay. */
function sameSettingsButRoots(before: McpServer, after: McpServer): boolean {
  const settings = (server: McpServer): string => JSON.stringify(Object.entries(server).filter(([key]) => key !== 'roots').sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify(before.roots ?? []) !== JSON.stringify(after.roots ?? []) && settings(before) === settings(after);
}
