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
 * How many of the query's pairs of successive words (`words[i]`, `words[i + 1]`) `sequence` holds
 * in that order, the second at most PAIR_WINDOW positions after the first.
 */
export function pairsHeld(sequence: readonly string[], words: readonly string[]): number {
  if (words.length < 2) return 0;
  const at = new Map<string, number>();
  words.forEach((word, index) => at.has(word) || at.set(word, index));
  const lastSeen = new Array<number>(words.length).fill(Number.NEGATIVE_INFINITY);
  const held = new Array<boolean>(words.length - 1).fill(false);
  for (let position = 0; position < sequence.length; position++) {
    const index = at.get(sequence[position]!);
    if (index === undefined) continue;
    if (index > 0 && position - lastSeen[index - 1]! <= PAIR_WINDOW) held[index - 1] = true;
    lastSeen[index] = position;
  }
  return held.filter(Boolean).length;
}
