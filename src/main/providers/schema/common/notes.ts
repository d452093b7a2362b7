// What a provider cannot express goes into the description, so the model still reads it.
import { ASSERTIONS, keywordKind } from './keywords.js';
import { jsonText, type Schema } from './json.js';
import type { AdaptContext } from './context.js';

/** One short sentence (no final period) saying what `key: value` requires. */
export function noteText(key: string, value: unknown): string {
  const v = typeof value === 'string' ? value : jsonText(value);
  switch (key) {
    case 'pattern': return `Must match the pattern ${jsonText(value, 300)}`;
    case 'format': return `Format: ${v}`;
    case 'minLength': return `At least ${v} ${plural(value, 'character')}`;
    case 'maxLength': return `At most ${v} ${plural(value, 'character')}`;
    case 'minimum': return `At least ${v}`;
    case 'maximum': return `At most ${v}`;
    case 'exclusiveMinimum': return `Greater than ${v}`;
    case 'exclusiveMaximum': return `Less than ${v}`;
    case 'multipleOf': return `A multiple of ${v}`;
    case 'minItems': return `At least ${v} ${plural(value, 'item')}`;
    case 'maxItems': return `At most ${v} ${plural(value, 'item')}`;
    case 'uniqueItems': return value === true ? 'Items must be unique' : '';
    case 'minProperties': return `At least ${v} ${value === 1 ? 'entry' : 'entries'}`;
    case 'maxProperties': return `At most ${v} ${value === 1 ? 'entry' : 'entries'}`;
    case 'default': return `Default: ${jsonText(value)}`;
    case 'examples': return `Examples: ${jsonText(value)}`;
    case 'const': return `Must be ${jsonText(value)}`;
    case 'enum': return `One of ${jsonText(value)}`;
    case 'deprecated': return value === true ? 'Deprecated' : '';
    case 'readOnly':
    case 'writeOnly':
    case 'title':
    case 'contentEncoding':
    case 'contentMediaType':
      return '';
    case 'propertyNames': return `Keys must match ${jsonText(value)}`;
    case 'patternProperties': return `Keys matching these patterns take these values: ${jsonText(value)}`;
    case 'additionalProperties': return value === false ? 'No other keys' : `Other keys take: ${jsonText(value)}`;
    case 'not': return `Must not match ${jsonText(value)}`;
    case 'dependentRequired': return `Keys that require other keys: ${jsonText(value)}`;
    case 'dependentSchemas': return `Keys that add rules: ${jsonText(value)}`;
    case 'contains': return `Must contain an item matching ${jsonText(value)}`;
    case 'prefixItems': return `Items in order: ${jsonText(value)}`;
    case 'properties': return `Fields: ${jsonText(value, 400)}`;
    case 'anyOf': return `Matches any of ${jsonText(value, 400)}`;
    case 'oneOf': return `Matches exactly one of ${jsonText(value, 400)}`;
    default: return `${key}: ${jsonText(value)}`;
  }
}

/**
 * Records that `keys` of `schema` moved into its description, and returns the sentences; lossy
 * when one of them constrains values (an annotation such as `default` is not).
 */
export function moveToNotes(schema: Schema, keys: readonly string[], ctx: AdaptContext, providerName: string): string[] {
  const notes: string[] = [];
  for (const key of keys) {
    const text = noteText(key, schema[key]);
    if (text !== '') notes.push(text);
    ctx.note(movedChange(key, providerName), ASSERTIONS.has(key));
  }
  return notes;
}

/** Change texts per provider and keyword: the same few recur for most tools, so each is built once. */
const MOVED = new Map<string, Map<string, string>>();

function movedChange(key: string, providerName: string): string {
  let byKey = MOVED.get(providerName);
  if (byKey === undefined) MOVED.set(providerName, (byKey = new Map()));
  let text = byKey.get(key);
  if (text === undefined) {
    text = `moved "${key}" into the description (${providerName} cannot express it)`;
    // Keywords only, so that the cache stays bounded whatever the schemas hold.
    if (keywordKind(key) !== undefined) byKey.set(key, text);
  }
  return text;
}

/** `description` followed by `notes` as sentences. */
export function describe(description: unknown, notes: readonly string[]): string {
  const base = typeof description === 'string' ? description.trim() : '';
  if (notes.length === 0) return base;
  const text = `${notes.join('. ')}.`;
  if (base === '') return text;
  return /[.!?:;]$/.test(base) ? `${base} ${text}` : `${base}. ${text}`;
}

function plural(count: unknown, word: string): string {
  return count === 1 ? word : `${word}s`;
}
