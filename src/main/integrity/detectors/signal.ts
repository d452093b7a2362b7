// A trait is one thing that makes a text read as an attack (it addresses the agent, hides itself
// from the user, touches secrets, sends data out, names another server's tool with an order…);
// each has a kind of finding and a weight. Traits found near each other add up (combine.ts): 8 or
// more is high, 4 or more medium; a trait alone has the severity its own weight gives, and
// amplifiers (`lowAlone` false, weight under 4) make no finding alone.
import type { FindingKind, Severity } from '../../../types/integrity.js';

export interface TraitSpec {
  kind: FindingKind;
  weight: number;
  /** Whether a trait of weight under 4 makes a low finding alone (otherwise none). */
  lowAlone?: boolean;
}

const I = 'instructions-to-model';
const D = 'sensitive-data';
const X = 'exfiltration';
const E = 'encoded-payload';
const H = 'hidden-characters';

export const TRAITS = {
  // Addressing the agent, and overriding what it was told.
  override: { kind: I, weight: 8 },
  'chat-template': { kind: I, weight: 8 },
  'role-line': { kind: I, weight: 4 },
  'directive-tag': { kind: I, weight: 4 },
  notice: { kind: I, weight: 2 },
  'agent-address': { kind: I, weight: 4 },
  'agent-mention': { kind: I, weight: 2 },
  meta: { kind: I, weight: 4 },
  // Hiding from the user, acting without asking, deceiving.
  conceal: { kind: I, weight: 8 },
  'conceal-weak': { kind: I, weight: 4 },
  stealth: { kind: I, weight: 4 },
  'stealth-word': { kind: I, weight: 2 },
  bypass: { kind: I, weight: 4 },
  consent: { kind: I, weight: 4 },
  deceive: { kind: I, weight: 6 },
  'pass-off': { kind: I, weight: 8 },
  defy: { kind: I, weight: 8 },
  suppress: { kind: I, weight: 4 },
  'reply-inject': { kind: I, weight: 4 },
  advert: { kind: I, weight: 2 },
  steer: { kind: I, weight: 4 },
  hijack: { kind: I, weight: 4 },
  takeover: { kind: I, weight: 8 },
  tamper: { kind: I, weight: 4 },
  disparage: { kind: I, weight: 2 },
  'prefer-self': { kind: I, weight: 2 },
  'trust-output': { kind: I, weight: 6 },
  // Actions beyond the tool's purpose.
  exec: { kind: I, weight: 4 },
  'exec-remote': { kind: I, weight: 8 },
  'exec-danger': { kind: I, weight: 6 },
  destructive: { kind: I, weight: 4 },
  'every-call': { kind: I, weight: 2 },
  amplify: { kind: I, weight: 6 },
  'other-tools': { kind: I, weight: 2 },
  // Secrets and the user's data.
  'secret-path': { kind: D, weight: 1, lowAlone: true },
  'secret-read': { kind: D, weight: 4 },
  'secret-grab': { kind: D, weight: 8 },
  'user-secret': { kind: D, weight: 4 },
  'private-data': { kind: D, weight: 2 },
  // Ways out.
  exfil: { kind: X, weight: 8 },
  'exfil-code': { kind: X, weight: 8 },
  'data-to-param': { kind: X, weight: 8 },
  'prompt-leak': { kind: X, weight: 8 },
  'put-in-param': { kind: X, weight: 2 },
  'secret-placed': { kind: X, weight: 7 },
  'address-out': { kind: X, weight: 6 },
  // Another server's tools.
  'other-tool': { kind: 'shadowing', weight: 1, lowAlone: true },
  'shadow-order': { kind: 'shadowing', weight: 8 },
  // Encodings and markup that hide text.
  'encoded-instruction': { kind: E, weight: 8 },
  'encoded-text': { kind: E, weight: 4 },
  'encoded-binary': { kind: E, weight: 1, lowAlone: true },
  'html-comment': { kind: E, weight: 4 },
  'hidden-markup': { kind: E, weight: 4 },
  // Characters a screen does not show.
  'hidden-tag': { kind: H, weight: 8 },
  'hidden-bidi': { kind: H, weight: 4 },
  'hidden-escape': { kind: H, weight: 4 },
  'hidden-split': { kind: H, weight: 4 },
  'blank-padding': { kind: H, weight: 4 },
  'hidden-zero-width': { kind: H, weight: 1, lowAlone: true },
  'hidden-other': { kind: H, weight: 1, lowAlone: true },
  padding: { kind: H, weight: 2 },
} as const satisfies Record<string, TraitSpec>;

export type TraitName = keyof typeof TRAITS;

/** One trait seen in a text. */
export interface Trait {
  name: TraitName;
  /** The sentence it is in (its index), or -1 for the whole text (hidden characters, encodings). */
  sentence: number;
  /** What was seen, on one line (folded; hidden characters shown visibly); or where, cut from the text only if it makes a finding. */
  excerpt?: string;
  at?: number;
  length?: number;
}

/** A trait with its severity once weighed with its neighbours; `via`: what carried it (an encoding). */
export interface Signal {
  name: TraitName;
  excerpt: string;
  severity: Severity | null;
  via?: string;
}

export const HIGH = 8;
export const MEDIUM = 4;

const RANK: Readonly<Record<Severity, number>> = { low: 1, medium: 2, high: 3 };

export function maxSeverity(a: Severity | null, b: Severity | null): Severity | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

export function atLeast(severity: Severity | null, floor: Severity): boolean {
  return severity !== null && RANK[severity] >= RANK[floor];
}

/** The severity a score gives. */
export function severityOf(score: number): Severity | null {
  return score >= HIGH ? 'high' : score >= MEDIUM ? 'medium' : null;
}

/** A trait's severity alone. */
export function aloneSeverity(name: TraitName): Severity | null {
  const spec: TraitSpec = TRAITS[name];
  return severityOf(spec.weight) ?? (spec.lowAlone === true ? 'low' : null);
}

/** At most `max` characters of `text` around `index`, on one line. */
export function excerptAt(text: string, index: number, length: number, max = 160): string {
  const start = Math.max(0, index - Math.max(0, Math.floor((max - length) / 4)));
  const end = Math.min(text.length, start + Math.max(length, max));
  const cut = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${cut}${end < text.length ? '…' : ''}`;
}
