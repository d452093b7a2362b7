// Tool calls the renderer may cancel and follow: each runs under an id the renderer chose, with
// an AbortController (aborting makes the SDK send `notifications/cancelled` to the server) and
// a progress callback whose reports go to every listener, tagged with that id.
import type { CallProgress } from '../../types/mcp.js';

/** The reason the server reads in `notifications/cancelled`. */
export const CANCEL_REASON = 'Cancelled by the user';

/** What a running call gets from `run`. */
export interface CallHooks {
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

export type ProgressListener = (progress: CallProgress) => void;

export class ActiveCalls {
  #running = new Map<string, AbortController>();
  #listeners = new Set<ProgressListener>();

  /** Runs `call` under `callId` (none: not cancellable, no progress events) until it settles. */
  async run<T>(callId: string | undefined, call: (hooks: CallHooks) => Promise<T>): Promise<T> {
    if (callId === undefined) return call({});
    if (this.#running.has(callId)) throw new Error(`A call with id "${callId}" is already running.`);
    const controller = new AbortController();
    this.#running.set(callId, controller);
    try {
      return await call({
        signal: controller.signal,
        onProgress: ({ progress, total, message }) => {
          const report: CallProgress = { callId, progress };
          if (total !== undefined) report.total = total;
          if (message !== undefined) report.message = message.slice(0, 500);
          for (const listener of this.#listeners) listener(report);
        },
      });
    } finally {
      this.#running.delete(callId);
    }
  }

  /** Aborts the call running under `callId`; false when there is none (it may have just ended). */
  cancel(callId: string): boolean {
    const controller = this.#running.get(callId);
    controller?.abort(CANCEL_REASON);
    return controller !== undefined;
  }

  onProgress(listener: ProgressListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
