// Hidden characters as traits, told apart by what they can carry: tag characters spell ASCII a
// model reads (high, and their text is read again as a layer), variation selectors of the
// supplement and runs of zero-width characters carry bytes (decoded and read), bidi overrides
// reorder what a screen shows (the reordered text is read too), a format character inside a
// word splits a keyword, terminal escapes conceal text, blank-looking letters pad it out of
// view; a lone zero-width space or soft hyphen is mostly copy-and-paste. A zero-width joiner
// between two emoji and a variation selector after a symbol are how emoji are written.
import { hiddenCharacters, showHidden } from '../hidden-characters.js';
import type { Layer } from './encoded.js';
import { readsAsText } from './encoded.js';
import type { Trait } from './signal.js';

const TAG_START = 0xe0000;
const TAG_END = 0xe007f;
/** Black flag, the base of the subdivision flags (🏴 + tag letters + cancel tag), which are legitimate. */
const FLAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]{2,7}\u{E007F}/gu;
// eslint-disable-next-line no-misleading-character-class -- the modifiers and joiners are what it matches
const EMOJI_JOINER = /(\p{Extended_Pictographic}\p{M}*[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_PRESENTATION = /([\p{Extended_Pictographic}\p{S}\p{N}])[\u{FE0E}\u{FE0F}]/gu;
// eslint-disable-next-line no-misleading-character-class -- single invisible characters, one at a time
const ZERO_WIDTH = /^[\u200b\u200c\u200d\u2060\u180e\ufeff]$/;
const BIDI = /^[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]$/;
const BIDI_OVERRIDE = /^[\u202a-\u202e\u2066-\u2069]$/;
/** A format character between two Latin letters: a keyword split so that a filter misses it. */
// eslint-disable-next-line no-misleading-character-class -- format characters between letters
const SPLIT_WORD = /[A-Za-z][\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2060-\u2064\ufeff]+[A-Za-z~./_]/;
/** Letters and separators drawn blank: padding that pushes text out of view. */
const BLANK = /[\u2800\u3164\u115f\u1160\uffa0\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- terminal escapes are what it finds
const ESCAPE = /\x1b\[[0-9;]*[A-Za-z]/;
/** Text between a right-to-left override and its end, shown reversed. */
const REVERSED_RUN = /[\u202e\u202d\u2067\u2066]([^\u202c\u2069]{6,})/g;

export interface HiddenRead {
  traits: Trait[];
  /** What the hidden characters spell or reorder, to be read again. */
  layers: Layer[];
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Bytes carried by variation selectors (U+FE00–FE0F: 0–15; U+E0100–E01EF: 16–255). */
function selectorBytes(selectors: readonly string[]): string {
  const bytes = selectors.map((char) => {
    const code = char.codePointAt(0)!;
    return code <= 0xfe0f ? code - 0xfe00 : code - 0xe0100 + 16;
  });
  return utf8.decode(new Uint8Array(bytes));
}

/** Bits carried by zero-width characters: the two most frequent are 0 and 1 (either way), a third separates bytes. */
function zeroWidthBits(chars: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([char]) => char);
  if (ranked.length < 2) return null;
  const [a, b, separator] = ranked as [string, string, string | undefined];
  for (const [zero, one] of [[a, b], [b, a]] as const) {
    const groups = separator === undefined ? chars.join('').match(/.{8}/gu) ?? [] : chars.join('').split(separator);
    const bytes = groups.map((group) => parseInt([...group].map((char) => (char === zero ? '0' : char === one ? '1' : '')).join('') || '0', 2));
    const text = utf8.decode(new Uint8Array(bytes));
    if (readsAsText(text)) return text;
  }
  return null;
}

/** The hidden-character traits of `text` (which has some, or blank letters). */
export function hiddenTraits(text: string): HiddenRead {
  const traits: Trait[] = [];
  const layers: Layer[] = [];
  const push = (name: Trait['name'], excerpt: string): void => void traits.push({ name, sentence: -1, excerpt });
  const blanks = text.match(BLANK)?.length ?? 0;
  if (blanks >= 3) push('blank-padding', `${blanks} blank-looking characters ${showHidden(text.match(BLANK)!.slice(0, 4).join('')).replace(/[\u2800\u3164\u115f\u1160\uffa0]/g, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase()}⟩`)} (they push text out of view)`);
  if (ESCAPE.test(text)) push('hidden-escape', `terminal escape sequences ${showHidden(ESCAPE.exec(text)![0])} (they hide or erase text on a terminal)`);
  const legitimate = text.replace(FLAG_SEQUENCE, '🏴').replace(EMOJI_JOINER, '$1').replace(EMOJI_PRESENTATION, '$1');
  const hidden = hiddenCharacters(legitimate);
  if (hidden.length === 0) return { traits, layers };
  let tagText = '';
  const tags: string[] = [];
  const zeroWidth: string[] = [];
  const selectors: string[] = [];
  const bidi: string[] = [];
  const other: string[] = [];
  for (const char of hidden) {
    const code = char.codePointAt(0)!;
    if (code >= TAG_START && code <= TAG_END) {
      tags.push(char);
      if (code >= 0xe0020 && code <= 0xe007e) tagText += String.fromCharCode(code - TAG_START);
    } else if ((code >= 0xe0100 && code <= 0xe01ef) || (code >= 0xfe00 && code <= 0xfe0f)) selectors.push(char);
    else if (ZERO_WIDTH.test(char)) zeroWidth.push(char);
    else if (BIDI.test(char)) bidi.push(char);
    else if (code !== 0x1b) other.push(char);
  }
  const shown = (chars: readonly string[]): string => `${showHidden(chars.slice(0, 12).join(''))}${chars.length > 12 ? `… (${chars.length} characters)` : ''}`;
  if (tags.length > 0) {
    const reads = tagText.trim() === '' ? '' : ` spelling "${tagText.slice(0, 120)}${tagText.length > 120 ? '…' : ''}"`;
    push('hidden-tag', `${tags.length} tag character${tags.length === 1 ? '' : 's'} ${shown(tags)}${reads}`);
    if (tagText.trim().length >= 3) layers.push({ via: 'tag characters', encoded: '', decoded: tagText });
  }
  // Four or more variation selectors carry bytes (one per selector); an emoji or a CJK variant uses one.
  if (selectors.length >= 4) {
    push('hidden-tag', `${selectors.length} variation selectors ${shown(selectors)} (bytes hidden after a character)`);
    layers.push({ via: 'variation selectors', encoded: '', decoded: selectorBytes(selectors) });
  } else other.push(...selectors);
  // A run of zero-width characters encodes bits; a few scattered ones split words.
  if (zeroWidth.length >= 16) {
    push('hidden-tag', `${zeroWidth.length} zero-width characters ${shown(zeroWidth)} (enough to encode a message)`);
    const bits = zeroWidthBits(zeroWidth);
    if (bits !== null) layers.push({ via: 'zero-width bits', encoded: '', decoded: bits });
  } else if (zeroWidth.length > 0) push('hidden-zero-width', `${zeroWidth.length} zero-width character${zeroWidth.length === 1 ? '' : 's'} ${shown(zeroWidth)}`);
  if (SPLIT_WORD.test(text)) push('hidden-split', `invisible characters inside words ${shown([...zeroWidth, ...other])} (they split keywords)`);
  if (bidi.some((char) => BIDI_OVERRIDE.test(char))) {
    push('hidden-bidi', `bidi controls ${shown(bidi)} (they reorder what a screen shows)`);
    for (const run of text.matchAll(REVERSED_RUN)) layers.push({ via: 'right-to-left override', encoded: '', decoded: [...run[1]!].reverse().join('') });
  } else other.push(...bidi);
  if (other.length > 0) push('hidden-other', `${other.length} invisible character${other.length === 1 ? '' : 's'} ${shown(other)}`);
  return { traits, layers };
}
