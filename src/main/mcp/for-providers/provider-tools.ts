// The enabled tools as each provider's request takes them (Mcp.getProviderTools), and the way
// back for a call's arguments (Mcp.callTool with a provider). The adapters (src/main/providers/)
// are pure; this keeps their results per tool, so that a relist, a switch-off or a rename
// re-adapts only the tools it changed, and each provider's list is assembled once per change,
// on the first request after it, from what is kept (each tool's tokens are counted once, when read). A tool
// whose policy is "deny" is not adapted: every provider's report lists it as denied, and no list
// sends it. On demand, the selection's list is reshaped by providers/on-demand.ts. What is kept
// per tool and provider is the report entry alone (it holds the definition); the way back for a
// call's arguments is made on the first call that needs it (the adapters are pure: it is the
// same), so a fill of 10,000 tools for nine providers keeps 90,000 objects fewer.
import type { McpServer, ToolSelection } from '../../../types/config.js';
import type { ProviderId, ProviderToolReport, ProviderTools, ProviderToolsOptions, ProviderVerdict, ToolProviderReports } from '../../../types/providers.js';
import { PROVIDER_IDS, PROVIDER_LIMITS, ProviderIdSchema } from '../../../types/providers.js';
import type { ArgumentRestorer, SourceTool } from '../../providers/index.js';
import { adaptForList, adaptTool, findTwins, selectProviderTools, withListTokens } from '../../providers/index.js';
import { onDemandTools } from '../../providers/on-demand.js';
import type { ListedTool } from '../connection/connection.js';
import { CountedReport, countedReport } from './counted-report.js';
import type { IndexEntry } from '../names/tool-index.js';

/** One offered tool and what each provider made of it so far. */
interface Prepared {
  listed: ListedTool;
  source: SourceTool;
  twin: boolean;
  /** description + input schema as JSON, computed only when a relist brings a new object. */
  signature: string | null;
  /**
   * What each provider made of it, at the provider's SLOT (an array: a Map per tool cost more
   * than its contents): the entry the lists give, its tokens counted when first read, holding the
   * definition.
   */
  entries: Array<CountedReport | undefined>;
  /** Each provider's way back for arguments (null: none needed), made by the first call that needs it. */
  restorers: Array<ArgumentRestorer | null | undefined> | null;
}

/** Each provider's place in a tool's `entries` (and `restorers`). */
const SLOT = Object.fromEntries(PROVIDER_IDS.map((id, index) => [id, index])) as Record<ProviderId, number>;

/** One place per provider, made at that length (an empty array grown by one store takes room for 17). */
function slots<T>(): Array<T | undefined> {
  return new Array<T | undefined>(PROVIDER_IDS.length);
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
  return countedReport(report, null);
}

export class ProviderToolCache {
  /** Offered tools in index order (config order of servers, then listing order). */
  #tools: Prepared[] = [];
  /** The offered tools and the denied ones' reports, in index order: what each report lists. */
  #order: Array<Prepared | ProviderToolReport> = [];
  /** Made by the first restore after a change. */
  #byExposed: Map<string, Prepared> | null = null;
  #lists = new Map<ProviderId, ProviderTools>();
  #labels = new Map<string, string>();
  #stale = true;

