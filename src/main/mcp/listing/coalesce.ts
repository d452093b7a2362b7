// A list re-read when a server says it changed (`*/list_changed`): one re-read at a time, and
// the notifications that arrive meanwhile coalesce into one more, so a burst of them costs two
// listings, not one per notification, and an older listing never lands after a newer one.

/** Runs `task` one at a time; triggers while it runs coalesce into one more run. Never rejects. */
export function coalesced(task: () => Promise<void>, onError: (error: unknown) => void): () => Promise<void> {
  let running = false;
  let again = false;
  return async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await task();
      } while (again);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
}
