// Proximity: words that follow each other in a query and stand together in a tool's text, in that
// order, are a phrase the tool uses ("cursor-based pagination", "error responses"); a tool that
// holds the phrase ranks above one that holds the same words apart (Metzler and Croft's sequential
// dependence, 2005, as a rerank). Only the best-scored tools are looked at, so a query costs one
// pass over a few dozen tools' words, not a pass over the index. Pure.

/** At most this many positions from one word to the next: one word between them (a word the query left out). */
export const PAIR_WINDOW = 2;

/** What keeps the fields of a sequence apart: never a query word (every query word has a letter or digit). */
const GAP = '';

/** A tool's words in order, its fields kept PAIR_WINDOW positions apart so that no pair spans two fields. */
export function termSequence(fields: readonly (readonly string[])[]): string[] {
  const sequence: string[] = [];
  for (const terms of fields) {
    if (sequence.length > 0) for (let i = 0; i < PAIR_WINDOW; i++) sequence.push(GAP);
    sequence.push(...terms);
  }
  return sequence;
}

/**
 * A counter of the query's pairs of successive words (`words[i]`, `words[i + 1]`) that a sequence
 * holds in that order, the second at most PAIR_WINDOW positions after the first. Made once a
 * query, used on each tool reranked.
 */
export function pairCounter(words: readonly string[]): (sequence: readonly string[]) => number {
  const pairs = words.length - 1;
  if (pairs < 1) return () => 0;
  const at = new Map<string, number>();
  words.forEach((word, index) => at.has(word) || at.set(word, index));
  const lastSeen = new Float64Array(words.length);
  const held = new Uint8Array(pairs);
  return (sequence) => {
    lastSeen.fill(Number.NEGATIVE_INFINITY);
    held.fill(0);
    let count = 0;
    for (let position = 0; position < sequence.length && count < pairs; position++) {
      const index = at.get(sequence[position]!);
      if (index === undefined) continue;
      if (index > 0 && held[index - 1] === 0 && position - lastSeen[index - 1]! <= PAIR_WINDOW) {
        held[index - 1] = 1;
        count++;
      }
      lastSeen[index] = position;
    }
    return count;
  };
}
