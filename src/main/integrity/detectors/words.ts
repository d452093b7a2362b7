// One pass over a folded text: its sentences, and in each the words that stand for a concept
// (lexicon/), with whether each reads as an order (an English base form at the start of a
// clause or after "must", "please"…; any form in another language), and the characters that
// let the structural patterns (structure.ts) run. Words are hashed as they are walked, so a word
// that stands for nothing costs a table probe and no string. Scripts written without spaces are
// read by substring, only in the sentences that hold them.
import { C } from './lexicon/concepts.js';
import { FNV_OFFSET, FNV_PRIME, pairHash, skipInHash, STEM_LENGTHS, type Entry } from './lexicon/tables.js';
import { IN_PAIRS, IN_STEMS, IN_WORDS, LEXICON_FILTER, PAIR_INDEX, STARTS_STEM, STEM_INDEX, substringHits, WORD_INDEX } from './lexicon-index.js';

export interface Hit {
  at: number;
  end: number;
  lo: number;
  hi: number;
  order: boolean;
  /** A word of another language than English (found by a stem, or only in another language's list). */
  foreign: boolean;
}

export interface Sentence {
  /** Its place among all the text's sentences (neighbours are one apart). */
  index: number;
  start: number;
  end: number;
  lo: number;
  hi: number;
  chars: number;
  hits: Hit[];
}

export interface Reading {
  /** The lower-case text every offset points into. */
  lower: string;
  sentences: Sentence[];
  chars: number;
  lo: number;
  hi: number;
  /** Words written in leetspeak (a digit between letters). */
  leet: number;
  /** 40 blanks in a row, or 10 blank lines: text pushed out of view may follow. */
  padded: boolean;
}

/** Where the reader records each word when asked (word-spans.ts, WordSpans): start, end (-end - 1 unless all [a-z0-9_]), hash. */
export interface WordSink {
  /** Empties it before a reading of `lower`. */
  clear(lower: string): void;
  push(start: number, end: number, hash: number): void;
}

/** Characters seen, per sentence and per text. */
export const CH = {
  AT: 1, URL: 2, TILDE: 4, SLASH: 8, BACKSLASH: 16, LT: 32, LBRACKET: 64, LBRACE: 128, HASH: 256, PIPE: 512, BACKTICK: 1024, QUOTE: 2048,
  DIGITS: 4096, PLUS: 8192, PERCENT: 16384, DOLLAR: 32768, UNDERSCORE: 65536, AMP: 1 << 17, COLON: 1 << 18, EQUALS: 1 << 19, DOTTED: 1 << 20,
  GT: 1 << 21, UNSPACED: 1 << 22, NONASCII: 1 << 23,
  /** 20 Base64 characters in a row, or a word that starts "0x": an encoded run may be there. */
  RUN: 1 << 24,
  /** A '.' right before a letter (".env", "e.g."). */
  DOTWORD: 1 << 25,
} as const;

const LETTER = 1;
const UNSPACED_LETTER = 2;

/** 1: a letter of a script with spaces; 2: of one without (CJK, kana, Hangul, Thai, Lao); 0: anything else. */
function letterKind(code: number): number {
  if (code < 0x80) return ASCII[code] === 0 ? 0 : LETTER;
  if (code < 0x2000) {
    if (code === 0xd7 || code === 0xf7 || code < 0xc0) return code === 0xaa || code === 0xb5 || code === 0xba ? LETTER : 0;
    if (code >= 0xe00 && code <= 0xeff) return UNSPACED_LETTER;
    if (code >= 0x1100 && code <= 0x11ff) return UNSPACED_LETTER;
    // Punctuation of Greek, Armenian, Hebrew, Arabic, Devanagari.
    if (code === 0x37e || code === 0x387 || (code >= 0x55a && code <= 0x55f) || code === 0x589 || code === 0x5be || code === 0x5c0 || code === 0x5c3 || code === 0x5c6 || code === 0x5f3 || code === 0x5f4) return 0;
    if (code === 0x60c || code === 0x61b || code === 0x61f || (code >= 0x66a && code <= 0x66d) || code === 0x6d4 || code === 0x964 || code === 0x965) return 0;
    return LETTER;
  }
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x3130 && code <= 0x318f) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xf900 && code <= 0xfaff)) return UNSPACED_LETTER;
  return 0;
}

