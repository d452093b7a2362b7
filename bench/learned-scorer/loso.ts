// Leave one set out: train the scorer on every labelled text but one written set's (and a third
// of the real servers', held by a seeded hash of their labels), choose its threshold on the
// training side (out-of-fold scores: at most 0.5% of the training side's benign items and real
// tools pass), and measure the left-out set and the held real tools: the rules alone (main's
// scan, saved in rules-baseline.json), the scorer alone, rules OR scorer, and rules high OR (any
// rules finding AND the scorer). Three seeds of the real split and the generated samples.
// Run: npx tsx bench/learned-scorer/loso.ts [--concepts] [--false-pass=0.005] [--learning-curve]
import fs from 'node:fs';
import { generatedItems, labelHash, readSet, realItems, realSplit, SET_NAMES, type Item, type SetName } from './data.js';
import { DEFAULT_TRAINING, itemScore, thresholdFor, train, windowsOfItem, type Model, type TrainOptions } from './train.js';

export interface Cell {
  detected: number;
  poisoned: number;
  falseHigh: number;
  clean: number;
  /** Held real tools with a high. */
  real: number;
  realTools: number;
}

export type Variant = 'rules' | 'scorer' | 'either' | 'gated';
export const VARIANTS: readonly Variant[] = ['rules', 'scorer', 'either', 'gated'];

export interface Baseline {
  commit: string;
  sets: Record<SetName, boolean[]>;
  /** Every real tool (corpusServers order): a high finding. */
  real: boolean[];
  /** Any finding at all (low, medium or high). */
  findings: { sets: Record<SetName, boolean[]>; real: boolean[] };
}

export const SPLIT_SEEDS = [1, 2, 3];
export const PER_SEED = 600;
/** The share of the training side's benign items allowed over the threshold (`--false-pass=0.002`). */
const falsePassArg = process.argv.find((arg) => arg.startsWith('--false-pass='));
export const FALSE_PASS = falsePassArg === undefined ? 0.005 : Number(falsePassArg.slice('--false-pass='.length));
const FOLDS = 3;

export function readBaseline(): Baseline {
  return JSON.parse(fs.readFileSync(new URL('./rules-baseline.json', import.meta.url), 'utf8')) as Baseline;
}

export interface Corpus {
  sets: Record<SetName, Item[]>;
  handWritten: Item[];
  generated: Item[];
  realTrain: Item[];
  realHeld: Item[];
}

export function readCorpus(seed: number): Corpus {
  const split = realSplit(seed);
  return {
    sets: Object.fromEntries(SET_NAMES.map((name) => [name, readSet(`integrity-set-${name}`)])) as Record<SetName, Item[]>,
    handWritten: readSet('integrity-poisoned'),
    generated: generatedItems(split.train, [10 * seed + 1, 10 * seed + 2, 10 * seed + 3], PER_SEED),
    realTrain: realItems(split.train),
    realHeld: realItems(split.held),
  };
}

export interface Fit {
  model: Model;
  threshold: number;
  /** The threshold for the gated combination: over the training side's benign items with a rules finding. */
  gatedThreshold: number;
}

/** Trains on all but the `left` sets, thresholds from out-of-fold scores. */
export function fitExcept(corpus: Corpus, baseline: Baseline, left: readonly SetName[], concepts: boolean, options: TrainOptions = DEFAULT_TRAINING): Fit {
  const kept = SET_NAMES.filter((name) => !left.includes(name));
  const training = [...kept.flatMap((name) => corpus.sets[name]), ...corpus.handWritten, ...corpus.generated, ...corpus.realTrain];
  const withFinding = [...kept.flatMap((name) => baseline.findings.sets[name]), ...corpus.handWritten.map(() => false), ...corpus.generated.map(() => false), ...corpus.realTrain.map((item) => baseline.findings.real[item.realIndex!]!)];
  const windows = training.map((item) => windowsOfItem(item, concepts));
  const model = train(windows, options);
  // A model's scores on what it was fitted on are too low: the thresholds come from out-of-fold scores.
  const folds = training.map((item) => labelHash(`fold:${item.group}`) % FOLDS);
  const negatives: number[] = [];
  const gated: number[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const inner = train(windows.filter((_, index) => folds[index] !== fold), options);
    windows.forEach((item, index) => {
      if (folds[index] !== fold || item.poisoned) return;
      const score = itemScore(inner, item);
      negatives.push(score);
      gated.push(withFinding[index] ? score : -Infinity);
    });
  }
  return { model, threshold: thresholdFor(negatives, FALSE_PASS), gatedThreshold: thresholdFor(gated, FALSE_PASS) };
}

