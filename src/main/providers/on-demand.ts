// Tools loaded on demand (docs/design.md §7): a request carries a way to search the selection
// and only the tools found so far (and the user's pins), following each provider's documentation.
// The search is always the MCP layer's own (`find_tools`, answered by Mcp.callTool with the same
// ranking as Mcp.findTools), in the form each provider lets a client answer:
// - Anthropic: `find_tools` as a custom tool first, then every tool with `"defer_loading": true`
//   except the loaded ones; its result names the tools found by `tool_reference` blocks
//   (providers/search-answer.ts), which load them;
// - OpenAI Responses: the functions with `"defer_loading": true` grouped in one `namespace` per
//   server that has more than one tool (the SDK's NamespaceTool: `defer_loading` goes on the
//   functions inside, the namespace takes a name and a description), then `{ "type":
//   "tool_search", "execution": "client" }` with find_tools' description and parameters; its
//   `tool_search_call` is answered by a `tool_search_output` item holding the tools found;
// - every other provider: `find_tools` and the loaded tools, within its limit.
// Names stay the tools' exposed names everywhere. Pure.
import type { ProviderId, ProviderToolReport, ProviderTools } from '../../types/providers.js';
import { PROVIDER_LIMITS } from '../../types/providers.js';
import { FIND_TOOLS_NAME } from '../naming/builtin-tools.js';
import { sanitizeToolName } from '../naming.js';
import { stripHidden } from '../integrity/hidden-characters.js';
import { adaptTool } from './index.js';
import { definitionTokens, listTokens, nameAndDescriptionTokens } from './tokens.js';
import type { SourceTool } from './types.js';

/** OpenAI Responses' tool search run by the client (openai-node's ToolSearchTool), as find_tools: its description and parameters. */
export interface OpenAiClientToolSearch {
  type: 'tool_search';
  execution: 'client';
  description: string;
  parameters: unknown;
}
/** A namespace's description: the server and the names of its tools, cut here (what the model sees up front). */
const MAX_NAMESPACE_DESCRIPTION = 1_000;
const MAX_LABELS_NAMED = 20;

export interface OnDemandInput {
  /** The selection as the provider takes it with every tool sent (report entries carry `tokens`). */
  list: ProviderTools;
  /** Exposed names found so far, the latest last. */
  loaded: readonly string[];
  /** Exposed names the user pinned: loaded first, always. */
  pinned: readonly string[];
  /** Server uuid → label. */
  servers: ReadonlyMap<string, string>;
}

interface Entry {
  report: ProviderToolReport;
  definition: unknown;
}

/** The sent entries of a list, each with its definition (the report lists unsendable ones too). */
function sentEntries(list: ProviderTools): Entry[] {
  const entries: Entry[] = [];
  let index = 0;
  for (const report of list.report) {
    if (report.status === 'ok' || report.status === 'adapted') entries.push({ report, definition: list.tools[index++] });
  }
  return entries;
}

/**
 * The names to load, pinned first, then the latest found, at most `room` (null: no limit), among
 * the names `sent` holds.
 */
function namesToLoad(sent: ReadonlySet<string>, pinned: readonly string[], loaded: readonly string[], room: number | null): Set<string> {
  const keep = new Set<string>();
  const max = room ?? Number.POSITIVE_INFINITY;
  for (const name of pinned) if (keep.size < max && sent.has(name)) keep.add(name);
  for (let i = loaded.length - 1; i >= 0 && keep.size < max; i--) if (sent.has(loaded[i]!)) keep.add(loaded[i]!);
  return keep;
}

/** The MCP layer's `find_tools` as a tool to adapt: it names how many tools it can find, and where. */
export function findToolsSource(heldBack: number, labels: readonly string[]): SourceTool {
  const named = labels.slice(0, MAX_LABELS_NAMED).join(', ') + (labels.length > MAX_LABELS_NAMED ? ', …' : '');
  return {
    name: FIND_TOOLS_NAME,
    original: FIND_TOOLS_NAME,
    server: { uuid: '', label: 'the app' },
    description:
      `Finds tools by what they do and loads them for your next step: ${heldBack.toLocaleString('en-US')} more tools are available than are loaded` +
      (named === '' ? '.' : ` (from the MCP servers ${named}).`) +
      ' Describe the task in a few words, e.g. "create a calendar event"; call it again with other words if nothing fits.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What the tool should do, in a few words.' },
        limit: { type: 'integer', minimum: 1, maximum: 10, description: 'How many tools to load (default 5).' },
      },
      required: ['query'],
    },
  };
}

/** `report` marked as held back; its tokens, if not counted yet, stay uncounted until read (they are the entry's own). */
function held(report: ProviderToolReport): ProviderToolReport {
  const copy = { name: report.name, server: report.server, original: report.original, status: report.status, changes: report.changes, reason: report.reason };
  return Object.defineProperties(copy, {
    tokens: { enumerable: true, get: () => report.tokens },
    deferred: { value: true, enumerable: true },
  }) as ProviderToolReport;
}

/** The selection's list for a request that loads tools on demand. */
export function onDemandTools(input: OnDemandInput): ProviderTools {
  const { list } = input;
  const provider = list.provider;
  const entries = sentEntries(list);
  if (entries.length === 0) return list;
  const sentNames = new Set(entries.map((entry) => entry.report.name));
  if (provider === 'anthropic') return anthropic(input, entries, namesToLoad(sentNames, input.pinned, input.loaded, null));
  if (provider === 'openai-responses') return openaiResponses(input, entries, namesToLoad(sentNames, input.pinned, input.loaded, null));
  // The limit leaves room for find_tools itself.
  const room = list.maxTools === null ? null : Math.max(0, list.maxTools - 1);
  return withFindTools(input, entries, namesToLoad(sentNames, input.pinned, input.loaded, room));
}

