// Severities from signals together (docs/tool-integrity.md, "Findings"). Alone, most signals are
// words real tools use (API keys, sending e-mail, "call X first", "<instructions>"): they make a
// low or medium finding, or none. A finding is high when the signals of one text (with what its
// encoded layers decode to) make an attack together: a secret and a way out, something kept from
// the user and something done, another server's tool and an order about it.
import type { Finding, FindingKind, Severity } from '../../../types/integrity.js';
import { atLeast, BASE_SEVERITY, KIND_OF, maxSeverity, type Signal, type SignalName } from './signal.js';

interface Rule {
  /** One signal of each group must be present. */
  groups: ReadonlyArray<readonly SignalName[]>;
  severity: Severity;
}

const DOING: readonly SignalName[] = ['sensitive-path', 'sensitive-word', 'private-data', 'exfil', 'param-smuggle', 'precondition', 'tamper', 'destructive', 'tag-block', 'other-tool'];

export const RULES: readonly Rule[] = [
  // Kept from the user, and something done: the poisoning pattern itself.
  { groups: [['secrecy'], DOING], severity: 'high' },
  // A block addressed to the model that asks for secrets, a way out, or another call's arguments.
  { groups: [['tag-block'], ['sensitive-path', 'private-data', 'exfil', 'param-smuggle', 'tamper', 'destructive', 'other-tool']], severity: 'high' },
  { groups: [['tag-block'], ['precondition'], ['sensitive-word', 'read']], severity: 'high' },
  // A secret file, and a way out or a demanded call.
  { groups: [['sensitive-path'], ['exfil', 'param-smuggle', 'precondition', 'send']], severity: 'high' },
  // The conversation or secrets, sent out or put in a parameter.
  { groups: [['private-data'], ['exfil', 'param-smuggle']], severity: 'high' },
  { groups: [['sensitive-word'], ['exfil'], ['precondition', 'param-smuggle', 'read']], severity: 'high' },
  // Another call's arguments changed to an address or URL.
  { groups: [['tamper'], ['dest']], severity: 'high' },
  // Shadowing: another server's tool named, with an order about it.
  { groups: [['other-tool'], ['modal', 'precondition', 'tamper', 'secrecy', 'exfil', 'destructive', 'send']], severity: 'high' },
  // Hidden characters and an instruction: obfuscation with intent.
  { groups: [['hidden-zero-width', 'hidden-bidi', 'hidden-other'], ['tag-block', 'secrecy', 'tamper', 'exfil', 'sensitive-path', 'precondition', 'param-smuggle', 'private-data', 'destructive']], severity: 'high' },
  // Medium: reading a secret file; a demanded call that destroys; the conversation sent.
  { groups: [['sensitive-path'], ['read']], severity: 'medium' },
  { groups: [['precondition'], ['destructive', 'sensitive-path']], severity: 'medium' },
  { groups: [['private-data'], ['send']], severity: 'medium' },
  { groups: [['precondition'], ['sensitive-word'], ['read']], severity: 'medium' },
];

const KIND_ORDER: readonly FindingKind[] = ['hidden-characters', 'instructions-to-model', 'sensitive-data', 'exfiltration', 'shadowing', 'encoded-payload'];

/** Signals without a kind of their own take one when a rule raises them. */
const RAISED_KIND: Partial<Record<SignalName, FindingKind>> = { send: 'exfiltration', dest: 'exfiltration', read: 'sensitive-data', modal: 'shadowing' };

export interface Weighed extends Signal {
  severity: Severity | null;
}

/** Each signal with its severity: its own (or `floor`), raised by every rule it takes part in. */
export function weigh(signals: readonly Signal[]): Weighed[] {
  const weighed: Weighed[] = signals.map((signal) => ({ ...signal, severity: maxSeverity(BASE_SEVERITY[signal.name], signal.floor ?? null) }));
  const present = new Set(signals.map((signal) => signal.name));
  for (const rule of RULES) {
    const met = rule.groups.map((group) => group.filter((name) => present.has(name)));
    if (met.some((names) => names.length === 0)) continue;
    const taking = new Set(met.flat());
    for (const signal of weighed) if (taking.has(signal.name)) signal.severity = maxSeverity(signal.severity, rule.severity);
  }
  return weighed;
}

/** The findings of one text: one per kind, at the highest severity of its signals, showing the strongest. */
export function findingsOf(weighed: readonly Weighed[], where: string): Finding[] {
  const best = new Map<FindingKind, Weighed>();
  for (const signal of weighed) {
    if (signal.severity === null) continue;
    const kind = KIND_OF[signal.name] ?? RAISED_KIND[signal.name];
    if (kind === undefined || kind === null) continue;
    const held = best.get(kind);
    // The strongest wins; between equals, a signal with a kind of its own, then the first seen.
    if (held === undefined || (maxSeverity(held.severity, signal.severity) !== held.severity) || (held.severity === signal.severity && KIND_OF[held.name] === null && KIND_OF[signal.name] !== null)) best.set(kind, signal);
  }
  // In one order whatever order the signals came in.
  return [...best].sort(([a], [b]) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b)).map(([kind, signal]) => ({ kind, severity: signal.severity!, where, text: signal.via === undefined ? signal.excerpt : `${signal.via}: ${signal.excerpt}` }));
}

/** Whether any signal reaches `floor` once weighed (used to judge an encoded layer by what it says). */
export function reaches(weighed: readonly Weighed[], floor: Severity): boolean {
  return weighed.some((signal) => atLeast(signal.severity, floor) && (KIND_OF[signal.name] ?? RAISED_KIND[signal.name]) !== undefined);
}
