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
  /** One timer at a time; when it fires it checks what ran out, or waits what is left. */
  #timer: NodeJS.Timeout | undefined;
  #holds = 0;
  /** The clock's running time before it last started, and when it did (null while it is held). */
  #spentMs = 0;
  #runningSince: number | null = performance.now();
  /** When the timeout last started: a progress report only moves this, never a timer. */
  #restartedAt = performance.now();
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
    this.#restartedAt = performance.now();
  }

  /** Stops the clock until the returned release is called (each hold released once). */
  hold(): () => void {
    if (this.#holds++ === 0 && this.#runningSince !== null) {
      this.#spentMs += performance.now() - this.#runningSince;
      this.#runningSince = null;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.#holds === 0) this.#runningSince = this.#restartedAt = performance.now();
      this.#arm();
    };
  }

  /** The call has settled: no timer, no link to the caller's signal. */
  end(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#holds = Number.POSITIVE_INFINITY;
    this.#unlink();
  }

  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#holds > 0 || this.#controller.signal.aborted || this.#runningSince === null) return;
    this.#timer = setTimeout(this.#check, Math.max(0, Math.min(this.#overallLeft(), this.#timeoutLeft())));
  }

  /** The timer fired: the limit or the timeout ran out (whichever first), or what is left is waited. */
  readonly #check = (): void => {
    this.#timer = undefined;
    if (this.#holds > 0 || this.#controller.signal.aborted) return;
    const overall = this.#overallLeft();
    const timeout = this.#timeoutLeft();
    if (overall <= 0 && overall <= timeout) this.#controller.abort(callLimitReached(this.#maxMs));
    else if (timeout <= 0) this.#controller.abort(McpError.fromError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: this.#timeoutMs }));
    else this.#timer = setTimeout(this.#check, Math.min(overall, timeout));
  };

  #overallLeft(): number {
    return this.#maxMs - this.#spentMs - (this.#runningSince === null ? 0 : performance.now() - this.#runningSince);
  }

  #timeoutLeft(): number {
    return this.#timeoutMs - (performance.now() - this.#restartedAt);
  }
}
