// Folding a text before the patterns read it: what a poisoner varies so that words slip past a
// filter and still read the same to a model. Hidden characters between letters are removed,
// compatibility forms (fullwidth ｉｇｎｏｒｅ, mathematical 𝐢𝐠𝐧𝐨𝐫𝐞) become plain letters, Cyrillic
// and Greek look-alikes inside a Latin word become Latin. A text of printable ASCII is its own
// folding (most texts: one native test).
// Leetspeak gets a second variant (`leetVariant`), read only when a text looks written in it.
import { hasHidden, stripHidden } from '../hidden-characters.js';

/** Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables, the common part). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w', ɡ: 'g', ո: 'n', ս: 'u',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S',
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};

/** A Latin letter touching a Cyrillic or Greek one: a word of mixed scripts. */
const MIXED_SCRIPT = /[a-z][\u0370-\u03ff\u0400-\u04ff\u0500-\u052f]|[\u0370-\u03ff\u0400-\u04ff\u0500-\u052f][a-z]/i;
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;
const LATIN = /[a-z]/i;
const NON_LATIN = /[\u0370-\u03ff\u0400-\u04ff\u0500-\u052f\u0250-\u02af]/;

// eslint-disable-next-line no-control-regex -- terminal escapes are what it removes
const ESCAPES = /\x1b\[[0-9;]*[A-Za-z]/g;
const BLANKS = /[\u2800\u3164\u115f\u1160\uffa0\u2028\u2029]/g;

/** Anything but printable ASCII, tab and line breaks. */
const NOT_PLAIN = /[^\x20-\x7e\n\r\t]/;

/** The text the patterns read. */
export function isPlain(text: string): boolean {
  return !NOT_PLAIN.test(text);
}

/** What a text holds that a step of `fold` rewrites (bits), found in one walk: most texts skip every step. */
const NON_ASCII = 1;
const BLANK = 2;
/** A character MIXED_SCRIPT may read as Greek or Cyrillic (case-insensitively: µ, ͅ, ᲀ–ᲇ and ι too). */
const GREEK_CYRILLIC = 4;
const ODD_SPACE = 8;

function charsOf(text: string): number {
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (code === 0x0b || code === 0x0c) found |= ODD_SPACE;
      continue;
    }
    found |= NON_ASCII;
    if ((code >= 0x370 && code <= 0x52f) || code === 0xb5 || code === 0x345 || (code >= 0x1c80 && code <= 0x1c87) || code === 0x1fbe) found |= GREEK_CYRILLIC;
    else if (code === 0xa0) found |= ODD_SPACE;
    else if (code === 0x2800 || code === 0x3164 || code === 0x115f || code === 0x1160 || code === 0xffa0 || code === 0x2028 || code === 0x2029) found |= BLANK;
  }
  return found;
}

/**
 * Whether `text` may hold a hidden or blank character: a quick walk over its code units before
 * the exact (slower) pattern of hidden-characters.ts. It errs towards yes: format characters
 * (Cf), controls, variation selectors, tag and other supplementary format characters, blanks,
 * the combining grapheme joiner (every character HIDDEN matches is among them).
 */
export function mayHide(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xa0) {
      if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code >= 0x7f) return true;
      continue;
    }
    if (code === 0xad || code === 0x34f || (code >= 0x600 && code <= 0x605) || code === 0x61c || code === 0x6dd || code === 0x70f || (code >= 0x890 && code <= 0x891) || code === 0x8e2) return true;
    if (code === 0x115f || code === 0x1160 || code === 0x17b4 || code === 0x17b5 || (code >= 0x180b && code <= 0x180f)) return true;
    if ((code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2060 && code <= 0x206f) || code === 0x2800 || code === 0x3164) return true;
    if ((code >= 0xfe00 && code <= 0xfe0f) || code === 0xfeff || code === 0xffa0 || (code >= 0xfff0 && code <= 0xfffb)) return true;
    // Supplementary planes: tag characters and selectors (U+E0000–E01EF), and the few other format characters.
    if (code === 0xdb40 || code === 0xd834 || code === 0xd804 || code === 0xd82f || code === 0xd80d) return true;
  }
  return false;
}

/** `text` folded; `mayHold`: what `mayHide(text)` says, when the caller knows it already. */
export function fold(text: string, mayHold = mayHide(text)): string {
  if (!NOT_PLAIN.test(text)) return text;
  let folded = text;
  // Escapes, hidden characters and the joiner are all among what mayHide finds.
  if (mayHold) {
    if (folded.includes('\x1b')) folded = folded.replace(ESCAPES, ' ');
    folded = hasHidden(folded) ? stripHidden(folded) : folded;
    // The combining grapheme joiner is drawn as nothing: a keyword split by it reads whole.
    if (folded.includes('\u034f')) folded = folded.replace(/\u034f/g, '');
  }
  let found = charsOf(folded);
  if ((found & NON_ASCII) !== 0) {
    folded = folded.normalize('NFKC');
    found = charsOf(folded);
    if ((found & BLANK) !== 0) folded = folded.replace(BLANKS, '\n');
    if ((found & GREEK_CYRILLIC) !== 0 && MIXED_SCRIPT.test(folded)) {
      // A text with words of mixed scripts uses look-alikes: its words drawn only of them fold too.
      folded = folded.replace(WORD, (word) => (NON_LATIN.test(word) && (LATIN.test(word) || [...word].every((char) => LOOK_ALIKES[char] !== undefined)) ? [...word].map((char) => LOOK_ALIKES[char] ?? char).join('') : word));
    }
  }
  return (found & ODD_SPACE) !== 0 ? folded.replace(/[\f\v\u00a0]/g, ' ') : folded;
}

// No @: it is an e-mail address's before it is an a.
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', $: 's', '!': 'i', '|': 'l' };
/** A word with a digit (or @, $) between letters: "1gn0re", "pr3v10us". */
const LEET_WORD = /[\p{L}01345789$|!]+/gu;
const LEET_CHARS = /[01345789$|!]/g;
/** What a run of digits alone may stand for. */
const FUNCTION_WORDS = new Set(['to', 'at', 'is', 'as', 'it', 'so', 'on', 'in', 'of', 'a', 'i', 'all', 'ill', 'be', 'go']);
const HAS_LEET = /[a-z][01345789$|][a-z]|(?:^|\s)[01345789][a-z0-9]{2}/i;

/**
 * `folded` with leetspeak read as letters, or null when it has fewer than three words written
 * so (a version number or an e-mail address is not leetspeak).
 */
export function leetVariant(folded: string, one: 'i' | 'l' = 'i'): string | null {
  const read = (char: string): string => (char === '1' ? one : (LEET[char] ?? char));
  if (!HAS_LEET.test(folded)) return null;
  let words = 0;
  const variant = folded.replace(/'5\b/g, "'s").replace(LEET_WORD, (word) => {
    // Short function words written in digits alone ("70" for "to").
    if (!/\p{L}/u.test(word)) {
      const digits = word.replace(LEET_CHARS, read);
      return FUNCTION_WORDS.has(digits) ? digits : word;
    }
    if (!/\p{L}/u.test(word) || !/[01345789$|!]/.test(word) || /^\p{L}+!$/u.test(word)) return word;
    words++;
    return word.replace(LEET_CHARS, read);
  });
  return words >= 3 ? variant : null;
}
