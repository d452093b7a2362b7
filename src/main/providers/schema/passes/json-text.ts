// A value of any shape, for a provider that needs a type on every schema (Gemini): sent as a
// string that holds the value's JSON, said so in the description, and parsed back before the call
// (restore.ts). Used for what the provider's schema cannot describe: a free-form object, items of
// any type, the end of a cut recursion, a union with such a branch.
import type { AdaptContext } from '../common/context.js';
import { describeTypes } from '../common/value-types.js';
import { jsonText, type Schema } from '../common/json.js';
import { describe, moveToNotes } from '../common/notes.js';
import type { RestoreNode } from '../common/restore-plan.js';
import { valueTypes } from '../common/value-types.js';

/** Keywords of the original node that still mean something on the string that replaces it. */
const KEPT = new Set(['title', 'description', 'default']);

/** "A string holding JSON (an object or an array)": what the model reads. */
export function jsonTextNote(types: readonly string[] | null): string {
  const shown = types?.some((type) => type !== 'null') ? types.filter((type) => type !== 'null') : types;
  return `A string holding JSON (${describeTypes(shown)})`;
}

export interface JsonTextNode {
  schema: Schema;
  restore: RestoreNode;
}

/**
 * `node` (normalized) as a string holding JSON: its keywords that a string cannot carry become
 * sentences of its description; `why` is the change recorded for the report.
 */
export function jsonTextNode(node: Schema | boolean, ctx: AdaptContext, why: string, provider: string): JsonTextNode {
  const types = valueTypes(node);
  const out: Schema = { type: 'string' };
  let notes: string[] = [];
  if (typeof node === 'object') {
    const moved: string[] = [];
    for (const key of Object.keys(node)) {
      // What the string form replaces (the type, a free-form object's empty `properties` or open
      // `additionalProperties`) needs no sentence.
      if (KEPT.has(key) || key === 'type' || ((key === 'properties' || key === 'additionalProperties') && (node[key] === true || isEmpty(node[key])))) continue;
      moved.push(key);
    }
    if (typeof node.title === 'string') out.title = node.title;
    notes = moveToNotes(node, moved, ctx, provider);
    if (node.default !== undefined) out.default = jsonText(node.default, 10_000);
  }
  notes.push(jsonTextNote(types));
  out.description = describe(typeof node === 'object' ? node.description : undefined, notes);
  if (types?.includes('null')) out.nullable = true;
  ctx.note(why);
  return { schema: out, restore: { json: types } };
}

function isEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
