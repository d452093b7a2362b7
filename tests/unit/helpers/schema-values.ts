// A small generator of values that a (provider-adapted) schema accepts, driven by a seeded
// random source, and the conversion of Gemini's OpenAPI subset back to JSON Schema so that ajv
// can check them. Used by the property tests of the argument restore.
type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export type Random = () => number;

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

function scalar(type: string, rand: Random): unknown {
  switch (type) {
    case 'null': return null;
    case 'boolean': return rand() < 0.5;
    case 'integer': return Math.floor(rand() * 60) - 10;
    case 'number': return Math.round(rand() * 1000) / 8 - 20;
    default: return pick(rand, ['', 'a', 'hello', 'Привет', '42', 'true', 'null']);
  }
}

/** A value valid under `schema` (JSON Schema or Gemini's subset); `root` resolves `$ref`. */
export function sampleValue(schema: unknown, root: Json, rand: Random, depth = 0): unknown {
  if (schema === true || schema === undefined || (isRecord(schema) && Object.keys(schema).length === 0)) return scalar(pick(rand, ['string', 'integer', 'boolean', 'null']), rand);
  if (!isRecord(schema)) return null;
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref === '#' ? root : (root.$defs as Json | undefined)?.[decodeURIComponent(schema.$ref.slice('#/$defs/'.length))];
    return sampleValue(target, root, rand, depth + 1);
  }
  if (schema.nullable === true && rand() < 0.25) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return pick(rand, schema.enum);
  if (Array.isArray(schema.anyOf)) return sampleValue(pick(rand, schema.anyOf), root, rand, depth + 1);
  const types = typeof schema.type === 'string' ? [schema.type.toLowerCase()] : Array.isArray(schema.type) ? (schema.type as string[]) : isRecord(schema.properties) ? ['object'] : null;
  const type = types === null ? pick(rand, ['string', 'integer', 'boolean']) : pick(rand, types);
  if (type === 'object') {
    const out: Json = {};
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const name of Object.keys(properties)) {
      if (required.has(name) || (depth < 5 && rand() < 0.5)) Object.defineProperty(out, name, { value: sampleValue(properties[name], root, rand, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    if (schema.additionalProperties !== false && rand() < 0.2 && !Object.hasOwn(properties, 'extra')) out.extra = scalar('string', rand);
    return out;
  }
  if (type === 'array') {
    const count = depth > 5 ? 0 : Math.floor(rand() * 3);
    return Array.from({ length: count }, () => sampleValue(schema.items, root, rand, depth + 1));
  }
  const held = type === 'string' && typeof schema.description === 'string' ? JSON_TEXT.exec(schema.description) : null;
  if (held) return JSON.stringify(valueOfKind(pick(rand, held[1]!.split(/, | or /)), rand));
  return scalar(type, rand);
}

/** What the Gemini adapter says of a value sent as a string holding JSON: "(an object or a string)". */
const JSON_TEXT = /A string holding JSON \(([^)]*)\)/;

/** A value of one kind the description names ("an object", "any value", …). */
function valueOfKind(kind: string, rand: Random): unknown {
  switch (kind) {
    case 'an object': return rand() < 0.5 ? {} : { key: scalar('string', rand), n: scalar('integer', rand) };
    case 'an array': return [scalar('integer', rand), scalar('string', rand)];
    case 'any value': return valueOfKind(pick(rand, ['an object', 'an array', 'a string', 'a number', 'a boolean', 'null']), rand);
    default: return scalar(kind.replace(/^an? /, ''), rand);
  }
}

/** Gemini's OpenAPI subset as JSON Schema (nullable → a null type), for ajv. */
export function geminiAsJsonSchema(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isRecord(value)) {
      const properties: Json = {};
      for (const [name, property] of Object.entries(value)) Object.defineProperty(properties, name, { value: geminiAsJsonSchema(property), enumerable: true, writable: true, configurable: true });
      out.properties = properties;
    } else if (key === 'items') out.items = geminiAsJsonSchema(value);
    else if (key === 'anyOf' && Array.isArray(value)) out.anyOf = value.map(geminiAsJsonSchema);
    else if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key !== 'nullable' && key !== 'format' && key !== 'example' && key !== 'propertyOrdering') out[key] = value;
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    if (out.type === undefined && Array.isArray(out.anyOf)) out.anyOf = [...(out.anyOf as unknown[]), { type: 'null' }];
  }
  return out;
}

/** A seeded random source, so that a fast-check seed replays the same values. */
export { seededRandom as seeded } from '../../../bench/stats.js';
