// $ref resolution. Local references only (`#`, `#/$defs/X`, `#/definitions/X`, any `#/…` JSON
// pointer); anything else is dropped with a note. Where the provider resolves references itself
// they are kept as `#/$defs/X` (definitions normalized once); elsewhere they are inlined, and a
// recursive one is cut after MAX_REF_DEPTH expansions along a path (ref-table.ts).
import { mergeTwo } from './all-of.js';
import type { AdaptContext } from '../common/context.js';
import { isRecord, setOwn, type Schema } from '../common/json.js';
import { encodeSegment, RefTable, shortRef, type Normalize } from '../common/ref-table.js';

/** Resolves the `$ref` of `node` (its other keywords are `siblings`, already normalized). */
export function resolveRef(node: Schema, siblings: Schema | boolean, ctx: AdaptContext, depth: number, normalize: Normalize<AdaptContext>): Schema | boolean {
  const table = (ctx.refs ??= new RefTable(ctx.root));
  const ref = followAliases(node.$ref as string, table);
  if (ref === null) {
    ctx.note('removed a $ref that only refers to itself', true);
    return siblings;
  }
  if (depth === 0 && ref === '#') {
    ctx.note('removed a top-level "$ref" to the schema itself');
    return siblings;
  }
  // The top level must be an object schema, not a reference: it is always inlined.
  if (ctx.options.keepRefs && depth > 0) {
    const name = ref === '#' ? '#' : table.keep(ref, ctx, normalize);
    if (name !== undefined) {
      const out: Schema = { $ref: name === '#' ? '#' : `#/$defs/${encodeSegment(name)}` };
      if (isRecord(siblings)) for (const key of Object.keys(siblings)) setOwn(out, key, siblings[key]);
      return out;
    }
  }
  const target = table.inline(ref, ctx, depth, normalize);
  if (target === undefined) {
    ctx.note(`removed unresolvable $ref "${shortRef(ref)}"`, true);
    return siblings;
  }
  return combine(target, siblings, ctx);
}

/**
 * A reference to a schema that is only another reference is followed to the end; null when the
 * chain comes back on itself (`"A": {"$ref": "#/$defs/A"}`), which no value could ever resolve.
 */
function followAliases(ref: string, table: RefTable): string | null {
  const seen = new Set<string>();
  let current = ref;
  for (;;) {
    if (seen.has(current)) return null;
    seen.add(current);
    const target = table.target(current);
    if (!isRecord(target) || typeof target.$ref !== 'string' || Object.keys(target).length !== 1) return current;
    current = target.$ref;
  }
}

/** The referenced schema and the referring node's other keywords (both apply); its description wins. */
function combine(target: Schema | boolean, siblings: Schema | boolean, ctx: AdaptContext): Schema | boolean {
  if (!isRecord(siblings) || !isRecord(target) || typeof siblings.description !== 'string') return mergeTwo(target, siblings, ctx);
  const { description, ...rest } = siblings;
  const merged = mergeTwo(target, rest, ctx);
  return isRecord(merged) ? { ...merged, description } : merged;
}
