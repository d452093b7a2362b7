// The JSON types a normalized schema's values can have: its `type`, or, where it has none, what
// its `enum`/`const` values are, the union of its `anyOf`/`oneOf` branches' types, or object and
// array for `properties` and `items` (as the adapters read them). Providers that need a type on
// every schema (Gemini, Ollama) declare these.
import { isRecord, type Schema } from './json.js';

/** Every JSON type, as a list Ollama takes for a value of any type (integer is within number). */
export const ANY_TYPE: readonly string[] = Object.freeze(['string', 'number', 'boolean', 'object', 'array', 'null']);

/** The JSON type of a value (`integer` for whole numbers). */
export function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'bigint' ? 'integer' : typeof value;
}

/** The types `values` have, in order of first appearance. */
export function typesOfValues(values: readonly unknown[]): string[] {
  const types: string[] = [];
  for (const value of values) {
    const type = typeOfValue(value);
    if (!types.includes(type)) types.push(type);
  }
  return types;
}

/** The types a normalized schema allows; null when it allows any type. */
export function valueTypes(schema: Schema | boolean): string[] | null {
  if (schema === true) return null;
  if (schema === false) return [];
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return [...(type as string[])];
  if (schema.const !== undefined) return [typeOfValue(schema.const)];
  if (Array.isArray(schema.enum)) return typesOfValues(schema.enum);
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (union !== null) {
    const types: string[] = [];
    for (const branch of union as Array<Schema | boolean>) {
      const inner = isRecord(branch) || typeof branch === 'boolean' ? valueTypes(branch) : null;
      if (inner === null) return null;
      for (const item of inner) if (!types.includes(item)) types.push(item);
    }
    return types;
  }
  if (isRecord(schema.properties)) return ['object'];
  if (schema.items !== undefined || schema.prefixItems !== undefined) return ['array'];
  return null;
}

/** "an object or a string", "any value" (null). */
export function describeTypes(types: readonly string[] | null): string {
  if (types === null) return 'any value';
  const kinds = types.map(article);
  return kinds.length <= 1 ? (kinds[0] ?? 'nothing') : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)!}`;
}

export function article(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
