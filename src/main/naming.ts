// The tool-naming core (DESIGN.md section 2): pure, no I/O, no Electron.
//
// Every MCP tool reaches a model under an "exposed" name that every major function-calling API
// accepts, that never changes once given, and that maps back to exactly one (server, original).

/** OpenAI ∩ Anthropic ∩ Gemini ∩ DeepSeek ∩ Mistral ∩ Bedrock function names. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
export const MAX_TOOL_NAME_LENGTH = 64;

export type RenameReason = 'sanitized' | 'truncated' | 'collision' | 'alias';

export interface ServerTools {
  uuid: string;
  /** Original names as the server lists them. */
  tools: readonly string[];
  /** Persisted: original → exposed. */
  mappings?: Readonly<Record<string, string>>;
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

const INVALID_CHAR = /[^a-zA-Z0-9_-]/gu;
const COMBINING_MARK = /\p{M}/gu;
const HAS_LETTER_OR_DIGIT = /[a-zA-Z0-9]/;
const NUMBERED = /^(.*)_([1-9][0-9]*)$/s;

export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && TOOL_NAME_PATTERN.test(name);
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

/** Rule 2 without the length cut: what the name becomes before truncation. */
function sanitizeFull(original: string): string {
  if (TOOL_NAME_PATTERN.test(original)) return original;
  let name = original.normalize('NFKD').replace(COMBINING_MARK, '').replace(INVALID_CHAR, '_');
  if (!HAS_LETTER_OR_DIGIT.test(name)) return `tool_${shortHash(original)}`;
  if (!/^[a-zA-Z_]/.test(name)) name = `_${name}`;
  return name;
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
  return base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}

/**
 * Why `exposed` differs from `original`, derived from the names alone, so reasons need not be
 * persisted: a name that the rules would not produce is a user's alias.
 */
export function explainName(original: string, exposed: string): RenameReason[] {
  if (exposed === original) return [];
  const full = sanitizeFull(original);
  const base = full.slice(0, MAX_TOOL_NAME_LENGTH);
  const reasons: RenameReason[] = [];
  if (full !== original) reasons.push('sanitized');
  if (exposed === base) {
    if (base.length < full.length) reasons.push('truncated');
    return reasons;
  }
  const numbered = NUMBERED.exec(exposed);
  if (numbered && numberedName(base, Number(numbered[2])) === exposed) {
    if (numbered[1]!.length < full.length) reasons.push('truncated');
    reasons.push('collision');
    return reasons;
  }
  return ['alias'];
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
  // Per server: original → exposed (Map, so any string is a safe key).
  const assigned = servers.map(() => new Map<string, string>());
  const order = servers.map((server) => uniqueOriginals(server));

  servers.forEach((server, i) => {
    const names = assigned[i]!;
    for (const [original, exposed] of mappingEntries(server.mappings)) {
      if (names.has(original) || !isValidToolName(exposed) || taken.has(exposed)) continue;
      names.set(original, exposed);
      taken.add(exposed);
    }
    for (const original of names.keys()) order[i]!.add(original);
  });

  order.forEach((originals, i) => {
    const names = assigned[i]!;
    for (const original of originals) {
      if (names.has(original) || !TOOL_NAME_PATTERN.test(original) || taken.has(original)) continue;
      names.set(original, original);
      taken.add(original);
    }
  });

  // Where the last probe for a base stopped: every `_n` below it is taken, and nothing is
  // released inside one batch, so resuming there still yields the first free suffix.
  const nextSuffix = new Map<string, number>();
  order.forEach((originals, i) => {
    const names = assigned[i]!;
    for (const original of originals) {
      if (names.has(original)) continue;
      const base = sanitizeToolName(original);
      let exposed = base;
      if (taken.has(base)) {
        let n = nextSuffix.get(base) ?? 1;
        while (taken.has(numberedName(base, n))) n++;
        nextSuffix.set(base, n + 1);
        exposed = numberedName(base, n);
      }
      names.set(original, exposed);
      taken.add(exposed);
    }
  });

  const result: NameAssignment[] = [];
  servers.forEach((server, i) => {
    const names = assigned[i]!;
    for (const original of order[i]!) {
      const exposed = names.get(original)!;
      result.push({ uuid: server.uuid, original, exposed, reasons: explainName(original, exposed) });
    }
  });
  return result;
}

/** The server's originals in list order, each once (a malformed list may repeat a name). */
function uniqueOriginals(server: ServerTools): Set<string> {
  return new Set(server.tools);
}

/** Persisted form of one server's assignments: original → exposed, safe for any key. */
export function toMappings(assignments: Iterable<NameAssignment>): Record<string, string> {
  return Object.fromEntries([...assignments].map((a) => [a.original, a.exposed]));
}

/**
 * Rule 5: whether `alias` may become the exposed name of (uuid, original). Returns a message
 * the user can act on, or null when the alias is acceptable.
 */
export function checkAlias(
  alias: string,
  target: { uuid: string; original: string },
  assignments: Iterable<NameAssignment>,
  reserved: Iterable<string> = [],
): string | null {
  if (!isValidToolName(alias)) {
    return `"${alias}" is not a valid tool name: use 1–${MAX_TOOL_NAME_LENGTH} letters, digits, "_" or "-", starting with a letter or "_".`;
  }
  if (new Set(reserved).has(alias)) return `"${alias}" is the name of a built-in tool.`;
  for (const a of assignments) {
    if (a.exposed === alias && (a.uuid !== target.uuid || a.original !== target.original)) {
      return `"${alias}" is already the name of tool "${a.original}".`;
    }
  }
  return null;
}
