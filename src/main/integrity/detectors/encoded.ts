// Text a model can decode and a reader cannot: Base64, Base32, hex, URL encoding, HTML entities,
// \u escapes, character codes, bits, Morse, ROT13 and other Caesar shifts, reversed text. Each
// is decoded into a layer that the scan reads like any text (layers.ts judges it by what it
// says). A decoder runs only when the reader saw what it needs: a long run of Base64 letters,
// a %, an &#, a backslash, a word that names an encoding, or common words written backwards or
// in ROT13.
import type { Trait } from './signal.js';

export interface Layer {
  /** What carried it: "base64", "hex", "URL encoding", "ROT13", "tag characters"… */
  via: string;
  /** The encoded form, cut short for the finding ('' when hidden characters carried it). */
  encoded: string;
  decoded: string;
}

const BASE64 = /(?<![\w+/])[A-Za-z0-9+/]{20,}={0,2}(?![\w+/=-])/g;
const BASE32 = /(?<![\w])[A-Z2-7]{24,}={0,6}(?![\w=])/g;
const HEX = /\b(?:0x)?(?:[0-9a-fA-F]{2}){12,}\b/g;
const HEX_ESCAPED = /(?:\\x[0-9a-fA-F]{2}){6,}|(?:0x[0-9a-fA-F]{2}[ ,]*){6,}/g;
const URL_ENCODED = /(?:%[0-9a-fA-F]{2}[^%\s]{0,20}){3,}/;
const ENTITIES = /(?:&#(?:x[0-9a-fA-F]{1,6}|\d{1,7});[^&\s]{0,2}){4,}/;
const UNICODE_ESCAPES = /(?:\\u[0-9a-fA-F]{4}){6,}/g;
const CHAR_CODES = /(?:\b\d{2,3}\s*,\s*){7,}\d{2,3}\b/g;
const BITS = /(?:\b[01]{8}\b[\s,]*){4,}/g;
const MORSE = /(?:(?:[.-]{1,7}|@)(?:\s+\/\s+|\s+)){7,}[.@-]{1,7}/g;
const CAESAR = /\b(?:caesar|shift(?:ed|ing)?|rot)\s*(?:(?:each|every|all|the)\s+)?(?:(?:letter|character|char)s?\s+)?(back(?:wards?)?\s+|forwards?\s+)?(?:by\s*)?[+-]?\s*(\d{1,2})\b/i;
/** Hex bytes written apart, named as such: "[0x] 43 6f 70 79 …", "decode as bytes". */
const HEX_NAMED = /\b(?:hex|bytes)\b/i;
const HEX_SPACED = /(?:\b[0-9a-fA-F]{2}\s+){11,}[0-9a-fA-F]{2}\b/g;

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Bytes from a binary string, as UTF-8 text. */
function utf8(binary: string): string {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decoder.decode(bytes);
}

/** Whether `text` reads as words: mostly letters and spaces, few controls or replacement characters. */
export function readsAsText(text: string): boolean {
  if (text.length < 8) return false;
  let letters = 0;
  let bad = 0;
  let spaces = 0;
  let length = 0;
  // By code point; ASCII without a pattern.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    length++;
    if (code < 0x80) {
      if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) letters++;
      else if (code === 0x20) spaces++;
      else if (code <= 0x08 || (code >= 0x0e && code <= 0x1f) || code === 0x7f) bad++;
      continue;
    }
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    const char = String.fromCodePoint(point);
    if (/\p{L}/u.test(char)) letters++;
    else if ((point >= 0x80 && point <= 0x9f) || point === 0xfffd) bad++;
  }
  return bad / length < 0.05 && letters / Math.max(1, length - spaces) > 0.5 && (spaces > 0 || /[\u3040-\u9fff\uac00-\ud7af]/.test(text));
}

const shift = (text: string, by: number): string =>
  text.replace(/[a-z]/gi, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((((char.charCodeAt(0) - base - by) % 26) + 26) % 26) + base);
  });

/** BASE64 at one place: a match starts only where a run of Base64 characters does (its lookbehind), so it is tried only there. */
const BASE64_AT = new RegExp(BASE64.source, 'y');

/** The bytes of a Base64 run, or null when it is none. */
function fromBase64(run: string): string | null {
  const bare = run.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  try {
    return atob(bare + '='.repeat((4 - (bare.length % 4)) % 4));
  } catch {
    return null;
  }
}

/** A run decoded after turning it round ('' when that is no Base64). */
function reversedRun(run: string): string {
  const binary = fromBase64([...run].reverse().join('').replace(/^=+/, ''));
  return binary === null ? '' : utf8(binary);
}

