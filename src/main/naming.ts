// The tool-naming core (docs/design.md §2): pure, no I/O, no Electron.
//
// Every MCP tool reaches a model under an "exposed" name that every major function-calling API
// accepts, that never changes once given, and that maps back to exactly one (server, original).

import type { RenameReason } from '../types/mcp.js';
import { transliterateName } from './naming/transliterate.js';

/** OpenAI ∩ Anthropic ∩ Gemini ∩ DeepSeek ∩ Mistral ∩ Bedrock function names. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
export const MAX_TOOL_NAME_LENGTH = 64;

export type { RenameReason };

export interface ServerTools {
  uuid: string;
  /** Original names as the server lists them. */
  tools: readonly string[];
  /** Persisted: original → exposed. */
  mappings?: Readonly<Record<string, string>>;
  /** Persisted: originals whose exposed name is a user's alias (rule 5), not the rules' name. */
  aliases?: readonly string[];
}

export interface NameAssignment {
  uuid: string;
  original: string;
  exposed: string;
  /** Empty when the original is exposed as is. */
  reasons: RenameReason[];
}

export interface AssignOptions {
  /** Names of the app's built-in tools: never given to an MCP tool. */
  reserved?: Iterable<string>;
}

const NUMBERED = /^(.*)_([1-9][0-9]*)$/s;

export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && isValidName(name);
}

/**
 * TOOL_NAME_PATTERN as a char-code loop: the check runs once or twice per tool, and the loop is
 * faster than the regex there (a property test holds the two equal).
 */
function isValidName(name: string): boolean {
  const length = name.length;
  if (length === 0 || length > MAX_TOOL_NAME_LENGTH) return false;
  for (let i = 0; i < length; i++) {
    const c = name.charCodeAt(i);
    const folded = c | 0x20; // A–Z onto a–z; nothing else lands in a–z
    if ((folded >= 97 && folded <= 122) || c === 95) continue; // letters, _
    if (i > 0 && ((c >= 48 && c <= 57) || c === 45)) continue; // digits, - (not first)
    return false;
  }
  return true;
}

/** Adds `name` to `taken`; false when it was there already. One hash lookup, not two. */
function claim(taken: Set<string>, name: string): boolean {
  const before = taken.size;
  taken.add(name);
  return taken.size !== before;
}

/** FNV-1a over UTF-16 code units: short, stable across machines and versions, no crypto. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** How the non-ASCII characters of a name are turned into ASCII before the character step. */
export type AsciiFold = (text: string) => string;

/** Rule 2 without the length cut: what the name becomes before truncation. */
function sanitizeFull(original: string): string {
  return sanitizeWith(original, transliterateName);
}

/**
 * Rule 2 with a given fold, so that the upgrade migration can still tell which names the rules
 * of earlier versions gave (they folded with NFKD only). Most names that need cleaning are ASCII
 * (`unity/health`), and folding is most of the cost of sanitizing, so the fold only runs once a
 * non-ASCII character turns up.
 */
export function sanitizeWith(original: string, fold: AsciiFold): string {
  if (isValidName(original)) return original;
  const name = replaceInvalid(original, true) ?? replaceInvalid(fold(original), false)!;
  if (name === '') return `tool_${shortHash(original)}`;
  const first = name.charCodeAt(0);
  const first20 = first | 0x20;
  return (first20 >= 97 && first20 <= 122) || first === 95 ? name : `_${name}`;
}

/**
 * Rule 2's character step, as a char-code loop (it runs for every renamed tool, and costs half
 * what the regex replace did): each code point outside [a-zA-Z0-9_-] becomes one `_`. Returns ''
 * when no letter or digit is left, and null at the first non-ASCII character if `asciiOnly`.
 */
function replaceInvalid(text: string, asciiOnly: boolean): string | null {
  let name = '';
  let from = 0;
  let letterOrDigit = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const c20 = c | 0x20; // A–Z onto a–z; nothing else lands in a–z
    if ((c20 >= 97 && c20 <= 122) || (c >= 48 && c <= 57)) {
      letterOrDigit = true;
      continue;
    }
    if (c === 95 || c === 45) continue;
    if (c > 127 && asciiOnly) return null;
    name += `${text.slice(from, i)}_`;
    if (isSurrogatePair(text, i)) i++;
    from = i + 1;
  }
  if (!letterOrDigit) return '';
  return from === 0 ? text : name + text.slice(from);
}