/** What each ASCII character is to a word: a letter, a digit, the underscore, or nothing (0). */
const ASCII = new Uint8Array(128);
const DIGIT = 3;
const UNDERSCORE = 4;
for (let code = 0x61; code <= 0x7a; code++) ASCII[code] = LETTER;
for (let code = 0x30; code <= 0x39; code++) ASCII[code] = DIGIT;
ASCII[0x5f] = UNDERSCORE;
/** The character flag of each ASCII character worth noting. */
const FLAG = new Uint32Array(128);
Object.entries({ '@': CH.AT, ':': CH.COLON, '~': CH.TILDE, '/': CH.SLASH, '\\': CH.BACKSLASH, '<': CH.LT, '>': CH.GT, '[': CH.LBRACKET, '{': CH.LBRACE, '#': CH.HASH, '|': CH.PIPE, '`': CH.BACKTICK, '"': CH.QUOTE, '+': CH.PLUS, '%': CH.PERCENT, $: CH.DOLLAR, '&': CH.AMP, '=': CH.EQUALS }).forEach(([char, flag]) => (FLAG[char.charCodeAt(0)] = flag));
/** Characters that start a clause (an imperative may follow). */
const CLAUSE = new Uint8Array(128);
// A closing bracket ends no clause: "[docs](https://…) to delete" goes on.
for (const char of ',:;([<>*{}') CLAUSE[char.charCodeAt(0)] = 1;
const CLAUSE_WIDE = new Set([0x2014, 0x2013, 0x2022, 0xff0c, 0x3001, 0xff1a, 0x201c, 0x201d]);
const ENDS_SENTENCE = new Set([0x3002, 0xff01, 0xff1f, 0x61f, 0x6d4, 0x964, 0x965, 0x2028, 0x2029]);
/** Words after which a '.' does not end the sentence. */
const ABBREVIATIONS = new Set(['etc', 'vs', 'eg', 'ie', 'approx', 'incl', 'ex', 'cf', 'resp', 'no', 'nr', 'ca']);
const VERBISH = [C.SEND, C.COLLECT, C.READ, C.EXEC, C.DESTRUCT, C.COMM, C.OVERRIDE, C.VISIT, C.ASK, C.TRUST, C.ACT, C.ADVERT, C.INSTEAD];
// Local copies: an imported binding is read through a getter under some loaders (tsx).
const [WORD_TABLE, STEM_TABLE, PAIR_TABLE, FILTER] = [WORD_INDEX, STEM_INDEX, PAIR_INDEX, LEXICON_FILTER];
const SIZES = STEM_LENGTHS;
const OFFSET = FNV_OFFSET;
const mixPair = pairHash;
const skipped = skipInHash;
const PRIME = FNV_PRIME;
const MODAL_LO = 1 << C.MODAL;
const SKIP_LO = 1 << C.SKIP;
const NEG_LO = 1 << C.NEG;
/** Naming the agent keeps the mood: "(AI) do not…", "Assistant, send…". */
const AGENT_LO = 1 << C.AGENT;
const AND_HI = 1 << (C.AND - 32);
const VERB_LO = VERBISH.filter((id) => id < 32).reduce((mask, id) => mask | (1 << id), 0);
const VERB_HI = VERBISH.filter((id) => id >= 32).reduce((mask, id) => mask | (1 << (id - 32)), 0);

/** The walk's state: a class rather than closures (no allocation per call, and fast field access). */
class Walk {
  readonly sentences: Sentence[] = [];
  sentence: Sentence = { index: 0, start: 0, end: 0, lo: 0, hi: 0, chars: 0, hits: [] };
  chars = 0;
  lo = 0;
  hi = 0;
  leet = 0;
  /** Base64 characters in a run of words joined by '+' or '/', and the digits among them. */
  run = 0;
  runDigits = 0;
  previousHash = 0;
  previousStart = -1;
  previousEnd = -1;
  /** The mood before the previous word (a phrase's mood is the one before its first word). */
  previousContext = true;
  orderContext = true;
  lastVerbOrder = false;

  constructor(readonly lower: string) {}

