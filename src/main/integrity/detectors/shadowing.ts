// Shadowing: one server's text naming another configured server's tool, or the server itself.
// Tool names count when they read as names (snake_case, kebab-case, camelCase, dotted); a plain
// word such as "search" counts only quoted and called a tool ("the `search` tool"; a quoted
// 'query' is as often a parameter), and a server's label only called a server ("the Gmail
// server", "`gmail` MCP"): "fetch" and "memory" are words before they are names. The text's words are looked up in a table made once per context object, so a context
// of thousands of tools costs one pass over the text.
import { MODAL } from './instructions.js';
import type { Signal } from './signal.js';

export interface OtherServers {
  others: ReadonlyArray<{ label: string; tools: readonly string[] }>;
}

interface Names {
  /** lower-case name → what it is, for names that read as names anywhere. */
  nameLike: Map<string, string>;
  /** lower-case word → what it is, for plain tool names (quoted and called a tool). */
  plain: Map<string, string>;
  /** lower-case label → what it is (called a server). */
  labels: Map<string, string>;
  /** Labels of several words, lower-case, with what they are. */
  phrases: Array<[string, string]>;
}

const tables = new WeakMap<OtherServers, Names>();
const NAME_LIKE = /[_.-]|[a-z][A-Z]/;
const TOKEN = /[A-Za-z0-9_][A-Za-z0-9_.-]*/g;
const CALLED_TOOL = /^\s*(?:tool|function)\b/i;
const TOOL_BEFORE = /\btool\s+(?:named\s+|called\s+)?$/i;
const CALLED_SERVER = /^(?:'s)?\s*(?:mcp\b|(?:mcp\s+)?(?:server|tools|integration|plugin|connector)\b)/i;
const QUOTES = '`\'"“”‘’';

function tableOf(context: OtherServers): Names {
  const known = tables.get(context);
  if (known !== undefined) return known;
  const names: Names = { nameLike: new Map(), plain: new Map(), labels: new Map(), phrases: [] };
  for (const server of context.others) {
    const label = server.label.trim();
    for (const tool of server.tools) {
      if (tool.length < 3) continue;
      const what = `the tool "${tool}" of "${label}"`;
      (NAME_LIKE.test(tool) ? names.nameLike : names.plain).set(tool.toLowerCase(), what);
    }
    if (label.length < 3) continue;
    if (/\s/.test(label)) names.phrases.push([label.toLowerCase(), `the server "${label}"`]);
    else names.labels.set(label.toLowerCase(), `the server "${label}"`);
  }
  tables.set(context, names);
  return names;
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

function sentenceAt(text: string, start: number, end: number): string {
  const from = Math.max(0, text.lastIndexOf('. ', start) + 1, text.lastIndexOf('\n', start) + 1);
  const stop = [text.indexOf('. ', end), text.indexOf('\n', end)].filter((index) => index !== -1);
  return text.slice(from, stop.length === 0 ? text.length : Math.min(...stop) + 1).trim();
}

/**
 * What `text` (folded) names of the other servers, as `other-tool` signals (at most three), each
 * with a `modal` signal when its sentence gives an order ("always", "instead", "must").
 */
export function otherToolSignals(text: string, context: OtherServers | undefined, own: ReadonlySet<string>): Signal[] {
  if (context === undefined || context.others.length === 0) return [];
  const names = tableOf(context);
  const hits: Array<{ what: string; start: number; end: number }> = [];
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0].replace(/[.-]+$/, '');
    const lower = word.toLowerCase();
    if (own.has(lower)) continue;
    const start = match.index;
    const end = start + word.length;
    const what =
      names.nameLike.get(lower) ??
      (names.plain.has(lower) && calledTool(text, start, end) ? names.plain.get(lower) : undefined) ??
      (names.labels.has(lower) && calledServer(text, start, end) ? names.labels.get(lower) : undefined);
    if (what !== undefined) hits.push({ what, start, end });
    if (hits.length === 3) break;
  }
  if (hits.length < 3 && names.phrases.length > 0) {
    const lower = text.toLowerCase();
    for (const [phrase, what] of names.phrases) {
      const at = lower.indexOf(phrase);
      if (at !== -1 && !own.has(phrase) && calledServer(text, at, at + phrase.length)) hits.push({ what, start: at, end: at + phrase.length });
    }
  }
  const signals: Signal[] = [];
  for (const { what, start, end } of hits.slice(0, 3)) {
    const sentence = sentenceAt(text, start, end);
    const excerpt = `names ${what}: ${sentence.slice(0, 160)}${sentence.length > 160 ? '…' : ''}`;
    signals.push({ name: 'other-tool', excerpt });
    // An order about it in the same sentence makes it shadowing.
    if (MODAL.test(sentence)) signals.push({ name: 'modal', excerpt });
  }
  return signals;
}
