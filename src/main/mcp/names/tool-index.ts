// The in-memory index of exposed names, rebuilt whenever names or tool lists change, so that
// dispatch, reverse lookup and getLlmTools are map lookups or a prepared list, never scans of
// the config or of other servers' mappings.
import type { McpServer, ToolPolicy, ToolSelection } from '../../../types/config.js';
import type { LlmTool, PolicySource, ServerStatus, ToolStatus } from '../../../types/mcp.js';
import type { OfferingsStatus } from '../../../types/offerings.js';
import type { NameAssignment } from '../../naming.js';
import type { ListedTool, ServerConnection } from '../connection/connection.js';
import { effectivePolicy } from '../policies/policy.js';
import { iconRefs } from '../icons/icon-refs.js';
import type { RootState } from '../../../types/roots.js';
import type { IconRef } from '../../../types/icons.js';
import { visibleToModel } from '../../../types/apps.js';
import type { ServerVerdict, ToolVerdict } from '../integrity/tool-approvals.js';

/** The comparison of every listing with what the user approved (integrity/tool-approvals.ts). */
export interface IntegrityCheck {
  check(listings: ReadonlyMap<string, readonly ListedTool[]>, servers: readonly McpServer[]): ReadonlyMap<string, ServerVerdict>;
}

export interface IndexEntry extends NameAssignment {
  /** The server is connected and currently lists this tool. */
  live: boolean;
  /** The user switched this tool off on its server. */
  switchedOff: boolean;
  /** The server is enabled and the user has not switched the tool off. */
  enabled: boolean;
  tool: ListedTool | undefined;
  /** allow / ask / deny, and whose choice it is; a denied tool is never offered to a model. */
  policy: ToolPolicy;
  policySource: PolicySource;
  /** Its listed definition against what the user approved; undefined while not listed. */
  verdict: ToolVerdict | undefined;
  /** Listed, and waiting for the user's review: offered to no model, refused when called. */
  held: boolean;
}

export class ToolIndex {
  #byExposed = new Map<string, IndexEntry>();
  #byServer = new Map<string, Map<string, IndexEntry>>();
  #assignments: readonly NameAssignment[] = [];
  #llmTools: LlmTool[] = [];
  /**
   * Live, enabled tools a model may see, in index order: the entries behind #llmTools, and the
   * denied ones. Tools only for their server's views (MCP Apps visibility ["app"]) are never here.
   */
  #enabled: IndexEntry[] = [];

  /**
   * `integrity`: every listing passes its check before anything of it is indexed, so no held tool
   * is offered even for a moment. `used`: each request for the model's tools is a use of the
   * servers' tool lists (their cache hints).
   */
  constructor(
    private readonly integrity: IntegrityCheck,
    private readonly used: () => void = () => undefined,
  ) {}

  rebuild(assignments: readonly NameAssignment[], servers: readonly McpServer[], connections: ReadonlyMap<string, ServerConnection>): void {
    const serverById = new Map(servers.map((server) => [server.uuid, server]));
    const listings = new Map<string, readonly ListedTool[]>();
    const listedById = new Map<string, Map<string, ListedTool>>();
    for (const [uuid, connection] of connections) {
      if (connection.status === 'ready' && connection.tools) {
        listings.set(uuid, connection.tools);
        listedById.set(uuid, new Map(connection.tools.map((tool) => [tool.name, tool])));
      }
    }
    const verdicts = this.integrity.check(listings, servers);
    const offById = new Map(servers.map((server) => [server.uuid, new Set(server.disabledTools ?? [])]));
    this.#byExposed = new Map();
    this.#byServer = new Map();
    this.#llmTools = [];
    this.#enabled = [];
    for (const assignment of assignments) {
      const tool = listedById.get(assignment.uuid)?.get(assignment.original);
      const switchedOff = offById.get(assignment.uuid)?.has(assignment.original) ?? false;
      const enabled = serverById.get(assignment.uuid)?.state === 'enabled' && !switchedOff;
      const { policy, source } = effectivePolicy(serverById.get(assignment.uuid), assignment.original, tool?.annotations);
      const verdict = tool ? verdicts.get(assignment.uuid)?.tools.get(assignment.original) : undefined;
      // A listed tool without a verdict is held: what was not compared is not offered.
      const held = tool !== undefined && (verdict?.held ?? true);
      const entry: IndexEntry = { ...assignment, live: tool !== undefined, switchedOff, enabled, tool, policy, policySource: source, verdict, held };
      this.#byExposed.set(entry.exposed, entry);
      let perServer = this.#byServer.get(entry.uuid);
      if (!perServer) this.#byServer.set(entry.uuid, (perServer = new Map()));
      perServer.set(entry.original, entry);
      if (tool && enabled && !held && visibleToModel(tool.ui)) {
        this.#enabled.push(entry);
        // A denied tool is never offered to a model.
        if (policy !== 'deny') this.#llmTools.push({ name: entry.exposed, description: tool.description ?? '', parameters: tool.inputSchema });
      }
    }
    this.#assignments = assignments;
  }