function isSurrogatePair(text: string, i: number): boolean {
  const high = text.charCodeAt(i);
  const low = text.charCodeAt(i + 1); // NaN past the end
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/**
 * Rules 2–3: a valid name for `original`, without collision handling. Valid names come back
 * untouched; anything else is folded to ASCII, cleaned, and cut to 64 characters.
 */
export function sanitizeToolName(original: string): string {
  return sanitizeFull(original).slice(0, MAX_TOOL_NAME_LENGTH);
}

/** `base` with `_n` appended, the base cut so that the whole fits; the suffix is never cut. */
export function numberedName(base: string, n: number): string {
  const suffix = `_${n}`;
  const room = MAX_TOOL_NAME_LENGTH - suffix.length;
  return (base.length > room ? base.slice(0, room) : base) + suffix;
}

/**
 * Why `exposed` differs from `original`. Whether a name is a user's alias is persisted (the
 * server's `aliases`), because the rules change between versions: `alias` says so. The rest is
 * derived from the names, so reasons need no other storage.
 */
export function explainName(original: string, exposed: string, alias = false): RenameReason[] {
  if (exposed === original) return [];
  if (alias) return ['alias'];
  return ruleReasons(original, exposed, transliterateName) ?? earlierRuleReasons(original, exposed);
}

/**
 * The reasons rules 2–4 (folding with `fold`) give for `exposed`, or null when they never give
 * `original` that name.
 */
export function ruleReasons(original: string, exposed: string, fold: AsciiFold): RenameReason[] | null {
  if (exposed === original) return [];
  const full = sanitizeWith(original, fold);
  const base = full.slice(0, MAX_TOOL_NAME_LENGTH);
  const sanitized = full !== original;
  if (exposed === base) return reasonList(sanitized, base.length < full.length, false);
  const numbered = NUMBERED.exec(exposed);
  if (numbered && numberedName(base, Number(numbered[2])) === exposed) {
    return reasonList(sanitized, numbered[1]!.length < full.length, true);
  }
  return null;
}

/**
 * A name today's rules do not give and that is not marked as an alias. A valid original is named
 * by the same rules in every version, so only a hand edit gives it another name: the user's
 * choice. An invalid one was sanitized by an earlier version's rules (`搜索` → `tool_0b6efa3b`):
 * still a sanitized name, numbered if it ends in `_N`, cut if it fills all 64 characters.
 */
function earlierRuleReasons(original: string, exposed: string): RenameReason[] {
  if (isValidName(original)) return ['alias'];
  const numbered = NUMBERED.exec(exposed);
  const collision = numbered !== null && !original.endsWith(`_${numbered[2]}`);
  return reasonList(true, exposed.length === MAX_TOOL_NAME_LENGTH, collision);
}

/**
 * The reasons in their fixed order, as one array literal per combination: a literal of
 * constants shares its elements with V8's boilerplate, where pushing into `[]` would allocate
 * a 17-slot backing store for every renamed tool.
 */
function reasonList(sanitized: boolean, truncated: boolean, collision: boolean): RenameReason[] {
  switch ((sanitized ? 4 : 0) | (truncated ? 2 : 0) | (collision ? 1 : 0)) {
    case 0: return [];
    case 1: return ['collision'];
    case 2: return ['truncated'];
    case 3: return ['truncated', 'collision'];
    case 4: return ['sanitized'];
    case 5: return ['sanitized', 'collision'];
    case 6: return ['sanitized', 'truncated'];
    default: return ['sanitized', 'truncated', 'collision'];
  }
}

/** Own entries of a persisted mapping object, safe for `__proto__`, `constructor` and the like. */
function mappingEntries(mappings: unknown): Array<[string, unknown]> {
  if (mappings === null || typeof mappings !== 'object' || Array.isArray(mappings)) return [];
  return Object.entries(mappings);
}

/**
 * Assigns every tool of every server its exposed name. Pure and deterministic in the order of
 * `servers` (config order). Passes:
 *   1. persisted mappings that are valid, not reserved and not already claimed are kept;
 *      a mapping whose tool the server no longer lists still holds its name (the server may be
 *      offline, the tool may come back) and is returned as well;
 *   2. originals that are valid names take themselves where free, so a genuine `read_file_1`
 *      is never shadowed by a suffix;
 *   3. everything else takes its sanitized name, or the first free `_N`.
 */
export function assignToolNames(
  servers: readonly ServerTools[],
  options: AssignOptions = {},
): NameAssignment[] {
  const taken = new Set<string>(options.reserved ?? []);
  // One result object per tool, created once and filled in by the passes, rather than tables of
  // results per server, which at 100,000 tools cost more in allocation and GC than the naming.
  // An empty `exposed` marks "not named yet" (no valid name is empty).
  const result: NameAssignment[] = [];

  // Pass 1, per server in config order: its tools (each once), then its kept mappings.
  for (const server of servers) {
    const first = result.length;
    // Built from the array in one call, the set is sized once and filled inside the engine;
    // tool lists rarely repeat a name, and only then is the set what is walked.
    const unique = new Set(server.tools);
    const tools = unique.size === server.tools.length ? server.tools : unique;
    for (const original of tools) result.push({ uuid: server.uuid, original, exposed: '', reasons: [] });
    const mappings = mappingEntries(server.mappings);
    if (mappings.length === 0) continue;
    const aliases = Array.isArray(server.aliases) && server.aliases.length > 0 ? new Set(server.aliases) : null;
    const byOriginal = new Map<string, NameAssignment>();
    for (let i = first; i < result.length; i++) byOriginal.set(result[i]!.original, result[i]!);
    for (const [original, exposed] of mappings) {
      if (!isValidToolName(exposed) || !claim(taken, exposed)) continue;
      let entry = byOriginal.get(original);
      if (!entry) {
        entry = { uuid: server.uuid, original, exposed: '', reasons: [] };
        result.push(entry);
      }
      entry.exposed = exposed;
      entry.reasons = explainName(original, exposed, aliases?.has(original) ?? false);
    }
  }

  // Pass 2: valid originals take themselves where free. Those that find their name taken are
  // marked, so pass 3 neither checks them again nor retries a claim that cannot succeed
  // (nothing is released within one call).
  const lostOwnName = new Uint8Array(result.length);
  for (let i = 0; i < result.length; i++) {
    const entry = result[i]!;
    if (entry.exposed !== '' || !isValidName(entry.original)) continue;
    if (claim(taken, entry.original)) entry.exposed = entry.original;
    else lostOwnName[i] = 1;
  }

  // Pass 3: the rest take their sanitized name, or the first free `_N`. Where the last probe for
  // a base stopped is remembered: every `_n` below it is taken, and nothing is released inside
  // one batch, so resuming there still yields the first free suffix.
  const nextSuffix = new Map<string, { n: number }>();
  for (let i = 0; i < result.length; i++) {
    const entry = result[i]!;
    if (entry.exposed !== '') continue;
    const lost = lostOwnName[i] === 1;
    const full = lost ? entry.original : sanitizeFull(entry.original);
    const base = full.length > MAX_TOOL_NAME_LENGTH ? full.slice(0, MAX_TOOL_NAME_LENGTH) : full;
    let exposed = base;
    let kept = base.length; // how much of `full` the exposed name keeps
    if (lost || !claim(taken, base)) {
      let next = nextSuffix.get(base);
      if (next === undefined) nextSuffix.set(base, (next = { n: 1 }));
      let n: number;
      do exposed = numberedName(base, (n = next.n++));
      while (!claim(taken, exposed));
      kept = exposed.length - 1 - String(n).length;
    }
    entry.exposed = exposed;
    // What explainName would derive, from facts at hand rather than a second sanitizing.
    entry.reasons = reasonList(full !== entry.original, kept < full.length, exposed !== base);
  }
  return result;
}

/** Persisted form of one server's assignments: original → exposed, safe for any key. */
export function toMappings(assignments: Iterable<NameAssignment>): Record<string, string> {
  return Object.fromEntries([...assignments].map((a) => [a.original, a.exposed]));
}

/**
 * Rule 5: whether `alias` may become the exposed name of (uuid, original). Returns a message
 * the user can act on, or null when the alias is acceptable. `serverLabel` names the server of
 * a tool that already holds the name ("already the name of read_file on Folder B").
 */
export function checkAlias(
  alias: string,
  target: { uuid: string; original: string },
  assignments: Iterable<NameAssignment>,
  reserved: Iterable<string> = [],
  serverLabel?: (uuid: string) => string | undefined,
): string | null {
  if (!isValidToolName(alias)) return invalidAliasMessage(alias);
  if (new Set(reserved).has(alias)) return `"${alias}" is the name of a built-in tool.`;
  for (const a of assignments) {
    if (a.exposed === alias && (a.uuid !== target.uuid || a.original !== target.original)) {
      const label = serverLabel?.(a.uuid);
      return label === undefined ? `"${alias}" is already the name of tool "${a.original}".` : `"${alias}" is already the name of ${a.original} on ${label}.`;
    }
  }
  return null;
}

/** Why `alias` is not a valid tool name, in the terms of the rule it breaks. */
function invalidAliasMessage(alias: string): string {
  if (alias === '') return 'An alias cannot be empty.';
  const refused = [...new Set(alias.replace(/[a-zA-Z0-9_-]/g, ''))];
  if (refused.length > 0) {
    const shown = refused.slice(0, 5).map(describeCharacter).join(', ');
    return `"${alias}" has characters model APIs refuse (${shown}${refused.length > 5 ? ', …' : ''}): use letters, digits, "_" or "-".`;
  }
  if (!/^[a-zA-Z_]/.test(alias)) return `"${alias}" must start with a letter or "_".`;
  return `"${alias.slice(0, 20)}…" is too long (${alias.length} characters, at most ${MAX_TOOL_NAME_LENGTH}).`;
}

/** A character as a user can recognise it: "!" as is, a space or an invisible one by name. */
function describeCharacter(ch: string): string {
  if (ch === ' ') return 'space';
  if (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch)) return `"${ch}"`;
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
