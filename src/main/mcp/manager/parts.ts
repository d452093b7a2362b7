// The units the manager (`../../mcp.ts`) is made of, built and wired to each other once: the
// connections and what listens to them, the exposed-name index and naming, calls, prompts and
// resources, what goes to providers, the user's changes to servers, and the client features
// (icons, instructions, roots, tasks, MCP Apps' views). `Mcp` keeps the result and delegates each
// public method to one of these; what it must answer itself (a connection changed, the status,
// a call) it passes in as hooks.
import path from 'node:path';
import type { ToolSelection } from '../../../types/config.js';
import type { ToolsHeld } from '../../../types/integrity.js';
import type { ServerStatus, ToolCallResult } from '../../../types/mcp.js';
import type { ProviderId } from '../../../types/providers.js';
import type { AuthManager } from '../../auth/manager.js';
import type { ConfigStore } from '../../config/store.js';
import { ToolSearch } from '../../search/tool-search.js';
import { SecretStore } from '../../secrets/store.js';
import { AppViews } from '../apps/app-views.js';
import { answerFindTools } from '../calls/find-tools.js';
import type { CallContext, CallOptions } from '../calls/tool-call.js';
import type { ConnectionOptions, ServerConnection } from '../connection/connection.js';
import { ServerLogs } from '../connection/server-log.js';
import { ElicitationRouter } from '../elicitation/router.js';
import { ProviderToolCache } from '../for-providers/provider-tools.js';
import { searchSources } from '../for-providers/search-sources.js';
import type { IconFetchOptions } from '../icons/icon-fetch.js';
import { IconStore } from '../icons/icon-store.js';
import { Instructions } from '../instructions/instructions.js';
import { ToolApprovals } from '../integrity/tool-approvals.js';
import { ToolReviews } from '../integrity/tool-reviews.js';
import { FirstConnects } from '../names/first-connects.js';
import { ToolIndex } from '../names/tool-index.js';
import { ToolNaming } from '../names/tool-naming.js';
import type { NameAssignment } from '../../naming.js';
import { PromptsAndResources } from '../offerings/prompts-and-resources.js';
import { listedRoots, RootsChecks } from '../roots/roots.js';
import { ServerConnections } from '../servers/server-connections.js';
import { ServerEdits } from '../servers/server-edits.js';
import { TickEvents } from '../servers/status-events.js';
import { RunningTasks } from '../tasks/running-tasks.js';

/** `loginShell`: where a stdio command missing from the app's PATH is looked for (core.ts starts it). */
export interface McpOptions extends Pick<ConnectionOptions, 'reconnect' | 'loginShell' | 'probeTimeoutMs' | 'maxMessageBytes'> {
  store: ConfigStore;
  /** Names of the app's built-in tools; no MCP tool is ever exposed under them. */
  reserved?: Iterable<string>;
  clientInfo?: { name: string; version: string };
  log?: (message: string) => void;
  /** The profile's secret store; by default the one of the config's folder (SecretStore.forConfig). */
  secrets?: SecretStore;
  /** OAuth sign-in for remote servers; without it, a server that asks for one fails. */
  auth?: AuthManager;
  /** How icons are fetched (tests give a TLS agent that trusts their own CA). */
  icons?: Pick<IconFetchOptions, 'agent' | 'lookup'>;
}

/** What the parts ask of the manager itself. */
export interface ManagerHooks {
  /** A connection's state or lists changed. */
  changed(connection: ServerConnection): void;
  /** Every server's status, for status events. */
  status(): ServerStatus[];
  /** A call through the manager (MCP Apps' views call tools this way, under the tools' policies). */
  callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<ToolCallResult>;
  /** A provider's arguments turned back into what the server expects. */
  restore(name: string, args: Record<string, unknown>, provider: ProviderId): Record<string, unknown>;
}

