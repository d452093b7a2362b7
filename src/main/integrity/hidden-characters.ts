// Characters a model reads and a screen does not show: Unicode tag characters (U+E0000–U+E007F,
// "ASCII smuggling"), zero-width characters, bidi controls, other format characters (Cf) and
// control characters other than tab and line breaks. Pure.

/**
 * Every hidden character; the `g` flag: use with replace / matchAll only. A class of control and
 * combining characters on purpose (variation selectors included: they carry "emoji smuggling").
 */
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- these characters are what it finds
const HIDDEN = new RegExp('[\\p{Cf}\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}\\u{FE00}-\\u{FE0F}\\u{0}-\\u{8}\\u{B}\\u{C}\\u{E}-\\u{1F}\\u{7F}-\\u{9F}]', 'gu');
// eslint-disable-next-line no-misleading-character-class -- the same class as HIDDEN
const HAS_HIDDEN = new RegExp(HIDDEN.source, 'u');

/** Whether `text` holds a hidden character. */
export function hasHidden(text: string): boolean {
  return HAS_HIDDEN.test(text);
}

/** `text` without its hidden characters (what a model gets). */
export function stripHidden(text: string): string {
  return HAS_HIDDEN.test(text) ? text.replace(HIDDEN, '') : text;
}

/** `text` with each hidden character shown as `⟨U+E0041⟩` (what a screen shows). */
export function showHidden(text: string): string {
  return HAS_HIDDEN.test(text) ? text.replace(HIDDEN, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`) : text;
}

/** The hidden characters of `text`, in order. */
export function hiddenCharacters(text: string): string[] {
  return HAS_HIDDEN.test(text) ? [...text.matchAll(HIDDEN)].map((match) => match[0]) : [];
}

/**
 * The three subdivision flags emoji fonts draw (England, Scotland, Wales): 🏴, the region in tag
 * letters, the cancel tag. Any other tag sequence shows as a bare black flag, so its tags are
 * text no one sees, and are removed like any other.
 */
const FLAG = '\u{1F3F4}(?:\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F})';
// eslint-disable-next-line no-misleading-character-class -- a flag's tags are matched whole, then one hidden character at a time
const CONTENT_HIDDEN = new RegExp(`${FLAG}|${HIDDEN.source}`, 'gu');
/** Emoji a joiner sits between (👩‍💻): a pictograph, a skin tone, or the presentation selector after one. */
const EMOJI_BEFORE = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}]/u;
const EMOJI_AFTER = /\p{Extended_Pictographic}/u;
/** Characters an emoji or text presentation selector (U+FE0E, U+FE0F) follows: ❤️, 1️⃣, ©️. */
const TAKES_PRESENTATION = /\p{Emoji}/u;
/**
 * Letters and marks of the scripts whose writing uses joiners (ZWNJ U+200C, ZWJ U+200D): Persian
 * and the other Arabic-script languages (می‌خواهم), Syriac, N'Ko, Mongolian, and the Indic
 * scripts (half forms after a virama).
 */
const JOINING_SCRIPT = /[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}]/u;
/** A combining mark (a virama, say): after one, a joiner picks a half form or a chillu (ന്‍) even at a word's end. */
const MARK = /\p{M}/u;
/** Letters written right to left, beside which a left-to-right or right-to-left mark orders a number or a Latin word. */
const RIGHT_TO_LEFT = /[\p{scx=Arabic}\p{scx=Hebrew}\p{scx=Syriac}\p{scx=Thaana}\p{scx=Nko}]/u;

/** The code point before `index` of `text`, as a string ('' at the start). */
function before(text: string, index: number): string {
  if (index === 0) return '';
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : text.slice(index - 1, index);
}

/** The code point at `index` of `text`, as a string ('' at the end). */
function at(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** ZWNJ or ZWJ between two letters of a script that writes with them, or after one's combining mark. */
function joins(previous: string, next: string): boolean {
  return JOINING_SCRIPT.test(previous) && (JOINING_SCRIPT.test(next) || MARK.test(previous));
}

/** Whether the hidden character `char` at `index` is one ordinary writing needs there (contentWithoutHidden's rules). */
function neededInText(char: string, text: string, index: number): boolean {
  const previous = before(text, index);
  const next = at(text, index + char.length);
  switch (char) {
    case '\u200D':
      return (EMOJI_BEFORE.test(previous) && EMOJI_AFTER.test(next)) || joins(previous, next);
    case '\u200C':
      return joins(previous, next);
    case '\uFE0E':
    case '\uFE0F':
      return TAKES_PRESENTATION.test(previous) && !HAS_HIDDEN.test(previous);
    case '\u200E':
    case '\u200F':
    case '\u061C':
      return (RIGHT_TO_LEFT.test(previous) || RIGHT_TO_LEFT.test(next)) && !HAS_HIDDEN.test(previous) && !HAS_HIDDEN.test(next);
    default:
      return false;
  }
}

/**
 * What a model gets of content (a tool result's, a prompt message's or a resource's text: a
 * user's data): `text` without its hidden characters, except where ordinary writing needs one
 * (docs/providers.md, "Hidden characters"): a joiner between two emoji, a presentation selector
 * after an emoji, the England, Scotland and Wales flags, ZWNJ and ZWJ between two letters of a
 * script that writes with them (Persian, the Indic scripts) or after a virama, and a left-to-right or right-to-left
 * mark beside right-to-left letters; everywhere else (a second selector in a row, a joiner beside
 * a space, a mark between Latin words) it is removed. `removed`: the characters taken out, in order.
 */
export function contentWithoutHidden(text: string): { text: string; removed: string[] } {
  if (!HAS_HIDDEN.test(text)) return { text, removed: [] };
  const removed: string[] = [];
  const clean = text.replace(CONTENT_HIDDEN, (match: string, index: number) => {
    if (match.length > 2 || neededInText(match, text, index)) return match;
    removed.push(match);
    return '';
  });
  return { text: clean, removed };
}

/** `U+E0041`. */
export function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

const NAMED = 4;
const SPELLED = 60;

/**
 * Removed hidden characters in words, for a report: `3 hidden characters (U+E0041, U+E0042,
 * U+200B)`, at most four code points named, and what tag characters spell ("ASCII smuggling").
 */
export function describeHidden(removed: readonly string[]): string {
  const distinct = [...new Set(removed)];
  const named = distinct.slice(0, NAMED).map(codePointName).join(', ') + (distinct.length > NAMED ? ', …' : '');
  let spelled = '';
  for (const char of removed) {
    const code = char.codePointAt(0)!;
    if (code >= 0xe0020 && code <= 0xe007e) spelled += String.fromCharCode(code - 0xe0000);
  }
  const spelling = spelled.trim() === '' ? '' : `; tag characters spelling "${spelled.length > SPELLED ? `${spelled.slice(0, SPELLED)}…` : spelled}"`;
  return `${removed.length} hidden character${removed.length === 1 ? '' : 's'} (${named}${spelling})`;
}
