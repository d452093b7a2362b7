// One input schema adapted for one target dialect: normalize (pass 1), make the top level an
// object, then the dialect's own pass. Reports what changed, whether the result is exact (every
// value it accepts is valid for the server once restored) and how to restore arguments.
import type { SchemaAdaptation, SchemaTarget } from './adaptation.js';
import type { NormalizeOptions } from './common/context.js';
import { geminiSchema } from './passes/gemini.js';
import type { Schema } from './common/json.js';
import { ollamaSchema } from './passes/ollama.js';
import type { RestorePlan } from './common/restore-plan.js';
import { continueFrom, hiddenWith, prepare } from './prepared.js';
import { strictSchema } from './passes/strict.js';

export type { SchemaAdaptation, SchemaTarget } from './adaptation.js';
export { HIDDEN_IN_DESCRIPTION, HIDDEN_IN_SCHEMA } from './adaptation.js';

const OPTIONS: Record<SchemaTarget, NormalizeOptions> = {
  json: { keepRefs: true, explicitContainers: false },
  'json-inline': { keepRefs: false, explicitContainers: false },
  openai: { keepRefs: true, explicitContainers: true },
  'openai-inline': { keepRefs: false, explicitContainers: true },
  strict: { keepRefs: true, explicitContainers: true },
  gemini: { keepRefs: false, explicitContainers: false },
  ollama: { keepRefs: false, explicitContainers: false },
};

/** `description`: the tool's, given with the schema so that its hidden characters are found once (SchemaAdaptation.hidden). */
export function adaptSchema(input: unknown, target: SchemaTarget, description = ''): SchemaAdaptation {
  const prepared = prepare(input, OPTIONS[target]);
  const hidden = hiddenWith(prepared, description);
  // Definitions share unchanged parts with the input and with each other: treat them as immutable.
  const root = prepared.schema;
  if (root === null || (target !== 'strict' && target !== 'gemini' && target !== 'ollama')) return hidden === prepared.hidden ? prepared : { ...prepared, hidden };
  const ctx = continueFrom(prepared, root, OPTIONS[target]);
  let schema: Schema | null = root;
  let strictFailure: string | undefined;
  switch (target) {
    case 'strict': {
      // The strict pass only appends changes and notes: on failure they are cut back.
      const changes = ctx.changeCount;
      const exact = ctx.exact;
      const notes = ctx.rootNotes.length;
      const strict = strictSchema(root, ctx);
      if (strict !== null) schema = strict;
      else {
        strictFailure = ctx.strictFailure ?? 'the schema cannot be expressed in strict mode';
        ctx.truncateChanges(changes);
        ctx.exact = exact;
        ctx.rootNotes = ctx.rootNotes.slice(0, notes);
        ctx.note(`sent non-strict: ${strictFailure}`);
      }
      break;
    }
    case 'gemini':
      schema = geminiSchema(root, ctx);
      break;
    case 'ollama':
      schema = ollamaSchema(root, ctx);
      break;
  }
  return adaptation(schema, ctx.changes, ctx.exact, ctx.rootNotes, ctx.restore, strictFailure, hidden);
}

/**
 * A dialect pass's adaptation: every field, in the prepared entries' order (`undefined` where
 * absent), so that the code reading adaptations sees two shapes at most.
 */
function adaptation(
  schema: Schema | null,
  changes: readonly string[],
  exact: boolean,
  rootNotes: readonly string[],
  restore: RestorePlan | null,
  strictFailure: string | undefined,
  hidden: number,
): SchemaAdaptation {
  return { schema, unsendable: undefined, changes, exact, rootNotes, restore, strictFailure, hidden };
}
