// allOf merging: the branches (already normalized) folded into one schema, so providers that
// cannot combine schemas (or forbid allOf at the top level) still see every property and rule.
import type { AdaptContext } from '../common/context.js';
import { isRecord, jsonEqual, setOwn, type Schema } from '../common/json.js';

const LOWER_BOUND = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const UPPER_BOUND = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);

/** `base` merged with every branch; `false` when a branch accepts nothing. */
export function mergeAllOf(base: Schema | boolean, branches: ReadonlyArray<Schema | boolean>, ctx: AdaptContext): Schema | boolean {
  let merged: Schema | boolean = base;
  for (const branch of branches) merged = mergeTwo(merged, branch, ctx);
  ctx.note('merged "allOf" into one schema');
  return merged;
}

export function mergeTwo(a: Schema | boolean, b: Schema | boolean, ctx: AdaptContext): Schema | boolean {
  if (a === false || b === false) return false;
  if (a === true) return b;
  if (b === true) return a;
  const out: Schema = {};
  for (const key of Object.keys(a)) setOwn(out, key, a[key]);
  for (const key of Object.keys(b)) {
    const mine = out[key];
    const theirs = b[key];
    setOwn(out, key, Object.hasOwn(out, key) ? mergeKeyword(key, mine, theirs, a, b, ctx) : theirs);
  }
  return out;
}

function mergeKeyword(key: string, mine: unknown, theirs: unknown, a: Schema, b: Schema, ctx: AdaptContext): unknown {
  if (jsonEqual(mine, theirs)) return mine;
  if (LOWER_BOUND.has(key)) return Math.max(mine as number, theirs as number);
  if (UPPER_BOUND.has(key)) return Math.min(mine as number, theirs as number);
  switch (key) {
    case 'description':
      return `${String(mine)} ${String(theirs)}`;
    case 'title':
    case 'default':
    case 'examples':
    case 'format':
    case 'deprecated':
    case 'readOnly':
    case 'writeOnly':
      return mine;
    case 'required':
      return [...new Set([...(mine as string[]), ...(theirs as string[])])];
    case 'type':
      return intersectTypes(mine, theirs, ctx);
    case 'enum': {
      const kept = (mine as unknown[]).filter((value) => (theirs as unknown[]).some((other) => jsonEqual(value, other)));
      if (kept.length === 0) ctx.note('"allOf" branches allow no common value; kept the first', true);
      return kept.length > 0 ? kept : mine;
    }
    case 'properties':
    case 'patternProperties':
    case 'dependentSchemas':
      return mergeMaps(mine as Schema, theirs as Schema, ctx);
    case 'items':
    case 'contains':
    case 'propertyNames':
    case 'unevaluatedItems':
    case 'unevaluatedProperties':
      return mergeTwo(mine as Schema | boolean, theirs as Schema | boolean, ctx);
    case 'additionalProperties':
      return mergeAdditional(mine as Schema | boolean, theirs as Schema | boolean, a, b, ctx);
    case 'uniqueItems':
      return mine === true || theirs === true;
    default:
      // Two different anyOf, patterns, consts…: keep the first; the schema is now looser.
      ctx.note(`"allOf" branches disagree on "${key}"; kept the first`, true);
      return mine;
  }
}

function intersectTypes(mine: unknown, theirs: unknown, ctx: AdaptContext): unknown {
  const left = Array.isArray(mine) ? (mine as string[]) : [mine as string];
  const right = new Set(Array.isArray(theirs) ? (theirs as string[]) : [theirs as string]);
  // integer ⊂ number: their intersection is integer.
  const kept = left.flatMap((type) => (right.has(type) ? [type] : type === 'number' && right.has('integer') ? ['integer'] : type === 'integer' && right.has('number') ? ['integer'] : []));
  if (kept.length === 0) {
    ctx.note('"allOf" branches allow no common type; kept the first', true);
    return mine;
  }
  const unique = [...new Set(kept)];
  return unique.length === 1 ? unique[0] : unique;
}

function mergeMaps(mine: Schema, theirs: Schema, ctx: AdaptContext): Schema {
  const out: Schema = {};
  for (const key of Object.keys(mine)) setOwn(out, key, mine[key]);
  for (const key of Object.keys(theirs)) {
    setOwn(out, key, Object.hasOwn(out, key) ? mergeTwo(out[key] as Schema | boolean, theirs[key] as Schema | boolean, ctx) : theirs[key]);
  }
  return out;
}

/**
 * `additionalProperties` of one branch applies to that branch's properties only: once merged, a
 * closed branch would let in the other branch's properties, so that case is noted as looser.
 */
function mergeAdditional(mine: Schema | boolean, theirs: Schema | boolean, a: Schema, b: Schema, ctx: AdaptContext): Schema | boolean {
  const addsNames = (closed: Schema, other: Schema): boolean =>
    isRecord(other.properties) && Object.keys(other.properties).some((name) => !isRecord(closed.properties) || !Object.hasOwn(closed.properties, name));
  if ((mine === false && addsNames(a, b)) || (theirs === false && addsNames(b, a))) {
    ctx.note('"allOf" merged a closed object with one that adds properties; the result accepts both', true);
  }
  return mergeTwo(mine, theirs, ctx);
}
