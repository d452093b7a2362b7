// The top level of a tool's input schema: every provider wants an object there (MCP arguments are
// always an object), and Anthropic (like OpenAI) refuses anyOf/oneOf/allOf at the top level. A
// top-level union of object shapes becomes one object with every branch's properties; the
// alternatives go into the tool's description.
import { mergeTwo } from './all-of.js';
import type { AdaptContext } from '../common/context.js';
import { isRecord, jsonEqual, jsonText, setOwn, typesOf, type Schema } from '../common/json.js';

/** The object root, or why there is none (a reason a user can act on). */
export type RootResult = Schema | string;

export function objectRoot(root: Schema | boolean, ctx: AdaptContext): RootResult {
  if (root === false) return 'its input schema is "false" (it accepts no arguments at all), so no call can succeed; tell the server\'s author';
  if (root === true) {
    ctx.note('the input schema was "true": sent as an object with no declared properties');
    return { type: 'object', properties: {} };
  }
  const types = typesOf(root);
  if (types !== null && !types.includes('object')) {
    return `its input schema describes ${types.join(' or ')} values, not an object of named arguments; MCP tool arguments are always an object, so the server's schema is broken (tell its author)`;
  }
  let schema: Schema = root;
  if (schema.type !== 'object') {
    schema = { ...schema, type: 'object' };
    ctx.note('set the input schema\'s "type" to "object"');
  }
  // A branch merged in may bring its own union: repeat, a bounded number of times.
  for (let round = 0; schema.anyOf !== undefined || schema.oneOf !== undefined; round++) {
    const key = schema.anyOf !== undefined ? 'anyOf' : 'oneOf';
    if (round === 8) {
      ctx.note(`removed a top-level "${key}" nested too deeply to flatten`, true);
      schema = without(schema, key);
      continue;
    }
    const result = flattenUnion(schema, key, ctx);
    if (typeof result === 'string') return result;
    schema = result;
  }
  for (const key of ['not', 'enum', 'const'] as const) {
    if (schema[key] === undefined) continue;
    ctx.addRootNote(key === 'not' ? `The arguments must not match ${jsonText(schema[key])}.` : `The arguments must be ${jsonText(key === 'enum' ? schema.enum : [schema.const])}.`);
    ctx.note(`moved the top-level "${key}" into the description`, true);
    schema = without(schema, key);
  }
  if (schema.properties === undefined) {
    schema = { ...schema, properties: {} };
    ctx.note('added "properties": {} to the input schema');
  }
  return schema;
}

function flattenUnion(schema: Schema, key: 'anyOf' | 'oneOf', ctx: AdaptContext): RootResult {
  const branches = schema[key] as ReadonlyArray<Schema | boolean>;
  const base = without(schema, key);
  if (branches.some((branch) => branch === true || (isRecord(branch) && Object.keys(branch).length === 0))) {
    ctx.note(`removed a top-level "${key}" that any object satisfies`);
    return base;
  }
  const objects = branches.filter((branch): branch is Schema => isRecord(branch) && (typesOf(branch)?.includes('object') ?? true));
  if (objects.length === 0) {
    return `its input schema's top-level "${key}" allows no object, and MCP tool arguments are always an object; tell the server's author`;
  }
  if (objects.length === 1) {
    ctx.note(`replaced the top-level "${key}" by its only object branch`);
    const merged = mergeTwo(base, withoutType(objects[0]!), ctx);
    return isRecord(merged) ? merged : 'its input schema allows no arguments at all; tell the server\'s author';
  }
  const properties: Schema = isRecord(base.properties) ? { ...base.properties } : {};
  let conflicting = false;
  for (const branch of objects) {
    if (!isRecord(branch.properties)) continue;
    for (const [name, property] of Object.entries(branch.properties)) {
      if (!Object.hasOwn(properties, name)) setOwn(properties, name, property);
      else if (!jsonEqual(properties[name], property)) conflicting = true;
    }
  }
  const requiredBy = objects.map((branch) => new Set(Array.isArray(branch.required) ? (branch.required as string[]) : []));
  const common = [...requiredBy[0]!].filter((name) => requiredBy.every((set) => set.has(name)));
  const required = [...new Set([...(Array.isArray(base.required) ? (base.required as string[]) : []), ...common])];
  const out: Schema = { ...base, properties };
  if (required.length > 0) out.required = required;
  else delete out.required;
  ctx.addRootNote(describeAlternatives(objects, key));
  ctx.note(`flattened the top-level "${key}" into one object (its alternatives are in the description)`, true);
  if (conflicting) ctx.note(`kept the first definition of properties that the "${key}" branches define differently`, true);
  return out;
}

function describeAlternatives(branches: readonly Schema[], key: 'anyOf' | 'oneOf'): string {
  const sets = branches.map((branch) => {
    const names = Array.isArray(branch.required) && branch.required.length > 0 ? (branch.required as string[]) : isRecord(branch.properties) ? Object.keys(branch.properties) : [];
    return names.length > 0 ? names.map((name) => jsonText(name, 40)).join(', ') : 'no arguments';
  });
  return `Give ${key === 'oneOf' ? 'exactly one' : 'at least one'} of these sets of arguments: ${sets.map((set) => `(${set})`).join(' or ')}.`;
}

function without(schema: Schema, key: string): Schema {
  const out: Schema = {};
  for (const name of Object.keys(schema)) if (name !== key) setOwn(out, name, schema[name]);
  return out;
}

function withoutType(schema: Schema): Schema {
  return schema.type === undefined ? schema : without(schema, 'type');
}
