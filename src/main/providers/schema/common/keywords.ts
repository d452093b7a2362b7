// What each JSON Schema 2020-12 keyword holds, and checks that its value has the shape the
// 2020-12 meta-schema requires (a malformed keyword is dropped, never passed on). One map lookup
// per keyword: this runs for every keyword of every schema.
import { SIMPLE_TYPES } from './json.js';

export type KeywordKind =
  | 'subschema' // one subschema
  | 'map' // names → subschemas
  | 'list' // non-empty list of subschemas
  | 'meta' // identifiers and comments: no meaning for a model, refused by several providers
  | 'count' // non-negative integer
  | 'number'
  | 'string'
  | 'boolean'
  | 'any'
  | 'special'; // checked by name (type, required, enum, pattern, …)

const KINDS = new Map<string, KeywordKind>();
const add = (kind: KeywordKind, names: readonly string[]): void => names.forEach((name) => KINDS.set(name, kind));
add('subschema', ['items', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema']);
add('map', ['properties', 'patternProperties', 'dependentSchemas']);
add('list', ['anyOf', 'oneOf', 'prefixItems']);
add('meta', ['$schema', '$id', '$anchor', '$dynamicAnchor', '$vocabulary', '$comment']);
add('count', ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains']);
add('number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
add('string', ['description', 'title', 'format', 'contentEncoding', 'contentMediaType']);
add('boolean', ['uniqueItems', 'deprecated', 'readOnly', 'writeOnly']);
add('any', ['const', 'default']);
add('special', ['type', 'required', 'enum', 'examples', 'pattern', 'multipleOf', 'dependentRequired', '$defs', 'definitions', '$dynamicRef', '$ref', 'allOf']);

/** The kind of a 2020-12 keyword; undefined for anything else. */
export function keywordKind(key: string): KeywordKind | undefined {
  return KINDS.get(key);
}

/** Keywords that constrain values (dropping one lets more values through); the rest annotate. */
export const ASSERTIONS: ReadonlySet<string> = new Set(
  [...KINDS].filter(([name, kind]) => ['subschema', 'map', 'list', 'count', 'number', 'special'].includes(kind) || name === 'const' || name === 'uniqueItems')
    .map(([name]) => name)
    .filter((name) => !['contentSchema', 'examples', '$defs', 'definitions'].includes(name)),
);

/** Whether `value` is well-formed for a keyword of a simple kind (count, number, string, boolean, any). */
export function simpleValueOk(kind: KeywordKind, value: unknown): boolean {
  switch (kind) {
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

/** `type` cleaned to what the meta-schema allows, or undefined when nothing valid is left. */
export function cleanType(value: unknown): unknown {
  if (typeof value === 'string') return SIMPLE_TYPES.has(value) ? value : undefined;
  if (!Array.isArray(value)) return undefined;
  if (value.length > 0 && value.every((item, i) => typeof item === 'string' && SIMPLE_TYPES.has(item) && value.indexOf(item) === i)) return value;
  const kept = [...new Set(value.filter((item): item is string => typeof item === 'string' && SIMPLE_TYPES.has(item)))];
  return kept.length === 0 ? undefined : kept;
}

/** `required` cleaned to unique strings, or undefined when it is not an array. */
export function cleanRequired(value: unknown): unknown {
  if (!Array.isArray(value)) return undefined;
  let clean = true;
  for (let i = 0; i < value.length && clean; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string') clean = false;
    else for (let j = 0; j < i; j++) if (value[j] === item) clean = false;
    if (i > 64 && clean) return [...new Set(value)].length === value.length && value.every((name) => typeof name === 'string') ? value : dedupe(value);
  }
  return clean ? value : dedupe(value);
}

function dedupe(value: readonly unknown[]): string[] {
  return [...new Set(value.filter((item): item is string => typeof item === 'string'))];
}

/** A pattern ajv (and so most providers) can compile: ECMA-262 with the `u` flag. */
export function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

export function isDependentRequired(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((names) => Array.isArray(names) && names.every((name) => typeof name === 'string') && new Set(names).size === names.length);
}
