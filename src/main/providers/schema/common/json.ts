// JSON-value helpers for the schema passes: every input is untrusted, so nothing here throws.
import { isRecord, setOwn } from '../../../../types/json.js';
import { hasHidden } from '../../../integrity/hidden-characters.js';

export { isRecord, setOwn };

/** Nesting below this is not searched for hidden characters (the first pass cuts it long before). */
const MAX_HIDDEN_DEPTH = 128;

/** Whether a string or a key anywhere in `value` holds hidden characters (integrity/hidden-characters.ts). */
export function holdsHidden(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasHidden(value);
  if (typeof value !== 'object' || value === null || depth > MAX_HIDDEN_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsHidden(item, depth + 1));
  for (const key in value) if (hasHidden(key) || holdsHidden((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/** A JSON Schema object (the boolean forms are turned into objects by the normalizing pass). */
export type Schema = Record<string, unknown>;

export const SIMPLE_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

// Schema nodes are plain JSON objects (parsed, or built by these passes): `for…in` gives their own
// keys in Object.keys order without allocating the array, which matters on the passes' hot paths.

/** An object without keys ({}, the unconstrained schema); no allocation. */
export function isEmptyRecord(value: Record<string, unknown>): boolean {
  for (const _key in value) return false;
  return true;
}

/** A new object with `source`'s entries before `stop` (in key order), for copy-on-write inside a `for…in` over `source`. */
export function copyBefore(source: Record<string, unknown>, stop: string): Schema {
  const out: Schema = {};
  for (const key in source) {
    if (key === stop) break;
    setOwn(out, key, source[key]);
  }
  return out;
}

/**
 * A shallow copy, key by key. The passes copy with this rather than a spread: a spread
 * (V8's CloneObjectIC) goes megamorphic on the many shapes of input schemas and then takes the
 * runtime's slow path for every copy (strict mode's pass ran about twice as slow with spreads).
 */
export function copyOf(source: Record<string, unknown>): Schema {
  const out: Schema = {};
  for (const key in source) setOwn(out, key, source[key]);
  return out;
}

/**
 * `schema[key]`, read through this one site. A pass that reads schema nodes with `node.type`
 * compiles to code specialized for the few node shapes (V8 maps) it has seen; when a list is
 * replaced and a full GC frees those shapes, V8 throws that code away and the next list runs
 * unoptimized (Gemini's pass measured 2.7× slower on each new list). This site sees every
 * shape, so V8 compiles a generic lookup here that no freed shape invalidates.
 */
export function read(schema: Schema, key: string): unknown {
  return schema[key];
}

/** The JSON types a (normalized) schema's `type` allows; null when it does not restrict the type. */
export function typesOf(schema: Schema): readonly string[] | null {
  const type = read(schema, 'type');
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? (type as string[]) : null;
}

/** The schema's `type` names `type` (no allocation: this runs for every node). */
export function hasType(schema: Schema, type: string): boolean {
  const declared = read(schema, 'type');
  return declared === type || (Array.isArray(declared) && declared.includes(type));
}

export function allowsType(schema: Schema, type: string): boolean {
  const declared = read(schema, 'type');
  if (typeof declared === 'string') return declared === type;
  return !Array.isArray(declared) || declared.includes(type);
}

/** Compact JSON for a description, cut to `max` characters; never throws (cycles, BigInt). */
export function jsonText(value: unknown, max = 200): string {
  let text: string;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    // Plain JSON (the common case) first; a cycle or BigInt throws and takes the careful path.
    text = JSON.stringify(value) ?? String(value);
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  } catch {
    // below
  }
  try {
    const seen = new WeakSet<object>();
    text =
      JSON.stringify(value, (_key, item: unknown) => {
        if (typeof item === 'bigint') return item.toString();
        if (typeof item === 'object' && item !== null) {
          if (seen.has(item)) return '[circular]';
          seen.add(item);
        }
        return item;
      }) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Deep equality for JSON values (enum intersection, const checks). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  return ak.length === bk.length && ak.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Schema)[key], (b as Schema)[key]));
}