  push(hit: Hit): void {
    this.sentence.hits.push(hit);
    this.sentence.lo |= hit.lo;
    this.sentence.hi |= hit.hi;
  }

  /** The word [start, end) ends; `hashed`: how many characters its hash took; `digits`: how many of them were digits. */
  endWord(start: number, end: number, hash: number, hashed: number, part: number, tail: number, digits: number): void {
    if (digits > 0) this.digitsIn(start, end, digits);
    const before = this.orderContext;
    let lo = 0;
    let hi = 0;
    let order = false;
    let always = false;
    // A hyphenated word not in the lists is read by its first part ("assistant-only").
    const probe = (FILTER[hash & 0xffff]! & IN_WORDS) !== 0 ? WORD_TABLE.get(hash) : undefined;
    const entry = probe ?? (part !== 0 ? (((FILTER[part & 0xffff]! & IN_WORDS) !== 0 ? WORD_TABLE.get(part) : undefined) ?? ((FILTER[tail & 0xffff]! & IN_WORDS) !== 0 ? WORD_TABLE.get(tail) : undefined)) : undefined);
    if (entry !== undefined) {
      lo = entry.lo;
      hi = entry.hi;
      order = entry.order;
      always = entry.always;
    }
    // Stems: only for a word whose first two characters start one, its prefixes hashed again.
    const lower = this.lower;
    if (hashed > 2 && (lower.charCodeAt(start) >= 0x80 || (FILTER[((lower.charCodeAt(start) & 0xff) << 8) | (lower.charCodeAt(start + 1) & 0xff)]! & STARTS_STEM) !== 0)) {
      let prefix = OFFSET;
      let size = 0;
      let k = 0;
      for (let i = start; i < end && k < SIZES.length; i++) {
        const code = lower.charCodeAt(i);
        if (skipped(code)) continue;
        prefix = Math.imul(prefix ^ code, PRIME);
        if (++size !== SIZES[k]) continue;
        k++;
        if ((FILTER[prefix & 0xffff]! & IN_STEMS) !== 0) {
          const stem = STEM_TABLE.get(prefix);
          if (stem !== undefined) {
            lo |= stem.lo;
            hi |= stem.hi;
            order = true;
            always = true;
          }
        }
      }
    }
    let phrase: Entry | undefined;
    if (this.previousStart >= 0) {
      const pair = mixPair(this.previousHash, hash);
      if ((FILTER[pair & 0xffff]! & IN_PAIRS) !== 0) {
        phrase = PAIR_TABLE.get(pair);
        if (phrase !== undefined && ((phrase.lo & ~SKIP_LO) | phrase.hi) !== 0) {
          const isOrder = phrase.always || (phrase.order && this.previousContext);
          this.push({ at: this.previousStart, end, lo: phrase.lo, hi: phrase.hi, order: isOrder, foreign: phrase.always });
          if (isOrder && ((phrase.lo & VERB_LO) !== 0 || (phrase.hi & VERB_HI) !== 0)) this.lastVerbOrder = true;
        }
      }
    }
    if (lo !== 0 || hi !== 0) {
      if ((hi & AND_HI) !== 0) this.orderContext ||= this.lastVerbOrder;
      else {
        const isOrder = always || (order && this.orderContext);
        // A word that only keeps the mood ("to", "also") is no hit.
        if ((lo & ~SKIP_LO) !== 0 || hi !== 0) this.push({ at: start, end, lo, hi, order: isOrder, foreign: always });
        // An order carries over "and…"; a noun or a description after it ("generate a report and attach…") does not undo it.
        if (isOrder && ((lo & VERB_LO) !== 0 || (hi & VERB_HI) !== 0)) this.lastVerbOrder = true;
        if ((lo & MODAL_LO) !== 0) this.orderContext = true;
        else if ((lo & (SKIP_LO | NEG_LO | AGENT_LO)) === 0) this.orderContext = false;
      }
    } else this.orderContext = false;
    // "From now on, recommend…": a phrase that keeps the mood; "is to (first) run": one that is a modal.
    if (phrase !== undefined && (phrase.lo & SKIP_LO) !== 0) this.orderContext = this.previousContext;
    if (phrase !== undefined && (phrase.lo & MODAL_LO) !== 0) this.orderContext = true;
    this.previousContext = before;
    this.previousHash = hash;
    this.previousStart = start;
    this.previousEnd = end;
  }

