// Leave one set out: train the scorer on every labelled text but one written set's (and a third
// of the real servers'), choose its threshold on the training side (at most 0.5% of the training
// side's benign items and real tools pass), and measure the left-out set and the held real tools:
// the rules alone (main's scan, saved in rules-baseline.json), the scorer alone, rules OR scorer.
// Run: npx tsx bench/learned-scorer/loso.ts
import fs from 'node:fs';
import { generatedItems, labelHash, readSet, realItems, realSplit, SET_NAMES, type Item, type SetName } from './data.js';
import { DEFAULT_TRAINING, itemScore, thresholdFor, train, windowsOfItem, type Model, type TrainOptions, type Windows } from './train.js';

export interface Cell {
  detected: number;
  poisoned: number;
  falseHigh: number;
  clean: number;
}

export interface LosoRow {
  left: SetName;
  threshold: number;
  features: number;
  rules: Cell;
  scorer: Cell;
  either: Cell;
  held: { tools: number; rules: number; scorer: number; either: number };
}

interface Baseline {
  commit: string;
  sets: Record<SetName, boolean[]>;
  heldRealTools: boolean[];
}

export const GENERATED_SEEDS = [1, 2, 3];
export const PER_SEED = 600;
export const FALSE_PASS = process.env.FALSE_PASS === undefined ? 0.005 : Number(process.env.FALSE_PASS);
const FOLDS = 3;

export function readBaseline(): Baseline {
  return JSON.parse(fs.readFileSync(new URL('./rules-baseline.json', import.meta.url), 'utf8')) as Baseline;
}

function cell(items: readonly Item[], hits: readonly boolean[]): Cell {
  const result: Cell = { detected: 0, poisoned: 0, falseHigh: 0, clean: 0 };
  items.forEach((item, index) => {
    if (item.poisoned) {
      result.poisoned++;
      if (hits[index]) result.detected++;
    } else {
      result.clean++;
      if (hits[index]) result.falseHigh++;
    }
  });
  return result;
}

export interface Corpus {
  sets: Record<SetName, Item[]>;
  handWritten: Item[];
  generated: Item[];
  realTrain: Item[];
  realHeld: Item[];
}

export function readCorpus(): Corpus {
  const split = realSplit();
  return {
    sets: Object.fromEntries(SET_NAMES.map((name) => [name, readSet(`integrity-set-${name}`)])) as Record<SetName, Item[]>,
    handWritten: readSet('integrity-poisoned'),
    generated: generatedItems(split.train, GENERATED_SEEDS, PER_SEED),
    realTrain: realItems(split.train),
    realHeld: realItems(split.held),
  };
}

export function fitExcept(corpus: Corpus, left: SetName | null, options: TrainOptions = DEFAULT_TRAINING): { model: Model; threshold: number } {
  const trainingSets = SET_NAMES.filter((name) => name !== left).flatMap((name) => corpus.sets[name]);
  const training = [...trainingSets, ...corpus.handWritten, ...corpus.generated, ...corpus.realTrain];
  const windows = training.map(windowsOfItem);
  const model = train(windows, options);
  // The threshold from out-of-fold scores: a model's scores on what it was fitted on are too low.
  const folds = training.map((item) => labelHash(`fold:${item.group}`) % FOLDS);
  const negatives: number[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const inner = train(windows.filter((_, index) => folds[index] !== fold), options);
    windows.forEach((item, index) => {
      if (folds[index] === fold && !item.poisoned) negatives.push(itemScore(inner, item));
    });
  }
  return { model, threshold: thresholdFor(negatives, FALSE_PASS) };
}

export function leaveOut(corpus: Corpus, baseline: Baseline, left: SetName, options: TrainOptions = DEFAULT_TRAINING): LosoRow {
  const { model, threshold } = fitExcept(corpus, left, options);
  const scored = (items: readonly Item[]): boolean[] => items.map((item) => itemScore(model, windowsOfItem({ ...item, poisoned: false }) as Windows) >= threshold);
  const items = corpus.sets[left];
  const rules = baseline.sets[left];
  const scorer = scored(items);
  const heldScorer = scored(corpus.realHeld);
  const heldRules = baseline.heldRealTools;
  return {
    left,
    threshold,
    features: model.weights.size,
    rules: cell(items, rules),
    scorer: cell(items, scorer),
    either: cell(items, scorer.map((hit, index) => hit || rules[index]!)),
    held: { tools: heldScorer.length, rules: heldRules.filter(Boolean).length, scorer: heldScorer.filter(Boolean).length, either: heldScorer.filter((hit, index) => hit || heldRules[index]).length },
  };
}

const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
export const showCell = (c: Cell): string => `${c.detected}/${c.poisoned} ${pct(c.detected, c.poisoned)}, false highs ${c.falseHigh}/${c.clean} ${pct(c.falseHigh, c.clean)}`;

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const started = Date.now();
  const corpus = readCorpus();
  const baseline = readBaseline();
  console.log(`corpus read in ${Date.now() - started} ms; rules baseline at ${baseline.commit.slice(0, 7)}`);
  const env = (name: string, fallback: number): number => (process.env[name] === undefined ? fallback : Number(process.env[name]));
  const options: TrainOptions = { keep: env('KEEP', DEFAULT_TRAINING.keep), epochs: env('EPOCHS', DEFAULT_TRAINING.epochs), rate: env('RATE', DEFAULT_TRAINING.rate), balance: env('BALANCE', DEFAULT_TRAINING.balance), seed: DEFAULT_TRAINING.seed };
  if (process.env.GENERATED === '0') corpus.generated = [];
  console.log(JSON.stringify(options));
  for (const left of SET_NAMES) {
    const row = leaveOut(corpus, baseline, left, options);
    console.log(`left out ${left} (threshold ${row.threshold.toFixed(3)}, ${row.features} weights):`);
    console.log(`  rules   ${showCell(row.rules)}`);
    console.log(`  scorer  ${showCell(row.scorer)}`);
    console.log(`  either  ${showCell(row.either)}`);
    console.log(`  held real tools (${row.held.tools}): rules ${row.held.rules}, scorer ${row.held.scorer}, either ${row.held.either}`);
  }
  console.log(`in ${Date.now() - started} ms`);
}
