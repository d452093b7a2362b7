// Pass 2 for Gemini: a FunctionDeclaration's `parameters` take a subset of OpenAPI 3.0's Schema
// (https://ai.google.dev/api/caching#Schema): one type per schema plus `nullable`, enums of
// strings only, a few string formats, no $ref, additionalProperties, const, exclusive bounds…
// Enum values that are not strings are sent as strings and converted back before the call.
// Every node has a `type` or an `anyOf` of typed nodes (Gemini 3 refuses TYPE_UNSPECIFIED): a
// value of any shape (a free-form object, items of any type, a cut recursion, a union with such
// a branch) is sent as a string holding JSON (json-text.ts), parsed back before the call.
import type { AdaptContext } from '../common/context.js';
import { copyBefore, isEmptyRecord, isRecord, jsonText, read, setOwn, typesOf, type Schema } from '../common/json.js';
import { jsonTextNode } from './json-text.js';
import { describe, moveToNotes, noteText } from '../common/notes.js';
import { NO_DEFS, type RestoreFields, type RestoreNode } from '../common/restore-plan.js';

/** The keywords Gemini's Schema has (besides `type`, `enum`, `format`, handled apart). */
const KEPT = new Set([
  'title', 'description', 'properties', 'required', 'items', 'anyOf', 'default', 'minItems', 'maxItems',
  'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum',
]);
/** Formats Gemini accepts, per type ("only 'enum' and 'date-time' are supported for STRING type"). */
export const GEMINI_FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['enum', 'date-time']),
  number: new Set(['float', 'double']),
  integer: new Set(['int32', 'int64']),
};
const PROVIDER = 'Gemini';
const ANY_SHAPE = 'sent values of any type as strings holding JSON (Gemini needs a type on every schema); they are parsed back before the call';
const FREE_OBJECT = 'sent objects without declared properties as strings holding JSON (Gemini refuses an OBJECT without properties); they are parsed back before the call';
const UNION_ANY = 'sent alternatives that include a value of any shape as strings holding JSON; they are parsed back before the call';

/** The restore plan of the node last adapted (a slot, so that no node allocates a pair). */
let slot: RestoreNode | null = null;

/**
 * Gemini's form of a normalized object root, its argument plan in `ctx.restore`; null when the
 * tool takes no arguments (`parameters` is then left out).
 */
export function geminiSchema(root: Schema, ctx: AdaptContext): Schema | null {
  const schema = geminiNode(root, ctx, true);
  const restore = slot;
  const properties = read(schema, 'properties');
  const empty = !isRecord(properties) || isEmptyRecord(properties);
  if (empty && isRecord(read(root, 'additionalProperties'))) ctx.note('left out "parameters": Gemini refuses an object without properties, and this tool declares none', true);
  ctx.restore = restore === null ? null : { root: restore, defs: NO_DEFS };
  return empty ? null : schema;
}

