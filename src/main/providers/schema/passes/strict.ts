// Pass 2 for OpenAI strict mode (Structured Outputs): every object closed, every property
// required (optional ones made nullable; their nulls are removed before the call), only the
// supported keywords, and the documented size limits. A schema that cannot be made strict
// (free-form values, maps, too deep or too large) fails with a reason; the tool is then sent
// non-strict. Rules: https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
import type { AdaptContext } from '../common/context.js';
import { copyBefore, copyOf, hasType, isEmptyRecord, isRecord, read, setOwn, SIMPLE_TYPES, typesOf, type Schema } from '../common/json.js';
import { describe, moveToNotes } from '../common/notes.js';
import { decodeSegment } from '../common/ref-table.js';
import { DROP_NULL, NO_DEFS, type RestoreFields, type RestoreNode } from '../common/restore-plan.js';

export const STRICT_LIMITS = { depth: 10, properties: 5000, enumValues: 1000, stringLength: 120_000, largeEnum: 250, largeEnumLength: 15_000 } as const;
export const STRICT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const KEPT = new Set([
  'type', 'description', 'title', 'enum', 'anyOf', 'properties', 'required', 'additionalProperties', 'items', '$ref', '$defs',
  'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
]);
const PROVIDER = 'OpenAI strict mode';
const ROOT_PATH = 'the input';

class StrictFailure extends Error {}

interface Tally {
  properties: number;
  enumValues: number;
  stringLength: number;
  /** The restore plan of the node last adapted (a slot, so that no node allocates a pair). */
  restore: RestoreNode | null;
  /** A "$ref" was met: the plan needs its definitions. */
  refs: boolean;
}

/** The one tally, reset for each schema (adaptations are never nested): no object per tool. */
const TALLY: Tally = { properties: 0, enumValues: 0, stringLength: 0, restore: null, refs: false };

/**
 * The strict form of a normalized object root, its argument plan in `ctx.restore`; or null
 * (ctx.strictFailure says why).
 */
export function strictSchema(root: Schema, ctx: AdaptContext): Schema | null {
  const tally = TALLY;
  tally.properties = 0;
  tally.enumValues = 0;
  tally.stringLength = 0;
  tally.restore = null;
  tally.refs = false;
  try {
    // $defs go onto the result, never onto the input (shared with the other adaptations). A root
    // strict mode takes as it is stays shared; one with $defs was copied, since they are left out.
    const built = strictNode(root, ctx, tally, ROOT_PATH, 1, true);
    const restore = tally.restore;
    let defs: Map<string, RestoreNode | null> | null = null;
    let needed = restore !== null;
    const declared = read(root, '$defs');
    let schema = built;
    if (isRecord(declared)) {
      if (schema === root) schema = copyOf(root); // (a guard: strictNode copies such a root)
      defs = new Map();
      const out: Schema = {};
      for (const [name, def] of Object.entries(declared)) {
        tally.stringLength += name.length;
        setOwn(out, name, strictNode(def as Schema | boolean, ctx, tally, `definition "${name}"`, 1, false));
        defs.set(name, tally.restore);
        if (tally.restore !== null) needed = true;
      }
      setOwn(schema, '$defs', out);
    }
    if (tally.stringLength > STRICT_LIMITS.stringLength) fail(`its names and enum values total ${tally.stringLength} characters; strict mode allows ${STRICT_LIMITS.stringLength}`);
    if (!needed) ctx.restore = null;
    // Definitions are looked up only from a reference's plan.
    else if (!tally.refs) ctx.restore = { root: restore ?? {}, defs: NO_DEFS };
    else {
      defs ??= new Map();
      defs.set('#', restore);
      ctx.restore = { root: restore ?? {}, defs };
    }
    return schema;
  } catch (error) {
    if (!(error instanceof StrictFailure)) throw error;
    ctx.strictFailure = error.message;
    ctx.restore = null;
    return null;
  }
}

function fail(reason: string): never {
  throw new StrictFailure(reason.length > 300 ? `${reason.slice(0, 299)}…` : reason);
}

