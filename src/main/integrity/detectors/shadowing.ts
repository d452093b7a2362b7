// Shadowing: one server's text naming another configured server's tool, or the server itself
// (traits/out.ts judges whether the sentence orders something about it).
// Tool names count when they read as names (snake_case, kebab-case, camelCase, dotted); a plain
// word such as "search" counts only quoted and called a tool ("the `search` tool"; a quoted
// 'query' is as often a parameter), and a server's label only called a server ("the Gmail
// server", "`gmail` MCP"): "fetch" and "memory" are words before they are names. The text's words are looked up in a table made once per set of servers
// (or per context object without one), so a context of thousands of tools costs one pass over the text.
import type { Mention } from './traits/data.js';

/** Every configured server, and which of them is scanned: `others` is `servers` without it. */
export interface ServerSet {
  servers: ReadonlyArray<{ label: string; tools: readonly string[] }>;
  /** The scanned server's place in `servers`; -1 when it is not one of them. */
  index: number;
}

export interface OtherServers {
  others: ReadonlyArray<{ label: string; tools: readonly string[] }>;
  /** The set `others` was taken from: one table serves every server of it (see `tableOf`). */
  set?: ServerSet;
}

interface Names {
  /** lower-case name → the last tool of that name (its place among all the servers' tools, see `toolAt`), for names that read as names anywhere. */
  nameLike: Map<string, number>;
  /** lower-case word → the last tool of that name, for plain tool names (quoted and called a tool). */
  plain: Map<string, number>;
  /** Per tool: the one before it of the same name in the same map, or -1: how a name of the scanned server is passed over (a set's table only; empty in a context's own, whose `skip` is -1). */
  earlier: Int32Array;
  /** Per tool: the server it belongs to. */
  serverAt: Int32Array;
  /** lower-case label → the last server of that label (called a server). */
  labels: Map<string, number>;
  /** Per server: the one before it with the same label, or -1 (a set's table only). */
  earlierLabel: Int32Array;
  /** Labels of several words, lower-case, with what they are and whose they are. */
  phrases: Array<[string, string, number]>;
  /**
   * The hashes (FNV-1a of the lower-case name), two bits per slot side by side (one read, small
   * enough to stay in cache): LIKE for the names that count anywhere and the labels, PLAIN for the
   * plain names, which count only quoted or after a label and a dot. A word whose bits are not set names nothing.
   */
  hashes: Uint32Array;
  /** The phrases by their first word, the rest of each in a trie (their indices in `phrases`): a phrase is found only where its first word is. */
  phraseStarts: Map<string, PhraseNode>;
  /** Where each server's tools start among all the servers' tools, its trimmed label, its tools. */
  starts: number[];
  labelOf: string[];
  toolsOf: Array<readonly string[]>;
  /** The scanned server (its names are not the others'), or -1: the table is shared by a set, `skip` is per context. */
  skip: number;
}

/** A server's tool names as the table needs them, made once per list of names (shared by every context that holds it). */
interface ToolNames {
  /** Lower case; '' for a name too short to count. */
  lower: string[];
  nameLike: boolean[];
  hashes: Int32Array;
}

const toolNames = new WeakMap<readonly string[], ToolNames>();

/** A trie of what follows a phrase's first word, character by character; `ends`: the phrases that end here. */
interface PhraseNode {
  next: Map<number, PhraseNode>;
  ends: number[];
}

/** The reader's words of a text (`word-spans.ts`): start, end (-end - 1 unless all [a-z0-9_]) and hash of each, `length` numbers in all. */
export interface ReadWords {
  readonly data: Int32Array;
  readonly length: number;
}

