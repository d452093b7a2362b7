// Comparing lists of strings: a server's listed tool names between two listings, a command's
// arguments between two imports. Pure.

/** The same strings in the same order; null (not listed yet) equals only null. */
export function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((name, i) => name === b[i]);
}