/** `starts`: where the runs of 20 Base64 characters or more start, in order. */
function base64Layers(text: string, starts: readonly number[], turned: boolean, traits: Trait[], layers: Layer[]): void {
  let after = 0;
  for (const start of starts) {
    if (start < after) continue;
    BASE64_AT.lastIndex = start;
    const match = BASE64_AT.exec(text);
    if (match === null) continue;
    const run = match[0];
    after = start + run.length;
    // A path or an identifier: Base64 has both cases and digits (or + and /) scattered through it.
    if (run.includes('//') || !/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/[0-9+/]/.test(run) || /[a-z]{20}|[A-Z]{16}/.test(run)) continue;
    const binary = fromBase64(run);
    if (binary === null) continue;
    const decoded = utf8(binary);
    // UTF-16 (PowerShell's -EncodedCommand): every other byte zero.
    const wide = binary.length >= 8 && /^(?:[\s\S]\0)+[\s\S]?$/.test(binary) ? binary.replace(/\0/g, '') : null;
    if (readsAsText(decoded)) layers.push({ via: 'base64', encoded: run, decoded });
    else if (wide !== null && readsAsText(wide)) layers.push({ via: 'base64', encoded: run, decoded: wide });
    // Base64 of Base64: read once more.
    else if (/^[A-Za-z0-9+/=\s]{20,}$/.test(binary)) layers.push({ via: 'base64', encoded: run, decoded: binary });
    else {
      // Written backwards ("reverse this string, then base64-decode it"): the run turned round, when an encoding is named.
      const back = turned ? reversedRun(run) : '';
      if (back !== '' && readsAsText(back)) layers.push({ via: 'reversed base64', encoded: run, decoded: back });
      else if (run.length >= 64) traits.push({ name: 'encoded-binary', sentence: -1, excerpt: `${run.length} characters of base64 (${run.slice(0, 40)}…) that decode to binary data` });
    }
  }
}

function base32(run: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of run.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  let binary = '';
  for (let i = 0; i + 8 <= bits.length; i += 8) binary += String.fromCharCode(parseInt(bits.slice(i, i + 8), 2));
  return utf8(binary);
}

const MORSE_CODE: Readonly<Record<string, string>> = Object.fromEntries(
  'a.- b-... c-.-. d-.. e. f..-. g--. h.... i.. j.--- k-.- l.-.. m-- n-. o--- p.--. q--.- r.-. s... t- u..- v...- w.-- x-..- y-.-- z--.. 0----- 1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---.. 9----. ~.-.-. /-..-. _..--.- @.--.-. ..-.-.-'
    .split(' ')
    .map((pair) => [pair.slice(1), pair[0]!]),
);

/** What the reader saw that a decoder needs. */
export interface Hints {
  run: boolean;
  percent: boolean;
  amp: boolean;
  backslash: boolean;
  named: boolean;
  backwards: boolean;
  rot: boolean;
  digits: boolean;
}

/** What each ASCII character is to the encodings (bits): Base64, hex, binary, Base32. */
const B64 = 1;
const HEX_DIGIT = 2;
const BIT = 4;
const B32 = 8;
const ALPHABET = new Uint8Array(128);
for (const [chars, kind] of [['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', B64], ['0123456789abcdefABCDEF', HEX_DIGIT], ['01', BIT], ['ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', B32]] as const) {
  for (const char of chars) ALPHABET[char.charCodeAt(0)] = ALPHABET[char.charCodeAt(0)]! | kind;
}

interface Runs {
  /** The longest run of each alphabet. */
  base64: number;
  hex: number;
  binary: number;
  base32: number;
  /** Where each run of 20 Base64 characters or more starts. */
  base64Starts: number[];
}

/** The runs in `text` that the encodings' patterns need. */
function runsOf(text: string): Runs {
  let base64 = 0;
  let hex = 0;
  let binary = 0;
  let base32 = 0;
  let longest64 = 0;
  let longestHex = 0;
  let longestBinary = 0;
  let longest32 = 0;
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const kind = code < 0x80 ? ALPHABET[code]! : 0;
    if (kind === 0) {
      if (base64 >= 20) starts.push(i - base64);
      if (base64 > longest64) longest64 = base64;
      base64 = 0;
      hex = 0;
      binary = 0;
      base32 = 0;
      continue;
    }
    base64++;
    if ((kind & HEX_DIGIT) === 0) hex = 0;
    else if (++hex > longestHex) longestHex = hex;
    if ((kind & BIT) === 0) binary = 0;
    else if (++binary > longestBinary) longestBinary = binary;
    if ((kind & B32) === 0) base32 = 0;
    else if (++base32 > longest32) longest32 = base32;
  }
  if (base64 >= 20) starts.push(text.length - base64);
  if (base64 > longest64) longest64 = base64;
  return { base64: longest64, hex: longestHex, binary: longestBinary, base32: longest32, base64Starts: starts };
}

const EIGHT_BITS = /[01]{8}/;
const NO_RUNS: Runs = { base64: 0, hex: 0, binary: 0, base32: 0, base64Starts: [] };