function geminiNode(input: Schema | boolean, ctx: AdaptContext, isRoot = false): Schema {
  slot = null;
  if (input === true) return asJsonText(input, ctx, ANY_SHAPE);
  if (input === false) {
    ctx.note('described a "false" schema (no value allowed) in words', true);
    return { type: 'string', description: 'Must not be given.' };
  }
  const node = input;
  if (isGeminiLeaf(node)) return node;
  // Where the node turns out to be a value of any shape, what was noted for it is taken back.
  const mark = ctx.changeCount;
  const exact = ctx.exact;
  const out: Schema = {};
  let moved: string[] | null = null;
  let restore: RestoreNode | null = null;
  for (const key in node) {
    if (KEPT.has(key) || key === 'type' || key === 'enum' || key === 'const' || key === 'format') continue;
    if (key === 'oneOf' && read(node, 'anyOf') === undefined) {
      setOwn(out, 'anyOf', read(node, 'oneOf'));
      ctx.note('sent "oneOf" as "anyOf" (Gemini has no oneOf)', true);
    } else if (key === 'additionalProperties' && (node[key] === false || node[key] === true || (isRecord(node[key]) && isEmptyRecord(node[key])))) {
      if (node[key] === false) ctx.note('removed "additionalProperties": false (Gemini refuses it); unknown arguments are removed before the call');
      else ctx.note('removed "additionalProperties" (Gemini refuses it)');
    } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typesOf(node)?.every((type) => type === 'integer' || type === 'null')) {
      const bound = key === 'exclusiveMinimum' ? Math.floor(node[key] as number) + 1 : Math.ceil(node[key] as number) - 1;
      const inclusive = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      const current = node[inclusive];
      out[inclusive] = typeof current !== 'number' ? bound : key === 'exclusiveMinimum' ? Math.max(current, bound) : Math.min(current, bound);
      ctx.note(`rewrote "${key}" on integers as "${inclusive}"`);
    } else {
      (moved ??= []).push(key);
    }
  }
  for (const key in node) if (KEPT.has(key) && out[key] === undefined) setOwn(out, key, node[key]);
  const notes = moved === null ? [] : moveToNotes(node, moved, ctx, PROVIDER);

  let nullable = false;
  const declaredType = read(node, 'type');
  const types = typeof declaredType === 'string' && declaredType !== 'null' ? null : typesOf(node);
  if (types === null && declaredType !== undefined) setOwn(out, 'type', declaredType);
  if (types !== null) {
    const real = types.filter((type) => type !== 'null');
    nullable = real.length < types.length;
    delete out.type;
    if (real.length === 1) setOwn(out, 'type', real[0]);
    else if (real.length > 1) {
      if (read(out, 'anyOf') === undefined) setOwn(out, 'anyOf', real.map((type) => ({ type })));
      else {
        ctx.note('kept "anyOf" and dropped a type list beside it', true);
        notes.push(`Type: ${real.join(' or ')}`);
      }
    }
  }
  const constant = read(node, 'const');
  const listed = read(node, 'enum');
  const values = constant !== undefined ? [constant] : Array.isArray(listed) ? (listed as unknown[]) : null;
  if (values !== null) {
    const result = stringEnum(values, ctx);
    nullable ||= result.nullable;
    if (result.values.length === 0) {
      notes.push('Must be null');
      ctx.note('described a null-only enum in words (Gemini has no null type)', true);
    } else {
      setOwn(out, 'type', 'string');
      setOwn(out, 'enum', result.values);
      if (result.restore !== null) {
        restore = { values: result.restore };
        const fallback = read(out, 'default');
        if (fallback !== undefined && typeof fallback !== 'string') setOwn(out, 'default', jsonKey(fallback));
      }
    }
    if (constant !== undefined) ctx.note('sent "const" as a one-value enum');
  }
  const format = read(node, 'format');
  if (typeof format === 'string') {
    const type = read(out, 'type');
    const allowed = typeof type === 'string' ? GEMINI_FORMATS[type] : undefined;
    if (allowed?.has(format)) setOwn(out, 'format', format);
    else notes.push(...moveToNotes(node, ['format'], ctx, PROVIDER));
  }
  const union = read(out, 'anyOf');
  if (Array.isArray(union)) {
    const branches = union as Array<Schema | boolean>;
    if (read(out, 'type') !== undefined && !branches.every(hasType)) {
      // Beside a type of its own, a union of untyped branches constrains that type: in words.
      delete out.anyOf;
      notes.push(noteText('anyOf', branches));
      ctx.note('moved "anyOf" of untyped alternatives beside a type into the description (Gemini needs a type on each)', true);
    } else {
      const plans: Array<RestoreNode | null> = [];
      const kept: Schema[] = [];
      for (const branch of branches) {
        if (isRecord(branch) && read(branch, 'type') === 'null' && Object.keys(branch).length === 1) {
          nullable = true;
          continue;
        }
        kept.push(geminiNode(branch, ctx));
        const plan = lastPlan();
        if (plan?.json !== undefined) return anyShape(node, ctx, mark, exact, UNION_ANY);
        plans.push(plan);
      }
      if (kept.length === 1 && read(out, 'type') === undefined) {
        delete out.anyOf;
        for (const key of Object.keys(kept[0]!)) if (key !== 'description' || read(out, 'description') === undefined) setOwn(out, key, kept[0]![key]);
        if (plans[0]) restore = { ...(restore ?? {}), ...plans[0] };
      } else {
        setOwn(out, 'anyOf', kept);
        if (plans.some((plan) => plan !== null)) restore = withPlan(restore, 'branches', plans);
      }
    }
  }
  if (nullable) setOwn(out, 'nullable', true);
  // Properties or items without a type describe objects or arrays only (stricter, so exact).
  if (read(out, 'type') === undefined && read(out, 'anyOf') === undefined) {
    if (isRecord(read(out, 'properties'))) setOwn(out, 'type', 'object');
    else if (read(out, 'items') !== undefined) setOwn(out, 'type', 'array');
    else return anyShape(node, ctx, mark, exact, ANY_SHAPE);
  }
  // Gemini reads `items` on arrays and `properties` on objects only: elsewhere their subschemas
  // would reach it as they are, untyped. Beside a union they may have constrained a branch (lossy).
  if (read(out, 'items') !== undefined && read(out, 'type') !== 'array') {
    delete out.items;
    ctx.note('removed "items" from schemas that are not arrays (Gemini reads it on arrays only)', read(out, 'anyOf') !== undefined);
  }
  if (read(out, 'properties') !== undefined && read(out, 'type') !== 'object') {
    delete out.properties;
    delete out.required;
    ctx.note('removed "properties" from schemas that are not objects (Gemini reads it on objects only)', read(out, 'anyOf') !== undefined);
  }
  if (read(out, 'type') === 'object') {
    // "properties: should be non-empty for OBJECT type": a free-form object is sent as JSON text.
    const properties = read(out, 'properties');
    if (!isRoot && (!isRecord(properties) || isEmptyRecord(properties))) return anyShape(node, ctx, mark, exact, FREE_OBJECT);
    restore = geminiObject(node, out, ctx, restore);
  }
  if (read(out, 'type') === 'array') {
    const items = read(out, 'items') as Schema | boolean | undefined;
    setOwn(out, 'items', geminiNode(items === undefined ? true : items, ctx));
    if (slot !== null) restore = withPlan(restore, 'items', slot);
  }
  if (notes.length > 0) setOwn(out, 'description', describe(read(out, 'description'), notes));
  slot = restore;
  return out;
}

