// Events at most one per tick, however many changes the tick made, and none built while nobody
// listens: the manager's status events, and the settings' state events (ipc.ts).
import type { ServerStatus } from '../../../types/mcp.js';

export type StatusListener = (status: ServerStatus[]) => void;

export class TickEvents<T> {
  #listeners = new Set<(value: T) => void>();
  #queued = false;

  /** `read` builds what the listeners get, once per event. */
  constructor(private readonly read: () => T) {}

  on(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Something changed: the listeners hear of it once this tick's changes are done. */
  emit(): void {
    if (this.#queued || this.#listeners.size === 0) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      const value = this.read();
      for (const listener of this.#listeners) listener(value);
    });
  }
}