/** The layers of `text` (folded); `hints`: what the reader saw (which decoders may find something). */
export function encodedLayers(text: string, hints: Hints): { traits: Trait[]; layers: Layer[] } {
  const traits: Trait[] = [];
  const layers: Layer[] = [];
  // The runs a Base64, Base32, hex or bits match needs (20, 24, 24 and 8 characters): most texts have none.
  const longest = hints.run ? runsOf(text) : NO_RUNS;
  if (hints.run && longest.base64 >= 20) {
    base64Layers(text, longest.base64Starts, hints.named, traits, layers);
    if (longest.base32 >= 24) {
      for (const match of text.matchAll(BASE32)) {
        const decoded = base32(match[0]);
        if (readsAsText(decoded)) layers.push({ via: 'base32', encoded: match[0], decoded });
      }
    }
  }
  if (hints.run || hints.backslash || hints.named) {
    const runs = hints.run && longest.hex >= 24 ? [...text.matchAll(HEX)] : [];
    const escaped = hints.backslash || text.includes('0x') ? [...text.matchAll(HEX_ESCAPED)] : [];
    // Only when the text says what they are (both with and without the gates: bytes apart are common in examples).
    if (hints.named && HEX_NAMED.test(text)) escaped.push(...text.matchAll(HEX_SPACED));
    for (const match of [...runs, ...escaped]) {
      const digits = match[0].replace(/\\x|0x|[\s,]/g, '');
      let binary = '';
      for (let i = 0; i + 1 < digits.length; i += 2) binary += String.fromCharCode(parseInt(digits.slice(i, i + 2), 16));
      const decoded = utf8(binary);
      // Hashes and ids decode to binary: not a layer.
      if (readsAsText(decoded)) layers.push({ via: 'hex', encoded: match[0], decoded });
    }
  }
  if (hints.backslash) {
    for (const match of text.matchAll(UNICODE_ESCAPES)) layers.push({ via: '\\u escapes', encoded: match[0], decoded: match[0].replace(/\\u([0-9a-fA-F]{4})/g, (_all, code: string) => String.fromCharCode(parseInt(code, 16))) });
  }
  if (hints.percent && URL_ENCODED.test(text)) {
    try {
      const decoded = decodeURIComponent(text.replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
      if (decoded !== text) layers.push({ via: 'URL encoding', encoded: URL_ENCODED.exec(text)![0], decoded });
    } catch {
      // Not decodable as UTF-8: nothing a model reads either.
    }
  }
  if (hints.amp && ENTITIES.test(text)) {
    const decoded = text.replace(/&#(x[0-9a-fA-F]{1,6}|\d{1,7});/g, (_all, code: string) => {
      const point = code.startsWith('x') ? parseInt(code.slice(1), 16) : parseInt(code, 10);
      return point <= 0x10ffff ? String.fromCodePoint(point) : '';
    });
    layers.push({ via: 'HTML entities', encoded: ENTITIES.exec(text)![0], decoded });
  }
  if (hints.digits && (hints.run ? longest.binary >= 8 : EIGHT_BITS.test(text))) {
    for (const match of text.matchAll(BITS)) {
      const decoded = utf8(match[0].trim().split(/[\s,]+/).map((byte) => String.fromCharCode(parseInt(byte, 2))).join(''));
      if (readsAsText(decoded)) layers.push({ via: 'bits', encoded: match[0], decoded });
    }
  }
  if (hints.named) {
    for (const match of text.matchAll(CHAR_CODES)) {
      const decoded = match[0].split(/\s*,\s*/).map((code) => String.fromCharCode(Number(code))).join('');
      if (readsAsText(decoded)) layers.push({ via: 'character codes', encoded: match[0], decoded });
    }
    for (const match of text.matchAll(MORSE)) {
      const decoded = match[0].trim().split(/\s+\/\s+/).map((word) => word.split(/\s+/).map((code) => (code === '@' ? '@' : (MORSE_CODE[code] ?? ''))).join('')).join(' ');
      if (readsAsText(decoded)) layers.push({ via: 'Morse', encoded: match[0], decoded });
    }
    const caesar = CAESAR.exec(text);
    // "Shift each letter forward by 3" to decode undoes a shift back.
    if (caesar !== null) layers.push({ via: `Caesar shift ${caesar[2]}`, encoded: text, decoded: shift(text, (caesar[1]?.startsWith('forward') ? 26 - Number(caesar[2]) : Number(caesar[2])) % 26) });
  }
  if (hints.rot) layers.push({ via: 'ROT13', encoded: text, decoded: shift(text, 13) });
  if (hints.backwards) layers.push({ via: 'reversed text', encoded: text, decoded: [...text].reverse().join('') });
  return { traits, layers };
}
