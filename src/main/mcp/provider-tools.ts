// The enabled tools as each provider's request takes them (Mcp.getProviderTools), and the way
// back for a call's arguments (Mcp.callTool with a provider). The adapters (src/main/providers/)
// are pure; this keeps their results per tool, so that a relist, a switch-off or a rename
// re-adapts only the tools it changed, and each provider's list is assembled once per change,
// on the first request after it, from what is kept (each tool's tokens are counted once, when read). A tool
// whose policy is "deny" is not adapted: every provider's report lists it as denied, and no list
// sends it. On demand, the selection's list is reshaped by providers/on-demand.ts.
import type { McpServer, ToolSelection } from '../../types/config.js';
import type { ProviderId, ProviderToolReport, ProviderTools, ProviderToolsOptions, ProviderVerdict, ToolProviderReports } from '../../types/providers.js';
import { PROVIDER_IDS, PROVIDER_LIMITS, ProviderIdSchema } from '../../types/providers.js';
import type { AdaptedTool, SourceTool } from '../providers/index.js';
import { adaptTool, definitionTokens, findTwins, selectProviderTools, withListTokens } from '../providers/index.js';
import { onDemandTools } from '../providers/on-demand.js';
import type { ListedTool } from './connection.js';
import type { IndexEntry } from './tool-index.js';

/** One offered tool and what each provider made of it so far. */
interface Prepared {
  listed: ListedTool;
  source: SourceTool;
  twin: boolean;
  /** description + input schema as JSON, computed only when a relist brings a new object. */
  signature: string | null;
  adapted: Map<ProviderId, AdaptedTool>;
  /** Each provider's report entry; its tokens are counted when first read. */
  counted: Map<ProviderId, ProviderToolReport>;
}

/** Throws a message that lists the ids, for a provider that is not one. */
export function checkProviderId(value: unknown): ProviderId {
  const parsed = ProviderIdSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(`Unknown provider ${JSON.stringify(value)}; known providers: ${PROVIDER_IDS.join(', ')}.`);
}

function keyOf(uuid: string, original: string): string {
  return `${uuid}\u0000${original}`;
}

function signatureOf(tool: ListedTool): string {
  return `${tool.description ?? ''}\u0000${JSON.stringify(tool.inputSchema)}`;
}

/** Where the cache reads the live, enabled tools (denied ones too) from once they changed. */
export type OfferedTools = () => { enabled: readonly IndexEntry[]; servers: readonly McpServer[] };

function deniedReport(entry: IndexEntry): ProviderToolReport {
  const report: ProviderToolReport = {
    name: entry.exposed,
    server: entry.uuid,
    original: entry.original,
    status: 'denied',
    changes: [],
    reason: 'its policy is "deny": it never runs and is never offered to a model; change its policy in the server\'s tool settings to offer it',
  };
  return lazyEntry(report, null);
}

export class ProviderToolCache {
  /** Offered tools in index order (config order of servers, then listing order). */
  #tools: Prepared[] = [];
  /** The offered tools and the denied ones' reports, in index order: what each report lists. */
  #order: Array<Prepared | ProviderToolReport> = [];
  #byExposed = new Map<string, Prepared>();
  #lists = new Map<ProviderId, ProviderTools>();
  #labels = new Map<string, string>();
  #stale = true;

  constructor(private readonly source: OfferedTools) {}

  /**
   * The offered tools changed (names, liveness, switches, listings). Nothing is done until a
   * provider's tools or a restore are asked for: a change costs nothing for a chat that is not
   * sending, and several changes in a row are taken in once.
   */
  invalidate(): void {
    this.#stale = true;
    this.#lists.clear();
  }

