// A signal is one thing a detector saw in a text; findings are made from the signals of a text
// together (combine.ts), so that a word that is harmless alone ("API key") weighs only beside
// another ("send it to …").
import type { FindingKind, Severity } from '../../../types/integrity.js';

export type SignalName =
  // instructions-to-model
  | 'override'
  | 'chat-token'
  | 'tag-block'
  | 'secrecy'
  | 'precondition'
  | 'tamper'
  | 'destructive'
  // sensitive-data
  | 'sensitive-path'
  | 'sensitive-word'
  | 'private-data'
  // exfiltration (`send` and `dest` make one only together)
  | 'read'
  | 'send'
  | 'dest'
  | 'param-smuggle'
  | 'exfil'
  // shadowing
  | 'other-tool'
  | 'modal'
  // encoded-payload
  | 'encoded-text'
  | 'encoded-binary'
  | 'html-comment'
  // hidden-characters
  | 'hidden-tag'
  | 'hidden-zero-width'
  | 'hidden-bidi'
  | 'hidden-other';

export interface SignalPattern {
  name: SignalName;
  pattern: RegExp;
}

export interface Signal {
  name: SignalName;
  /** The text that was seen (folded; hidden characters shown visibly). */
  excerpt: string;
  /** Set by an encoded layer: what carried it ("base64", "tag characters"…). */
  via?: string;
  /** A severity it has at least, whatever its name's alone (an encoded layer that says something). */
  floor?: Severity;
}

/** The kind of finding a signal makes, or null for an amplifier that makes none alone. */
export const KIND_OF: Readonly<Record<SignalName, FindingKind | null>> = {
  override: 'instructions-to-model',
  'chat-token': 'instructions-to-model',
  'tag-block': 'instructions-to-model',
  secrecy: 'instructions-to-model',
  precondition: 'instructions-to-model',
  tamper: 'instructions-to-model',
  destructive: 'instructions-to-model',
  'sensitive-path': 'sensitive-data',
  'sensitive-word': 'sensitive-data',
  'private-data': 'sensitive-data',
  read: null,
  send: null,
  dest: null,
  modal: null,
  'param-smuggle': 'exfiltration',
  exfil: 'exfiltration',
  'other-tool': 'shadowing',
  'encoded-text': 'encoded-payload',
  'encoded-binary': 'encoded-payload',
  'html-comment': 'encoded-payload',
  'hidden-tag': 'hidden-characters',
  'hidden-zero-width': 'hidden-characters',
  'hidden-bidi': 'hidden-characters',
  'hidden-other': 'hidden-characters',
};

/**
 * A signal's severity alone; null: no finding alone (an amplifier, or a word real tools use all
 * the time). combine.ts raises these when signals meet.
 */
export const BASE_SEVERITY: Readonly<Record<SignalName, Severity | null>> = {
  override: 'high',
  'chat-token': 'high',
  'hidden-tag': 'high',
  'tag-block': 'medium',
  secrecy: 'medium',
  tamper: 'medium',
  'encoded-text': 'medium',
  'html-comment': 'medium',
  'hidden-bidi': 'medium',
  'sensitive-path': 'low',
  'other-tool': 'low',
  'encoded-binary': 'low',
  'hidden-zero-width': 'low',
  'hidden-other': 'low',
  destructive: null,
  precondition: null,
  'param-smuggle': null,
  exfil: null,
  'sensitive-word': null,
  'private-data': null,
  read: null,
  send: null,
  dest: null,
  modal: null,
};

const RANK: Readonly<Record<Severity, number>> = { low: 1, medium: 2, high: 3 };

export function maxSeverity(a: Severity | null, b: Severity | null): Severity | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

export function atLeast(severity: Severity | null, floor: Severity): boolean {
  return severity !== null && RANK[severity] >= RANK[floor];
}

/** At most `max` characters of `text` around `index`, on one line. */
export function excerptAt(text: string, index: number, length: number, max = 160): string {
  const start = Math.max(0, index - Math.max(0, Math.floor((max - length) / 4)));
  const end = Math.min(text.length, start + Math.max(length, max));
  const cut = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${cut}${end < text.length ? '…' : ''}`;
}
