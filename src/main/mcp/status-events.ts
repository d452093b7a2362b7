// The manager's status events: at most one per tick, however many servers changed in it, and
// none built while nobody listens.
import type { ServerStatus } from '../../types/mcp.js';

export type StatusListener = (status: ServerStatus[]) => void;

export class StatusEvents {
  #listeners = new Set<StatusListener>();
  #queued = false;

  /** `read` builds the status the listeners get, once per event. */
  constructor(private readonly read: () => ServerStatus[]) {}

  on(listener: StatusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Something changed: the listeners hear of it once this tick's changes are done. */
  emit(): void {
    if (this.#queued || this.#listeners.size === 0) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      const status = this.read();
      for (const listener of this.#listeners) listener(status);
    });
  }
}
