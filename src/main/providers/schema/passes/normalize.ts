// Pass 1: an untrusted input schema → a well-formed JSON Schema 2020-12 tree. Malformed keywords
// and subschemas are dropped, older drafts' forms rewritten, allOf merged, $ref kept or inlined,
// identifiers and unknown keywords removed. Unchanged subtrees are returned as they came (no copy),
// which keeps the common case (a clean schema) to one read of each node.
import { mergeAllOf } from './all-of.js';
import { MAX_DEPTH, type AdaptContext } from '../common/context.js';
import { allowsType, copyBefore, holdsHidden, isRecord, jsonText, setOwn, type Schema } from '../common/json.js';
import { cleanRequired, cleanType, isDependentRequired, isRegExp, keywordKind, simpleValueOk } from '../common/keywords.js';
import { legacyForms, needsLegacyRewrite } from './legacy.js';
import { resolveRef } from './refs.js';
import { hasHidden } from '../../../integrity/hidden-characters.js';

/** The input's top level, normalized; with keepRefs its used definitions under `$defs`. */
export function normalizeRoot(input: unknown, ctx: AdaptContext): Schema | boolean {
  const schema = normalize(input, ctx, 0);
  const table = ctx.refs;
  if (table === null) {
    if (isRecord(input) && (input.$defs !== undefined || input.definitions !== undefined)) ctx.note('removed unused definitions');
    return schema;
  }
  if (table.definedCount() > table.defs.size) ctx.note('removed unused definitions');
  if (!ctx.options.keepRefs || table.defs.size === 0 || !isRecord(schema)) return schema;
  const defs: Schema = {};
  for (const [name, def] of table.defs) setOwn(defs, name, def);
  return { ...schema, $defs: defs };
}

export function normalize(input: unknown, ctx: AdaptContext, depth: number): Schema | boolean {
  if (typeof input === 'boolean') return input;
  if (!isRecord(input)) {
    ctx.note('replaced a malformed subschema (not an object) by an unconstrained one', true);
    return {};
  }
  if (depth > MAX_DEPTH) {
    ctx.note(`cut nesting deeper than ${MAX_DEPTH} levels`, true);
    return {};
  }
  if (--ctx.budget < 0) {
    ctx.note('cut a schema too large to adapt in full', true);
    return {};
  }
  const node = needsLegacyRewrite(input) ? legacyForms(input, ctx) : input;
  if (node.$ref !== undefined) {
    const { $ref, ...siblings } = node;
    const rest = normalize(siblings, ctx, depth);
    if (typeof $ref !== 'string') {
      ctx.note('removed a malformed "$ref"', true);
      return rest;
    }
    // A kept reference names its definition: the name reaches the model.
    if (!ctx.hidden && hasHidden($ref)) ctx.hidden = true;
    return resolveRef(node, rest, ctx, depth, normalize);
  }
  if (node.allOf !== undefined) {
    const { allOf, ...rest } = node;
    const base = normalize(rest, ctx, depth);
    if (!Array.isArray(allOf) || allOf.length === 0) {
      ctx.note('removed a malformed "allOf"', true);
      return base;
    }
    return mergeAllOf(base, allOf.map((branch) => normalize(branch, ctx, depth + 1)), ctx);
  }
  return normalizeKeywords(node, ctx, depth);
}

function normalizeKeywords(node: Schema, ctx: AdaptContext, depth: number): Schema {
  let out: Schema | null = null;
  for (const key in node) {
    const value = node[key];
    const next = normalizeKeyword(key, value, ctx, depth);
    if (next !== value && out === null) out = copyBefore(node, key);
    if (out !== null && next !== undefined) setOwn(out, key, next);
  }
  const schema = out ?? node;
  return explicitContainers(schema, ctx);
}

/** The keyword's normalized value: the same value when fine, undefined to drop it. */
function normalizeKeyword(key: string, value: unknown, ctx: AdaptContext, depth: number): unknown {
  const kind = keywordKind(key);
  switch (kind) {
    case undefined:
      ctx.note(`removed unsupported "${jsonText(key, 40).slice(1, -1)}"`);
      return undefined;
    case 'subschema':
      if (typeof value === 'boolean' || isRecord(value)) return normalize(value, ctx, depth + 1);
      return malformed(key, ctx);
    case 'map':
      return isRecord(value) ? normalizeMap(key, value, ctx, depth) : malformed(key, ctx);
    case 'list':
      return normalizeList(key, value, ctx, depth);
    case 'meta':
      ctx.note(metaChange(key));
      return undefined;
    case 'special':
      return normalizeSpecial(key, value, ctx, depth);
    default:
      if (!simpleValueOk(kind, value)) return malformed(key, ctx);
      // Only flagged: a schema holding any is stripped whole and adapted again (providers/hidden-texts.ts).
      if ((kind === 'string' || kind === 'any') && !ctx.hidden && holdsHidden(value)) ctx.hidden = true;
      return value;
  }
}


