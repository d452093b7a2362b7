// The lexicon's tables (lexicon/tables.ts) as the reader (words.ts) probes them for every word:
// the four filters in one table of bytes, and each Map of entries by hash as an open-addressing
// table, so that a probe costs an array read or two and little cache; and the words of scripts
// written without spaces, found as substrings.
import { PAIR_BLOOM, PAIRS, STEM_BLOOM, STEM_STARTS, STEMS, SUBSTRINGS, WORD_BLOOM, WORDS, type Entry } from './lexicon/tables.js';

/** A lexicon table by hash, open addressing: a probe is an array read or two, where a Map's is a call. */
class HashTable {
  /** Pairs of (hash, the entry's index + 1; 0 for an empty slot), side by side for one cache line. */
  private readonly slots: Int32Array;
  private readonly entries: Entry[] = [];
  private readonly mask: number;

  constructor(map: ReadonlyMap<number, Entry>) {
    let size = 16;
    while (size < map.size * 2) size *= 2;
    this.mask = size - 1;
    this.slots = new Int32Array(size * 2);
    for (const [hash, entry] of map) {
      let slot = (hash ^ (hash >>> 16)) & this.mask;
      while (this.slots[slot * 2 + 1] !== 0) slot = (slot + 1) & this.mask;
      this.entries.push(entry);
      this.slots[slot * 2] = hash;
      this.slots[slot * 2 + 1] = this.entries.length;
    }
  }

  get(hash: number): Entry | undefined {
    const key = hash | 0;
    let slot = (key ^ (key >>> 16)) & this.mask;
    for (;;) {
      const index = this.slots[slot * 2 + 1]!;
      if (index === 0) return undefined;
      if (this.slots[slot * 2] === key) return this.entries[index - 1];
      slot = (slot + 1) & this.mask;
    }
  }
}
export const WORD_INDEX = new HashTable(WORDS);
export const STEM_INDEX = new HashTable(STEMS);
export const PAIR_INDEX = new HashTable(PAIRS);

/** The lexicon's four filters (by the low 16 bits of a hash, or a word's first two characters) in one table: one cache line per probe, not four tables' worth of cache. */
export const IN_WORDS = 1;
export const IN_STEMS = 2;
export const IN_PAIRS = 4;
export const STARTS_STEM = 8;
export const LEXICON_FILTER = new Uint8Array(1 << 16);
for (let i = 0; i < LEXICON_FILTER.length; i++) LEXICON_FILTER[i] = (WORD_BLOOM[i] === 1 ? IN_WORDS : 0) | (STEM_BLOOM[i] === 1 ? IN_STEMS : 0) | (PAIR_BLOOM[i] === 1 ? IN_PAIRS : 0) | (STEM_STARTS[i] === 1 ? STARTS_STEM : 0);

/** The hits of the words of unspaced scripts in `sentence`, found as substrings (longest first), in text order. */
export function substringHits(lower: string, sentence: { start: number; end: number; lo: number; hi: number; hits: Array<{ at: number; end: number; lo: number; hi: number; order: boolean; foreign: boolean }> }): void {
  for (let i = sentence.start; i < sentence.end; i++) {
    const entries = SUBSTRINGS.get(lower.charCodeAt(i));
    if (entries === undefined) continue;
    for (const entry of entries) {
      if (!lower.startsWith(entry.text, i)) continue;
      sentence.hits.push({ at: i, end: i + entry.text.length, lo: entry.lo, hi: entry.hi, order: true, foreign: true });
      sentence.lo |= entry.lo;
      sentence.hi |= entry.hi;
      i += entry.text.length - 1;
      break;
    }
  }
  sentence.hits.sort((a, b) => a.at - b.at);
}