export interface ManagerParts {
  store: ConfigStore;
  reserved: ReadonlySet<string>;
  log: (message: string) => void;
  logs: ServerLogs;
  tasks: RunningTasks;
  icons: IconStore;
  instructions: Instructions;
  views: AppViews;
  roots: RootsChecks;
  connections: ServerConnections;
  index: ToolIndex;
  providerTools: ProviderToolCache;
  search: ToolSearch;
  events: TickEvents<ServerStatus[]>;
  firstConnects: FirstConnects;
  naming: ToolNaming;
  auth: AuthManager | undefined;
  elicitations: ElicitationRouter;
  calls: CallContext;
  offerings: PromptsAndResources;
  edits: ServerEdits;
  /** What the user approved of each tool, and every listing compared with it (mcp/integrity/). */
  approvals: ToolApprovals;
  reviews: ToolReviews;
  /** Told when a connected server's listing holds tools it did not hold before. */
  heldListeners: Set<(event: ToolsHeld) => void>;
}

export function buildParts(options: McpOptions, hooks: ManagerHooks): ManagerParts {
  const store = options.store;
  const secrets = options.secrets ?? SecretStore.forConfig(store);
  const redact = (text: string): string => secrets.redact(text);
  const baseLog = options.log ?? ((message) => console.warn(`[mcp] ${message}`));
  const log = (message: string): void => baseLog(redact(message));
  const logs = new ServerLogs();
  const roots = new RootsChecks();
  // Beside config.json: one writer per profile (the profile's lock) writes both.
  const approvals = new ToolApprovals(path.dirname(store.path), log);
  // A model's request for tools is a use of the tool lists: one whose cache hint ran out is listed again.
  const index = new ToolIndex(approvals, () => connections.freshen('tools'));
  const firstConnects = new FirstConnects();
  const elicitations = new ElicitationRouter(log);
  const events = new TickEvents<ServerStatus[]>(() => hooks.status());
  const connections = new ServerConnections({
    clientInfo: options.clientInfo ?? { name: 'mcp-tool-names', version: '0.1.0' },
    reconnect: options.reconnect,
    loginShell: options.loginShell,
    probeTimeoutMs: options.probeTimeoutMs,
    maxMessageBytes: options.maxMessageBytes,
    log,
    onChange: (connection) => hooks.changed(connection),
    secrets,
    // Every line of a server's log passes here: stderr, its log messages, the connection's own.
    onLog: (connection, record) => logs.record(connection.server.uuid, { ...record, text: redact(record.text) }),
    auth: options.auth && ((server) => options.auth?.sessionFor(server)),
    onElicit: ({ server }, params, signal) => elicitations.answer({ uuid: server.uuid, label: server.label }, params, signal),
    onElicitationComplete: ({ server }, elicitationId) => elicitations.completed(server, elicitationId),
    listRoots: ({ server }) => ({ roots: listedRoots(roots.check(server.uuid, server.roots)) }),
  });
  const servers = (): ManagerParts['store']['config']['mcp']['servers'] => store.config.mcp.servers;
  const tasks = new RunningTasks(() => connections.values());
  const icons = new IconStore({
    ...options.icons,
    source: (uuid, id) => connections.iconSource(uuid, id),
    serverOf: (uuid) => store.config.mcp.servers.find((server) => server.uuid === uuid),
    log,
    note: (uuid, text) => logs.record(uuid, { source: 'connection', level: 'warning', text }),
  });
  const search = new ToolSearch(() => searchSources(index.enabledTools(), servers()));
  const calls: CallContext = {
    index,
    connections,
    elicitations,
    tasks,
    restore: (provider, name, sent) => hooks.restore(name, sent, provider),
    redact,
    findTools: (args, selection: ToolSelection) => answerFindTools(search, args, selection),
  };
  // Naming and a user's edits re-index through `parts`, which is complete by the time they run.
  const reindexAll = (assignments?: readonly NameAssignment[]): void => reindex(parts, assignments);
  const reserved = new Set(options.reserved ?? []);
  const naming = new ToolNaming({ store, connections, index, firstConnects, reserved, log, reindex: reindexAll });
  const parts: ManagerParts = {
    store,
    reserved,
    log,
    logs,
    tasks,
    icons,
    instructions: new Instructions({ index, connections, servers }),
    views: new AppViews({
      index,
      connections,
      callTool: (name, args, callOptions) => hooks.callTool(name, args, callOptions),
      note: (uuid, level, text) => logs.record(uuid, { source: 'connection', level, text }),
      redact,
    }),
    roots,
    connections,
    index,
    providerTools: new ProviderToolCache(() => ({ enabled: index.enabledTools(), servers: servers() }), () => connections.freshen('tools')),
    search,
    events,
    firstConnects,
    naming,
    auth: options.auth,
    elicitations,
    calls,
    offerings: new PromptsAndResources({ store, connections, named: (uuid) => naming.listedNames(uuid) !== null, log, redact, elicitations }),
    edits: new ServerEdits({
      store,
      secrets,
      connections,
      firstConnects,
      index,
      naming,
      logs,
      log,
      reindex: () => reindexAll(),
      forgetSignIn: (uuid) => options.auth?.forget(uuid),
      rootsChanged: () => events.emit(),
      removed: (uuid) => {
        icons.forget(uuid);
        approvals.forget(uuid);
      },
    }),
    approvals,
    reviews: new ToolReviews({
      approvals,
      servers,
      listing: (uuid) => {
        const connection = connections.get(uuid);
        return connection?.status === 'ready' && connection.tools ? connection.tools : undefined;
      },
      offered: (uuid) => {
        const connection = connections.get(uuid);
        if (!connection) return undefined;
        const { instructions } = connection.features;
        return { ...(instructions !== undefined ? { instructions } : {}), prompts: connection.offerings.prompts, resources: connection.offerings.resources };
      },
      exposedOf: (uuid, original) => index.assignmentOf(uuid, original)?.exposed,
      byExposed: (exposed) => index.get(exposed),
      changed: () => reindexAll(),
    }),
    heldListeners: new Set(),
  };
  options.auth?.onChange(() => events.emit());
  return parts;
}