function normalizeList(key: string, value: unknown, ctx: AdaptContext, depth: number): unknown {
  if (!Array.isArray(value) || value.length === 0) return malformed(key, ctx);
  let items: unknown[] | null = null;
  for (let i = 0; i < value.length; i++) {
    const next = normalize(value[i], ctx, depth + 1);
    if (next !== value[i] && items === null) items = value.slice(0, i);
    if (items !== null) items.push(next);
  }
  return items ?? value;
}

function normalizeSpecial(key: string, value: unknown, ctx: AdaptContext, depth: number): unknown {
  if (key !== 'type' && key !== '$defs' && key !== 'definitions' && !ctx.hidden && holdsHidden(value)) ctx.hidden = true;
  switch (key) {
    case 'type': {
      const type = cleanType(value);
      return type === undefined ? malformed(key, ctx) : type;
    }
    case 'required': {
      const required = cleanRequired(value);
      if (required === undefined) return malformed(key, ctx);
      if (required !== value) ctx.note('removed malformed entries of "required"', true);
      return required;
    }
    case 'enum':
    case 'examples':
      return Array.isArray(value) ? value : malformed(key, ctx);
    case 'pattern':
      return typeof value === 'string' && isRegExp(value) ? value : badPattern(value, ctx);
    case 'multipleOf':
      return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : malformed(key, ctx);
    case 'dependentRequired':
      return isDependentRequired(value) ? value : malformed(key, ctx);
    case '$defs':
    case 'definitions':
      if (depth > 0) ctx.note('removed nested definitions');
      return undefined; // read from the input's top level by the reference table
    default: // $dynamicRef (a $ref or allOf reaching here was malformed)
      ctx.note(`removed unsupported "${key}"`, true);
      return undefined;
  }
}

function normalizeMap(key: string, map: Schema, ctx: AdaptContext, depth: number): Schema {
  let out: Schema | null = null;
  for (const name in map) {
    const value = map[name];
    if (!ctx.hidden && hasHidden(name)) ctx.hidden = true;
    let next: unknown;
    if (key === 'patternProperties' && !isRegExp(name)) {
      ctx.note('removed a "patternProperties" entry whose pattern does not compile', true);
      next = undefined;
    } else {
      next = normalize(value, ctx, depth + 1);
    }
    if (next !== value && out === null) out = copyBefore(map, name);
    if (out !== null && next !== undefined) setOwn(out, name, next);
  }
  return out ?? map;
}

/** OpenAI refuses `"type": "array"` without `items` and `"type": "object"` without `properties`. */
function explicitContainers(schema: Schema, ctx: AdaptContext): Schema {
  const needsItems = schema.type !== undefined && allowsType(schema, 'array') && schema.items === undefined && schema.prefixItems === undefined;
  const needsProperties = schema.type !== undefined && allowsType(schema, 'object') && schema.properties === undefined;
  if (!needsItems && !needsProperties) return schema;
  ctx.bareContainers = true;
  if (!ctx.options.explicitContainers) return schema;
  const out: Schema = { ...schema };
  if (needsItems) {
    out.items = {};
    ctx.note('added "items": {} to arrays that had none');
  }
  if (needsProperties) {
    out.properties = {};
    ctx.note('added "properties": {} to objects that had none');
  }
  return out;
}

/** "removed "$schema"" and the like, built once per keyword (nearly every published schema has one). */
const META_CHANGES = new Map<string, string>();

function metaChange(key: string): string {
  let text = META_CHANGES.get(key);
  if (text === undefined) META_CHANGES.set(key, (text = `removed "${key}"`));
  return text;
}

function malformed(key: string, ctx: AdaptContext): undefined {
  ctx.note(`removed malformed "${key}"`, true);
  return undefined;
}

function badPattern(value: unknown, ctx: AdaptContext): undefined {
  ctx.note(`removed a "pattern" that does not compile: ${jsonText(value, 60)}`, true);
  return undefined;
}

