// Tool calls the renderer may cancel and follow: each runs under an id the renderer chose, with
// an AbortController (aborting makes the SDK send `notifications/cancelled` to the server) and
// a progress callback whose reports go to every listener, tagged with that id. The last few
// results are kept by id, so the page can ask what a model would get of one (getProviderResult)
// without sending it back (a result may be megabytes; the browser host takes 1 MB a request).
import type { CallProgress } from '../../../types/mcp.js';

/** The reason the server reads in `notifications/cancelled`. */
export const CANCEL_REASON = 'Cancelled by the user';

/** What a running call gets from `run`. */
export interface CallHooks {
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

export type ProgressListener = (progress: CallProgress) => void;

/** How many finished calls' results are kept for `resultOf`. */
export const KEPT_RESULTS = 8;

export class ActiveCalls {
  #running = new Map<string, AbortController>();
  #listeners = new Set<ProgressListener>();
  #results = new Map<string, unknown>();

  /** Runs `call` under `callId` (none: not cancellable, no progress events) until it settles. */
  async run<T>(callId: string | undefined, call: (hooks: CallHooks) => Promise<T>): Promise<T> {
    if (callId === undefined) return call({});
    if (this.#running.has(callId)) throw new Error(`A call with id "${callId}" is already running.`);
    const controller = new AbortController();
    this.#running.set(callId, controller);
    try {
      const result = await call({
        signal: controller.signal,
        onProgress: ({ progress, total, message }) => {
          const report: CallProgress = { callId, progress };
          if (total !== undefined) report.total = total;
          if (message !== undefined) report.message = message.slice(0, 500);
          for (const listener of this.#listeners) listener(report);
        },
      });
      this.#results.delete(callId);
      this.#results.set(callId, result);
      if (this.#results.size > KEPT_RESULTS) this.#results.delete(this.#results.keys().next().value!);
      return result;
    } finally {
      this.#running.delete(callId);
    }
  }

  /** The result of a finished call run under `callId`, while it is among the last KEPT_RESULTS; else undefined. */
  resultOf(callId: string): unknown {
    return this.#results.get(callId);
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
