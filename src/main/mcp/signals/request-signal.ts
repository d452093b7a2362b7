// One request's own abort signal, for requests sent one after another under one caller's signal
// (the rounds of a multi round-trip request, a task's polls). The SDK adds an abort listener to
// each request's signal and never removes it, so every such request left one behind on the
// caller's: a task polled each second for an hour held 3,600 of them, and past ten Node warned
// (MaxListenersExceededWarning) on the app's console and inspect's stderr.

/**
 * Runs `send` with a signal of its own that aborts, with the same reason, when `parent` does;
 * once `send` settles, nothing of it is left on `parent`.
 */
export async function withOwnSignal<T>(parent: AbortSignal | undefined, send: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  if (parent === undefined) return send(undefined);
  const own = new AbortController();
  const forward = (): void => own.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  try {
    return await send(own.signal);
  } finally {
    parent.removeEventListener('abort', forward);
  }
}