/** The restore plan of the node last adapted (read through a call: the compiler narrows `slot`). */
function lastPlan(): RestoreNode | null {
  return slot;
}

/** `node` as a string holding JSON, what was noted for it so far (since `mark`) taken back. */
function anyShape(node: Schema, ctx: AdaptContext, mark: number, exact: boolean, why: string): Schema {
  ctx.truncateChanges(mark);
  ctx.exact = exact;
  return asJsonText(node, ctx, why);
}

function asJsonText(node: Schema | boolean, ctx: AdaptContext, why: string): Schema {
  const { schema, restore } = jsonTextNode(node, ctx, why, PROVIDER);
  slot = restore;
  return schema;
}

/** The branch says what type its values have (Gemini would otherwise get a node without one). */
function hasType(branch: Schema | boolean): boolean {
  if (!isRecord(branch)) return branch === false;
  for (const key of TYPING_KEYWORDS) {
    const value = read(branch, key);
    if (key === 'properties' ? isRecord(value) : value !== undefined) return true;
  }
  return false;
}

/** Keywords that say what type a schema's values have (properties only as an object of them). */
const TYPING_KEYWORDS = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'properties', 'items'];

const LEAF_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean']);

/** A scalar schema Gemini takes as it is: returned unchanged (no copy). */
function isGeminiLeaf(node: Schema): boolean {
  const type = read(node, 'type');
  if (!LEAF_TYPES.has(type)) return false;
  for (const key in node) {
    if (key === 'type') continue;
    if (key === 'enum') {
      if (type !== 'string' || !(node[key] as unknown[]).every((value) => typeof value === 'string')) return false;
    } else if (key === 'format') {
      if (!GEMINI_FORMATS[type as string]?.has(node[key] as string)) return false;
    } else if (!KEPT.has(key) || key === 'anyOf' || key === 'items' || key === 'properties') return false;
  }
  return true;
}

