// How long a list stays fresh: the cache hint a 2026-07-28 server gives with `tools/list`,
// `prompts/list`, `resources/list` and `resources/templates/list` (`ttlMs`, SEP-2549; like HTTP's
// max-age). While fresh, a reconnect lists nothing (the kept list is used). Once it runs out, the
// next use of the list (a model's request for tools, the prompt or resource pickers) lists it
// again in the background; nothing is polled. A hint of 0, or none (an older server), keeps
// nothing across a reconnect and is never re-listed on use: the server's `list_changed` keeps the
// list current, as before.

/** The longest a list is taken as fresh, whatever the server says. */
export const MAX_LIST_TTL_MS = 60 * 60_000;
/** The shortest positive hint: one below it counts as it, so that no server makes every use a listing. */
export const MIN_LIST_TTL_MS = 1_000;

export class Freshness {
  /** Until when the list is fresh; undefined without a positive hint. */
  #until: number | undefined;

  /** A listing arrived with hint `ttlMs` (undefined: an older server's, without one). */
  listed(ttlMs: number | undefined, now = Date.now()): void {
    this.#until = ttlMs !== undefined && ttlMs > 0 ? now + Math.min(MAX_LIST_TTL_MS, Math.max(MIN_LIST_TTL_MS, ttlMs)) : undefined;
  }

  /** Forgets the hint: the next connect lists again. */
  clear(): void {
    this.#until = undefined;
  }

  /** Whether the kept list may stand for a new listing (a reconnect within the hint). */
  fresh(now = Date.now()): boolean {
    return this.#until !== undefined && now < this.#until;
  }

  /**
   * Whether a use now should list again: the hint has run out. True once: until the new listing
   * arrives (or, when it fails, for MIN_LIST_TTL_MS) further uses list nothing.
   */
  takeExpired(now = Date.now()): boolean {
    if (this.#until === undefined || now < this.#until) return false;
    this.#until = now + MIN_LIST_TTL_MS;
    return true;
  }
}

/** The hint of a list given in two parts (resources and their templates): the shorter, or the one given. */
export function shorterHint(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
