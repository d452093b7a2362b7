// After the user accepts a URL request, the app waits while they finish in the browser. A wait
// ends when the server says so (`notifications/elicitation/complete` with its elicitationId),
// when the user ends it (retry now, or stop), when its call ends, or after a time limit; its
// signal's reason says which.
export type UrlWaitEnd = 'completed' | 'retry' | 'stop' | 'ended' | 'timed-out';

export interface UrlWait {
  /** Aborts, with an UrlWaitEnd as its reason, when the wait is over. */
  readonly signal: AbortSignal;
  finish(how: UrlWaitEnd): void;
}

/** How a wait ended, read from its signal (undefined while it goes on). */
export function waitEnd(signal: AbortSignal): UrlWaitEnd | undefined {
  return signal.aborted ? (signal.reason as UrlWaitEnd) : undefined;
}

export class UrlWaits {
  /** `uuid\nelicitationId` → the waits for it (a server may reuse an id for a retried request). */
  readonly #open = new Map<string, Set<UrlWait>>();

  /** A wait for `elicitationId` of server `uuid`, ended after `limitMs` at the latest. */
  open(uuid: string, elicitationId: string, limitMs: number): UrlWait {
    const key = `${uuid}\n${elicitationId}`;
    const controller = new AbortController();
    const timer = setTimeout(() => wait.finish('timed-out'), limitMs);
    const wait: UrlWait = {
      signal: controller.signal,
      finish: (how) => {
        if (controller.signal.aborted) return;
        clearTimeout(timer);
        const set = this.#open.get(key);
        set?.delete(wait);
        if (set?.size === 0) this.#open.delete(key);
        controller.abort(how);
      },
    };
    const set = this.#open.get(key) ?? new Set<UrlWait>();
    set.add(wait);
    this.#open.set(key, set);
    return wait;
  }

  /** The server says the user finished: every wait for that id ends; false when none was waiting. */
  completed(uuid: string, elicitationId: string): boolean {
    const set = this.#open.get(`${uuid}\n${elicitationId}`);
    if (!set) return false;
    for (const wait of [...set]) wait.finish('completed');
    return true;
  }
}
