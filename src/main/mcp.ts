// The Mcp manager (docs/design.md §5): an orchestrator. Connections live in mcp/connection.ts,
// naming in naming.ts (run by mcp/tool-naming.ts), the exposed-name index in mcp/tool-index.ts,
// config in config/store.ts.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServer, SelectionUse, ServerSettingsInput, ToolPolicy, ToolSelection } from '../types/config.js';
import type { LlmTool, ServerStatus, ToolCallResult } from '../types/mcp.js';
import type { Completion, PromptInfo, ProviderPrompt, ReadResource, ResourceListing } from '../types/offerings.js';
import type { ProviderId, ProviderResult, ProviderTools, ProviderToolsOptions, ToolProviderReports } from '../types/providers.js';
import type { AuthManager } from './auth/manager.js';
import { AppViews } from './mcp/apps/app-views.js';
import type { ConnectionOptions, ServerConnection } from './mcp/connection/connection.js';
import { ElicitationRouter } from './mcp/elicitation/router.js';
import { answerFindTools } from './mcp/calls/find-tools.js';
import { searchSources } from './mcp/for-providers/search-sources.js';
import { FirstConnects } from './mcp/names/first-connects.js';
import type { PolicyScope } from './mcp/policies/policy.js';
import { checkProviderId, ProviderToolCache } from './mcp/for-providers/provider-tools.js';
import { getProviderResult, type ProviderResultOptions } from './mcp/for-providers/provider-results.js';
import { ServerConnections } from './mcp/servers/server-connections.js';
import { ServerLogs } from './mcp/connection/server-log.js';
import { ServerEdits } from './mcp/servers/server-edits.js';
import type { StatusListener } from './mcp/servers/status-events.js';
import { TickEvents } from './mcp/servers/status-events.js';
import type { CallContext, CallOptions } from './mcp/calls/tool-call.js';
import { callTool } from './mcp/calls/tool-call.js';
import { ToolIndex } from './mcp/names/tool-index.js';
import { ToolNaming } from './mcp/names/tool-naming.js';
import type { OfferingOptions, ResourceTarget } from './mcp/offerings/prompts-and-resources.js';
import { PromptsAndResources } from './mcp/offerings/prompts-and-resources.js';
import type { NameAssignment } from './naming.js';
import type { FindOptions, FoundTool } from './search/tool-search.js';
import { ToolSearch } from './search/tool-search.js';
import { SecretStore } from './secrets/store.js';
import type { ConfigStore } from './config/store.js';
import { IconStore } from './mcp/icons/icon-store.js';
import type { IconFetchOptions } from './mcp/icons/icon-fetch.js';
import { Instructions } from './mcp/instructions/instructions.js';
import { listedRoots, RootsChecks } from './mcp/roots/roots.js';
import { RunningTasks } from './mcp/tasks/running-tasks.js';

/** `loginShell`: where a stdio command missing from the app's PATH is looked for (core.ts starts it). */
export interface McpOptions extends Pick<ConnectionOptions, 'reconnect' | 'loginShell'> {
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
  icons?: Pick<IconFetchOptions, 'agent'>;
}

export type { CallOptions } from './mcp/calls/tool-call.js';