  /**
   * Takes in the offered tools: keeps what each provider made of every tool whose definition,
   * name, server label and twin status are unchanged.
   */
  #refresh(): void {
    if (!this.#stale) return;
    this.#stale = false;
    const { enabled, servers } = this.source();
    const labels = new Map(servers.map((server) => [server.uuid, server.label]));
    this.#labels = labels;
    // Found by the listed object first (a switch-off or rename keeps it); by server and original
    // name only for what a relist brought anew, and that map is built only then.
    const byListed = new Map(this.#tools.map((tool) => [tool.listed, tool]));
    let byKey: Map<string, Prepared> | null = null;
    const tools: Prepared[] = [];
    const order: Array<Prepared | ProviderToolReport> = [];
    for (const entry of enabled) {
      if (!entry.tool) continue;
      if (entry.policy === 'deny') {
        order.push(deniedReport(entry));
        continue;
      }
      const label = labels.get(entry.uuid) ?? entry.uuid;
      let old = byListed.get(entry.tool);
      if (!old) {
        byKey ??= new Map(this.#tools.map((tool) => [keyOf(tool.source.server.uuid, tool.source.original), tool]));
        old = byKey.get(keyOf(entry.uuid, entry.original));
      }
      const prepared = old && this.#reusable(old, entry.tool, entry.exposed, label) ? old : fresh(entry, entry.tool, label);
      tools.push(prepared);
      order.push(prepared);
    }
    const twins = findTwins(tools.map((tool) => tool.source));
    for (const tool of tools) {
      const twin = twins.has(tool.source);
      if (twin !== tool.twin) {
        tool.twin = twin;
        tool.adapted.clear();
        tool.counted.clear();
      }
    }
    this.#tools = tools;
    this.#order = order;
    this.#byExposed = new Map(tools.map((tool) => [tool.source.name, tool]));
  }

  /**
   * `{ provider, maxTools, tools, report, tokens }` for the enabled tools, or those in `selection`;
   * with `loading: 'on-demand'`, the provider's search and the `loaded` and `pinned` tools only.
   */
  get(provider: ProviderId, selection: ToolSelection = null, options: ProviderToolsOptions = {}): ProviderTools {
    this.#refresh();
    let list = this.#lists.get(provider);
    if (!list) {
      const tools: unknown[] = [];
      const report: ProviderToolReport[] = [];
      for (const tool of this.#order) {
        if (!('listed' in tool)) {
          report.push(tool);
          continue;
        }
        const adapted = adaptedFor(tool, provider);
        report.push(countedFor(tool, provider, adapted));
        if (adapted.report.status !== 'unsendable') tools.push(adapted.definition);
      }
      list = withListTokens({ provider, maxTools: PROVIDER_LIMITS[provider].maxTools, tools, report });
      this.#lists.set(provider, list);
    }
    const selected = selectProviderTools(list, selection);
    if (options.loading !== 'on-demand') return selected;
    return onDemandTools({ list: selected, loaded: options.loaded ?? [], pinned: options.pinned ?? [], servers: this.#labels });
  }

  /**
   * Every provider's verdict on each offered tool (or those in `selection`), in index order: what
   * `get` reports, from the same kept adaptations, without the definitions.
   */
  reports(selection: ToolSelection = null): ToolProviderReports[] {
    this.#refresh();
    const wanted = selection === null ? null : new Set(selection);
    const out: ToolProviderReports[] = [];
    for (const tool of this.#order) {
      const { name, server, original } = 'listed' in tool ? { name: tool.source.name, server: tool.source.server.uuid, original: tool.source.original } : tool;
      if (wanted && !wanted.has(name)) continue;
      const providers = {} as Record<ProviderId, ProviderVerdict>;
      for (const provider of PROVIDER_IDS) providers[provider] = verdictOf('listed' in tool ? adaptedFor(tool, provider).report : tool);
      out.push({ name, server, original, providers });
    }
    return out;
  }

  /** Arguments a model of `provider` sent for `exposed`, as the tool's server expects them. */
  restore(provider: ProviderId, exposed: string, args: Record<string, unknown>): Record<string, unknown> {
    this.#refresh();
    const tool = this.#byExposed.get(exposed);
    if (!tool) return args;
    const { restore } = adaptedFor(tool, provider);
    return restore === null ? args : restore(args);
  }

  /** Same name, label and definition: a relist may bring equal tools as new objects. */
  #reusable(old: Prepared, listed: ListedTool, exposed: string, label: string): boolean {
    if (old.source.name !== exposed || old.source.server.label !== label) return false;
    if (old.listed === listed) return true;
    old.signature ??= signatureOf(old.listed);
    if (old.signature !== signatureOf(listed)) return false;
    old.listed = listed;
    return true;
  }
}

function fresh(entry: IndexEntry, listed: ListedTool, label: string): Prepared {
  const source: SourceTool = {
    name: entry.exposed,
    original: entry.original,
    server: { uuid: entry.uuid, label },
    description: listed.description ?? '',
    inputSchema: listed.inputSchema,
  };
  return { listed, source, twin: false, signature: null, adapted: new Map(), counted: new Map() };
}

function verdictOf({ status, changes, reason }: ProviderToolReport): ProviderVerdict {
  return reason === undefined ? { status, changes } : { status, changes, reason };
}

function adaptedFor(tool: Prepared, provider: ProviderId): AdaptedTool {
  let adapted = tool.adapted.get(provider);
  if (!adapted) {
    adapted = adaptTool(provider, tool.source, { twin: tool.twin });
    tool.adapted.set(provider, adapted);
  }
  return adapted;
}

/** What a lazy entry needs to count its tokens. */
interface Pending {
  provider: ProviderId;
  definition: unknown;
  tokens?: number;
}

/** What each lazy entry needs to count its tokens: beside it, never serialized or compared. */
const pendingOf = new WeakMap<object, Pending>();

/** One descriptor for every lazy entry's `tokens`: an own, enumerable getter (so JSON and IPC carry it). */
const TOKENS: PropertyDescriptor = {
  enumerable: true,
  get(this: object): number {
    const pending = pendingOf.get(this);
    if (pending === undefined) return 0;
    return (pending.tokens ??= definitionTokens(pending.provider, pending.definition));
  },
};

/**
 * A report entry whose `tokens` are worked out when first read (a list assembled for its
 * definitions alone, or a selection of a few tools, counts only what is read). Every entry is
 * built the same way, fields in one order, so reading a list of them stays fast.
 */
function lazyEntry(report: ProviderToolReport, pending: Pending | null): ProviderToolReport {
  const entry = { name: report.name, server: report.server, original: report.original, status: report.status, changes: report.changes, reason: report.reason };
  if (pending !== null) pendingOf.set(entry, pending);
  return Object.defineProperty(entry, 'tokens', TOKENS) as ProviderToolReport;
}

/** The tool's report entry for `provider`, with its tokens, kept with the tool. */
function countedFor(tool: Prepared, provider: ProviderId, adapted: AdaptedTool): ProviderToolReport {
  let counted = tool.counted.get(provider);
  if (!counted) {
    counted = lazyEntry(adapted.report, adapted.report.status === 'unsendable' ? null : { provider, definition: adapted.definition });
    tool.counted.set(provider, counted);
  }
  return counted;
}
