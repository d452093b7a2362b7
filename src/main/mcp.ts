// The Mcp manager (docs/design.md §5): the public surface the hosts and a chat app call. Each
// method delegates to one unit of mcp/ (built and wired in mcp/manager/parts.ts); the manager
// itself holds no logic beyond choosing the unit.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServer, SelectionUse, ServerSettingsInput, ToolPolicy, ToolSelection } from '../types/config.js';
import type { LlmTool, ServerStatus, ToolCallResult } from '../types/mcp.js';
import type { Completion, PromptInfo, ProviderPrompt, ReadResource, ResourceListing } from '../types/offerings.js';
import type { ProviderId, ProviderResult, ProviderTools, ProviderToolsOptions, ToolProviderReports } from '../types/providers.js';
import type { AppViews } from './mcp/apps/app-views.js';
import type { CallOptions } from './mcp/calls/tool-call.js';
import { callTool } from './mcp/calls/tool-call.js';
import type { ServerLogs } from './mcp/connection/server-log.js';
import { checkProviderId } from './mcp/for-providers/provider-tools.js';
import { getProviderResult, type ProviderResultOptions } from './mcp/for-providers/provider-results.js';
import type { IconStore } from './mcp/icons/icon-store.js';
import type { Instructions } from './mcp/instructions/instructions.js';
import type { ManagerParts, McpOptions } from './mcp/manager/parts.js';
import { buildParts, connectionChanged } from './mcp/manager/parts.js';
import type { OfferingOptions, ResourceTarget } from './mcp/offerings/prompts-and-resources.js';
import type { PolicyScope } from './mcp/policies/policy.js';
import type { StatusListener } from './mcp/servers/status-events.js';
import type { RunningTasks } from './mcp/tasks/running-tasks.js';
import type { FindOptions, FoundTool } from './search/tool-search.js';
import type { ApproveResult, ToolReview, ToolsHeld } from '../types/integrity.js';
import type { ApprovalNotice } from './mcp/integrity/tool-approvals.js';
import { llmToolsWithoutHidden } from './providers/hidden-texts.js';

export type { McpOptions } from './mcp/manager/parts.js';
export type { CallOptions } from './mcp/calls/tool-call.js';

export class Mcp {
  readonly reserved: ReadonlySet<string>;
  /** Each server's recent stderr, connect attempts and log messages (mcp/connection/server-log.ts). */
  readonly logs: ServerLogs;
  /** The tasks the calls are running (mcp/tasks/): listed, followed (`onChange`) and cancelled by the screens. */
  readonly tasks: RunningTasks;
  /** Servers' icons, fetched by main on request and checked (mcp/icons/). */
  readonly icons: IconStore;
  /** Servers' instructions for the system prompt (mcp/instructions/). */
  readonly instructions: Instructions;
  /** MCP Apps: tools' views, and what an open view may ask of the host (mcp/apps/). */
  readonly views: AppViews;
  /** The units the manager is made of, wired once (mcp/manager/parts.ts). */
  readonly #parts: ManagerParts;

  constructor(options: McpOptions) {
    this.#parts = buildParts(options, {
      changed: (connection) => connectionChanged(this.#parts, connection),
      status: () => this.getStatus(),
      callTool: (name, args, callOptions) => this.callTool(name, args, callOptions),
      restore: (name, args, provider) => this.restoreArguments(name, args, provider),
    });
    ({ reserved: this.reserved, logs: this.logs, tasks: this.tasks, icons: this.icons, instructions: this.instructions, views: this.views } = this.#parts);
  }

