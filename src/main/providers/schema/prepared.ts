// Pass 1 and the top-level rules, done once per input schema object and shared by every target
// that normalizes alike (nine providers need four variants at most, one when the schema has no
// $ref and no bare array or object). Input schemas are treated as immutable, as everything the manager lists is.
import { freshContext, type AdaptContext, type NormalizeOptions } from './common/context.js';
import type { SchemaAdaptation } from './adaptation.js';
import { isRecord, type Schema } from './common/json.js';
import { normalizeRoot } from './passes/normalize.js';
import { objectRoot } from './passes/root.js';
import { hasHidden } from '../../integrity/hidden-characters.js';
import { HIDDEN_IN_DESCRIPTION, HIDDEN_IN_SCHEMA } from './adaptation.js';

/**
 * A schema after pass 1: also the whole adaptation of the targets without a dialect pass (shared,
 * read-only), so that those targets allocate nothing per schema beyond this entry.
 */
export interface Prepared extends SchemaAdaptation {
  restore: null;
}

interface Entry extends Prepared {
  options: NormalizeOptions;
  /** References were met (so keepRefs makes a difference). */
  refs: boolean;
  /** Bare arrays or objects were met (so explicitContainers makes a difference). */
  bare: boolean;
  /**
   * The tool description last given with this schema, and whether it holds hidden characters: a
   * description is tested once, not once per provider, and nothing is kept per tool for it.
   */
  described: string | undefined;
  descriptionHidden: boolean;
}

/** One entry per input schema object (most schemas need only one variant), or the variants made. */
const memo = new WeakMap<object, Entry | Entry[]>();

function fits(entry: Entry, options: NormalizeOptions): boolean {
  return (!entry.bare || entry.options.explicitContainers === options.explicitContainers) && (!entry.refs || entry.options.keepRefs === options.keepRefs);
}

export function prepare(input: unknown, options: NormalizeOptions): Prepared {
  const entries = isRecord(input) ? memo.get(input) : undefined;
  if (entries !== undefined) {
    if (!Array.isArray(entries)) {
      if (fits(entries, options)) return entries;
    } else {
      for (const entry of entries) if (fits(entry, options)) return entry;
    }
  }
  const ctx = freshContext(isRecord(input) ? (input as Schema) : {}, options);
  const root = objectRoot(normalizeRoot(input, ctx), ctx);
  const unsendable = typeof root === 'string';
  // Every field from the start, in SchemaAdaptation's order: one shape, held by this literal.
  const entry: Entry = {
    schema: unsendable ? null : root,
    unsendable: unsendable ? root : undefined,
    changes: ctx.changes,
    exact: ctx.exact && !unsendable,
    rootNotes: unsendable ? [] : ctx.rootNotes,
    restore: null,
    strictFailure: undefined,
    hidden: ctx.hidden ? HIDDEN_IN_SCHEMA : 0,
    options,
    refs: ctx.refs !== null,
    bare: ctx.bareContainers,
    described: undefined,
    descriptionHidden: false,
  };
  if (isRecord(input)) {
    if (entries === undefined) memo.set(input, entry);
    else if (Array.isArray(entries)) entries.push(entry);
    else memo.set(input, [entries, entry]);
  }
  return entry;
}

/**
 * `prepared`'s hidden bits with the description's: HIDDEN_IN_DESCRIPTION when `description` holds
 * hidden characters, tested once per entry and description (the same string object is compared
 * without reading it).
 */
export function hiddenWith(prepared: Prepared, description: string): number {
  const entry = prepared as Entry;
  if (entry.described !== description) {
    entry.described = description;
    entry.descriptionHidden = typeof description === 'string' && hasHidden(description);
  }
  return entry.descriptionHidden ? entry.hidden | HIDDEN_IN_DESCRIPTION : entry.hidden;
}

/** The shared context, reset for the dialect pass that continues from a prepared schema. */
export function continueFrom(prepared: Prepared, root: Schema, options: NormalizeOptions): AdaptContext {
  const ctx = freshContext(root, options);
  ctx.continueChanges(prepared.changes);
  ctx.exact = prepared.exact;
  if (prepared.rootNotes.length > 0) ctx.rootNotes = [...prepared.rootNotes];
  return ctx;
}