/** The table of each set of servers, by its `servers` (it goes with the set). */
const tables = new WeakMap<ServerSet['servers'], Names>();
/** What each context looks names up in: its set's table passing over its own server, or a table of its `others` alone. */
const views = new WeakMap<OtherServers, Names>();
const NAME_LIKE = /[_.-]|[a-z][A-Z]/;
const CALLED_TOOL = /^\s*(?:tool|function)\b/i;
const TOOL_BEFORE = /\btool\s+(?:named\s+|called\s+)?$/i;
const CALLED_SERVER = /^(?:'s)?\s*(?:mcp\b|(?:mcp\s+)?(?:server|tools|integration|plugin|connector)\b)/i;
const QUOTES = '`\'"“”‘’';
const OFFSET = 0x811c9dc5 | 0;
const PRIME = 0x01000193;
const HASH_BITS = 18;
const HASH_MASK = (1 << HASH_BITS) - 1;
/** What each ASCII character is to a name: 1 a character that starts one and may end one ([A-Za-z0-9_]), 2 '-' and 3 '.' (inside only). */
const NAME_CHAR = new Uint8Array(128);
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_') NAME_CHAR[char.charCodeAt(0)] = 1;
NAME_CHAR[0x2d] = 2;
NAME_CHAR[0x2e] = 3;

const LIKE = 1;
const PLAIN = 2;
const setKind = (bits: Uint32Array, slot: number, kind: number): void => void (bits[slot >>> 4] = bits[slot >>> 4]! | (kind << ((slot & 15) * 2)));
/** The kinds (LIKE, PLAIN) of the names whose hashes fall in `slot`. */
const kindsAt = (bits: Uint32Array, slot: number): number => (bits[slot >>> 4]! >>> ((slot & 15) * 2)) & 3;
/** Each hash marks two slots (its low bits and its high bits): a word is a candidate only if both hold the kind, one in some two hundred by chance rather than one in thirteen. */
const setKinds = (bits: Uint32Array, hash: number, kind: number): void => {
  setKind(bits, hash & HASH_MASK, kind);
  setKind(bits, (hash >>> (32 - HASH_BITS)) & HASH_MASK, kind);
};
export const kindsOf = (bits: Uint32Array, hash: number): number => kindsAt(bits, hash & HASH_MASK) & kindsAt(bits, (hash >>> (32 - HASH_BITS)) & HASH_MASK);

/** The hash of [from, to) of `text`, lower case. */
function tailHash(text: string, from: number, to: number): number {
  let hash = OFFSET;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    hash = Math.imul(hash ^ (code >= 0x41 && code <= 0x5a ? code + 32 : code), PRIME);
  }
  return hash;
}

function hashOf(name: string): number {
  let hash = OFFSET;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), PRIME);
  return hash;
}

function toolNamesOf(tools: readonly string[]): ToolNames {
  let known = toolNames.get(tools);
  if (known === undefined) {
    const lower = tools.map((tool) => (tool.length < 3 ? '' : tool.toLowerCase()));
    known = { lower, nameLike: tools.map((tool) => NAME_LIKE.test(tool)), hashes: Int32Array.from(lower, hashOf) };
    toolNames.set(tools, known);
  }
  return known;
}

/**
 * The table of `context`: made once per set of servers (every server's names, each knowing whose
 * it is; the scanned one passed over at lookup), else once per context from its `others`.
 */
function tableOf(context: OtherServers): Names {
  const known = views.get(context);
  if (known !== undefined) return known;
  const set = context.set;
  let names: Names;
  // A set whose size does not fit `others` (made by hand, not by ScanContexts) is not used: `others` is the contract.
  if (set === undefined || set.index < -1 || set.index >= set.servers.length || set.servers.length !== context.others.length + (set.index === -1 ? 0 : 1)) {
    names = namesOf(context.others, false);
  } else {
    const table = tables.get(set.servers) ?? namesOf(set.servers, true);
    tables.set(set.servers, table);
    names = set.index === -1 ? table : { ...table, skip: set.index };
  }
  views.set(context, names);
  return names;
}

/** The table of `servers`' names; `shared`: by the contexts of a set, each passing over its own server (which needs the chains `earlier`, `earlierLabel`). */
function namesOf(servers: OtherServers['others'], shared: boolean): Names {
  const count = servers.reduce((sum, server) => sum + server.tools.length, 0);
  const names: Names = {
    nameLike: new Map(),
    plain: new Map(),
    earlier: new Int32Array(shared ? count : 0),
    serverAt: new Int32Array(count),
    labels: new Map(),
    earlierLabel: new Int32Array(shared ? servers.length : 0),
    phrases: [],
    hashes: new Uint32Array(1 << (HASH_BITS - 4)),
    phraseStarts: new Map(),
    starts: [],
    labelOf: [],
    toolsOf: [],
    skip: -1,
  };
  let offset = 0;
  servers.forEach((server, serverIndex) => {
    const label = server.label.trim();
    const tools = toolNamesOf(server.tools);
    names.starts.push(offset);
    names.labelOf.push(label);
    names.toolsOf.push(server.tools);
    names.serverAt.fill(serverIndex, offset, offset + tools.lower.length);
    for (let index = 0; index < tools.lower.length; index++) {
      const lower = tools.lower[index]!;
      if (lower === '') continue;
      const map = tools.nameLike[index] ? names.nameLike : names.plain;
      if (shared) names.earlier[offset + index] = map.get(lower) ?? -1;
      map.set(lower, offset + index);
      setKinds(names.hashes, tools.hashes[index]!, tools.nameLike[index] ? LIKE : PLAIN);
    }
    offset += tools.lower.length;
    if (shared) names.earlierLabel[serverIndex] = -1;
    if (label.length < 3) return;
    const lower = label.toLowerCase();
    if (/\s/.test(label)) names.phrases.push([lower, `the server "${label}"`, serverIndex]);
    else {
      if (shared) names.earlierLabel[serverIndex] = names.labels.get(lower) ?? -1;
      names.labels.set(lower, serverIndex);
    }
  });
  for (const name of names.labels.keys()) setKinds(names.hashes, hashOf(name), LIKE);
  names.phrases.forEach(([phrase], index) => {
    const first = phrase.split(/\s/, 1)[0]!;
    let node: PhraseNode = names.phraseStarts.get(first) ?? { next: new Map(), ends: [] };
    names.phraseStarts.set(first, node);
    for (let at = first.length; at < phrase.length; at++) {
      const code = phrase.charCodeAt(at);
      const next: PhraseNode = node.next.get(code) ?? { next: new Map(), ends: [] };
      node.next.set(code, next);
      node = next;
    }
    node.ends.push(index);
  });
  return names;
}