function geminiObject(node: Schema, out: Schema, ctx: AdaptContext, restore: RestoreNode | null): RestoreNode | null {
  const declaredProperties = read(out, 'properties');
  const properties = isRecord(declaredProperties) ? declaredProperties : {};
  // Most properties are scalars Gemini takes as they are: the map is copied from the first that changes.
  let copy: Schema | null = null;
  let fields: RestoreFields | null = null;
  for (const name in properties) {
    const value = properties[name];
    const next = geminiNode(value as Schema | boolean, ctx);
    if (next !== value && copy === null) copy = copyBefore(properties, name);
    if (copy !== null) setOwn(copy, name, next);
    if (slot !== null) setOwn((fields ??= {}), name, { dropNull: false, node: slot });
  }
  const adapted = copy ?? properties;
  setOwn(out, 'properties', adapted);
  const listed = read(out, 'required');
  if (Array.isArray(listed)) {
    const declared = listed as string[];
    // Usually every required name is declared: the list is kept as it is.
    const required = declared.every((name) => Object.hasOwn(adapted, name)) ? declared : declared.filter((name) => Object.hasOwn(adapted, name));
    if (required.length < declared.length) ctx.note('removed required names that are not declared properties', true);
    if (required.length > 0) setOwn(out, 'required', required);
    else delete out.required;
  }
  const closed = read(node, 'additionalProperties') === false && read(node, 'patternProperties') === undefined;
  if (fields === null && !closed) return restore;
  // A new plan is one literal (its shape kept by V8 for good, unlike fields added one by one).
  if (restore === null) return fields === null ? { allowed: properties } : closed ? { fields, allowed: properties } : { fields };
  if (fields !== null) setOwn(restore as Record<string, unknown>, 'fields', fields);
  if (closed) setOwn(restore as Record<string, unknown>, 'allowed', properties);
  return restore;
}

/**
 * `restore` with `key` set: a new plan is one literal, an existing one gets the key through
 * setOwn. Plans are dropped with each list: a shape made by adding a field to `{}` would die with
 * them, and V8 would throw away the pass's optimized code that had met it (as for `read`).
 */
function withPlan<K extends 'items' | 'branches'>(restore: RestoreNode | null, key: K, value: NonNullable<RestoreNode[K]>): RestoreNode {
  if (restore === null) return key === 'items' ? { items: value as RestoreNode } : { branches: value as ReadonlyArray<RestoreNode | null> };
  setOwn(restore as Record<string, unknown>, key, value);
  return restore;
}

/** Enum values as Gemini takes them: strings only (null becomes `nullable`). */
function stringEnum(values: readonly unknown[], ctx: AdaptContext): { values: string[]; nullable: boolean; restore: Map<string, unknown> | null } {
  let nullable = false;
  let restore: Map<string, unknown> | null = null;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    if (value === null) {
      nullable = true;
      continue;
    }
    const key = typeof value === 'string' ? value : jsonKey(value);
    if (seen.has(key)) {
      ctx.note(`two enum values read the same as strings (${jsonText(key, 40)}); kept the first`, true);
      continue;
    }
    seen.add(key);
    out.push(key);
    if (typeof value !== 'string') (restore ??= new Map()).set(key, value);
  }
  if (restore !== null) ctx.note('sent enum values that are not strings as strings (Gemini takes string enums only); they are converted back before the call');
  return { values: out, nullable, restore };
}

function jsonKey(value: unknown): string {
  return jsonText(value, 10_000);
}
