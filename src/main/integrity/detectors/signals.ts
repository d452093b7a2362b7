// One text read into signals: hidden characters first (on the raw text), then the prefilter, then
// the patterns on the folded text (and its leetspeak reading), another server's names, and what
// the encoded runs and tag characters decode to, read the same way (two layers deep).
import { hasHidden } from '../hidden-characters.js';
import { combineLayer } from './layers.js';
import { DATA_PATTERNS, DEST } from './data.js';
import { encodedLayers } from './encoded.js';
import { fold, leetVariant } from './fold.js';
import { hiddenSignals } from './hidden.js';
import { INSTRUCTION_PATTERNS } from './instructions.js';
import { anchorsOf, BIT, EVERY, type AnchorGroup } from './prefilter.js';
import { otherToolSignals, type OtherServers } from './shadowing.js';
import { excerptAt, type Signal, type SignalPattern } from './signal.js';

const ALL_PATTERNS: readonly SignalPattern[] = [...INSTRUCTION_PATTERNS, ...DATA_PATTERNS];
/** The patterns each anchor group lets run; the rest are amplifiers, read only beside a signal of these. */
const ANCHORED_BY: Readonly<Record<AnchorGroup, readonly string[]>> = {
  override: ['override'],
  blocks: ['chat-token', 'tag-block'],
  secrecy: ['secrecy'],
  tamper: ['tamper'],
  secrets: ['sensitive-path', 'sensitive-word', 'private-data'],
  destructive: ['destructive'],
  encoded: [],
};
const ANCHORED_NAMES = new Set(Object.values(ANCHORED_BY).flat());
const AMPLIFIERS = ALL_PATTERNS.filter((entry) => !ANCHORED_NAMES.has(entry.name));
const patternsOf = new Map<number, readonly SignalPattern[]>();
function anchoredPatterns(bits: number): readonly SignalPattern[] {
  let patterns = patternsOf.get(bits);
  if (patterns === undefined) {
    const names = new Set((Object.keys(ANCHORED_BY) as AnchorGroup[]).filter((group) => (bits & BIT[group]) !== 0).flatMap((group) => ANCHORED_BY[group]));
    patterns = ALL_PATTERNS.filter((entry) => names.has(entry.name));
    patternsOf.set(bits, patterns);
  }
  return patterns;
}
const MAX_DEPTH = 2;

export interface ReadOptions {
  context?: OtherServers;
  /** Names that are the tool's own (its name, its server's label): naming them is not shadowing. */
  own: ReadonlySet<string>;
  /** Skip the prefilter (tests check it changes nothing). */
  exhaustive?: boolean;
}

/** The signals of `text`, its encoded layers' included (marked with what carried them). */
export function signalsOf(text: string, options: ReadOptions, depth = 0): Signal[] {
  const signals: Signal[] = [];
  let tagText: string | null = null;
  if (hasHidden(text)) {
    const hidden = hiddenSignals(text);
    signals.push(...hidden.signals);
    tagText = hidden.tagText;
  }
  // Hidden characters can split any anchor: a text with them is read whole.
  const bits = options.exhaustive === true || signals.length > 0 ? EVERY : anchorsOf(text);
  const named = options.context !== undefined && options.context.others.length > 0;
  if (signals.length === 0 && bits === 0 && !named) return signals;
  const folded = fold(text);
  const others = otherToolSignals(folded, options.context, options.own);
  if (signals.length === 0 && others.length === 0 && bits === 0) return signals;
  signals.push(...others);
  patternSignals(folded, anchoredPatterns(bits === 0 ? EVERY : bits), signals);
  // The amplifiers only beside something: alone they make no finding.
  if (signals.length > 0 || bits === EVERY) patternSignals(folded, AMPLIFIERS, signals);
  const leet = bits === EVERY ? leetVariant(folded) : null;
  if (leet !== null) {
    const seen = new Set(signals.map((signal) => signal.name));
    const more: Signal[] = [];
    patternSignals(leet, ALL_PATTERNS, more);
    if (others.length === 0) more.push(...otherToolSignals(leet, options.context, options.own));
    for (const signal of more) if (!seen.has(signal.name)) signals.push({ ...signal, via: 'leetspeak' });
  }
  if (bits !== EVERY && (bits & BIT.encoded) === 0 && tagText === null) return signals;
  if (depth >= MAX_DEPTH) return signals;
  const encoded = encodedLayers(folded);
  signals.push(...encoded.signals);
  if (tagText !== null) encoded.layers.push({ via: 'tag characters', encoded: '', decoded: tagText });
  // A decoded layer is short and rare: read whole.
  for (const layer of encoded.layers) signals.push(...combineLayer(layer, signalsOf(layer.decoded, { ...options, exhaustive: true }, depth + 1)));
  return signals;
}

/** Every pattern's first match in `folded`, and `exfil` where a way out follows a verb of sending. */
function patternSignals(folded: string, patterns: readonly SignalPattern[], into: Signal[]): void {
  for (const { name, pattern } of patterns) {
    const match = pattern.exec(folded);
    if (match === null) continue;
    into.push({ name, excerpt: excerptAt(folded, match.index, match[0].length) });
    if (name === 'send') exfilSignal(folded, into);
    // A tampered argument pointing at an address or URL: the way out is in the order itself.
    if (name === 'tamper') {
      const dest = DEST.exec(folded.slice(match.index, match.index + match[0].length + 120));
      if (dest !== null) into.push({ name: 'dest', excerpt: excerptAt(folded, match.index, match[0].length + 120) });
    }
  }
}

const SEND_ALL = new RegExp(DATA_PATTERNS.find((entry) => entry.name === 'send')!.pattern.source, 'gi');

function exfilSignal(folded: string, into: Signal[]): void {
  for (const match of folded.matchAll(SEND_ALL)) {
    // After the verb (English, most languages) or before it (Japanese, Korean, German verb-last).
    const from = Math.max(0, match.index - 120);
    const around = folded.slice(from, match.index + match[0].length + 160);
    const dest = DEST.exec(around);
    if (dest === null) continue;
    into.push({ name: 'exfil', excerpt: excerptAt(folded, Math.min(match.index, from + dest.index), Math.abs(match.index - (from + dest.index)) + dest[0].length) });
    return;
  }
}