  /** `used`: each request for a provider's tools is a use of the servers' tool lists (their cache hints). */
  constructor(
    private readonly source: OfferedTools,
    private readonly used: () => void = () => undefined,
  ) {}

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
    // One { uuid, label } per server, shared by its tools' sources.
    const owners = new Map<string, SourceTool['server']>();
    // Found by the listed object first (a switch-off or rename keeps it); by server and original
    // name only for what a relist brought anew, and that map is built only then. Nothing is
    // looked up when nothing is kept (the first fill).
    const anyKept = this.#tools.length > 0;
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
      let owner = owners.get(entry.uuid);
      if (owner === undefined) owners.set(entry.uuid, (owner = { uuid: entry.uuid, label: labels.get(entry.uuid) ?? entry.uuid }));
      let old = anyKept ? byListed.get(entry.tool) : undefined;
      if (!old && anyKept) {
        byKey ??= new Map(this.#tools.map((tool) => [keyOf(tool.source.server.uuid, tool.source.original), tool]));
        old = byKey.get(keyOf(entry.uuid, entry.original));
      }
      const prepared = old && this.#reusable(old, entry.tool, entry.exposed, owner.label) ? old : fresh(entry, entry.tool, owner);
      tools.push(prepared);
      order.push(prepared);
    }
    const twins = findTwins(tools.map((tool) => tool.source));
    for (const tool of tools) {
      const twin = twins.has(tool.source);
      if (twin !== tool.twin) {
        tool.twin = twin;
        tool.entries = slots();
        tool.restorers = null;
      }
    }
    this.#tools = tools;
    this.#order = order;
    this.#byExposed = null;
  }

  /**
   * `{ provider, maxTools, tools, report, tokens }` for the enabled tools, or those in `selection`;
   * with `loading: 'on-demand'`, the provider's search and the `loaded` and `pinned` tools only.
   */
  get(provider: ProviderId, selection: ToolSelection = null, options: ProviderToolsOptions = {}): ProviderTools {
    this.used();
    this.#refresh();
    let list = this.#lists.get(provider);
    if (!list) this.#lists.set(provider, (list = this.#assemble(provider)));
    const selected = selectProviderTools(list, selection);
    if (options.loading !== 'on-demand') return selected;
    return onDemandTools({ list: selected, loaded: options.loaded ?? [], pinned: options.pinned ?? [], servers: this.#labels });
  }

  /** `provider`'s list of every offered tool, from what is kept (adapting what is not yet). */
  #assemble(provider: ProviderId): ProviderTools {
    // Both made at their full length (grown by push, they copy themselves on the way).
    const order = this.#order;
    const tools = new Array<unknown>(order.length);
    const report = new Array<ProviderToolReport>(order.length);
    const slot = SLOT[provider];
    let sent = 0;
    for (let i = 0; i < order.length; i++) {
      const tool = order[i]!;
      if (!('listed' in tool)) {
        report[i] = tool;
        continue;
      }
      const entry = entryFor(tool, provider, slot);
      report[i] = entry;
      if (entry.status !== 'unsendable') tools[sent++] = CountedReport.definitionOf(entry);
    }
    tools.length = sent;
    return withListTokens({ provider, maxTools: PROVIDER_LIMITS[provider].maxTools, tools, report });
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
      for (const provider of PROVIDER_IDS) providers[provider] = verdictOf('listed' in tool ? entryFor(tool, provider, SLOT[provider]) : tool);
      out.push({ name, server, original, providers });
    }
    return out;
  }

  /** Arguments a model of `provider` sent for `exposed`, as the tool's server expects them. */
  restore(provider: ProviderId, exposed: string, args: Record<string, unknown>): Record<string, unknown> {
    this.#refresh();
    this.#byExposed ??= new Map(this.#tools.map((tool) => [tool.source.name, tool]));
    const tool = this.#byExposed.get(exposed);
    if (!tool) return args;
    const restore = restorerFor(tool, provider);
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

function fresh(entry: IndexEntry, listed: ListedTool, server: SourceTool['server']): Prepared {
  const source: SourceTool = {
    name: entry.exposed,
    original: entry.original,
    server,
    description: listed.description ?? '',
    inputSchema: listed.inputSchema,
  };
  return { listed, source, twin: false, signature: null, entries: slots(), restorers: null };
}

function verdictOf({ status, changes, reason }: ProviderToolReport): ProviderVerdict {
  return reason === undefined ? { status, changes } : { status, changes, reason };
}

/** The entry the lists give: the tool's report for `provider`, holding its definition (made once). */
function entryFor(tool: Prepared, provider: ProviderId, slot: number): CountedReport {
  return (tool.entries[slot] ??= adaptForList(provider, tool.source, tool.twin, kept));
}

/** The kept entry: the adapter's report, its tokens counted when read, holding the definition. */
function kept(report: ProviderToolReport, definition: unknown, provider: ProviderId): CountedReport {
  return countedReport(report, report.status === 'unsendable' ? null : provider, definition);
}

/** The way back for arguments `provider`'s model sent for `tool` (null: they pass as sent). */
function restorerFor(tool: Prepared, provider: ProviderId): ArgumentRestorer | null {
  const slot = SLOT[provider];
  const restorers = (tool.restorers ??= slots());
  let restore = restorers[slot];
  if (restore === undefined) restorers[slot] = restore = adaptTool(provider, tool.source, { twin: tool.twin }).restore;
  return restore;
}
