// Folding a text before the patterns read it: what a poisoner varies so that words slip past a
// filter and still read the same to a model. Hidden characters between letters are removed,
// compatibility forms (fullwidth ｉｇｎｏｒｅ, mathematical 𝐢𝐠𝐧𝐨𝐫𝐞) become plain letters, Cyrillic
// and Greek look-alikes inside a Latin word become Latin, and runs of spaces become one.
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

/** The text the patterns read. */
export function fold(text: string): string {
  let folded = hasHidden(text) ? stripHidden(text) : text;
  // eslint-disable-next-line no-control-regex -- any non-ASCII character
  if (/[^\x00-\x7f]/.test(folded)) {
    folded = folded.normalize('NFKC');
    if (MIXED_SCRIPT.test(folded)) {
      // A text with words of mixed scripts uses look-alikes: its words drawn only of them fold too.
      folded = folded.replace(WORD, (word) => (NON_LATIN.test(word) && (LATIN.test(word) || [...word].every((char) => LOOK_ALIKES[char] !== undefined)) ? [...word].map((char) => LOOK_ALIKES[char] ?? char).join('') : word));
    }
  }
  return folded.replace(/[^\S\n]{2,}|[\t\r\f\v\u00a0]/g, ' ');
}

// No @: it is an e-mail address's before it is an a.
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', $: 's', '!': 'i', '|': 'l' };
/** A word with a digit (or @, $) between letters: "1gn0re", "pr3v10us". */
const LEET_WORD = /[\p{L}013457$|!]+/gu;
/** What a run of digits alone may stand for. */
const FUNCTION_WORDS = new Set(['to', 'at', 'is', 'as', 'it', 'so', 'on', 'in', 'of', 'a', 'i']);
const HAS_LEET = /[a-z][013457$|][a-z]|(?:^|\s)[013457][a-z]{2}/i;

/**
 * `folded` with leetspeak read as letters, or null when it has fewer than three words written
 * so (a version number or an e-mail address is not leetspeak).
 */
export function leetVariant(folded: string): string | null {
  if (!HAS_LEET.test(folded)) return null;
  let words = 0;
  const variant = folded.replace(/'5\b/g, "'s").replace(LEET_WORD, (word) => {
    // Short function words written in digits alone ("70" for "to").
    if (!/\p{L}/u.test(word)) {
      const read = word.replace(/[013457$|!]/g, (char) => LEET[char] ?? char);
      return FUNCTION_WORDS.has(read) ? read : word;
    }
    if (!/\p{L}/u.test(word) || !/[013457$|!]/.test(word) || /^\p{L}+!$/u.test(word)) return word;
    words++;
    return word.replace(/[013457$|!]/g, (char) => LEET[char] ?? char);
  });
  return words >= 3 ? variant : null;
}