  /** Connects every enabled server in parallel, then names all tools in config order. */
  async start(): Promise<void> {
    const servers = this.#parts.store.config.mcp.servers;
    for (const server of servers) this.#parts.connections.open(server);
    this.#parts.naming.rename();
    await Promise.all(servers.map((server) => this.#parts.connections.start(server.uuid)));
    this.#parts.naming.active = true;
    this.#parts.naming.rename();
  }

  async stop(): Promise<void> {
    this.#parts.naming.active = false;
    await this.#parts.connections.closeAll();
  }

  onStatus(listener: StatusListener): () => void {
    return this.#parts.events.on(listener);
  }

  // --- Dispatch and lookup: the in-memory index only, no config reads, no scans. ---

  /**
   * Calls a tool under its policy (mcp/calls/approval-gate.ts): "deny" is refused, "ask" runs only when the
   * caller approves (`approved: true`, or `approve` says yes); a refusal (ToolCallRefused) sends
   * nothing to the server. A server's request for input goes to `elicit`. With `provider`, the
   * arguments are first turned back into what the server's schema expects.
   */
  callTool(exposedName: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<ToolCallResult> {
    return callTool(this.#parts.calls, exposedName, args, options);
  }

  /** What the server gets for `args` a model of `provider` sent (as they are without one); throws UnreadableArgument. */
  restoreArguments(exposedName: string, args: Record<string, unknown>, provider: ProviderId | undefined): Record<string, unknown> {
    return provider === undefined ? args : this.#parts.providerTools.restore(checkProviderId(provider), exposedName, args);
  }

  /**
   * The SDK client of a connected server, or null: for diagnostics, and for measuring what the
   * manager adds to a call on the very same client and process (`npm run bench`, dispatch).
   */
  sdkClient(uuid: string): Client | null {
    return this.#parts.connections.get(uuid)?.client ?? null;
  }

  isMcpToolName(name: string): boolean {
    return this.#parts.index.get(name) !== undefined;
  }

  /** Exposed name → the owning server and the tool's original name, or null. */
  originalToolName(name: string): { uuid: string; original: string } | null {
    const entry = this.#parts.index.get(name);
    return entry ? { uuid: entry.uuid, original: entry.original } : null;
  }

  /**
   * Function definitions of the enabled tools of connected servers, optionally only `selection`;
   * hidden characters never reach a model: stripped from descriptions and parameters.
   */
  getLlmTools(selection: ToolSelection = null): LlmTool[] {
    return llmToolsWithoutHidden(this.#parts.index.llmTools(selection));
  }

  /**
   * The enabled tools (or those of `selection`) as `provider`'s request takes them: the exact
   * objects of its `tools` array, its tool limit, a report per tool, and the prompt tokens they
   * take; on demand (`loading: 'on-demand'`), the provider's tool search or find_tools and only
   * the loaded and pinned tools (providers/on-demand.ts). Each tool is adapted once and kept
   * until its definition, name or twins change.
   */
  getProviderTools(provider: ProviderId, selection: ToolSelection = null, options: ProviderToolsOptions = {}): ProviderTools {
    return this.instructions.withCost(this.#parts.providerTools.get(checkProviderId(provider), selection, options), selection);
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
    return this.#parts.search.find(query, options);
  }

  /**
   * A tool's `result` as `provider`'s next request takes it (mcp/for-providers/provider-results.ts): the exact
   * items to append, in order, and a report of what was converted, cut or left out and why. For
   * `find_tools`, the answer that loads the tools found (Anthropic: tool_reference blocks; OpenAI
   * Responses: a tool_search_output item), from the request's list on demand (`options.selection`,
   * `loaded`, `pinned`).
   */
  async getProviderResult(provider: ProviderId, exposedName: string, result: unknown, options: ProviderResultOptions): Promise<ProviderResult> {
    const server = (uuid: string): McpServer | undefined => this.#parts.store.config.mcp.servers.find((s) => s.uuid === uuid);
    const onDemand = (id: ProviderId, selection: ToolSelection, request: ProviderToolsOptions): ProviderTools => this.getProviderTools(id, selection, { ...request, loading: 'on-demand' });
    return getProviderResult({ ...this.#parts.calls, server, onDemand }, checkProviderId(provider), exposedName, result, options);
  }

  /** Every provider's verdict (status, changes, reason) per enabled tool, or per tool of `selection`. */
  getProviderReports(selection: ToolSelection = null): ToolProviderReports[] {
    return this.#parts.providerTools.reports(selection);
  }

  getStatus(): ServerStatus[] {
    return this.#parts.store.config.mcp.servers.map((server) => {
      const connection = this.#parts.connections.get(server.uuid);
      const status = this.#parts.index.serverStatus(server, connection, this.#parts.offerings.statusOf(server.uuid, connection), this.#parts.roots.states(server.uuid, server.roots));
      // Listed but not named yet (a server added before it is still connecting): not usable yet.
      if (status.status === 'ready' && this.#parts.firstConnects.waits(server.uuid)) status.status = 'connecting';
      return this.#parts.auth ? this.#parts.auth.decorate(status) : status;
    });
  }

  // --- Tool integrity: every listing compared with what the user approved (mcp/integrity/). ---

  /**
   * What waits for the user's review: per connected server, its held tools (changed, new, or with
   * a high finding not reviewed) with what changed and the findings, the approved tools it no
   * longer lists, and the findings on its instructions, prompts and resources. With `uuid`, that
   * server alone (listed even with nothing to review).
   */
  getToolReview(uuid?: string): ToolReview {
    return this.#parts.reviews.review(uuid);
  }

  /**
   * Approves the listed definitions of a server's tools (by exposed or original name), or with
   * 'all' every tool it lists, forgetting the approved tools it no longer lists. Approving is
   * reviewing: their findings no longer hold them. Saved before the tools are offered again.
   */
  approveTools(uuid: string, tools: readonly string[] | 'all', seen?: Readonly<Record<string, string>>): ApproveResult {
    return this.#parts.reviews.approve(uuid, tools, seen);
  }

  /** Told when a connected server's listing holds tools it did not hold before (exposed names). */
  onToolsHeld(listener: (event: ToolsHeld) => void): () => void {
    this.#parts.heldListeners.add(listener);
    return () => this.#parts.heldListeners.delete(listener);
  }

  /** What the user must read about the saved approvals: repairs, a file that could not be read or written. */
  integrityNotices(): ApprovalNotice[] {
    return this.#parts.approvals.notices();
  }

  // --- Prompts and resources, and their content as a provider takes it: mcp/offerings/. ---

  listPrompts(): PromptInfo[] {
    return this.#parts.offerings.listPrompts();
  }

  getPrompt(name: string, args: Readonly<Record<string, string>>, options: OfferingOptions): Promise<ProviderPrompt> {
    return this.#parts.offerings.getPrompt(name, args, options);
  }

  completePromptArgument(name: string, argument: string, value: string, others?: Readonly<Record<string, string>>): Promise<Completion> {
    return this.#parts.offerings.completePromptArgument(name, argument, value, others);
  }

  listResources(): ResourceListing {
    return this.#parts.offerings.listResources();
  }

  readResource(uuid: string, target: string | ResourceTarget, options: OfferingOptions): Promise<ReadResource> {
    return this.#parts.offerings.readResource(uuid, target, options);
  }

  completeResourceVariable(uuid: string, template: string, variable: string, value: string, others?: Readonly<Record<string, string>>): Promise<Completion> {
    return this.#parts.offerings.completeResourceVariable(uuid, template, variable, value, others);
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
    return this.#parts.naming.joining(serverUuid, toolNames, existingMappings);
  }

  // --- Servers: each change applies to one server without touching the others, and resolves
  // once saved and the (re)connect has begun (mcp/servers/server-edits.ts); the outcome arrives
  // as status through onStatus. ---

  /** Adds a server; its secret values go into the secret store, the config gets references. */
  async addServer(settings: ServerSettingsInput): Promise<McpServer> {
    const [added] = await this.#parts.edits.add([settings]);
    return added!;
  }

  /** Adds servers in one action (an import), in one write, named in this order; all or none. */
  addServers(list: readonly ServerSettingsInput[]): Promise<McpServer[]> {
    return this.#parts.edits.add(list);
  }

  /** Edits a server: a secret sent back as its reference is kept, a new value replaces it. */
  updateServer(uuid: string, settings: ServerSettingsInput): Promise<McpServer> {
    return this.#parts.edits.update(uuid, settings);
  }

  /**
   * Deletes a server: its names are released, its tools leave every saved selection, and its
   * secrets leave the store. If the store cannot delete them, the server stays, and the error says why.
   */
  removeServer(uuid: string): Promise<{ removedFromSelections: number }> {
    return this.#parts.edits.remove(uuid);
  }

  /** Which saved selections would lose tools if the server were deleted. */
  selectionsUsing(uuid: string): SelectionUse[] {
    return this.#parts.edits.selectionsUsing(uuid);
  }

  async setServerEnabled(uuid: string, enabled: boolean): Promise<void> {
    this.#parts.edits.setEnabled(uuid, enabled);
  }

  /** Reconnects one server with its saved settings (or stops it, when it is disabled). */
  async restartServer(uuid: string): Promise<void> {
    this.#parts.edits.restart(uuid);
  }

  /** Sets the folders a server may use (absolute paths); a connected server is told, without a reconnect. */
  setRoots(uuid: string, roots: readonly string[]): void {
    this.#parts.edits.setRoots(uuid, roots);
  }

  /** Sets one tool's policy (null: back to the server's default); a tool it lists or listed. */
  setToolPolicy(uuid: string, original: string, policy: ToolPolicy | null): void {
    this.#parts.edits.setToolPolicy(uuid, original, policy);
  }

  /** One policy for a whole server: every tool (its default), or the read-only tools it lists. */
  setServerPolicy(uuid: string, policy: ToolPolicy | null, scope: PolicyScope): void {
    this.#parts.edits.setServerPolicy(uuid, policy, scope);
  }

  setToolEnabled(uuid: string, original: string, enabled: boolean): void {
    this.#parts.edits.setToolEnabled(uuid, original, enabled);
  }

  /**
   * Pins a user-chosen name on a tool (null: back to the name the rules give). Saved selections
   * follow the tool to its new name. Throws a message for the user when the alias is refused.
   */
  setAlias(uuid: string, original: string, alias: string | null): string {
    return this.#parts.edits.setAlias(uuid, original, alias);
  }
}
