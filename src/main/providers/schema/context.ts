// The state one schema adaptation carries through its passes: what changed, whether every value
// the adapted schema accepts is still valid for the server (after restoring), and the bounds that
// keep a hostile schema (cycles, huge depth, exponential $ref fan-out) cheap.
import type { RefTable } from './ref-table.js';
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
  /** Sentences for the tool's description (what the input schema's top level could not say). */
  rootNotes: string[] = NO_NOTES;

  constructor(
    readonly root: Schema,
    readonly options: NormalizeOptions,
  ) {}

  /** Records a change; `lossy` when the adapted schema now accepts values the original refuses. */
  note(change: string, lossy = false): void {
    if (!this.#changes.includes(change)) this.#own().push(change);
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
