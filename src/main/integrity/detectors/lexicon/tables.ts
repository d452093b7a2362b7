// The lexicons compiled into the tables the reader (words.ts) looks words up in: word hashes,
// stem (prefix) hashes, two-word phrases, and substrings for the scripts written without spaces.
// A hash is FNV-1a over the lower-case word, skipping combining marks: the reader computes the
// same hash as it walks a word, so a lookup costs no string at all. Built once, at load.
import { C, maskOf, type ConceptName } from './concepts.js';
import { ENGLISH } from './english.js';
import { CYRILLIC_GREEK, RIGHT_TO_LEFT_AND_INDIC, UNSPACED } from './other-scripts.js';
import { FRENCH, ITALIAN, PORTUGUESE, ROMANIAN, SPANISH } from './romance.js';
import { BENGALI_GREEK_CZECH, FINNISH_HUNGARIAN, SWAHILI_TAGALOG_MALAY } from './more-languages.js';
import { DUTCH, GERMAN, INDONESIAN, POLISH_CZECH, SCANDINAVIAN, TURKISH, VIETNAMESE } from './northern.js';

export interface Entry {
  lo: number;
  hi: number;
  /** May read as an order: an English base form at the start of a clause or after a modal. */
  order: boolean;
  /** Reads as an order anywhere: a word of another language (their imperatives are not told apart). */
  always: boolean;
}

export interface SubstringEntry extends Entry {
  text: string;
}

export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/** Whether a code unit is left out of word hashes (combining marks: NFKC leaves few, Turkish İ lower-cased leaves one). */
export const skipInHash = (code: number): boolean => code >= 0x300 && code <= 0x36f;

export function hashOf(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (!skipInHash(code)) hash = Math.imul(hash ^ code, FNV_PRIME);
  }
  return hash;
}

/** The hash of two words read one after the other. */
export const pairHash = (first: number, second: number): number => Math.imul(first ^ 0x5bd1e995, 0x2545f491) ^ second;

const words = new Map<number, Entry>();
const stems = new Map<number, Entry>();
const pairs = new Map<number, Entry>();
const substrings = new Map<number, SubstringEntry[]>();
const stemLengthSet = new Set<number>();
/** The first two characters of each stem (the low byte of each), so that most words skip the stem probes. */
const stemStarts = new Uint8Array(1 << 16);
export const startKey = (first: number, second: number): number => ((first & 0xff) << 8) | (second & 0xff);

function merge(table: Map<number, Entry>, hash: number, entry: Entry): void {
  const held = table.get(hash);
  if (held === undefined) table.set(hash, { ...entry });
  else {
    held.lo |= entry.lo;
    held.hi |= entry.hi;
    held.order ||= entry.order;
    held.always ||= entry.always;
  }
}

/** Concepts whose single English words (not a verb's forms) are verbs, and may read as orders. */
const VERB_CONCEPTS: ReadonlySet<ConceptName> = new Set(['SEND', 'COLLECT', 'READ', 'EXEC', 'DESTRUCT', 'COMM', 'OVERRIDE', 'VISIT', 'ASK', 'TRUST', 'ADVERT', 'INSTEAD', 'ACT']);
/** English words that are a verb's other forms ("sends", "shown"): never an order, whatever other list names them. */
const inflected = new Set<string>();
for (const list of Object.values(ENGLISH)) for (const group of list.split(/\s+/)) for (const form of group.split('|').slice(1)) inflected.add(form);

function add(lexicon: Partial<Record<ConceptName, string>>, english: boolean): void {
  for (const [name, list] of Object.entries(lexicon) as Array<[ConceptName, string]>) {
    const { lo, hi } = maskOf([C[name]]);
    for (const group of list.split(/\s+/).filter(Boolean)) {
      const forms = group.split('|');
      forms.forEach((form, index) => {
        const base = index === 0 && !inflected.has(form) && (forms.length > 1 || VERB_CONCEPTS.has(name));
        const entry: Entry = { lo, hi, order: !english || base, always: !english };
        if (form.includes('+')) {
          const [first, second] = form.split('+') as [string, string];
          merge(pairs, pairHash(hashOf(first), hashOf(second)), entry);
        } else if (form.endsWith('*')) {
          const stem = form.slice(0, -1);
          stemLengthSet.add([...stem].filter((char) => !skipInHash(char.charCodeAt(0))).length);
          stemStarts[startKey(stem.charCodeAt(0), stem.charCodeAt(1))] = 1;
          merge(stems, hashOf(stem), entry);
        } else merge(words, hashOf(form), entry);
      });
    }
  }
}

add(ENGLISH, true);
for (const lexicon of [SPANISH, FRENCH, ITALIAN, PORTUGUESE, ROMANIAN, GERMAN, DUTCH, SCANDINAVIAN, POLISH_CZECH, TURKISH, INDONESIAN, VIETNAMESE, CYRILLIC_GREEK, RIGHT_TO_LEFT_AND_INDIC, FINNISH_HUNGARIAN, SWAHILI_TAGALOG_MALAY, BENGALI_GREEK_CZECH]) add(lexicon, false);
for (const [name, list] of Object.entries(UNSPACED) as Array<[ConceptName, string]>) {
  const { lo, hi } = maskOf([C[name]]);
  for (const text of list.split(/\s+/).filter(Boolean)) {
    const first = text.charCodeAt(0);
    const entries = substrings.get(first) ?? [];
    const held = entries.find((entry) => entry.text === text);
    if (held === undefined) entries.push({ text, lo, hi, order: true, always: true });
    else {
      held.lo |= lo;
      held.hi |= hi;
    }
    substrings.set(first, entries);
  }
}
// Longest first, so that 聊天记录 is read before 聊天.
for (const entries of substrings.values()) entries.sort((a, b) => b.text.length - a.text.length);

/** A bit per low 16 bits of each table's hashes: most words miss without a Map lookup. */
function bloomOf(table: ReadonlyMap<number, Entry>): Uint8Array {
  const bloom = new Uint8Array(1 << 16);
  for (const hash of table.keys()) bloom[hash & 0xffff] = 1;
  return bloom;
}

export const WORDS: ReadonlyMap<number, Entry> = words;
export const STEMS: ReadonlyMap<number, Entry> = stems;
export const PAIRS: ReadonlyMap<number, Entry> = pairs;
export const SUBSTRINGS: ReadonlyMap<number, readonly SubstringEntry[]> = substrings;
export const WORD_BLOOM = bloomOf(words);
export const STEM_BLOOM = bloomOf(stems);
export const STEM_STARTS: Uint8Array = stemStarts;
export const PAIR_BLOOM = bloomOf(pairs);
/** The lengths stems come in, ascending. */
export const STEM_LENGTHS: readonly number[] = [...stemLengthSet].sort((a, b) => a - b);
