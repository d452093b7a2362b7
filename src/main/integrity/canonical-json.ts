// RFC 8785 (JSON Canonicalization Scheme): one text per JSON value, whatever order its keys were
// listed in and however it was spaced, so that equal definitions hash alike. Object keys sorted
// by UTF-16 code units (JavaScript's default sort), no white space, strings escaped and numbers
// written as ECMAScript's JSON.stringify writes them (which is what RFC 8785 specifies). Pure.

/** Text JSON writes as it is, between quotes: no quote, backslash, control character or surrogate. */
// eslint-disable-next-line no-control-regex -- control characters are what it rules out
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** A string as JSON writes it; most need no escaping, and are written without a call into JSON.stringify. */
function jsonString(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text);
}

/** The canonical JSON text of `value`, a value parsed from JSON. Throws for what JSON cannot hold. */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? canonicalArray(value) : canonicalObject(value as Record<string, unknown>);
    default:
      throw new TypeError(`a ${typeof value} is not a JSON value`);
  }
}

function canonicalArray(items: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    const item = items[i];
    // As JSON.stringify writes them: a hole or undefined in an array is null.
    out += item === undefined ? 'null' : canonicalJson(item);
  }
  return `${out}]`;
}

/**
 * Member names as written before their values (`"type":`), kept for the short names seen first:
 * schemas repeat the same few. Bounded in count and length, since the names come from servers.
 */
const WRITTEN_KEYS = new Map<string, string>();
const KEPT_KEYS = 4096;
const KEPT_KEY_LENGTH = 64;

function keyText(key: string): string {
  let text = WRITTEN_KEYS.get(key);
  if (text === undefined) {
    text = `${jsonString(key)}:`;
    if (WRITTEN_KEYS.size < KEPT_KEYS && key.length <= KEPT_KEY_LENGTH) WRITTEN_KEYS.set(key, text);
  }
  return text;
}

function canonicalObject(object: Record<string, unknown>): string {
  const keys = Object.keys(object);
  // Sorted only when they are not already in order (an object of one or two members often is).
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  if (!sorted) keys.sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = object[key];
    // As JSON.stringify leaves them out: a member whose value is undefined is not there.
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += keyText(key) + canonicalJson(item);
  }
  return `${out}}`;
}
