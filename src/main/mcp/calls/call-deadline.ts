// A tool call's timeout, kept by the manager instead of the SDK so that it can wait: a call that
// is waiting for the user (a server asked for input through elicitation) must not time out while
// the user types. Like the SDK's own: each progress report restarts it, and when it runs out the
// call is aborted with the SDK's RequestTimeout error (the server gets notifications/cancelled).
// Beside it runs the call's overall limit (connection/call-limit.ts), which progress does not
// restart: it counts the time the clock runs, so the user's time does not count against it either.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallOptions as ConnectionCallOptions } from '../connection/connection.js';
import { callLimitReached } from '../connection/call-limit.js';

/** setTimeout's largest delay: what the SDK is given, so that its own timeout never fires first. */
export const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

export class CallDeadline {
  readonly #controller = new AbortController();
  readonly #timeoutMs: number;
  readonly #maxMs: number;
  #timer: NodeJS.Timeout | undefined;
  #holds = 0;
  /** The clock's running time before it last started, and when it did (null while it is held). */
  #spentMs = 0;
  #runningSince: number | null = performance.now();
  #unlink: () => void;

  /**
   * `outer`: the caller's own signal; aborting it aborts the call with the caller's reason.
   * `maxMs`: the call's overall limit (the server's maxCallMs), which progress does not restart.
   */
  constructor(timeoutMs: number, outer?: AbortSignal, maxMs = Number.POSITIVE_INFINITY) {
    this.#timeoutMs = timeoutMs;
    this.#maxMs = maxMs;
    const forward = (): void => this.#controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    outer?.addEventListener('abort', forward, { once: true });
    this.#unlink = () => outer?.removeEventListener('abort', forward);
    this.#arm();
  }

  /** Aborts when the caller aborts or the time runs out. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * The connection's options for a call under this deadline: the SDK's own timeout and overall
   * limit out of the way, and each progress report (passed on to `onProgress`) restarting the clock.
   */
  callOptions(onProgress: ConnectionCallOptions['onProgress']): ConnectionCallOptions {
    return {
      signal: this.signal,
      timeoutMs: NO_SDK_TIMEOUT_MS,
      maxCallMs: NO_SDK_TIMEOUT_MS,
      onProgress: (progress) => {
        this.restart();
        onProgress?.(progress);
      },
    };
  }

  /** Starts the full timeout again (a progress report: the server is still working). */
  restart(): void {
    this.#arm();
  }

  /** Stops the clock until the returned release is called (each hold released once). */
  hold(): () => void {
    if (this.#holds++ === 0 && this.#runningSince !== null) {
      this.#spentMs += performance.now() - this.#runningSince;
      this.#runningSince = null;
    }
    clearTimeout(this.#timer);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.#holds === 0) this.#runningSince = performance.now();
      this.#arm();
    };
  }

  /** The call has settled: no timer, no link to the caller's signal. */
  end(): void {
    clearTimeout(this.#timer);
    this.#holds = Number.POSITIVE_INFINITY;
    this.#unlink();
  }

  #arm(): void {
    clearTimeout(this.#timer);
    if (this.#holds > 0 || this.#controller.signal.aborted || this.#runningSince === null) return;
    const leftMs = this.#maxMs - this.#spentMs - (performance.now() - this.#runningSince);
    if (leftMs <= this.#timeoutMs) {
      this.#timer = setTimeout(() => this.#controller.abort(callLimitReached(this.#maxMs)), Math.max(0, leftMs));
      return;
    }
    this.#timer = setTimeout(() => {
      this.#controller.abort(McpError.fromError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: this.#timeoutMs }));
    }, this.#timeoutMs);
  }
}
