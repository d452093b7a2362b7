// One text read into signals: hidden characters first (on the raw text), then the folded text
// read once into sentences and concept words (words.ts), the traits of each sentence
// (traits-agent.ts, traits-data.ts), of the text's form (traits-form.ts), another server's names
// (shadowing), all weighed together (combine.ts); then what the text's encoded runs, hidden
// characters and leetspeak decode to, read the same way (two layers deep).
import { hasHidden } from '../hidden-characters.js';
import { weigh } from './combine.js';
import { encodedLayers, type Layer } from './encoded.js';
import { fold, leetVariant } from './fold.js';
import { BLANK, hiddenTraits } from './hidden.js';
import { combineLayer } from './layers.js';
import { C, hasConcept } from './lexicon/concepts.js';
import { otherToolMentions, type OtherServers } from './shadowing.js';
import type { Signal, Trait } from './signal.js';
import { PADDING } from './structure.js';
import { agentTraits } from './traits-agent.js';
import { dataTraits, shadowTraits } from './traits-data.js';
import { formTraits } from './traits-form.js';
import { View, type Scope } from './view.js';
import { CH, readWords, type Reading } from './words.js';

const MAX_DEPTH = 2;
const NONE: ReadonlySet<string> = new Set();

export interface ReadOptions {
  context?: OtherServers;
  /** Names that are the tool's own (its name, its server's label): naming them is not shadowing. */
  own: ReadonlySet<string>;
  /** The tool's parameter names (or the prompt's arguments), lower case. */
  params?: ReadonlySet<string>;
  /** The words of the tool's name and title. */
  purpose?: ReadonlySet<string>;
  /** Run every pattern and decoder whatever the reader saw (tests check it changes nothing). */
  exhaustive?: boolean;
}

/** How many hits of `id` the reading holds. */
function count(reading: Reading, id: number): number {
  let found = 0;
  for (const sentence of reading.sentences) for (const hit of sentence.hits) if (hasConcept(hit.lo, hit.hi, id)) found++;
  return found;
}

/** The traits of a reading: each sentence's, the form's, shadowing. */
function traitsOf(reading: Reading, folded: string, options: ReadOptions): Trait[] {
  const traits: Trait[] = [];
  const scope: Scope = {
    reading,
    shown: folded.length === reading.lower.length ? folded : reading.lower,
    params: options.params ?? NONE,
    paramKeys: options.params === undefined ? NONE : new Set([...options.params].map((name) => name.replace(/[_-]/g, ''))),
    purpose: options.purpose ?? NONE,
    exhaustive: options.exhaustive === true,
  };
  const mentions = otherToolMentions(reading.lower, options.context, options.own);
  for (const sentence of reading.sentences) {
    const view = new View(scope, sentence);
    agentTraits(view, traits);
    dataTraits(view, traits);
    if (mentions.length > 0) shadowTraits(view, mentions, traits);
  }
  formTraits(reading, scope, traits);
  return traits;
}

/** The signals of `text`, its layers' included (marked with what carried them). */
export function signalsOf(text: string, options: ReadOptions, depth = 0): Signal[] {
  const traits: Trait[] = [];
  const layers: Layer[] = [];
  if (hasHidden(text) || (text.length > 0 && BLANK.test(text))) {
    BLANK.lastIndex = 0;
    const hidden = hiddenTraits(text);
    traits.push(...hidden.traits);
    layers.push(...hidden.layers);
  }
  BLANK.lastIndex = 0;
  const padding = PADDING.exec(text);
  if (padding !== null) traits.push({ name: 'padding', sentence: -1, excerpt: `${padding[0].length - 1} blank characters before "${text.slice(padding.index + padding[0].length - 1, padding.index + padding[0].length + 60).replace(/\s+/g, ' ')}…"` });
  const folded = fold(text);
  const reading = readWords(folded);
  traits.push(...traitsOf(reading, folded, options));
  const every = options.exhaustive === true;
  const has = (id: number): boolean => hasConcept(reading.lo, reading.hi, id);
  const hints = {
    run: every || (reading.chars & CH.RUN) !== 0,
    percent: every || (reading.chars & CH.PERCENT) !== 0,
    amp: every || (reading.chars & CH.AMP) !== 0,
    backslash: every || (reading.chars & CH.BACKSLASH) !== 0,
    named: every || has(C.ENCODING),
    digits: every || (reading.chars & CH.DIGITS) !== 0,
    backwards: (every || has(C.BACKWARDS) || has(C.ENCODING)) && (count(reading, C.BACKWARDS) >= 2 || /\b(?:backwards|reversed|in reverse)\b/.test(reading.lower)),
    rot: (every || has(C.ROT) || has(C.ENCODING)) && (count(reading, C.ROT) >= 2 || /\brot-?13\b/.test(reading.lower)),
  };
  if (hints.run || hints.percent || hints.amp || hints.backslash || hints.named || hints.digits || hints.backwards || hints.rot) {
    const encoded = encodedLayers(folded, hints);
    traits.push(...encoded.traits);
    layers.push(...encoded.layers);
  }
  // Leetspeak: the text read again with its digits as letters.
  // "1" is an i or an l: both readings.
  if (reading.leet >= 3 || every) {
    for (const one of ['i', 'l'] as const) {
      const leet = leetVariant(folded, one);
      if (leet !== null) layers.push({ via: 'leetspeak', encoded: '', decoded: leet });
    }
  }
  const signals = weigh(traits);
  if (depth >= MAX_DEPTH) return signals;
  for (const layer of layers) {
    const inner = signalsOf(layer.decoded, { ...options, exhaustive: true }, depth + 1);
    if (layer.via === 'leetspeak') {
      const seen = new Set(signals.map((signal) => signal.name));
      for (const signal of inner) if (!seen.has(signal.name)) signals.push({ ...signal, via: 'leetspeak' });
    } else signals.push(...combineLayer(layer, inner));
  }
  return signals;
}
