// Severities from traits together (docs/tool-integrity.md, "Findings"). Alone, most traits are
// things real tools say (an API key, sending e-mail, "call X first", "IMPORTANT:"): a low or
// medium finding, or none. Traits in neighbouring sentences (a sentence and the one before and
// after it) add their weights, each trait counted once: 8 or more makes every trait there high,
// 4 or more medium. Traits of the whole text (hidden characters, padding) join every window.
import type { Finding, FindingKind } from '../../../types/integrity.js';
import { aloneSeverity, atLeast, excerptAt, maxSeverity, MEDIUM, severityOf, TRAITS, type Signal, type Trait, type TraitName } from './signal.js';

/** Each trait with its severity: its own, raised by the best window it is part of. */
export function weigh(traits: readonly Trait[], shown: string): Signal[] {
  if (traits.length === 0) return [];
  // No window can weigh more than all the distinct traits together: under MEDIUM, each trait has its own severity.
  if (distinctWeight(traits) < MEDIUM) return traits.map((trait) => signalOf(trait, aloneSeverity(trait.name), shown));
  const global = new Map<TraitName, number>();
  const bySentence = new Map<number, Map<TraitName, number>>();
  for (const trait of traits) {
    const table = trait.sentence === -1 ? global : (bySentence.get(trait.sentence) ?? bySentence.set(trait.sentence, new Map()).get(trait.sentence)!);
    table.set(trait.name, TRAITS[trait.name].weight);
  }
  const windowScore = new Map<number, number>();
  const scoreAt = (center: number): number => {
    let score = windowScore.get(center);
    if (score === undefined) {
      const names = new Map(global);
      for (let index = center - 1; index <= center + 1; index++) for (const [name, weight] of bySentence.get(index) ?? []) names.set(name, weight);
      score = [...names.values()].reduce((sum, weight) => sum + weight, 0);
      windowScore.set(center, score);
    }
    return score;
  };
  const everywhere = (): number => (bySentence.size === 0 ? scoreAt(Number.MIN_SAFE_INTEGER) : Math.max(...[...bySentence.keys()].map(scoreAt)));
  return traits.map((trait) => {
    const best = trait.sentence === -1 ? everywhere() : Math.max(scoreAt(trait.sentence - 1), scoreAt(trait.sentence), scoreAt(trait.sentence + 1));
    return signalOf(trait, maxSeverity(aloneSeverity(trait.name), severityOf(best)), shown);
  });
}

function signalOf(trait: Trait, severity: Signal['severity'], shown: string): Signal {
  // The excerpt is cut only for what makes a finding.
  const excerpt = trait.excerpt ?? (severity === null ? '' : excerptAt(shown, trait.at ?? 0, trait.length ?? 0));
  return { name: trait.name, excerpt, severity };
}

/** The weights of the distinct trait names, added up. */
function distinctWeight(traits: readonly Trait[]): number {
  if (traits.length > 16) return [...new Set(traits.map((trait) => trait.name))].reduce((sum, name) => sum + TRAITS[name].weight, 0);
  let total = 0;
  for (let i = 0; i < traits.length; i++) {
    const name = traits[i]!.name;
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = traits[j]!.name === name;
    if (!seen) total += TRAITS[name].weight;
  }
  return total;
}

const KIND_ORDER: readonly FindingKind[] = ['hidden-characters', 'instructions-to-model', 'sensitive-data', 'exfiltration', 'shadowing', 'encoded-payload'];
const RANK = { low: 1, medium: 2, high: 3 } as const;

/** The findings of one text: one per kind, at the highest severity of its signals, showing the strongest (then the heaviest, then the first). */
export function findingsOf(signals: readonly Signal[], where: string): Finding[] {
  const best = new Map<FindingKind, Signal>();
  for (const signal of signals) {
    if (signal.severity === null) continue;
    const kind = TRAITS[signal.name].kind;
    const held = best.get(kind);
    const better = held === undefined || RANK[signal.severity] > RANK[held.severity!] || (signal.severity === held.severity && TRAITS[signal.name].weight > TRAITS[held.name].weight);
    if (better) best.set(kind, signal);
  }
  return [...best]
    .sort(([a], [b]) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b))
    .map(([kind, signal]) => ({ kind, severity: signal.severity!, where, text: signal.via === undefined ? signal.excerpt : `${signal.via}: ${signal.excerpt}` }));
}

export { atLeast };