/** Rebuilds the index (liveness, switched-off tools, the model's list) and tells listeners. */
export function reindex(parts: ManagerParts, assignments: readonly NameAssignment[] = parts.index.assignments()): void {
  parts.index.rebuild(assignments, parts.store.config.mcp.servers, parts.connections);
  parts.offerings.rename();
  parts.providerTools.invalidate();
  parts.search.invalidate();
  parts.events.emit();
  tellHeld(parts);
}

/** Listeners hear, after this tick's changes, of each server whose listing now holds tools it did not hold. */
function tellHeld(parts: ManagerParts): void {
  const newly = parts.approvals.takeNewlyHeld();
  if (newly.size === 0 || parts.heldListeners.size === 0) return;
  const events: ToolsHeld[] = [];
  for (const [uuid, originals] of newly) {
    const server = parts.store.config.mcp.servers.find((s) => s.uuid === uuid);
    if (!server) continue;
    events.push({ uuid, label: server.label, tools: originals.map((original) => parts.index.assignmentOf(uuid, original)?.exposed ?? original) });
  }
  queueMicrotask(() => {
    for (const event of events) for (const listener of parts.heldListeners) listener(event);
  });
}

/** A connection changed: name, re-index or only tell listeners, as the change requires. */
export function connectionChanged(parts: ManagerParts, connection: ServerConnection): void {
  const uuid = connection.server.uuid;
  // What it lists may hold icons refused for their source: the logs say so as soon as it is listed.
  if (parts.connections.get(uuid) === connection) parts.icons.noteRefused(uuid, parts.connections.icons(uuid));
  if (parts.firstConnects.settled(uuid, connection.status) && parts.naming.active) {
    // Additions after this one may have listed meanwhile: name them all now, in config order.
    parts.naming.rename();
  } else if (!parts.naming.active || parts.connections.get(uuid) !== connection) {
    parts.events.emit();
  } else if (parts.naming.listChanged(uuid)) {
    parts.naming.rename();
  } else {
    // Names stand (a state change, or a relist of the same names); liveness, descriptions and
    // schemas may not.
    reindex(parts);
  }
}
