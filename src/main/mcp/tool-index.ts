// The in-memory index of exposed names, rebuilt whenever names or tool lists change, so that
// dispatch, reverse lookup and getLlmTools are map lookups or a prepared list, never scans of
// the config or of other servers' mappings.
import type { McpServer, ToolSelection } from '../../types/config.js';
import type { LlmTool, ServerStatus, ToolStatus } from '../../types/mcp.js';
import type { NameAssignment } from '../naming.js';
import type { ListedTool, ServerConnection } from './connection.js';

export interface IndexEntry extends NameAssignment {
  /** The server is connected and currently lists this tool. */
  live: boolean;
  /** The user switched this tool off on its server. */
  switchedOff: boolean;
  /** The server is enabled and the user has not switched the tool off. */
  enabled: boolean;
  tool: ListedTool | undefined;
}

export class ToolIndex {
  #byExposed = new Map<string, IndexEntry>();
  #byServer = new Map<string, Map<string, IndexEntry>>();
  #assignments: readonly NameAssignment[] = [];
  #llmTools: LlmTool[] = [];
  /** The entries behind #llmTools: live, enabled tools in index order. */
  #offered: IndexEntry[] = [];

  rebuild(assignments: readonly NameAssignment[], servers: readonly McpServer[], connections: ReadonlyMap<string, ServerConnection>): void {
    const serverById = new Map(servers.map((server) => [server.uuid, server]));
    const listedById = new Map<string, Map<string, ListedTool>>();
    for (const [uuid, connection] of connections) {
      if (connection.status === 'ready' && connection.tools) {
        listedById.set(uuid, new Map(connection.tools.map((tool) => [tool.name, tool])));
      }
    }
    const offById = new Map(servers.map((server) => [server.uuid, new Set(server.disabledTools ?? [])]));
    this.#byExposed = new Map();
    this.#byServer = new Map();
    this.#llmTools = [];
    this.#offered = [];
    for (const assignment of assignments) {
      const tool = listedById.get(assignment.uuid)?.get(assignment.original);
      const switchedOff = offById.get(assignment.uuid)?.has(assignment.original) ?? false;
      const enabled = serverById.get(assignment.uuid)?.state === 'enabled' && !switchedOff;
      const entry: IndexEntry = { ...assignment, live: tool !== undefined, switchedOff, enabled, tool };
      this.#byExposed.set(entry.exposed, entry);
      let perServer = this.#byServer.get(entry.uuid);
      if (!perServer) this.#byServer.set(entry.uuid, (perServer = new Map()));
      perServer.set(entry.original, entry);
      if (tool && enabled) {
        this.#llmTools.push({ name: entry.exposed, description: tool.description ?? '', parameters: tool.inputSchema });
        this.#offered.push(entry);
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

  /** The tools a model may be offered: live and enabled, in index order (do not mutate). */
  offered(): readonly IndexEntry[] {
    return this.#offered;
  }

  /** The prepared list (do not mutate), or the part of it a selection names. */
  llmTools(selection: ToolSelection): LlmTool[] {
    if (selection === null) return this.#llmTools;
    const wanted = new Set(selection);
    return this.#llmTools.filter((tool) => wanted.has(tool.name));
  }

  serverStatus(server: McpServer, connection: ServerConnection | undefined): ServerStatus {
    const status = server.state === 'disabled' ? 'disabled' : (connection?.status ?? 'connecting');
    const entries = [...(this.#byServer.get(server.uuid)?.values() ?? [])];
    const listed = status === 'ready' && connection?.tools ? connection.tools : null;
    const tools: ToolStatus[] = (listed ? entries.filter((entry) => entry.live) : entries).map((entry) => ({
      original: entry.original,
      exposed: entry.exposed,
      reasons: entry.reasons,
      description: entry.tool?.description,
      enabled: !entry.switchedOff,
    }));
    const result: ServerStatus = {
      uuid: server.uuid,
      label: server.label,
      type: server.type,
      status,
      tools,
      offline: listed === null,
      skippedTools: listed && connection ? connection.skipped : [],
    };
    if (connection?.error && status !== 'disabled') result.error = connection.error;
    if (status === 'needs-secret' && connection) result.missingSecrets = connection.missingSecrets;
    return result;
  }
}
