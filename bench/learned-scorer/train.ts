// Training the learned scorer: logistic regression over the hashed features of sentence windows
// (a sentence and its two neighbours, as the scorer reads), AdaGrad, multiple-instance labels
// (a poisoned item's positive is its highest-scoring window; which of its texts holds the poison
// is not known), then pruning to the largest weights and a few more rounds on those alone.
import { fold, isPlain } from '../../src/main/integrity/detectors/fold.js';
import { readWords } from '../../src/main/integrity/detectors/words.js';
import { BITS, mixBucket, walkFeatures } from './features.js';
import type { Item } from './data.js';

/** An item's windows, each its features' buckets (repeated when repeated). */
export interface Windows {
  poisoned: boolean;
  /** Windows of texts that may hold the poison (not its known-clean texts). */
  windows: Int32Array[];
  /** Windows of known-clean texts of a poisoned item: negatives. */
  clean: Int32Array[];
}

export interface Model {
  bias: number;
  weights: Map<number, number>;
}

/** The sentences of a text, each its buckets. */
export function sentencesOf(text: string): number[][] {
  const sentences: number[][] = [];
  let current: number[] = [];
  walkFeatures(text, {
    feature: (bucket) => current.push(bucket),
    sentence: () => {
      sentences.push(current);
      current = [];
    },
  });
  if (current.length > 0) {
    if (sentences.length === 0) sentences.push(current);
    else sentences[sentences.length - 1]!.push(...current);
  }
  return sentences;
}

/** A window per sentence: it and its neighbours. */
export function windowsOf(text: string, concepts: boolean): Int32Array[] {
  const sentences = concepts ? conceptSentencesOf(text) : sentencesOf(text);
  if (sentences.length <= 2) return [Int32Array.from(sentences.flat())];
  return sentences.map((_, index) => Int32Array.from(sentences.slice(Math.max(0, index - 1), index + 2).flat()));
}

/** `concepts`: the rules' reader's sentences and lexicon concepts as well as the words. */
export function windowsOfItem(item: Item, concepts: boolean): Windows {
  const windows: Int32Array[] = [];
  const clean: Int32Array[] = [];
  for (const { text } of item.texts) (item.poisoned && !item.cleanTexts.has(text) ? windows : clean).push(...windowsOf(text, concepts));
  return { poisoned: item.poisoned, windows, clean };
}

const SIZE = 1 << BITS;

class Trainer {
  readonly w = new Float64Array(SIZE);
  readonly g2 = new Float64Array(SIZE);
  bias = 0;
  biasG2 = 0;
  constructor(
    private readonly rate: number,
    private readonly allowed: Uint8Array | null,
  ) {}

  score(features: Int32Array): number {
    let sum = this.bias;
    for (let index = 0; index < features.length; index++) sum += this.w[features[index]!]!;
    return sum;
  }

  step(features: Int32Array, label: number, weight: number): void {
    const p = 1 / (1 + Math.exp(-this.score(features)));
    const grad = (p - label) * weight;
    if (grad === 0) return;
    for (let index = 0; index < features.length; index++) {
      const f = features[index]!;
      if (this.allowed !== null && this.allowed[f] === 0) continue;
      this.g2[f]! += grad * grad;
      this.w[f]! -= (this.rate * grad) / Math.sqrt(this.g2[f]! + 1e-8);
    }
    this.biasG2 += grad * grad;
    this.bias -= (this.rate * grad) / Math.sqrt(this.biasG2 + 1e-8);
  }

  best(windows: readonly Int32Array[]): Int32Array | undefined {
    let top: Int32Array | undefined;
    let topScore = -Infinity;
    for (const window of windows) {
      const value = this.score(window);
      if (value > topScore) {
        topScore = value;
        top = window;
      }
    }
    return top;
  }
}

export interface TrainOptions {
  keep: number;
  epochs: number;
  rate: number;
  /** The positives' total weight against the negatives' total. */
  balance: number;
  seed: number;
}

export const DEFAULT_TRAINING: TrainOptions = { keep: 12_000, epochs: 6, rate: 0.05, balance: 0.5, seed: 7 };

