// Hidden characters as signals, told apart by what they can carry: tag characters spell ASCII a
// model reads (high, and their text is read again as a layer), variation selectors of the
// supplement carry "emoji smuggling", bidi overrides reorder what a screen shows, and a lone
// zero-width space or soft hyphen is mostly copy-and-paste. A zero-width joiner between two
// emoji and a variation selector after a symbol are how emoji are written, and are not signals.
import { hiddenCharacters, showHidden } from '../hidden-characters.js';
import type { Signal } from './signal.js';

const TAG_START = 0xe0000;
const TAG_END = 0xe007f;
/** Black flag, the base of the subdivision flags (🏴 + tag letters + cancel tag), which are legitimate. */
const FLAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
// eslint-disable-next-line no-misleading-character-class -- the modifiers and joiners are what it matches
const EMOJI_JOINER = /(\p{Extended_Pictographic}\p{M}*[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_PRESENTATION = /([\p{Extended_Pictographic}\p{S}\p{N}])[\u{FE0E}\u{FE0F}]/gu;
// eslint-disable-next-line no-misleading-character-class -- single invisible characters, one at a time
const ZERO_WIDTH = /^[\u200b\u200c\u200d\u2060\u180e\ufeff]$/;
const BIDI = /^[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]$/;
const BIDI_OVERRIDE = /^[\u202a-\u202e\u2066-\u2069]$/;

export interface HiddenRead {
  signals: Signal[];
  /** The ASCII the tag characters spell, when they spell at least three characters. */
  tagText: string | null;
}

/** The hidden-character signals of `text` (which has some: hasHidden said so). */
export function hiddenSignals(text: string): HiddenRead {
  const legitimate = text.replace(FLAG_SEQUENCE, '🏴').replace(EMOJI_JOINER, '$1').replace(EMOJI_PRESENTATION, '$1');
  const hidden = hiddenCharacters(legitimate);
  if (hidden.length === 0) return { signals: [], tagText: null };
  const signals: Signal[] = [];
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
    } else if (code >= 0xe0100 && code <= 0xe01ef) selectors.push(char);
    else if (ZERO_WIDTH.test(char)) zeroWidth.push(char);
    else if (BIDI.test(char)) bidi.push(char);
    else other.push(char);
  }
  const shown = (chars: readonly string[]): string => `${showHidden(chars.slice(0, 12).join(''))}${chars.length > 12 ? `… (${chars.length} characters)` : ''}`;
  if (tags.length > 0) {
    const reads = tagText.trim() === '' ? '' : ` spelling "${tagText.slice(0, 120)}${tagText.length > 120 ? '…' : ''}"`;
    signals.push({ name: 'hidden-tag', excerpt: `${tags.length} tag character${tags.length === 1 ? '' : 's'} ${shown(tags)}${reads}` });
  }
  // Four or more variation selectors of the supplement carry bytes (one per selector); a CJK
  // ideographic variation sequence uses one at a time.
  if (selectors.length >= 4) signals.push({ name: 'hidden-tag', excerpt: `${selectors.length} variation selectors ${shown(selectors)} (bytes hidden after a character)` });
  else if (selectors.length > 0) other.push(...selectors);
  // A run of zero-width characters encodes bits; a few scattered ones split words.
  if (zeroWidth.length >= 16) signals.push({ name: 'hidden-tag', excerpt: `${zeroWidth.length} zero-width characters ${shown(zeroWidth)} (enough to encode a message)` });
  else if (zeroWidth.length > 0) signals.push({ name: 'hidden-zero-width', excerpt: `${zeroWidth.length} zero-width character${zeroWidth.length === 1 ? '' : 's'} ${shown(zeroWidth)}` });
  if (bidi.some((char) => BIDI_OVERRIDE.test(char))) signals.push({ name: 'hidden-bidi', excerpt: `bidi controls ${shown(bidi)} (they reorder what a screen shows)` });
  else if (bidi.length > 0) other.push(...bidi);
  if (other.length > 0) signals.push({ name: 'hidden-other', excerpt: `${other.length} invisible character${other.length === 1 ? '' : 's'} ${shown(other)}` });
  return { signals, tagText: tagText.trim().length >= 3 ? tagText : null };
}