export class Mcp {
  readonly reserved: ReadonlySet<string>;
  /** Each server's recent stderr, connect attempts and log messages (mcp/server-log.ts). */
  readonly logs = new ServerLogs();
  /** The tasks the calls are running (mcp/tasks/): listed, followed (`onChange`) and cancelled by the screens. */
  readonly tasks = new RunningTasks(() => this.#connections.values());
  /** Servers' icons, fetched by main on request and checked (mcp/icons/). */
  readonly icons: IconStore;
  /** Servers' instructions for the system prompt (mcp/instructions/). */
  readonly instructions: Instructions;
  #roots = new RootsChecks();
  /** MCP Apps: tools' views, and what an open view may ask of the host (mcp/apps/). */
  readonly views: AppViews;
  #store: ConfigStore;
  #connections: ServerConnections;
  #index = new ToolIndex();
  #providerTools = new ProviderToolCache(() => ({ enabled: this.#index.enabledTools(), servers: this.#store.config.mcp.servers }));
  #search = new ToolSearch(() => searchSources(this.#index.enabledTools(), this.#store.config.mcp.servers));
  #events = new TickEvents<ServerStatus[]>(() => this.getStatus());
  #firstConnects = new FirstConnects();
  #naming: ToolNaming;
  #log: (message: string) => void;
  #auth: AuthManager | undefined;
  #elicitations: ElicitationRouter;
  #calls: CallContext;
  #offerings: PromptsAndResources;
  #edits: ServerEdits;

  constructor(options: McpOptions) {
    this.#store = options.store;
    this.reserved = new Set(options.reserved ?? []);
    const secrets = options.secrets ?? SecretStore.forConfig(options.store);
    const log = options.log ?? ((message) => console.warn(`[mcp] ${message}`));
    this.#log = (message) => log(secrets.redact(message));
    this.#elicitations = new ElicitationRouter(this.#log);
    this.#connections = new ServerConnections({
      clientInfo: options.clientInfo ?? { name: 'mcp-tool-names', version: '0.1.0' },
      reconnect: options.reconnect,
      loginShell: options.loginShell,
      log: this.#log,
      onChange: (connection) => this.#changed(connection),
      secrets,
      // Every line of a server's log passes here: stderr, its log messages, the connection's own.
      onLog: (connection, record) => this.logs.record(connection.server.uuid, { ...record, text: secrets.redact(record.text) }),
      auth: options.auth && ((server) => options.auth?.sessionFor(server)),
      onElicit: ({ server }, params, signal) => this.#elicitations.answer({ uuid: server.uuid, label: server.label }, params, signal),
      onElicitationComplete: ({ server }, elicitationId) => this.#elicitations.completed(server, elicitationId),
      listRoots: ({ server }) => ({ roots: listedRoots(this.#roots.check(server.uuid, server.roots)) }),
    });
    this.icons = new IconStore({ ...options.icons, source: (uuid, id) => this.#connections.iconSource(uuid, id), log: this.#log });
    this.instructions = new Instructions({ index: this.#index, connections: this.#connections, servers: () => this.#store.config.mcp.servers });
    this.#calls = {
      index: this.#index,
      connections: this.#connections,
      elicitations: this.#elicitations,
      tasks: this.tasks,
      restore: (provider, name, sent) => this.restoreArguments(name, sent, provider),
      redact: (text) => secrets.redact(text),
      findTools: (args, selection) => answerFindTools(this.#search, args, selection),
    };
    this.views = new AppViews({
      index: this.#index,
      connections: this.#connections,
      callTool: (name, args, callOptions) => this.callTool(name, args, callOptions),
      note: (uuid, level, text) => this.logs.record(uuid, { source: 'connection', level, text }),
      redact: (text) => secrets.redact(text),
    });
    this.#naming = new ToolNaming({
      store: this.#store,
      connections: this.#connections,
      index: this.#index,
      firstConnects: this.#firstConnects,
      reserved: this.reserved,
      log: this.#log,
      reindex: (assignments) => this.#reindex(assignments),
    });
    this.#offerings = new PromptsAndResources({ store: this.#store, connections: this.#connections, named: (uuid) => this.#naming.listedNames(uuid) !== null, log: this.#log, redact: (text) => secrets.redact(text), elicitations: this.#elicitations });
    (this.#auth = options.auth)?.onChange(() => this.#events.emit());
    this.#edits = new ServerEdits({
      store: this.#store,
      secrets,
      connections: this.#connections,
      firstConnects: this.#firstConnects,
      index: this.#index,
      naming: this.#naming,
      logs: this.logs,
      log: this.#log,
      reindex: () => this.#reindex(),
      forgetSignIn: (uuid) => this.#auth?.forget(uuid),
      rootsChanged: () => this.#events.emit(),
      removed: (uuid) => this.icons.forget(uuid),
    });
  }

  /** Connects every enabled server in parallel, then names all tools in config order. */
  async start(): Promise<void> {
    const servers = this.#store.config.mcp.servers;
    for (const server of servers) this.#connections.open(server);
    this.#naming.rename();
    await Promise.all(servers.map((server) => this.#connections.start(server.uuid)));
    this.#naming.active = true;
    this.#naming.rename();
  }

  async stop(): Promise<void> {
    this.#naming.active = false;
    await this.#connections.closeAll();
  }

  onStatus(listener: StatusListener): () => void {
    return this.#events.on(listener);
  }

  // --- Dispatch and lookup: the in-memory index only, no config reads, no scans. ---

  /**
   * Calls a tool under its policy (mcp/policies.ts): "deny" is refused, "ask" runs only when the
   * caller approves (`approved: true`, or `approve` says yes); a refusal (ToolCallRefused) sends
   * nothing to the server. A server's request for input goes to `elicit`. With `provider`, the
   * arguments are first turned back into what the server's schema expects.
   */
  callTool(exposedName: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<ToolCallResult> {
    return callTool(this.#calls, exposedName, args, options);
  }

  /** What the server gets for `args` a model of `provider` sent (as they are without one); throws UnreadableArgument. */
  restoreArguments(exposedName: string, args: Record<string, unknown>, provider: ProviderId | undefined): Record<string, unknown> {
    return provider === undefined ? args : this.#providerTools.restore(checkProviderId(provider), exposedName, args);
  }

  /**
   * The SDK client of a connected server, or null: for diagnostics, and for measuring what the
   * manager adds to a call on the very same client and process (`npm run bench`, dispatch).
   */
  sdkClient(uuid: string): Client | null {
    return this.#connections.get(uuid)?.client ?? null;
  }

  isMcpToolName(name: string): boolean {
    return this.#index.get(name) !== undefined;
  }

  /** Exposed name → the owning server and the tool's original name, or null. */
  originalToolName(name: string): { uuid: string; original: string } | null {
    const entry = this.#index.get(name);
    return entry ? { uuid: entry.uuid, original: entry.original } : null;
  }

  /** Function definitions of the enabled tools of connected servers, optionally only `selection`. */
  getLlmTools(selection: ToolSelection = null): LlmTool[] {
    return this.#index.llmTools(selection);
  }

  /**
   * The enabled tools (or those of `selection`) as `provider`'s request takes them: the exact
   * objects of its `tools` array, its tool limit, a report per tool, and the prompt tokens they
   * take; on demand (`loading: 'on-demand'`), the provider's tool search or find_tools and only
   * the loaded and pinned tools (providers/on-demand.ts). Each tool is adapted once and kept
   * until its definition, name or twins change.
   */
  getProviderTools(provider: ProviderId, selection: ToolSelection = null, options: ProviderToolsOptions = {}): ProviderTools {
    return this.instructions.withCost(this.#providerTools.get(checkProviderId(provider), selection, options), selection);
  }

  /**
   * The instructions of the servers whose tools `selection` holds (null: every offered tool), as
   * one block for a system prompt, each server named; '' when none gives any (mcp/instructions/).
   */
  getInstructions(selection: ToolSelection = null): string {
    return this.instructions.block(selection);
  }

  /** The offered tools (or those of `selection`) best matching `query`, best first (search/tool-search.ts). */
  findTools(query: string, options: FindOptions = {}): FoundTool[] {
    return this.#search.find(query, options);
  }

  /**
   * A tool's `result` as `provider`'s next request takes it (mcp/provider-results.ts): the exact
   * items to append, in order, and a report of what was converted, cut or left out and why. For
   * `find_tools`, the answer that loads the tools found (Anthropic: tool_reference blocks; OpenAI
   * Responses: a tool_search_output item), from the request's list on demand (`options.selection`,
   * `loaded`, `pinned`).
   */
  async getProviderResult(provider: ProviderId, exposedName: string, result: unknown, options: ProviderResultOptions): Promise<ProviderResult> {
    const server = (uuid: string): McpServer | undefined => this.#store.config.mcp.servers.find((s) => s.uuid === uuid);
    const onDemand = (id: ProviderId, selection: ToolSelection, request: ProviderToolsOptions): ProviderTools => this.getProviderTools(id, selection, { ...request, loading: 'on-demand' });
    return getProviderResult({ ...this.#calls, server, onDemand }, checkProviderId(provider), exposedName, result, options);
  }

  /** Every provider's verdict (status, changes, reason) per enabled tool, or per tool of `selection`. */
  getProviderReports(selection: ToolSelection = null): ToolProviderReports[] {
    return this.#providerTools.reports(selection);
  }

  getStatus(): ServerStatus[] {
    return this.#store.config.mcp.servers.map((server) => {
      const connection = this.#connections.get(server.uuid);
      const status = this.#index.serverStatus(server, connection, this.#offerings.statusOf(server.uuid, connection), this.#roots.states(server.uuid, server.roots));
      // Listed but not named yet (a server added before it is still connecting): not usable yet.
      if (status.status === 'ready' && this.#firstConnects.waits(server.uuid)) status.status = 'connecting';
      return this.#auth ? this.#auth.decorate(status) : status;
    });
  }

  // --- Prompts and resources, and their content as a provider takes it: mcp/offered.ts. ---

  listPrompts(): PromptInfo[] {
    return this.#offerings.listPrompts();
  }

  getPrompt(name: string, args: Readonly<Record<string, string>>, options: OfferingOptions): Promise<ProviderPrompt> {
    return this.#offerings.getPrompt(name, args, options);
  }

  completePromptArgument(name: string, argument: string, value: string, others?: Readonly<Record<string, string>>): Promise<Completion> {
    return this.#offerings.completePromptArgument(name, argument, value, others);
  }

  listResources(): ResourceListing {
    return this.#offerings.listResources();
  }

  readResource(uuid: string, target: string | ResourceTarget, options: OfferingOptions): Promise<ReadResource> {
    return this.#offerings.readResource(uuid, target, options);
  }

  completeResourceVariable(uuid: string, template: string, variable: string, value: string, others?: Readonly<Record<string, string>>): Promise<Completion> {
    return this.#offerings.completeResourceVariable(uuid, template, variable, value, others);
  }

  /**
   * The names one server's tools get when it joins the running set with `toolNames` and its
   * persisted `existingMappings`: the same core as every other assignment, over all servers.
   */
  detectAndResolveCollisions(
    serverUuid: string,
    toolNames: readonly string[],
    existingMappings: Readonly<Record<string, string>> = {},
  ): Record<string, string> {
    return this.#naming.joining(serverUuid, toolNames, existingMappings);
  }

  // --- Servers: each change applies to one server without touching the others, and resolves
  // once saved and the (re)connect has begun (mcp/servers/server-edits.ts); the outcome arrives
  // as status through onStatus. ---

  /** Adds a server; its secret values go into the secret store, the config gets references. */
  async addServer(settings: ServerSettingsInput): Promise<McpServer> {
    const [added] = await this.#edits.add([settings]);
    return added!;
  }

  /** Adds servers in one action (an import), in one write, named in this order; all or none. */
  addServers(list: readonly ServerSettingsInput[]): Promise<McpServer[]> {
    return this.#edits.add(list);
  }

  /** Edits a server: a secret sent back as its reference is kept, a new value replaces it. */
  updateServer(uuid: string, settings: ServerSettingsInput): Promise<McpServer> {
    return this.#edits.update(uuid, settings);
  }

  /**
   * Deletes a server: its names are released, its tools leave every saved selection, and its
   * secrets leave the store. If the store cannot delete them, the server stays, and the error says why.
   */
  removeServer(uuid: string): Promise<{ removedFromSelections: number }> {
    return this.#edits.remove(uuid);
  }

  /** Which saved selections would lose tools if the server were deleted. */
  selectionsUsing(uuid: string): SelectionUse[] {
    return this.#edits.selectionsUsing(uuid);
  }

  async setServerEnabled(uuid: string, enabled: boolean): Promise<void> {
    this.#edits.setEnabled(uuid, enabled);
  }

  /** Reconnects one server with its saved settings (or stops it, when it is disabled). */
  async restartServer(uuid: string): Promise<void> {
    this.#edits.restart(uuid);
  }

  /** Sets the folders a server may use (absolute paths); a connected server is told, without a reconnect. */
  setRoots(uuid: string, roots: readonly string[]): void {
    this.#edits.setRoots(uuid, roots);
  }

  /** Sets one tool's policy (null: back to the server's default); a tool it lists or listed. */
  setToolPolicy(uuid: string, original: string, policy: ToolPolicy | null): void {
    this.#edits.setToolPolicy(uuid, original, policy);
  }

  /** One policy for a whole server: every tool (its default), or the read-only tools it lists. */
  setServerPolicy(uuid: string, policy: ToolPolicy | null, scope: PolicyScope): void {
    this.#edits.setServerPolicy(uuid, policy, scope);
  }

  setToolEnabled(uuid: string, original: string, enabled: boolean): void {
    this.#edits.setToolEnabled(uuid, original, enabled);
  }

  /**
   * Pins a user-chosen name on a tool (null: back to the name the rules give). Saved selections
   * follow the tool to its new name. Throws a message for the user when the alias is refused.
   */
  setAlias(uuid: string, original: string, alias: string | null): string {
    return this.#edits.setAlias(uuid, original, alias);
  }

  // --- Internals ---

  /** Rebuilds the index (liveness, switched-off tools, the model's list) and tells listeners. */
  #reindex(assignments: readonly NameAssignment[] = this.#index.assignments()): void {
    this.#index.rebuild(assignments, this.#store.config.mcp.servers, this.#connections);
    this.#offerings.rename();
    this.#providerTools.invalidate();
    this.#search.invalidate();
    this.#events.emit();
  }

  #changed(connection: ServerConnection): void {
    const uuid = connection.server.uuid;
    if (this.#firstConnects.settled(uuid, connection.status) && this.#naming.active) {
      // Additions after this one may have listed meanwhile: name them all now, in config order.
      this.#naming.rename();
    } else if (!this.#naming.active || this.#connections.get(uuid) !== connection) {
      this.#events.emit();
    } else if (this.#naming.listChanged(uuid)) {
      this.#naming.rename();
    } else {
      // Names stand (a state change, or a relist of the same names); liveness, descriptions and
      // schemas may not.
      this.#reindex();
    }
  }
}