function shuffled<T>(list: readonly T[], seed: number): T[] {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

type Example = { kind: 'neg'; features: Int32Array } | { kind: 'pos'; item: Windows };

function rounds(trainer: Trainer, items: readonly Windows[], epochs: number, seed: number, balance: number, warm: boolean): void {
  const examples: Example[] = [];
  for (const item of items) {
    for (const features of item.clean) examples.push({ kind: 'neg', features });
    if (!item.poisoned) for (const features of item.windows) examples.push({ kind: 'neg', features });
    else if (item.windows.length > 0) examples.push({ kind: 'pos', item });
  }
  const negatives = examples.filter((example) => example.kind === 'neg').length;
  const positives = examples.length - negatives;
  const positiveWeight = (balance * negatives) / Math.max(1, positives);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const example of shuffled(examples, seed + epoch)) {
      if (example.kind === 'neg') trainer.step(example.features, 0, 1);
      else if (warm && epoch === 0) for (const window of example.item.windows) trainer.step(window, 1, positiveWeight / example.item.windows.length);
      else trainer.step(trainer.best(example.item.windows)!, 1, positiveWeight);
    }
  }
}

export function train(items: readonly Windows[], options: TrainOptions = DEFAULT_TRAINING): Model {
  const first = new Trainer(options.rate, null);
  rounds(first, items, options.epochs, options.seed, options.balance, true);
  // Keep the largest weights; train again on those alone, from where they were.
  const order = [...first.w.keys()].filter((f) => first.w[f] !== 0).sort((a, b) => Math.abs(first.w[b]!) - Math.abs(first.w[a]!));
  const allowed = new Uint8Array(SIZE);
  for (const f of order.slice(0, options.keep)) allowed[f] = 1;
  const second = new Trainer(options.rate, allowed);
  for (let f = 0; f < SIZE; f++) if (allowed[f] === 1) second.w[f] = first.w[f]!;
  second.bias = first.bias;
  rounds(second, items, Math.max(2, options.epochs >> 1), options.seed + 100, options.balance, false);
  const weights = new Map<number, number>();
  for (let f = 0; f < SIZE; f++) if (allowed[f] === 1 && second.w[f] !== 0) weights.set(f, second.w[f]!);
  return { bias: second.bias, weights };
}

/** An item's score: its highest window's. */
export function itemScore(model: Model, item: Windows): number {
  let top = -Infinity;
  for (const window of [...item.windows, ...item.clean]) {
    let sum = model.bias;
    for (let index = 0; index < window.length; index++) sum += model.weights.get(window[index]!) ?? 0;
    if (sum > top) top = sum;
  }
  return top;
}

/** The score at which at most `rate` of `negatives` pass (a score ≥ it is high). */
export function thresholdFor(negativeScores: readonly number[], rate: number): number {
  const sorted = [...negativeScores].sort((a, b) => b - a);
  const allowed = Math.floor(rate * sorted.length);
  return sorted[allowed]! + 1e-9;
}

const CONCEPT = 0x3c6ef372;
const CONCEPT_ORDER = 0x1f83d9ab;
const CONCEPT_PAIR = 0x5be0cd19;
const CHAR_FLAG = 0x6a09e667;
const FOREIGN = 0x510e527f;

const bitsOf = (lo: number, hi: number): number[] => {
  const ids: number[] = [];
  for (let bit = 0; bit < 32; bit++) if ((lo >>> bit) & 1) ids.push(bit);
  for (let bit = 0; bit < 32; bit++) if ((hi >>> bit) & 1) ids.push(32 + bit);
  return ids;
};

/** Sentences as the rules' reader splits them, with word features and the lexicon's concepts. */
export function conceptSentencesOf(text: string): number[][] {
  const folded = isPlain(text) ? text : fold(text, true);
  const reading = readWords(folded, isPlain(text));
  const sentences: number[][] = reading.sentences.map((sentence) => {
    const features: number[] = [];
    for (const id of bitsOf(sentence.lo, sentence.hi)) features.push(mixBucket(id + 1, CONCEPT));
    const ids = bitsOf(sentence.lo, sentence.hi);
    for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) features.push(mixBucket(ids[i]! * 64 + ids[j]! + 1, CONCEPT_PAIR));
    for (const hit of sentence.hits) {
      if (hit.order) for (const id of bitsOf(hit.lo, hit.hi)) features.push(mixBucket(id + 1, CONCEPT_ORDER));
      if (hit.foreign) features.push(mixBucket(1, FOREIGN));
    }
    for (let bit = 0; bit < 26; bit++) if ((sentence.chars >>> bit) & 1) features.push(mixBucket(bit + 1, CHAR_FLAG));
    return features;
  });
  if (sentences.length === 0) sentences.push([]);
  const starts = reading.sentences.map((sentence) => sentence.start);
  walkFeatures(folded, {
    feature: (bucket, at) => {
      let index = 0;
      while (index + 1 < starts.length && starts[index + 1]! <= at) index++;
      sentences[index]!.push(bucket);
    },
    sentence: () => undefined,
  });
  return sentences;
}
