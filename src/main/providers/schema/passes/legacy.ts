// Older forms rewritten into JSON Schema 2020-12 (what Anthropic validates against, and what
// Mistral's schema check accepts): draft-04 boolean exclusive bounds, draft-07 tuple `items` and
// `dependencies`, OpenAPI's `nullable` and `example`.
import type { AdaptContext } from '../common/context.js';
import { copyOf, isRecord, setOwn, type Schema } from '../common/json.js';

export function needsLegacyRewrite(node: Schema): boolean {
  return (
    typeof node.exclusiveMinimum === 'boolean' ||
    typeof node.exclusiveMaximum === 'boolean' ||
    Array.isArray(node.items) ||
    node.additionalItems !== undefined ||
    node.dependencies !== undefined ||
    node.nullable !== undefined ||
    node.example !== undefined
  );
}

export function legacyForms(node: Schema, ctx: AdaptContext): Schema {
  const out = copyOf(node);
  exclusiveBound(out, 'exclusiveMinimum', 'minimum', ctx);
  exclusiveBound(out, 'exclusiveMaximum', 'maximum', ctx);
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    if (out.additionalItems !== undefined) out.items = out.additionalItems;
    else delete out.items;
    ctx.note('rewrote tuple "items" as "prefixItems"');
  }
  if (out.additionalItems !== undefined) {
    delete out.additionalItems;
    if (out.prefixItems === undefined) ctx.note('removed "additionalItems" without a tuple');
  }
  if (out.dependencies !== undefined) {
    const dependencies = out.dependencies;
    delete out.dependencies;
    if (isRecord(dependencies)) {
      const required: Schema = {};
      const schemas: Schema = {};
      for (const [name, value] of Object.entries(dependencies)) setOwn(Array.isArray(value) ? required : schemas, name, value);
      if (Object.keys(required).length > 0) out.dependentRequired = required;
      if (Object.keys(schemas).length > 0) out.dependentSchemas = schemas;
    }
    ctx.note('rewrote "dependencies" as "dependentRequired"/"dependentSchemas"');
  }
  if (out.nullable !== undefined) {
    const nullable = out.nullable;
    delete out.nullable;
    if (nullable === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...(out.type as unknown[]), 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    }
    ctx.note('rewrote OpenAPI "nullable" as a "null" type');
  }
  if (out.example !== undefined) {
    if (out.examples === undefined) out.examples = [out.example];
    delete out.example;
    ctx.note('rewrote OpenAPI "example" as "examples"');
  }
  return out;
}

/** Draft-04: `exclusiveMinimum: true` qualified `minimum`; 2020-12 puts the bound in the keyword. */
function exclusiveBound(out: Schema, exclusive: string, bound: string, ctx: AdaptContext): void {
  if (typeof out[exclusive] !== 'boolean') return;
  const flag = out[exclusive];
  delete out[exclusive];
  if (flag === true && typeof out[bound] === 'number') {
    out[exclusive] = out[bound];
    delete out[bound];
  }
  ctx.note(`rewrote draft-04 boolean "${exclusive}"`);
}
