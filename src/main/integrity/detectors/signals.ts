// One text read into signals: hidden characters first (on the raw text), then the folded text
// read once into sentences and concept words (words.ts), the traits of each sentence
// (traits/agent.ts, traits/data.ts, traits/out.ts), of the text's form (traits/form.ts), another server's names
// (shadowing), all weighed together (combine.ts); then what the text's encoded runs, hidden
// characters and leetspeak decode to, read the same way (two layers deep).
import { hasHidden } from '../hidden-characters.js';
import { weigh } from './combine.js';
import { encodedLayers, type Hints, type Layer } from './encoded.js';
import { fold, isPlain, leetVariant, mayHide } from './fold.js';
import { hiddenTraits } from './hidden.js';
import { combineLayer } from './layers.js';
import { C, hasConcept } from './lexicon/concepts.js';
import { otherToolMentions, type OtherServers } from './shadowing.js';
import type { Mention } from './traits/data.js';
import type { Signal, Trait } from './signal.js';
import { PADDING } from './structure.js';
import { agentTraits } from './traits/agent.js';
import { claimedTraits } from './traits/overreach/claimed.js';
import { dataTraits, shadowTraits } from './traits/data.js';
import { formTraits } from './traits/form.js';
import { hushedTraits } from './traits/overreach/hushed.js';
import { invitedTraits } from './traits/overreach/invited.js';
import { obeyedTraits } from './traits/overreach/obeyed.js';
import { publishedTraits } from './traits/overreach/published.js';
import { placedTraits } from './traits/placed.js';
import { standingTraits } from './traits/standing.js';
import { supersededTraits } from './traits/superseded.js';
import { tamperedTraits } from './traits/overreach/tampered.js';
import { verdictTraits } from './traits/verdict.js';
import { vouchedTraits } from './traits/vouched.js';
import { View, type Scope, type ToolSurroundings } from './view.js';
import { WordSpans } from './word-spans.js';
import { CH, readWords, type Reading } from './words.js';

const MAX_DEPTH = 2;
const NO_MENTIONS: readonly Mention[] = [];
const ONES = ['i', 'l'] as const;
/** Blank-looking letters and the combining grapheme joiner: hidden, though not format characters. */
// eslint-disable-next-line no-misleading-character-class -- the joiner alone is what it finds
const BLANK_OR_JOINER = /[\u2800\u3164\u115f\u1160\uffa0\u2028\u2029\u034f]/;

export interface ReadOptions {
  context?: OtherServers | undefined;
  /** Names that are the server's own (its label, its tools'): naming them is not shadowing. */
  own: ReadonlySet<string>;
  /** The tool's own name, lower case. */
  self?: string | undefined;
  tool?: ToolSurroundings;
  /** Run every pattern and decoder whatever the reader saw (tests check it changes nothing). */
  exhaustive?: boolean;
  /** Read as a layer already turned round or shifted (ROT13, reversed): not turned again. */
  turned?: boolean;
}

/** The words the reader records when there is a context: read by traitsOf right after, before any other reading records (a layer's comes after). */
const SPANS = new WordSpans();

const NO_TOOL: ToolSurroundings = { params: new Set(), paramKeys: new Set(), purpose: new Set() };

const TURNED = new Set(['ROT13', 'reversed text']);

/** The hits of a reading, not counting words that only look turned round or shifted. */
function hitCount(reading: Reading): number {
  const turnedOnly = (1 << (C.BACKWARDS - 32)) | (1 << (C.ROT - 32));
  let hits = 0;
  for (const sentence of reading.sentences) for (const hit of sentence.hits) if (hit.lo !== 0 || (hit.hi & ~turnedOnly) !== 0) hits++;
  return hits;
}

/** How many hits of `id` the reading holds. */
function count(reading: Reading, id: number): number {
  let found = 0;
  for (const sentence of reading.sentences) for (const hit of sentence.hits) if (hasConcept(hit.lo, hit.hi, id)) found++;
  return found;
}

