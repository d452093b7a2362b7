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