/** Each variant's figures on the left-out set and the held real tools. */
export function leaveOut(corpus: Corpus, baseline: Baseline, left: SetName, concepts: boolean, options: TrainOptions = DEFAULT_TRAINING, alsoLeft: readonly SetName[] = []): Record<Variant, Cell> {
  const fit = fitExcept(corpus, baseline, [left, ...alsoLeft], concepts, { ...options });
  const score = (item: Item): number => itemScore(fit.model, windowsOfItem({ ...item, poisoned: false }, concepts));
  const verdicts = (item: Item, high: boolean, finding: boolean): Record<Variant, boolean> => {
    const value = score(item);
    return { rules: high, scorer: value >= fit.threshold, either: high || value >= fit.threshold, gated: high || (finding && value >= fit.gatedThreshold) };
  };
  const setVerdicts = corpus.sets[left].map((item, index) => ({ item, verdict: verdicts(item, baseline.sets[left][index]!, baseline.findings.sets[left][index]!) }));
  const realVerdicts = corpus.realHeld.map((item) => verdicts(item, baseline.real[item.realIndex!]!, baseline.findings.real[item.realIndex!]!));
  return Object.fromEntries(
    VARIANTS.map((variant) => [
      variant,
      {
        detected: setVerdicts.filter(({ item, verdict }) => item.poisoned && verdict[variant]).length,
        poisoned: setVerdicts.filter(({ item }) => item.poisoned).length,
        falseHigh: setVerdicts.filter(({ item, verdict }) => !item.poisoned && verdict[variant]).length,
        clean: setVerdicts.filter(({ item }) => !item.poisoned).length,
        real: realVerdicts.filter((verdict) => verdict[variant]).length,
        realTools: realVerdicts.length,
      },
    ]),
  ) as Record<Variant, Cell>;
}

const meanSd = (values: readonly number[]): string => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return `${(100 * mean).toFixed(1)}% ± ${(100 * sd).toFixed(1)}`;
};

/** One line per left-out set and variant: mean ± sd over the seeds. */
export function summary(runs: ReadonlyArray<Record<SetName, Record<Variant, Cell>>>): string[] {
  const lines: string[] = [];
  for (const left of SET_NAMES) {
    const first = runs[0]![left].rules;
    lines.push(`left out ${left} (${first.poisoned} poisoned, ${first.clean} hard negatives; held real tools ${runs.map((run) => run[left].rules.realTools).join('/')}):`);
    for (const variant of VARIANTS) {
      const cells = runs.map((run) => run[left][variant]);
      lines.push(`  ${variant.padEnd(7)} detected ${meanSd(cells.map((c) => c.detected / c.poisoned))}, false highs ${meanSd(cells.map((c) => c.falseHigh / c.clean))}, held real tools ${meanSd(cells.map((c) => c.real / c.realTools))}`);
    }
  }
  return lines;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const started = Date.now();
  const concepts = process.argv.includes('--concepts');
  const baseline = readBaseline();
  console.log(`rules: main at ${baseline.commit.slice(0, 7)}; features: words${concepts ? ' + lexicon concepts' : ''}; threshold: ${FALSE_PASS} of the training side's benign items pass; ${JSON.stringify(DEFAULT_TRAINING)}`);
  const runs = SPLIT_SEEDS.map((seed) => {
    const corpus = readCorpus(seed);
    return Object.fromEntries(SET_NAMES.map((left) => [left, leaveOut(corpus, baseline, left, concepts, { ...DEFAULT_TRAINING, seed: DEFAULT_TRAINING.seed + seed })])) as Record<SetName, Record<Variant, Cell>>;
  });
  for (const line of summary(runs)) console.log(line);
  if (process.argv.includes('--learning-curve')) {
    // Set D left out, trained with fewer written sets: does more written data help?
    for (const alsoLeft of [['a'], ['b']] as const) {
      const cells = SPLIT_SEEDS.map((seed) => leaveOut(readCorpus(seed), baseline, 'd', concepts, { ...DEFAULT_TRAINING, seed: DEFAULT_TRAINING.seed + seed }, alsoLeft));
      for (const variant of ['scorer', 'either'] as const) {
        const share = cells.map((cell) => cell[variant].detected / cell[variant].poisoned);
        const falseHighs = cells.map((cell) => cell[variant].falseHigh / cell[variant].clean);
        console.log(`D left out, ${alsoLeft[0]} left out too: ${variant} detected ${meanSd(share)}, false highs ${meanSd(falseHighs)}`);
      }
    }
  }
  console.log(`${SPLIT_SEEDS.length} seeds in ${Date.now() - started} ms`);
}
