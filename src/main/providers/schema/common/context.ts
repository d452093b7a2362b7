// The state one schema adaptation carries through its passes: what changed, whether every value
// the adapted schema accepts is still valid for the server (after restoring), and the bounds that
// keep a hostile schema (cycles, huge depth, exponential $ref fan-out) cheap.
import type { RefTable } from './ref-table.js';
import type { RestorePlan } from './restore-plan.js';
import type { Schema } from './json.js';

/** Deeper nesting than this is cut to an unconstrained schema (with a note). */
export const MAX_DEPTH = 48;
/** Schema nodes one adaptation may visit; the rest is cut. */
export const MAX_NODES = 20_000;

export interface NormalizeOptions {
  /** Keep local $ref/$defs (the provider resolves them) instead of inlining them. */
  keepRefs: boolean;
  /** OpenAI: every array schema carries `items`, every object schema `properties`. */
  explicitContainers: boolean;
}

const NO_NOTES: string[] = [];
/** No change yet: shared by every context until its first change (most dialect passes continue from a list). */
const NO_CHANGES: readonly string[] = Object.freeze([]);

/**
 * Shared lists one change longer than a shared list, made once: most schemas make the same few
 * changes (`removed "$schema"`, …), so their adaptations share one frozen list instead of each
 * copying its own. Bounded, since change texts may quote what a schema holds.
 */
const LONGER = new WeakMap<readonly string[], Map<string, readonly string[]>>();
const MAX_LONGER = 1000;
let longerCount = 0;

/** `list` (shared) with `change` appended, shared too; null once the bound is reached. */
function sharedLonger(list: readonly string[], change: string): readonly string[] | null {
  let byChange = LONGER.get(list);
  const known = byChange?.get(change);
  if (known !== undefined) return known;
  if (longerCount >= MAX_LONGER) return null;
  longerCount++;
  if (byChange === undefined) LONGER.set(list, (byChange = new Map()));
  const longer = Object.freeze([...list, change]);
  byChange.set(change, longer);
  return longer;
}

export class AdaptContext {
  /** Readable change descriptions, each once, in the order they first happened (few: an array). */
  #changes = NO_CHANGES as string[];
  /** `#changes` is shared (frozen: another adaptation's, or none yet): copied before the first change. */
  #shared = true;
  /** False once a change lets through values the server's schema refuses. */
  exact = true;
  /** Nodes left to visit. */
  budget = MAX_NODES;
  /** Built on the first $ref. */
  refs: RefTable | null = null;
  /** An array without `items` or an object without `properties` was met (explicitContainers matters). */
  bareContainers = false;
  /** Why OpenAI strict mode cannot take this schema, once known. */
  strictFailure: string | null = null;
  /** A text of the schema a model would read holds hidden characters (the adapter strips them and adapts again). */
  hidden = false;
  /** Sentences for the tool's description (what the input schema's top level could not say). */
  rootNotes: string[] = NO_NOTES;
  /** How to restore arguments, as the dialect pass left it (a slot: no pair per adaptation). */
  restore: RestorePlan | null = null;

  constructor(
    public root: Schema,
    public options: NormalizeOptions,
  ) {}

  /**
   * Starts another adaptation on this context (one per process, below) instead of allocating a
   * context per adaptation: four per tool of a list adapted for the nine providers.
   */
  reset(root: Schema, options: NormalizeOptions): this {
    this.root = root;
    this.options = options;
    this.#changes = NO_CHANGES as string[];
    this.#shared = true;
    this.exact = true;
    this.budget = MAX_NODES;
    this.refs = null;
    this.bareContainers = false;
    this.strictFailure = null;
    this.hidden = false;
    this.rootNotes = NO_NOTES;
    this.restore = null;
    return this;
  }

  /** Records a change; `lossy` when the adapted schema now accepts values the original refuses. */
  note(change: string, lossy = false): void {
    if (!this.#changes.includes(change)) {
      const longer = this.#shared ? sharedLonger(this.#changes, change) : null;
      if (longer !== null) this.#changes = longer as string[];
      else this.#own().push(change);
    }
    if (lossy) this.exact = false;
  }

  /** Drops a change recorded earlier (superseded by a more precise one). */
  unnote(change: string): void {
    const index = this.#changes.indexOf(change);
    if (index >= 0) this.#own().splice(index, 1);
  }

  /** How many changes are recorded (without sharing the list, as `changes` does). */
  get changeCount(): number {
    return this.#changes.length;
  }

  truncateChanges(length: number): void {
    if (length < this.#changes.length) this.#own().length = length;
  }

  /** The changes so far; frozen, so that adaptations of one schema can share them. */
  get changes(): readonly string[] {
    if (!this.#shared) {
      Object.freeze(this.#changes);
      this.#shared = true;
    }
    return this.#changes;
  }

  /** Continues from another adaptation's changes (copied on the first new one). */
  continueChanges(changes: readonly string[]): void {
    this.#changes = changes as string[];
    this.#shared = true;
  }

  #own(): string[] {
    if (this.#shared) {
      this.#changes = [...this.#changes];
      this.#shared = false;
    }
    return this.#changes;
  }

  addRootNote(text: string): void {
    if (this.rootNotes === NO_NOTES) this.rootNotes = [];
    this.rootNotes.push(text);
  }
}

/**
 * The one context every adaptation uses, reset at its start: adaptations are synchronous and
 * never nested, and nothing keeps a context after its adaptation (the results copy what they
 * need). Living as long as the process, it also keeps its shape (hidden class) for V8 across full
 * GCs: a context per adaptation left none after a GC, and the passes' optimized code was dropped.
 */
const SHARED = new AdaptContext({}, { keepRefs: false, explicitContainers: false });

/** The shared context, reset for a new adaptation of `root`. */
export function freshContext(root: Schema, options: NormalizeOptions): AdaptContext {
  return SHARED.reset(root, options);
}