/** The last tool named `lower` in `map` that is not the scanned server's. */
function toolNamed(names: Names, map: Map<string, number>, lower: string): number | undefined {
  let at = map.get(lower);
  while (at !== undefined && names.serverAt[at] === names.skip) at = names.earlier[at] === -1 ? undefined : names.earlier[at];
  return at;
}

/** The last server labelled `lower` that is not the scanned one. */
function labelled(names: Names, lower: string): number | undefined {
  let server = names.labels.get(lower);
  while (server !== undefined && server === names.skip) server = names.earlierLabel[server] === -1 ? undefined : names.earlierLabel[server];
  return server;
}

/** The hash bits of the names `context` looks for (two per name, see `kindsOf`): what the reader's spans are readied with. */
export function nameBits(context: OtherServers): Uint32Array {
  return tableOf(context).hashes;
}

/** What the tool at `at` (its place among all the others' tools) is, in words. */
function toolAt(names: Names, at: number): string {
  const server = names.serverAt[at]!;
  return `the tool "${names.toolsOf[server]![at - names.starts[server]!]}" of "${names.labelOf[server]}"`;
}

function quoted(text: string, start: number, end: number): boolean {
  return start > 0 && QUOTES.includes(text[start - 1]!) && end < text.length && QUOTES.includes(text[end]!);
}

/** Whether the plain word at [start, end) of `text` is a tool: quoted, and called one. */
function calledTool(text: string, start: number, end: number): boolean {
  if (!quoted(text, start, end)) return false;
  return CALLED_TOOL.test(text.slice(end + 1, end + 16)) || TOOL_BEFORE.test(text.slice(Math.max(0, start - 20), start - 1));
}

/** Whether the label at [start, end) of `text` is called a server (quoted or not). */
function calledServer(text: string, start: number, end: number): boolean {
  return CALLED_SERVER.test(text.slice(quoted(text, start, end) ? end + 1 : end, end + 30));
}

/** What the name [start, end) of `text` is, if it is one of the other servers' (`dot`: its last '.', or -1). */
function nameAt(text: string, start: number, end: number, dot: number, names: Names, own: ReadonlySet<string>, self: string | undefined): string | undefined {
  const lower = text.slice(start, end).toLowerCase();
  if (own.has(lower) || lower === self) return undefined;
  // "github.create_issue": a server's label and its tool, joined by a dot.
  const at = dot - start;
  const tool =
    toolNamed(names, names.nameLike, lower) ??
    (dot !== -1 ? (toolNamed(names, names.nameLike, lower.slice(at + 1)) ?? (labelled(names, lower.slice(0, at)) !== undefined ? toolNamed(names, names.plain, lower.slice(at + 1)) : undefined)) : undefined) ??
    plainTool(text, start, end, names, lower);
  if (tool !== undefined) return toolAt(names, tool);
  const server = labelled(names, lower);
  return server !== undefined && calledServer(text, start, end) ? `the server "${names.labelOf[server]}"` : undefined;
}

/** The plain tool [start, end) of `text` names (`lower`), if it is quoted and called a tool. */
function plainTool(text: string, start: number, end: number, names: Names, lower: string): number | undefined {
  const tool = toolNamed(names, names.plain, lower);
  return tool !== undefined && calledTool(text, start, end) ? tool : undefined;
}

/**
 * What `text` (folded) names of the other servers (at most six mentions, then labels of several
 * words), with where. Names are runs of [A-Za-z0-9_.-] starting with no '.' or '-' and ending with
 * none, hashed as they are walked: only a word whose hash (or its part after its last '.') is a
 * name's is cut out and looked up. `spans`: the reader's words of `text`, its lower-case text (words.ts, `readWords`),
 * when it recorded them for this text: a word of [a-z0-9_] alone between characters no name holds is a name-shaped
 * run already hashed, and only the rest of the text is walked.
 */