/** The traits of a reading: each sentence's, the form's, shadowing. */
function traitsOf(reading: Reading, shown: string, options: ReadOptions, traits: Trait[]): void {
  const scope: Scope = { reading, shown, tool: options.tool ?? NO_TOOL, exhaustive: options.exhaustive === true };
  const mentions = options.context === undefined || options.context.others.length === 0 ? NO_MENTIONS : otherToolMentions(reading.lower, options.context, options.own, options.self, SPANS);
  for (const sentence of reading.sentences) {
    // A sentence of no concept word, no environment variable's name and no other server's name can hold only structure (traits/form.ts).
    if (sentence.hits.length === 0 && !scope.exhaustive && (sentence.chars & CH.UNDERSCORE) === 0 && !mentions.some((mention) => mention.at >= sentence.start && mention.at < sentence.end)) continue;
    const view = new View(scope, sentence);
    agentTraits(view, traits);
    dataTraits(view, traits);
    placedTraits(view, traits);
    verdictTraits(view, traits);
    standingTraits(view, traits);
    vouchedTraits(view, traits);
    supersededTraits(view, traits);
    claimedTraits(view, traits);
    tamperedTraits(view, traits);
    hushedTraits(view, traits);
    invitedTraits(view, traits);
    obeyedTraits(view, traits);
    publishedTraits(view, traits);
    if (mentions.length > 0) shadowTraits(view, mentions, traits);
  }
  formTraits(reading, scope, traits);
}

/** What the reader saw that a decoder needs (encoded.ts). */
function hintsOf(reading: Reading, every: boolean, turned: boolean): Hints {
  const chars = reading.chars;
  const named = every || hasConcept(reading.lo, reading.hi, C.ENCODING);
  return {
    run: every || (chars & CH.RUN) !== 0,
    percent: every || (chars & CH.PERCENT) !== 0,
    amp: every || (chars & CH.AMP) !== 0,
    backslash: every || (chars & CH.BACKSLASH) !== 0,
    named,
    digits: every || (chars & CH.DIGITS) !== 0,
    backwards: !turned && (named || hasConcept(reading.lo, reading.hi, C.BACKWARDS)) && (count(reading, C.BACKWARDS) >= 2 || /\b(?:backwards|reversed|in reverse)\b/.test(reading.lower)),
    rot: !turned && (named || hasConcept(reading.lo, reading.hi, C.ROT)) && (count(reading, C.ROT) >= 2 || /\brot-?13\b/.test(reading.lower)),
  };
}

/** The signals of `text`, its layers' included (marked with what carried them). */
export function signalsOf(text: string, options: ReadOptions, depth = 0): Signal[] {
  const traits: Trait[] = [];
  const layers: Layer[] = [];
  const plain = isPlain(text);
  const mayHold = !plain && mayHide(text);
  if (mayHold && (hasHidden(text) || BLANK_OR_JOINER.test(text))) {
    const hidden = hiddenTraits(text);
    traits.push(...hidden.traits);
    layers.push(...hidden.layers);
  }
  const folded = plain ? text : fold(text, mayHold);
  const reading = readWords(folded, plain, options.context !== undefined && options.context.others.length > 0 ? SPANS.forNames(options.context) : null);
  // Padding: runs of blanks or blank lines before more text.
  const padding = reading.padded ? PADDING.exec(folded) : null;
  if (padding !== null) traits.push({ name: 'padding', sentence: -1, excerpt: `${padding[0].length - 1} blank characters before "${folded.slice(padding.index + padding[0].length - 1, padding.index + padding[0].length + 60).replace(/\s+/g, ' ')}…"` });
  const shown = folded.length === reading.lower.length ? folded : reading.lower;
  traitsOf(reading, shown, options, traits);
  const every = options.exhaustive === true;
  const hints = hintsOf(reading, every, options.turned === true);
  if (hints.run || hints.percent || hints.amp || hints.backslash || hints.named || hints.digits || hints.backwards || hints.rot) {
    const encoded = encodedLayers(folded, hints);
    traits.push(...encoded.traits);
    // A whole text turned round or shifted is a layer only if it reads better than the text itself.
    for (const layer of encoded.layers) if (!TURNED.has(layer.via) || hitCount(readWords(layer.decoded)) > hitCount(reading)) layers.push(layer);
  }
  // Leetspeak: the text read again with its digits as letters ("1" is an i or an l: both readings).
  if (reading.leet >= 3) {
    for (const one of ONES) {
      const leet = leetVariant(folded, one);
      if (leet !== null) layers.push({ via: 'leetspeak', encoded: '', decoded: leet });
    }
  }
  const signals = weigh(traits, shown);
  if (depth >= MAX_DEPTH || layers.length === 0) return signals;
  const inner: ReadOptions = { ...options, exhaustive: true };
  const turnedInner: ReadOptions = { ...inner, turned: true };
  for (const layer of layers) {
    const found = signalsOf(layer.decoded, TURNED.has(layer.via) ? turnedInner : inner, depth + 1);
    if (layer.via === 'leetspeak') {
      const seen = new Set(signals.map((signal) => signal.name));
      for (const signal of found) if (!seen.has(signal.name)) signals.push({ ...signal, via: 'leetspeak' });
    } else signals.push(...combineLayer(layer, found));
  }
  return signals;
}