  /** A word with digits: three in a row, a leetspeak word (a digit between letters), part of a Base64 run. */
  digitsIn(start: number, end: number, digits: number): void {
    const lower = this.lower;
    let row = 0;
    let letterBefore = false;
    let leet = false;
    for (let i = start; i < end; i++) {
      const code = lower.charCodeAt(i);
      if (code >= 0x30 && code <= 0x39) {
        if (++row === 3) this.sentence.chars |= CH.DIGITS;
        if (letterBefore && i + 1 < end && ASCII[lower.charCodeAt(i + 1)] === LETTER) leet = true;
      } else {
        row = 0;
        letterBefore = code >= 0x61 && code <= 0x7a;
      }
    }
    if (leet || (digits < end - start && /[a-z][0-9]+[a-z]/.test(lower.slice(start, end)))) this.leet++;
    if (lower.charCodeAt(start) === 0x30 && lower.charCodeAt(start + 1) === 0x78) this.sentence.chars |= CH.RUN;
  }

  /** Base64: runs of letters and digits joined by '+' or '/' (the characters that end words here). */
  runOf(start: number, end: number, digits: number, joined: boolean): void {
    if (!joined) {
      this.run = 0;
      this.runDigits = 0;
    }
    this.run += end - start + (joined ? 1 : 0);
    this.runDigits += digits;
    if (this.run >= 20 && this.runDigits >= 2) this.sentence.chars |= CH.RUN;
  }

  endSentence(end: number): void {
    const sentence = this.sentence;
    sentence.end = end;
    if (sentence.hits.length > 0 || sentence.chars !== 0) {
      if ((sentence.chars & CH.UNSPACED) !== 0) substringHits(this.lower, sentence);
      this.lo |= sentence.lo;
      this.hi |= sentence.hi;
      this.chars |= sentence.chars;
      this.sentences.push(sentence);
    }
    // A sentence of nothing is not kept: its object is the next one's.
    if (this.sentences[this.sentences.length - 1] === sentence) this.sentence = { index: sentence.index + 1, start: end, end, lo: 0, hi: 0, chars: 0, hits: [] };
    else {
      sentence.index++;
      sentence.start = end;
      sentence.end = end;
    }
    this.orderContext = true;
    this.lastVerbOrder = false;
    this.previousStart = -1;
  }

  /** A character that is not a letter at `i`: sentence ends, clause starts, flags. */
  other(code: number, i: number): void {
    const lower = this.lower;
    if (code === 0x0a) return this.endSentence(i + 1);
    if (code === 0x2e || code === 0x21 || code === 0x3f) {
      const next = i + 1 < lower.length ? lower.charCodeAt(i + 1) : 0x20;
      if (code === 0x2e && next < 0x80 && ASCII[next] !== 0) this.sentence.chars |= i > 0 && ASCII[lower.charCodeAt(i - 1)] !== 0 ? CH.DOTTED | CH.DOTWORD : CH.DOTWORD;
      if (next === 0x20 || next === 0x0a || next === 0x09 || next === 0x22 || next === 0x29 || i + 1 === lower.length) {
        // "e.g.", "etc.": not the end of a sentence; a numbered step ("1. Call …") starts a clause.
        if (code === 0x2e && this.previousEnd === i && (i - this.previousStart === 1 || ABBREVIATIONS.has(lower.slice(this.previousStart, i)))) return void (this.orderContext ||= this.previousStart - this.sentence.start <= 2 && ASCII[lower.charCodeAt(this.previousStart)] === DIGIT);
        this.endSentence(i + 1);
      }
      return;
    }
    if (code < 0x80) {
      this.sentence.chars |= FLAG[code]!;
      if (code === 0x3a && lower.startsWith('//', i + 1)) this.sentence.chars |= CH.URL;
      if (CLAUSE[code] === 1 || (code === 0x2d && i > 0 && lower.charCodeAt(i - 1) === 0x20)) this.orderContext = true;
      return;
    }
    if (ENDS_SENTENCE.has(code)) return this.endSentence(i + 1);
    this.sentence.chars |= code === 0x201c || code === 0x201d ? CH.QUOTE | CH.NONASCII : CH.NONASCII;
    if (CLAUSE_WIDE.has(code)) this.orderContext = true;
  }
}

