// The message of something thrown, for every layer (main, preload, renderer): a thrown value need
// not be an Error, and a cast would print "undefined" for one that is not.

/** An Error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
