// A starting point for a tool's arguments in the tester: every required field of its input
// schema with a value of the right type (its default, its first allowed value, or an empty one).
// Optional fields are left out; the schema beside the editor lists them.
import { isRecord, setOwn } from '../../types/json.js';

const MAX_DEPTH = 6;

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`); anything else stays unresolved. */
function resolve(schema: Record<string, unknown>, root: Record<string, unknown>): Record<string, unknown> {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isRecord(node) ? node : schema;
}

function sample(raw: unknown, root: Record<string, unknown>, depth: number): unknown {
  if (!isRecord(raw) || depth > MAX_DEPTH) return null;
  const schema = resolve(raw, root);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options) && options.length > 0) {
    const usable = options.find((option) => !(isRecord(option) && option.type === 'null')) ?? options[0];
    return sample(usable, root, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'null':
      return null;
    case 'object':
      return requiredOf(schema, root, depth + 1);
    default:
      return isRecord(schema.properties) ? requiredOf(schema, root, depth + 1) : null;
  }
}

function requiredOf(schema: Record<string, unknown>, root: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  for (const name of required) {
    setOwn(out, name, sample(properties[name], root, depth));
  }
  return out;
}

/** The arguments object with every required field of `schema`, as the tester's starting text. */
export function argumentTemplate(schema: unknown): string {
  if (!isRecord(schema)) return '{}';
  return JSON.stringify(requiredOf(schema, schema, 0), null, 2);
}

/** One top-level argument of a tool, as the tester lists it. */
export interface Parameter {
  name: string;
  /** `string`, `integer | null`, `"a" | "b"`, or '' when the schema does not say. */
  type: string;
  required: boolean;
  description: string;
}

function typeOf(raw: unknown, root: Record<string, unknown>): string {
  if (!isRecord(raw)) return '';
  const schema = resolve(raw, root);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.type === 'string') return schema.type === 'array' && isRecord(schema.items) ? `${typeOf(schema.items, root) || 'any'}[]` : schema.type;
  const options = schema.anyOf ?? schema.oneOf;
  return Array.isArray(options) ? options.map((option) => typeOf(option, root)).filter(Boolean).join(' | ') : '';
}

/** The top-level arguments of an input schema: required ones first, then in schema order. */
export function parametersOf(schema: unknown): Parameter[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const list = Object.entries(schema.properties).map(([name, raw]): Parameter => ({
    name,
    type: typeOf(raw, schema),
    required: required.has(name),
    description: isRecord(raw) && typeof raw.description === 'string' ? raw.description : '',
  }));
  return [...list.filter((p) => p.required), ...list.filter((p) => !p.required)];
}