function reportWith(list: ProviderTools, keep: ReadonlySet<string>): { report: ProviderToolReport[]; deferred: number } {
  let deferred = 0;
  const report = list.report.map((entry) => {
    if ((entry.status !== 'ok' && entry.status !== 'adapted') || keep.has(entry.name)) return entry;
    deferred++;
    return held(entry);
  });
  return { report, deferred };
}

function anthropic(input: OnDemandInput, entries: readonly Entry[], keep: ReadonlySet<string>): ProviderTools {
  // A custom tool the client answers; never deferred itself (it is what loads the others).
  const find = findToolsFor('anthropic', input, entries, keep);
  const tools: unknown[] = [find];
  const costs = [definitionTokens('anthropic', find)];
  for (const { report, definition } of entries) {
    if (keep.has(report.name)) {
      tools.push(definition);
      costs.push(report.tokens ?? 0);
    } else {
      tools.push({ ...(definition as Record<string, unknown>), defer_loading: true });
    }
  }
  const { report, deferred } = reportWith(input.list, keep);
  return { provider: 'anthropic', maxTools: input.list.maxTools, tools, report, tokens: listTokens('anthropic', costs), deferred };
}

/** A namespace name for each server: its label as a valid name, unique among namespaces and tools. */
function namespaceNames(uuids: readonly string[], servers: ReadonlyMap<string, string>, taken: Set<string>): Map<string, string> {
  const names = new Map<string, string>();
  for (const uuid of uuids) {
    const base = sanitizeToolName(servers.get(uuid) ?? 'server').slice(0, 60);
    let name = base;
    for (let n = 1; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    names.set(uuid, name);
  }
  return names;
}

/** A namespace's description; the label without hidden characters (they never reach a model). */
function namespaceDescription(label: string, members: readonly Entry[]): string {
  const text = `Tools of the MCP server "${stripHidden(label)}" (${members.length}): ${members.map((entry) => entry.report.name).join(', ')}.`;
  return text.length <= MAX_NAMESPACE_DESCRIPTION ? text : `${text.slice(0, MAX_NAMESPACE_DESCRIPTION - 1)}…`;
}

function openaiResponses(input: OnDemandInput, entries: readonly Entry[], keep: ReadonlySet<string>): ProviderTools {
  const byServer = new Map<string, Entry[]>();
  for (const entry of entries) {
    const group = byServer.get(entry.report.server);
    if (group) group.push(entry);
    else byServer.set(entry.report.server, [entry]);
  }
  const grouped = [...byServer].filter(([, members]) => members.length > 1).map(([uuid]) => uuid);
  const names = namespaceNames(grouped, input.servers, new Set(entries.map((entry) => entry.report.name)));
  const tools: unknown[] = [];
  const costs: number[] = [];
  const member = ({ report, definition }: Entry): unknown => {
    if (keep.has(report.name)) {
      costs.push(report.tokens ?? 0);
      return definition;
    }
    // OpenAI shows a deferred function's name and description up front; its parameters wait.
    const fn = definition as { name: string; description?: string };
    if (!grouped.includes(report.server)) costs.push(nameAndDescriptionTokens(fn.name, fn.description ?? ''));
    return { ...(definition as Record<string, unknown>), defer_loading: true };
  };
  for (const [uuid, members] of byServer) {
    const name = names.get(uuid);
    if (name === undefined) {
      tools.push(member(members[0]!));
      continue;
    }
    const description = namespaceDescription(input.servers.get(uuid) ?? uuid, members);
    costs.push(nameAndDescriptionTokens(name, description));
    tools.push({ type: 'namespace', name, description, tools: members.map(member) });
  }
  // The model is shown the search as a function (its description and parameters): counted as one.
  const find = findToolsFor('openai-responses', input, entries, keep) as { description: string; parameters: unknown };
  tools.push(openaiToolSearch(find));
  costs.push(definitionTokens('openai-responses', find));
  const { report, deferred } = reportWith(input.list, keep);
  return { provider: 'openai-responses', maxTools: input.list.maxTools, tools, report, tokens: listTokens('openai-responses', costs), deferred };
}

/** `{ type: "tool_search", execution: "client" }` described and shaped as find_tools, whose answer it gets. */
export function openaiToolSearch(find: { description: string; parameters: unknown }): OpenAiClientToolSearch {
  return { type: 'tool_search', execution: 'client', description: find.description, parameters: find.parameters };
}

/** find_tools adapted for `provider`: how many tools wait, on which servers. */
function findToolsFor(provider: ProviderId, input: OnDemandInput, entries: readonly Entry[], keep: ReadonlySet<string>): unknown {
  const labels = [...new Set(entries.filter((entry) => !keep.has(entry.report.name)).map((entry) => input.servers.get(entry.report.server) ?? entry.report.server))];
  return adaptTool(provider, findToolsSource(entries.length - keep.size, labels)).definition;
}

function withFindTools(input: OnDemandInput, entries: readonly Entry[], keep: ReadonlySet<string>): ProviderTools {
  const provider: ProviderId = input.list.provider;
  const find = findToolsFor(provider, input, entries, keep);
  const tools: unknown[] = [find];
  const costs = [definitionTokens(provider, find)];
  for (const { report, definition } of entries) {
    if (!keep.has(report.name)) continue;
    tools.push(definition);
    costs.push(report.tokens ?? 0);
  }
  const { report, deferred } = reportWith(input.list, keep);
  return { provider, maxTools: PROVIDER_LIMITS[provider].maxTools, tools, report, tokens: listTokens(provider, costs), deferred };
}