export function otherToolMentions(text: string, context: OtherServers | undefined, own: ReadonlySet<string>, self?: string, spans?: ReadWords): Mention[] {
  if (context === undefined || context.others.length === 0) return [];
  const names = tableOf(context);
  const hits: Mention[] = [];
  if (spans === undefined) walkNames(text, 0, text.length, names, own, self, hits);
  else {
    const words = spans.data;
    // Where the walk has reached: a character no name holds, or the end.
    let reached = 0;
    for (let w = 0; w < spans.length && hits.length < 6; w += 3) {
      const start = words[w]!;
      const ascii = words[w + 1]! >= 0;
      const end = ascii ? words[w + 1]! : -words[w + 1]! - 1;
      if (end <= reached) continue;
      if (ascii && start >= reached && (start === 0 || !inName(text.charCodeAt(start - 1))) && (end === text.length || !inName(text.charCodeAt(end)))) {
        nameMention(text, start, end, words[w + 2]!, -1, names, own, self, hits);
        reached = end;
        continue;
      }
      // The names around a word of other characters, from the start of the one that holds its first (or where the walk is).
      let from = Math.max(start, reached);
      while (from > reached && inName(text.charCodeAt(from - 1))) from--;
      reached = walkNames(text, from, end, names, own, self, hits);
    }
  }
  // The reader's text is lower case already (lower-casing twice changes nothing).
  if (hits.length < 6 && names.phrases.length > 0) phraseMentions(text, spans === undefined ? text.toLowerCase() : text, names, own, self, hits);
  return hits;
}

/** Whether a character can be part of a name. */
const inName = (code: number): boolean => code < 0x80 && NAME_CHAR[code] !== 0;

/** The mentions of the names from `from` on, until a name ends at or after `until` (or six mentions); where the walk stopped. */
function walkNames(text: string, from: number, until: number, names: Names, own: ReadonlySet<string>, self: string | undefined, hits: Mention[]): number {
  const length = text.length;
  let i = from;
  while (i < length && hits.length < 6) {
    if (i >= until) return i;
    let code = text.charCodeAt(i);
    if (code >= 0x80 || NAME_CHAR[code] !== 1) {
      i++;
      continue;
    }
    const start = i;
    let hash = OFFSET;
    let dot = -1;
    // The name without its trailing '.' and '-': its end, hash, and last '.'.
    let end = i;
    let endHash = 0;
    let endDot = -1;
    for (; i < length; i++) {
      code = text.charCodeAt(i);
      const kind = code < 0x80 ? NAME_CHAR[code]! : 0;
      if (kind === 0) break;
      hash = Math.imul(hash ^ (code >= 0x41 && code <= 0x5a ? code + 32 : code), PRIME);
      if (kind === 1) {
        end = i + 1;
        endHash = hash;
        endDot = dot;
      } else if (kind === 3) dot = i;
    }
    nameMention(text, start, end, endHash, endDot, names, own, self, hits);
  }
  return i;
}

/** The name [start, end) of `text` (its hash, its last '.'), as a mention if it is another server's. */
function nameMention(text: string, start: number, end: number, hash: number, dot: number, names: Names, own: ReadonlySet<string>, self: string | undefined, hits: Mention[]): void {
  // A plain name counts only quoted (or after a label and a dot).
  const kinds = kindsOf(names.hashes, hash);
  if ((kinds & LIKE) === 0 && !((kinds & PLAIN) !== 0 && quoted(text, start, end))) {
    if (dot === -1 || kindsOf(names.hashes, tailHash(text, dot + 1, end)) === 0) return;
  }
  const what = nameAt(text, start, end, dot, names, own, self);
  if (what !== undefined) hits.push({ what, at: start, end });
}

/** Labels of several words, each at its first place in `text` (lower-cased), in the order of the context: looked for where their first word is. */
function phraseMentions(text: string, lower: string, names: Names, own: ReadonlySet<string>, self: string | undefined, hits: Mention[]): void {
  let first: number[] | undefined;
  for (const [word, root] of names.phraseStarts) {
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
      let node: PhraseNode | undefined = root;
      for (let next = at + word.length; node !== undefined && next < lower.length; next++) {
        node = node.next.get(lower.charCodeAt(next));
        if (node === undefined) break;
        for (const index of node.ends) {
          first ??= new Array<number>(names.phrases.length).fill(-1);
          if (first[index] === -1) first[index] = at;
        }
      }
    }
  }
  if (first === undefined) return;
  names.phrases.forEach(([phrase, what, server], index) => {
    const at = first[index]!;
    if (at !== -1 && server !== names.skip && !own.has(phrase) && phrase !== self && calledServer(text, at, at + phrase.length)) hits.push({ what, at, end: at + phrase.length });
  });
}
