// Every tool of every server, flattened once per status change, with a lowercase search key
// computed up front: filtering thousands of tools is then one loop of `includes` per keystroke.
import { visibleToModel, type ToolUi } from '../../types/apps.js';
import type { ToolPolicy } from '../../types/config.js';
import type { IconRef } from '../../types/icons.js';
import type { Finding, ToolIntegrity } from '../../types/integrity.js';
import type { PolicySource, RenameReason, ServerStatus, ServerStatusKind, ToolAnnotations } from '../../types/mcp.js';
import type { TaskSupport } from '../../types/tasks.js';

export interface CatalogTool {
  exposed: string;
  original: string;
  reasons: readonly RenameReason[];
  description: string;
  /** The tool's display title, when it has one. */
  title?: string;
  annotations: ToolAnnotations;
  /** The user's per-tool switch on its server. */
  enabled: boolean;
  /** What a call of it does (allow / ask / deny) and whose choice that is. */
  policy: ToolPolicy;
  policySource: PolicySource;
  /** Its policy without a choice of its own (the server's default, else by its annotations). */
  inheritedPolicy: ToolPolicy;
  serverUuid: string;
  serverLabel: string;
  /** Its icons (McpIcon), when the server gives any. */
  icons?: IconRef[];
  /** It may or must run as a task. */
  taskSupport?: TaskSupport;
  /** Its view and who may call it (MCP Apps), when its server says. */
  ui?: ToolUi;
  /** While listed: its definition against what the user approved, what the scan found, and whether it waits for review. */
  integrity?: ToolIntegrity;
  findings?: Finding[];
  held?: boolean;
  /** Exposed and original name, title, server label and description, lowercased: what filters match. */
  key: string;
}

export interface CatalogServer {
  uuid: string;
  label: string;
  status: ServerStatusKind;
  offline: boolean;
  tools: CatalogTool[];
}

export interface Catalog {
  servers: CatalogServer[];
  byExposed: Map<string, CatalogTool>;
}

export function buildCatalog(status: readonly ServerStatus[]): Catalog {
  const byExposed = new Map<string, CatalogTool>();
  const servers = status.map((server): CatalogServer => {
    const tools = server.tools.map((tool): CatalogTool => {
      const entry: CatalogTool = {
        exposed: tool.exposed,
        original: tool.original,
        reasons: tool.reasons,
        // As the server wrote them: every screen shows them through HiddenText.vue (or showHidden in
        // an attribute), which marks hidden characters; never raw, never twice.
        description: tool.description ?? '',
        ...(tool.title ? { title: tool.title } : {}),
        annotations: tool.annotations,
        enabled: tool.enabled,
        policy: tool.policy,
        policySource: tool.policySource,
        inheritedPolicy: tool.inheritedPolicy,
        serverUuid: server.uuid,
        serverLabel: server.label,
        ...(tool.icons ? { icons: tool.icons } : {}),
        ...(tool.taskSupport ? { taskSupport: tool.taskSupport } : {}),
        ...(tool.ui ? { ui: tool.ui } : {}),
        ...(tool.integrity ? { integrity: tool.integrity, findings: tool.findings ?? [], held: tool.held === true } : {}),
        key: `${tool.exposed}\n${tool.original}\n${tool.title ?? ''}\n${server.label}\n${tool.description ?? ''}`.toLowerCase(),
      };
      byExposed.set(tool.exposed, entry);
      return entry;
    });
    return { uuid: server.uuid, label: server.label, status: server.status, offline: server.offline, tools };
  });
  return { servers, byExposed };
}

/** The catalog without the tools only for their views (MCP Apps): what a model's selection can hold. */
export function forModels(catalog: Catalog): Catalog {
  if (![...catalog.byExposed.values()].some((tool) => !visibleToModel(tool.ui))) return catalog;
  const servers = catalog.servers.map((server) => ({ ...server, tools: server.tools.filter((tool) => visibleToModel(tool.ui)) }));
  return { servers, byExposed: new Map(servers.flatMap((server) => server.tools.map((tool) => [tool.exposed, tool] as const))) };
}

export interface FilteredServer {
  server: CatalogServer;
  /** Every tool of this server that matches the filter. */
  matches: CatalogTool[];
  /** The matches to render: the first ones, until the overall row budget is spent. */
  shown: CatalogTool[];
}

export interface FilterResult {
  servers: FilteredServer[];
  total: number;
  shown: number;
}

/** The words of a query, lowercased: each must occur in a tool's key (names, server, description). */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter((word) => word !== '');
}

/** The tools whose search key contains every word of `query`; all of them for ''. */
function matching(tools: CatalogTool[], query: string): CatalogTool[] {
  const words = queryWords(query);
  if (words.length === 0) return tools;
  if (words.length === 1) {
    const [word] = words as [string];
    return tools.filter((tool) => tool.key.includes(word));
  }
  return tools.filter((tool) => words.every((word) => tool.key.includes(word)));
}

/**
 * Tools matching every word of `query` in their names, server label or description
 * (case-insensitive), per server, and a window of at most `limit` rows to render: the DOM, not
 * the loop, is what gets slow.
 */
export function filterCatalog(servers: readonly CatalogServer[], query: string, limit: number): FilterResult {
  const result: FilteredServer[] = [];
  let total = 0;
  let budget = limit;
  for (const server of servers) {
    const matches = matching(server.tools, query);
    if (matches.length === 0 && query.trim() !== '') continue;
    const shown = budget > 0 ? matches.slice(0, budget) : [];
    budget -= shown.length;
    total += matches.length;
    result.push({ server, matches, shown });
  }
  return { servers: result, total, shown: limit - budget };
}

/** The first `limit` tools of one server matching `query`, and how many matched in all. */
export function filterTools(tools: CatalogTool[], query: string, limit: number): { shown: CatalogTool[]; total: number } {
  const matches = matching(tools, query);
  return { shown: matches.slice(0, limit), total: matches.length };
}