function strictNode(
  input: Schema | boolean,
  ctx: AdaptContext,
  tally: Tally,
  path: string,
  level: number,
  isRoot: boolean,
): Schema {
  tally.restore = null;
  if (input === true || (isRecord(input) && isEmptyRecord(input))) fail(`${path} accepts any value`);
  if (input === false) fail(`${path} accepts no value`);
  const node = input as Schema;
  const ref = read(node, '$ref');
  if (typeof ref === 'string') {
    const name = ref === '#' ? '#' : decodeSegment(ref.slice('#/$defs/'.length));
    const out: Schema = { $ref: ref };
    const description = read(node, 'description');
    if (typeof description === 'string') out.description = description;
    if (Object.keys(node).some((key) => key !== '$ref' && key !== 'description')) ctx.note('kept only the "$ref" of schemas that had other keywords beside it', true);
    tally.restore = { ref: name };
    tally.refs = true;
    return out;
  }
  if (isStrictLeaf(node)) {
    const values = read(node, 'enum');
    if (Array.isArray(values)) countEnum(values, tally, path, null);
    return node;
  }
  // Copy-on-write: a node strict mode takes as it is (a nested object already closed, an array of
  // scalars…) is returned unchanged, shared with the input like the scalar leaves above.
  let out: Schema = node;
  let moved: string[] | null = null;
  for (const key in node) {
    // ($defs are adapted by strictSchema, which puts them last.)
    const kept = KEPT.has(key) && key !== '$defs' && (key !== 'format' || STRICT_FORMATS.has(read(node, 'format') as string));
    if (kept && out === node) continue;
    if (out === node) out = copyBefore(node, key);
    if (kept) setOwn(out, key, node[key]);
    else if (key === 'oneOf') {
      ctx.note('sent "oneOf" as "anyOf" (strict mode has no oneOf)', true);
      setOwn(out, 'anyOf', read(node, 'oneOf'));
    } else if (key === 'const') {
      setOwn(out, 'enum', [read(node, 'const')]);
    } else if (key !== '$defs') {
      (moved ??= []).push(key);
    }
  }
  if (moved !== null) setOwn(out, 'description', describe(read(out, 'description'), moveToNotes(node, moved, ctx, PROVIDER)));

  const values = read(out, 'enum');
  if (Array.isArray(values)) countEnum(values, tally, path, null);
  if (read(out, 'type') === undefined && Array.isArray(values)) {
    if (out === node) out = copyOf(node);
    setOwn(out, 'type', enumTypes(values));
  }
  const union = read(out, 'anyOf');
  if (Array.isArray(union)) {
    const declared = union as Array<Schema | boolean>;
    const branches: Array<RestoreNode | null> = [];
    let adapted: Array<Schema | boolean> | null = null;
    for (let i = 0; i < declared.length; i++) {
      const branch = strictNode(declared[i]!, ctx, tally, `${path} (alternative ${i + 1})`, level, false);
      branches.push(tally.restore);
      if (branch !== declared[i] && adapted === null) adapted = declared.slice(0, i);
      if (adapted !== null) adapted.push(branch);
    }
    if (adapted !== null) {
      if (out === node) out = copyOf(node);
      setOwn(out, 'anyOf', adapted);
    }
    tally.restore = null;
    if (read(out, 'type') === undefined) {
      if (branches.some((plan) => plan !== null)) tally.restore = { branches };
      return out;
    }
  }
  if (read(out, 'type') === undefined) fail(`${path} accepts a value of any type`);
  let restore: RestoreNode | null = null;
  if (hasType(out, 'object')) {
    out = strictObject(out, node, ctx, tally, path, level, isRoot);
    restore = tally.restore;
  }
  if (hasType(out, 'array')) {
    const declared = read(out, 'items');
    if (declared === undefined || declared === true || (isRecord(declared) && isEmptyRecord(declared))) fail(`${path} is a list whose items can be anything`);
    const items = strictNode(declared as Schema | boolean, ctx, tally, `${path}[]`, level, false);
    if (items !== declared) {
      if (out === node) out = copyOf(node);
      setOwn(out, 'items', items);
    }
    if (tally.restore !== null) (restore ??= {}).items = tally.restore;
  }
  tally.restore = restore;
  return out;
}

/** A scalar schema strict mode takes as it is: returned unchanged (no copy). */
function isStrictLeaf(node: Schema): boolean {
  const type = read(node, 'type');
  if (typeof type !== 'string' || type === 'object' || type === 'array') return false;
  for (const key in node) {
    if (!KEPT.has(key) || key === 'anyOf') return false;
    if (key === 'format' && !STRICT_FORMATS.has(node[key] as string)) return false;
  }
  return true;
}

/**
 * `out` (the object node as adapted so far; `node` itself while unchanged) closed, every property
 * required; its restore plan in `tally.restore`. A copy only where something changes.
 */
