// Text a model can decode and a reader cannot: long Base64 and hex, URL- and HTML-entity-encoded
// runs, ROT13, and HTML comments (hidden when the description is rendered as Markdown). Each is
// decoded into a layer that the scan reads like any text; a layer that reads as text is a
// medium signal alone, and a high one when what it says is.
import type { Signal } from './signal.js';

export interface Layer {
  /** What carried it: "base64", "hex", "URL encoding", "HTML entities", "ROT13", "HTML comment". */
  via: string;
  /** The encoded form, cut short for the finding. */
  encoded: string;
  decoded: string;
}

const BASE64 = /(?<![\w+/])[A-Za-z0-9+/]{20,}={0,2}(?![\w+/=-])/g;
const HEX = /(?<![\w])(?:[0-9a-fA-F]{2}){12,}(?![\w])|(?:\\x[0-9a-fA-F]{2}){6,}|(?:0x[0-9a-fA-F]{2}[ ,]*){6,}/g;
const URL_ENCODED = /(?:%[0-9a-fA-F]{2}[^%\s]{0,3}){5,}/g;
const ENTITIES = /(?:&#(?:x[0-9a-fA-F]{1,6}|\d{1,7});[^&\s]{0,2}){4,}/g;
const COMMENT = /<!--([\s\S]*?)(?:-->|$)/g;
const ROT13 = /\brot-?13\b/i;
/** What a prefilter may look for: any encoded run this file decodes. */
export const ENCODED_ANCHOR = String.raw`[A-Za-z0-9+/]{20}|(?:[0-9a-fA-F]{2}){12}|\\x[0-9a-fA-F]{2}|0x[0-9a-fA-F]{2}[ ,]*0x|%[0-9a-fA-F]{2}[^%\s]{0,3}%|&#|<!--|rot-?13`;

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
  for (const char of text) {
    if (/\p{L}/u.test(char)) letters++;
    else if (char === ' ') spaces++;
    // eslint-disable-next-line no-control-regex -- controls and U+FFFD mark binary decoded as text
    else if (/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffd]/.test(char)) bad++;
  }
  const length = [...text].length;
  return bad / length < 0.05 && letters / Math.max(1, length - spaces) > 0.5 && (spaces > 0 || /[\u3040-\u9fff\uac00-\ud7af]/.test(text));
}

function base64Layers(text: string, signals: Signal[], layers: Layer[]): void {
  for (const match of text.matchAll(BASE64)) {
    const run = match[0];
    // A path or an identifier: Base64 has both cases and digits (or + and /) scattered through it.
    if (run.includes('//') || !/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/[0-9+/]/.test(run) || /[a-z]{20}|[A-Z]{16}/.test(run)) continue;
    if (run.replace(/=+$/, '').length % 4 === 1) continue;
    let binary: string;
    try {
      binary = atob(run.length % 4 === 0 ? run : run.replace(/=+$/, '') + '='.repeat((4 - (run.replace(/=+$/, '').length % 4)) % 4));
    } catch {
      continue;
    }
    const decoded = utf8(binary);
    if (readsAsText(decoded)) layers.push({ via: 'base64', encoded: run, decoded });
    else if (run.length >= 64) signals.push({ name: 'encoded-binary', excerpt: `${run.length} characters of base64 (${run.slice(0, 40)}…) that decode to binary data` });
  }
}

function hexLayers(text: string, layers: Layer[]): void {
  for (const match of text.matchAll(HEX)) {
    const digits = match[0].replace(/\\x|0x|[ ,]/g, '');
    let binary = '';
    for (let i = 0; i + 1 < digits.length; i += 2) binary += String.fromCharCode(parseInt(digits.slice(i, i + 2), 16));
    const decoded = utf8(binary);
    // Hashes and ids decode to binary: not a signal.
    if (readsAsText(decoded)) layers.push({ via: 'hex', encoded: match[0], decoded });
  }
}

/** The encoded layers of `text` (folded) and the signals of binary payloads; HTML comments are layers too. */
export function encodedLayers(text: string): { signals: Signal[]; layers: Layer[] } {
  const signals: Signal[] = [];
  const layers: Layer[] = [];
  base64Layers(text, signals, layers);
  hexLayers(text, layers);
  if (URL_ENCODED.test(text)) {
    URL_ENCODED.lastIndex = 0;
    try {
      const decoded = decodeURIComponent(text.replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
      if (decoded !== text) layers.push({ via: 'URL encoding', encoded: text.match(URL_ENCODED)![0], decoded });
    } catch {
      // Not decodable as UTF-8: nothing a model reads either.
    }
    URL_ENCODED.lastIndex = 0;
  }
  if (ENTITIES.test(text)) {
    ENTITIES.lastIndex = 0;
    const decoded = text.replace(/&#(x[0-9a-fA-F]{1,6}|\d{1,7});/g, (_all, code: string) => {
      const point = code.startsWith('x') ? parseInt(code.slice(1), 16) : parseInt(code, 10);
      return point <= 0x10ffff ? String.fromCodePoint(point) : '';
    });
    layers.push({ via: 'HTML entities', encoded: text.match(ENTITIES)![0], decoded });
    ENTITIES.lastIndex = 0;
  }
  for (const match of text.matchAll(COMMENT)) {
    const body = match[1]!.trim();
    signals.push({ name: 'html-comment', excerpt: `<!-- ${body.slice(0, 100)}${body.length > 100 ? '…' : ''} -->` });
    if (body !== '') layers.push({ via: 'HTML comment', encoded: match[0], decoded: body });
  }
  if (ROT13.test(text)) {
    const decoded = text.replace(/[a-z]/gi, (char) => {
      const base = char <= 'Z' ? 65 : 97;
      return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
    });
    layers.push({ via: 'ROT13', encoded: text, decoded });
  }
  return { signals, layers };
}
