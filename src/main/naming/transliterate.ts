// Rule 2's transliteration (docs/design.md §2): the non-ASCII characters of a tool name as
// readable ASCII, before the naming core replaces what is left. Pure, no I/O.
import { createRequire } from 'node:module';

type Transliterate = (text: string, options: typeof TRANSLITERATE_OPTIONS) => string;
/**
 * Loaded on the first name that needs it: the library's tables cost 40–80 ms at every start of
 * the app, the CLI and each test process, and most tool names are ASCII or accented Latin.
 */
let library: Transliterate | null = null;

function transliterate(text: string, options: typeof TRANSLITERATE_OPTIONS): string {
  library ??= (createRequire(import.meta.url)('transliteration') as { transliterate: Transliterate }).transliterate;
  return library(text, options);
}

const NON_ALNUM = /[^A-Za-z0-9]+/;
const COMBINING_MARK = /^\p{M}$/u;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Compatibility decomposition with the marks dropped (`café` → `cafe`, `ｆｏｏ` → `foo`): the
 * first step of rule 2, and the whole of how earlier versions folded a name.
 */
export function foldMarks(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '');
}
/** Unknown characters come back empty (and then count as one replaced character). */
const TRANSLITERATE_OPTIONS = { unknown: '', fixChineseSpacing: true } as const;

/**
 * Rule 2's transliteration. A character that compatibility decomposition turns into ASCII once
 * its accents are dropped folds that way, as it always has (`café` → `cafe`, `ｆｏｏ` → `foo`,
 * `①` → `1`). Runs of the other non-ASCII characters go through the `transliteration` library:
 * scripts with letter case (Cyrillic, Greek, `ß`) keep their case and join their neighbours
 * (`Привет` → `Privet`); scripts without case (Chinese, Japanese, Korean, Arabic, Indic…) become
 * lower-case words joined by `_` and set apart from adjacent letters and digits (`搜索` →
 * `sou_suo`, `行驶证OCR` → `xing_shi_zheng_OCR`). A run that gives nothing readable (emoji,
 * symbols) stays one character for the character step to replace, as before.
 */
export function transliterateName(text: string): string {
  // Most non-ASCII names are accented Latin, which folds whole: one normalization, no library.
  const folded = foldMarks(text);
  if (isAscii(folded)) return folded;
  const chars = Array.from(text.normalize('NFC'));
  let out = '';
  // After a caseless run's words: the next letter or digit is a new word.
  let separate = false;
  const append = (piece: string): void => {
    if (separate && startsAlnum(piece)) out += '_';
    out += piece;
    separate = false;
  };
  for (let i = 0; i < chars.length; ) {
    const folded = foldToAscii(chars[i]!);
    if (folded !== null) {
      append(folded);
      i++;
      // A mark that no letter composed with (`0\u0301`) is dropped, as folding always did.
      while (i < chars.length && COMBINING_MARK.test(chars[i]!)) i++;
      continue;
    }
    const caseless = isCaseless(chars[i]!);
    let end = i + 1;
    // A run is one kind of script; a mark belongs to the run of the letter it sits on.
    while (end < chars.length && (COMBINING_MARK.test(chars[end]!) || (foldToAscii(chars[end]!) === null && isCaseless(chars[end]!) === caseless))) end++;
    const words = transliterate(chars.slice(i, end).join(''), TRANSLITERATE_OPTIONS).split(NON_ALNUM).filter((word) => word !== '');
    i = end;
    if (words.length === 0) {
      append('\u0000'); // nothing readable: one character the character step replaces with `_`
    } else if (caseless) {
      if (endsAlnum(out)) out += '_';
      append(words.join('_').toLowerCase());
      separate = true;
    } else {
      append(words.join('_'));
    }
  }
  return out;
}

/** One character as ASCII by compatibility decomposition without marks, or null. */
function foldToAscii(char: string): string | null {
  if (char.charCodeAt(0) < 128) return char;
  const folded = foldMarks(char);
  return folded !== '' && isAscii(folded) ? folded : null;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 128) return false;
  return true;
}

function isCaseless(char: string): boolean {
  return char.toLowerCase() === char.toUpperCase();
}

function isAsciiAlnum(code: number): boolean {
  const folded = code | 0x20;
  return (folded >= 97 && folded <= 122) || (code >= 48 && code <= 57);
}

function startsAlnum(text: string): boolean {
  return text.length > 0 && isAsciiAlnum(text.charCodeAt(0));
}

function endsAlnum(text: string): boolean {
  return text.length > 0 && isAsciiAlnum(text.charCodeAt(text.length - 1));
}
