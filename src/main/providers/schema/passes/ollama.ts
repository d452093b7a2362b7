// Pass 2 for Ollama: its server reads `parameters` into a fixed Go struct (type, properties,
// required; each property's type, description, enum, items) and silently drops every other
// field (https://github.com/ollama/ollama/issues/11444). What it would drop goes into the
// property's description instead, so the model still reads it. Every property gets a type (a
// string or a list of them, api.PropertyType): from its enum or const values, the types of its
// alternatives, or every JSON type for a value of any type.
import type { AdaptContext } from '../common/context.js';
import { copyBefore, isEmptyRecord, isRecord, setOwn, typesOf, type Schema } from '../common/json.js';
import { describe, moveToNotes, noteText } from '../common/notes.js';
import { NO_DEFS } from '../common/restore-plan.js';
import { ANY_TYPE, valueTypes } from '../common/value-types.js';

const ROOT_KEPT = new Set(['type', 'properties', 'required', 'additionalProperties', 'description']);
const PROPERTY_KEPT = new Set(['type', 'description', 'enum', 'items']);
const PROVIDER = 'Ollama';
const TYPED = 'gave every property a type (Ollama needs one): from its enum or const values, its alternatives\' types, or every JSON type for a value of any type';

/** Ollama's form of a normalized object root, its argument plan in `ctx.restore`. */
export function ollamaSchema(root: Schema, ctx: AdaptContext): Schema {
  const properties = isRecord(root.properties) ? root.properties : {};
  // Most properties are kept as they are: the map is copied only from the first one that changes.
  let adapted: Schema | null = null;
  for (const name in properties) {
    const value = properties[name];
    const next = ollamaProperty(value as Schema | boolean, ctx);
    if (next !== value && adapted === null) adapted = copyBefore(properties, name);
    if (adapted !== null) setOwn(adapted, name, next);
  }
  const schema: Schema = { type: 'object', properties: adapted ?? properties };
  if (Array.isArray(root.required)) schema.required = root.required;
  if (typeof root.description === 'string' && root.description.trim() !== '') {
    ctx.addRootNote(root.description.trim());
    ctx.note('moved the input schema\'s description into the tool description (Ollama drops it)');
  }
  let moved: string[] | null = null;
  for (const key in root) if (!ROOT_KEPT.has(key)) (moved ??= []).push(key);
  if (moved !== null) for (const text of moveToNotes(root, moved, ctx, PROVIDER)) ctx.addRootNote(`${text}.`);
  if (root.additionalProperties !== undefined && root.additionalProperties !== false && !(isRecord(root.additionalProperties) && isEmptyRecord(root.additionalProperties))) {
    ctx.addRootNote(`${noteText('additionalProperties', root.additionalProperties)}.`);
    ctx.note('moved "additionalProperties" into the description (Ollama cannot express it)', true);
  }
  const closed = root.additionalProperties === false && root.patternProperties === undefined;
  if (root.additionalProperties === false) ctx.note('removed "additionalProperties": false (Ollama drops it); unknown arguments are removed before the call');
  ctx.restore = closed ? { root: { allowed: properties }, defs: NO_DEFS } : null;
  return schema;
}

function ollamaProperty(input: Schema | boolean, ctx: AdaptContext): Schema {
  if (input === false) {
    ctx.note('described a "false" schema (no value allowed) in words', true);
    return { type: 'string', description: 'Must not be given.' };
  }
  if (input === true) {
    ctx.note(TYPED);
    return { type: ANY_TYPE };
  }
  let plain = input.type !== undefined;
  for (const key in input) if (!PROPERTY_KEPT.has(key)) plain = false;
  if (plain) return input;
  const out: Schema = {};
  const moved: string[] = [];
  for (const key in input) {
    if (PROPERTY_KEPT.has(key)) setOwn(out, key, input[key]);
    else if (key === 'const') {
      out.enum = [input.const];
      ctx.note('sent "const" as a one-value enum');
    } else moved.push(key);
  }
  if (out.type === undefined && Array.isArray(input.anyOf)) {
    const types = (input.anyOf as unknown[]).flatMap((branch) => (isRecord(branch) ? (typesOf(branch) ?? []) : []));
    if (types.length > 0) out.type = [...new Set(types)];
  }
  if (out.type === undefined) {
    const types = valueTypes(input);
    out.type = types === null || types.length === 0 ? ANY_TYPE : types.length === 1 ? types[0] : types;
    ctx.note(TYPED);
  }
  const notes = moveToNotes(input, moved, ctx, PROVIDER);
  if (notes.length > 0) out.description = describe(out.description, notes);
  return out;
}