  get(exposed: string): IndexEntry | undefined {
    return this.#byExposed.get(exposed);
  }

  assignmentOf(uuid: string, original: string): IndexEntry | undefined {
    return this.#byServer.get(uuid)?.get(original);
  }

  assignments(): readonly NameAssignment[] {
    return this.#assignments;
  }

  /**
   * Live, enabled tools in index order (do not mutate): those a model may be offered, and those
   * whose policy ("deny") says it may not, which provider lists report as denied. Never a tool
   * only for its views, never a tool held for review.
   */
  enabledTools(): readonly IndexEntry[] {
    return this.#enabled;
  }

  /** The prepared list (do not mutate), or the part of it a selection names. */
  llmTools(selection: ToolSelection): LlmTool[] {
    this.used();
    if (selection === null) return this.#llmTools;
    const wanted = new Set(selection);
    return this.#llmTools.filter((tool) => wanted.has(tool.name));
  }

  /** The server's status: its state and tools, with `offerings` (its prompts and resources). */
  serverStatus(server: McpServer, connection: ServerConnection | undefined, offerings: OfferingsStatus, roots?: RootState[]): ServerStatus {
    const status = server.state === 'disabled' ? 'disabled' : (connection?.status ?? 'connecting');
    const entries = [...(this.#byServer.get(server.uuid)?.values() ?? [])];
    const listed = status === 'ready' && connection?.tools ? connection.tools : null;
    const tools: ToolStatus[] = (listed ? entries.filter((entry) => entry.live) : entries).map((entry) => ({
      original: entry.original,
      exposed: entry.exposed,
      reasons: entry.reasons,
      description: entry.tool?.description,
      ...(entry.tool?.title ? { title: entry.tool.title } : {}),
      annotations: entry.tool?.annotations ?? {},
      enabled: !entry.switchedOff,
      policy: entry.policy,
      policySource: entry.policySource,
      inheritedPolicy: effectivePolicy({ defaultPolicy: server.defaultPolicy }, entry.original, entry.tool?.annotations).policy,
      ...withIcons(entry.tool?.icons),
      ...(entry.tool?.taskSupport ? { taskSupport: entry.tool.taskSupport } : {}),
      ...(entry.tool?.ui ? { ui: entry.tool.ui } : {}),
      ...(entry.tool ? { integrity: entry.verdict?.integrity ?? 'new', findings: [...(entry.verdict?.findings ?? [])], held: entry.held } : {}),
    }));
    const result: ServerStatus = {
      uuid: server.uuid,
      label: server.label,
      type: server.type,
      status,
      tools,
      offline: listed === null,
      skippedTools: listed && connection ? connection.skipped : [],
      heldTools: listed ? tools.filter((tool) => tool.held === true).length : 0,
      ...offerings,
    };
    if (connection?.error && status !== 'disabled') result.error = connection.error;
    if (status === 'needs-secret' && connection) result.missingSecrets = connection.missingSecrets;
    if (status === 'ready' && connection?.protocolVersion) result.protocolVersion = connection.protocolVersion;
    if (roots) result.roots = roots;
    if (listed && connection) Object.assign(result, withIcons(connection.features.serverIcons), connection.features.instructions ? { instructions: connection.features.instructions } : {});
    return result;
  }
}

function withIcons(icons: Parameters<typeof iconRefs>[0]): { icons?: IconRef[] } {
  const refs = iconRefs(icons);
  return refs ? { icons: refs } : {};
}
