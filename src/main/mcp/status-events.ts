// The manager's status events: listeners get every server's status after a change, at most once
// per tick however many servers changed in it.
import type { ServerStatus } from '../../types/mcp.js';

export type StatusListener = (status: ServerStatus[]) => void;

export class StatusEvents {
  #listeners = new Set<StatusListener>();
  #queued = false;

  on(listener: StatusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells every listener, in a microtask, what `read` gives then. */
  emit(read: () => ServerStatus[]): void {
    if (this.#queued || this.#listeners.size === 0) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      const status = read();
      for (const listener of this.#listeners) listener(status);
    });
  }
}