/** Kept for the module's life: a shape dies with its last object, and optimised code relying on it with it. */ export const KEPT_WALK = new Walk('');

/** Reads `folded` (see fold.ts) into sentences and concept hits. */
export function readWords(folded: string, plain = false, words: WordSink | null = null): Reading {
  let lower = folded.toLowerCase();
  if (!plain && lower.includes('\u2019')) lower = lower.replace(/\u2019/g, "'");
  const length = lower.length;
  const walk = new Walk(lower);
  words?.clear(lower);
  let inWord = false;
  let start = 0;
  let hash = 0;
  let hashed = 0;
  let part = 0;
  let tail = 0;
  let digits = 0;
  // Whether the word is all ASCII letters, digits and underscores.
  let ascii = true;
  // Whether the word was joined to the one before by '+' or '/' (a Base64 run goes on).
  let joined = false;
  let blanks = 0;
  let lines = 0;
  let padded = false;
  for (let i = 0; i < length; i++) {
    const code = lower.charCodeAt(i);
    const kind = code < 0x80 ? ASCII[code]! : letterKind(code);
    if (kind === LETTER || kind === DIGIT || kind === UNDERSCORE) {
      if (!inWord) {
        inWord = true;
        start = i;
        hash = OFFSET;
        hashed = 0;
        part = 0;
        digits = 0;
        ascii = true;
      }
      if (kind !== LETTER) {
        if (kind === DIGIT) digits++;
        else walk.sentence.chars |= CH.UNDERSCORE;
      } else if (code >= 0x80) {
        walk.sentence.chars |= CH.NONASCII;
        ascii = false;
        if (skipped(code)) continue;
      }
      hash = Math.imul(hash ^ code, PRIME);
      if (part !== 0) tail = Math.imul(tail ^ code, PRIME);
      hashed++;
      lines = 0;
      // The rest of a run of ASCII letters, in a tight loop (most of any text).
      while (i + 1 < length) {
        const next = lower.charCodeAt(i + 1);
        if (next < 0x61 || next > 0x7a) break;
        i++;
        hash = Math.imul(hash ^ next, PRIME);
        if (part !== 0) tail = Math.imul(tail ^ next, PRIME);
        hashed++;
      }
      continue;
    }
    // An apostrophe or hyphen between letters belongs to the word ("don't", "pre-approved").
    if (inWord && (code === 0x27 || code === 0x2d) && i + 1 < length && letterKind(lower.charCodeAt(i + 1)) === LETTER) {
      if (code === 0x2d) {
        if (part === 0) part = hash;
        tail = OFFSET;
      }
      hash = Math.imul(hash ^ code, PRIME);
      hashed++;
      ascii = false;
      continue;
    }
    if (inWord) {
      inWord = false;
      if (words !== null) words.push(start, ascii ? i : -i - 1, hash);
      walk.endWord(start, i, hash, hashed, part, tail, digits);
      if (digits > 0 || hashed >= 12 || joined) walk.runOf(start, i, digits, joined && part === 0);
    }
    joined = (code === 0x2b || code === 0x2f) && i > 0 && ASCII[lower.charCodeAt(i - 1)] !== 0;
    if (code === 0x20 || code === 0x09) {
      if (++blanks === 40) padded = true;
      continue;
    }
    blanks = 0;
    if (code === 0x0a) {
      if (++lines === 10) padded = true;
    } else if (code !== 0x0d) lines = 0;
    if (kind === UNSPACED_LETTER) {
      walk.sentence.chars |= CH.UNSPACED | CH.NONASCII;
      walk.orderContext = false;
    } else walk.other(code, i);
  }
  if (inWord) {
    if (words !== null) words.push(start, ascii ? length : -length - 1, hash);
    walk.endWord(start, length, hash, hashed, part, tail, digits);
    if (digits > 0 || hashed >= 12 || joined) walk.runOf(start, length, digits, joined && part === 0);
  }
  walk.endSentence(length);
  return { lower, sentences: walk.sentences, chars: walk.chars, lo: walk.lo, hi: walk.hi, leet: walk.leet, padded };
}
