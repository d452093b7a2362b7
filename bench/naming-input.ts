// Deterministic tool lists for the naming benchmark: what many real MCP servers look like at
// once. A share of every server's tools comes from a common pool (search, read_file, …) so
// names collide across servers; the rest carry the server's own prefix and stay unique.
import type { ServerTools } from '../src/main/naming.js';
import { seededRandom } from './stats.js';

export interface InputSpec {
  servers: number;
  toolsPerServer: number;
  /** Share of each server's tools drawn from the common pool. */
  sharedFraction: number;
  seed: number;
}

/** Built-in tool names of the app, never given to an MCP tool (two collide with the pool). */
export const RESERVED = ['web_search', 'fetch', 'generate_image', 'code_interpreter', 'memory'];

// The head of the pool: names that real servers really do share, plus genuine `_N` names that
// must not be shadowed by suffixes.
const COMMON = [
  'search', 'fetch', 'read_file', 'write_file', 'list_files', 'list_directory', 'get_file',
  'create_issue', 'get_issue', 'list_issues', 'query', 'execute', 'run', 'get', 'list', 'create',
  'update', 'delete', 'search_1', 'fetch_2', 'browser_navigate', 'screenshot', 'echo', 'ping',
];
const VERBS = [
  'get', 'list', 'create', 'update', 'delete', 'search', 'find', 'read', 'write', 'send',
  'fetch', 'run', 'query', 'add', 'remove', 'open', 'close', 'sync', 'export', 'import',
  'describe', 'watch', 'start', 'stop',
];
const NOUNS = [
  'issue', 'file', 'directory', 'message', 'channel', 'user', 'repo', 'branch', 'commit', 'page',
  'record', 'table', 'row', 'document', 'event', 'calendar', 'task', 'project', 'ticket', 'email',
  'contact', 'invoice', 'order', 'product', 'image', 'video', 'note', 'comment', 'label', 'team',
  'workflow', 'job', 'log', 'metric', 'alert', 'secret', 'bucket', 'object', 'cluster', 'pod',
];
const QUALIFIERS = [
  'by_id', 'by_name', 'details', 'batch', 'async', 'v2', 'all', 'recent', 'raw', 'summary',
  'status', 'history', 'content', 'metadata', 'permissions', 'settings', 'stats', 'preview',
];
const VENDORS = ['acme', 'github', 'slack', 'jira', 'notion', 'linear', 'stripe', 'aws', 'gcp', 'db'];

type Pick = <T>(items: readonly T[]) => T;

/**
 * One tool name from words, in a style drawn from a realistic mix: mostly valid snake_case, some
 * camelCase and kebab-case, some with `/`, `.`, `:` or accents that need sanitizing, and a few
 * longer than 64 characters.
 */
function styledName(prefix: string | null, words: string[], roll: number, pick: Pick): string {
  const join = (sep: string): string => [...(prefix === null ? [] : [prefix]), ...words].join(sep);
  if (roll < 0.7) return join('_');
  if (roll < 0.78) return join('_').replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  if (roll < 0.83) return join('-');
  const rest = words.join('_');
  const head = prefix ?? pick(VENDORS);
  if (roll < 0.89) return `${head}/${rest}`;
  if (roll < 0.94) return `${head}.${rest}`;
  if (roll < 0.97) return `${head}:${rest}`;
  if (roll < 0.98) return `${join('_')}_café`;
  // Long: qualifiers until the name no longer fits, so truncation (and collisions after it) occur.
  let long = join('_');
  while (long.length <= 70) long += `_${pick(QUALIFIERS)}`;
  return long;
}

function hex(random: () => number, digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i++) out += Math.floor(random() * 16).toString(16);
  return out;
}

export function generateServers(spec: InputSpec): ServerTools[] {
  const random = seededRandom(spec.seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)]!;
  const words = (): string[] =>
    random() < 0.3 ? [pick(VERBS), pick(NOUNS), pick(QUALIFIERS)] : [pick(VERBS), pick(NOUNS)];

  // Pool size scales with the server count, so the 2× input keeps the same proportions.
  const pool = new Set<string>(COMMON);
  while (pool.size < spec.servers * 3) pool.add(styledName(null, words(), random(), pick));
  const poolNames = [...pool];

  const shared = Math.round(spec.toolsPerServer * spec.sharedFraction);
  const servers: ServerTools[] = [];
  for (let s = 0; s < spec.servers; s++) {
    const uuid = `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 12)}`;
    const prefix = `${pick(VENDORS)}${s}`;
    const tools = new Set<string>();
    // Skewed towards the head of the pool (u² puts more mass on low indexes): a few names
    // collide across hundreds of servers, most across a handful.
    while (tools.size < shared) tools.add(poolNames[Math.floor(random() ** 2 * poolNames.length)]!);
    while (tools.size < spec.toolsPerServer) tools.add(styledName(prefix, words(), random(), pick));
    servers.push({ uuid, tools: [...tools] });
  }
  // Through JSON and back, as the app gets tool names (JSON-RPC messages, config.json): flat
  // strings. Built by concatenation, most of them would be V8 ropes, which every char-by-char
  // check walks through an indirection that real input never has.
  return JSON.parse(JSON.stringify(servers)) as ServerTools[];
}