function strictObject(out: Schema, node: Schema, ctx: AdaptContext, tally: Tally, path: string, level: number, isRoot: boolean): Schema {
  if (level > STRICT_LIMITS.depth) fail(`${path} is nested deeper than strict mode's ${STRICT_LIMITS.depth} levels`);
  const declared = read(out, 'properties');
  const properties = isRecord(declared) ? declared : {};
  // Counted, not listed: most objects come out as they came in, and their names are not needed.
  let count = 0;
  for (const _name in properties) count++;
  const extra = read(out, 'additionalProperties');
  if (count === 0 && !isRoot && extra !== false) fail(`${path} is an object with free-form keys`);
  if (extra !== undefined && extra !== false) ctx.note('closed objects that allowed other keys (strict mode requires "additionalProperties": false)');
  tally.properties += count;
  if (tally.properties > STRICT_LIMITS.properties) fail(`it has more than ${STRICT_LIMITS.properties} properties, strict mode's limit`);
  const listed = read(out, 'required');
  const required: readonly unknown[] = Array.isArray(listed) ? listed : [];
  // `required` already lists every name in order (as strict mode's own list would).
  let requiredAsMade = required === listed && required.length === count;
  let index = 0;
  let adapted: Schema | null = null;
  let fields: RestoreFields | null = null;
  for (const name in properties) {
    if (requiredAsMade && required[index++] !== name) requiredAsMade = false;
    tally.stringLength += name.length;
    const property = properties[name] as Schema | boolean;
    // Most properties are scalars strict mode takes as they are: their path is only spelled out for a failure.
    let child: Schema;
    if (isRecord(property) && isStrictLeaf(property)) {
      const values = read(property, 'enum');
      if (Array.isArray(values)) countEnum(values, tally, path, name);
      child = property;
      tally.restore = null;
    } else child = strictNode(property, ctx, tally, propertyPath(path, name), level + 1, false);
    const plan = tally.restore;
    let dropNull = false;
    if (!required.includes(name) && !acceptsNull(child)) {
      child = nullable(child);
      dropNull = true;
      ctx.note('made optional properties required and nullable (strict mode); their nulls are removed before the call');
    }
    if (child !== property && adapted === null) adapted = copyBefore(properties, name);
    if (adapted !== null) setOwn(adapted, name, child);
    if (dropNull || plan !== null) setOwn((fields ??= {}), name, plan === null ? DROP_NULL : { dropNull, node: plan });
  }
  tally.restore = fields === null ? null : { fields };
  if (adapted === null && declared === properties && extra === false && requiredAsMade) return out;
  const closed = out === node ? copyOf(node) : out;
  setOwn(closed, 'properties', adapted ?? properties);
  setOwn(closed, 'required', Object.keys(properties));
  setOwn(closed, 'additionalProperties', false);
  return closed;
}

function acceptsNull(schema: Schema): boolean {
  if (hasType(schema, 'null')) return true;
  const values = read(schema, 'enum');
  if (Array.isArray(values) && values.includes(null)) return true;
  const union = read(schema, 'anyOf');
  return Array.isArray(union) && (union as Schema[]).some((branch) => isRecord(branch) && acceptsNull(branch));
}

function nullable(schema: Schema): Schema {
  const union = read(schema, 'anyOf');
  if (read(schema, '$ref') !== undefined || (read(schema, 'type') === undefined && Array.isArray(union))) {
    if (Array.isArray(union)) return { ...schema, anyOf: [...(union as unknown[]), { type: 'null' }] };
    const { description, ...rest } = schema;
    return { anyOf: [rest, { type: 'null' }], ...(description !== undefined ? { description } : {}) };
  }
  const out = copyOf(schema);
  const type = read(schema, 'type');
  setOwn(out, 'type', typeof type === 'string' ? orNull(type) : [...(typesOf(schema) ?? []), 'null']);
  const values = read(schema, 'enum');
  if (Array.isArray(values)) setOwn(out, 'enum', [...(values as unknown[]), null]);
  return out;
}

/** `[type, "null"]` for each JSON type, made once and shared between definitions (frozen). */
const OR_NULL = new Map([...SIMPLE_TYPES].map((type) => [type, Object.freeze([type, 'null'])]));

function orNull(type: string): readonly string[] {
  return OR_NULL.get(type) ?? [type, 'null'];
}

function enumTypes(values: readonly unknown[]): string | string[] {
  const types = [...new Set(values.map((value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value)))];
  if (types.includes('number')) return types.filter((type) => type !== 'integer');
  return types.length === 1 ? types[0]! : types;
}

function propertyPath(path: string, name: string): string {
  return path === ROOT_PATH ? `"${name}"` : `${path}."${name}"`;
}

/**
 * Counts enum values against strict mode's limits. A failure names the schema at `path` (or its
 * property `name`): spelled out only then, and passed as values, since a closure would make every
 * call of the passes that count enums allocate a context.
 */
function countEnum(values: readonly unknown[], tally: Tally, path: string, name: string | null): void {
  tally.enumValues += values.length;
  if (tally.enumValues > STRICT_LIMITS.enumValues) fail(`it has more than ${STRICT_LIMITS.enumValues} enum values, strict mode's limit`);
  let length = 0;
  for (const value of values) if (typeof value === 'string') length += value.length;
  tally.stringLength += length;
  if (values.length > STRICT_LIMITS.largeEnum && length > STRICT_LIMITS.largeEnumLength) {
    fail(`${name === null ? path : propertyPath(path, name)} has ${values.length} enum values totalling ${length} characters; strict mode allows ${STRICT_LIMITS.largeEnumLength} for enums over ${STRICT_LIMITS.largeEnum} values`);
  }
}
