// Characters a model reads and a screen does not show (tag characters U+E0000–U+E007F, zero-width
// characters, bidi controls, other format characters, control characters but tab and line
// breaks), shown as `⟨U+E0041⟩` on every screen, never raw. The renderer cannot import main: the
// class is the one of src/main/integrity/hidden-characters.ts, kept the same by a unit test.

/** Every hidden character; the `g` flag: use with replace / split / matchAll only. */
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- these characters are what it finds
export const HIDDEN_CHARACTERS = new RegExp('[\\p{Cf}\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}\\u{FE00}-\\u{FE0F}\\u{0}-\\u{8}\\u{B}\\u{C}\\u{E}-\\u{1F}\\u{7F}-\\u{9F}]', 'gu');
// eslint-disable-next-line no-misleading-character-class -- the same class as HIDDEN_CHARACTERS
const HAS_HIDDEN = new RegExp(HIDDEN_CHARACTERS.source, 'u');

/** Whether `text` holds a hidden character. */
export function hasHidden(text: string): boolean {
  return HAS_HIDDEN.test(text);
}

/** How a hidden character is shown: `⟨U+E0041⟩`. */
export function hiddenMarker(char: string): string {
  return `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** `text` with each hidden character shown as `⟨U+E0041⟩` (for plain text: titles, tooltips, lists). */
export function showHidden(text: string): string;
export function showHidden(text: string | undefined): string | undefined;
export function showHidden(text: string | undefined): string | undefined {
  return text !== undefined && HAS_HIDDEN.test(text) ? text.replace(HIDDEN_CHARACTERS, hiddenMarker) : text;
}

/** One stretch of text to show: visible text as it is, or one hidden character and its marker. */
export interface TextPiece {
  /** What the piece is in the text (a hidden character: the character itself). */
  raw: string;
  /** What the screen shows. */
  shown: string;
  hidden: boolean;
}

/** `text` cut into visible stretches and hidden characters, so a screen can mark the hidden ones. */
export function textPieces(text: string): TextPiece[] {
  if (!HAS_HIDDEN.test(text)) return text === '' ? [] : [{ raw: text, shown: text, hidden: false }];
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(HIDDEN_CHARACTERS)) {
    if (match.index > at) pieces.push({ raw: text.slice(at, match.index), shown: text.slice(at, match.index), hidden: false });
    pieces.push({ raw: match[0], shown: hiddenMarker(match[0]), hidden: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ raw: text.slice(at), shown: text.slice(at), hidden: false });
  return pieces;
}

const TAG_FIRST = 0xe0020;
const TAG_LAST = 0xe007e;

/**
 * What the tag characters of `text` spell, in ASCII (U+E0041 is "A"): the message "ASCII
 * smuggling" hides from the reader. Undefined when it holds none.
 */
export function tagText(text: string): string | undefined {
  let spelled = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= TAG_FIRST && code <= TAG_LAST) spelled += String.fromCharCode(code - 0xe0000);
  }
  return spelled === '' ? undefined : spelled;
}
