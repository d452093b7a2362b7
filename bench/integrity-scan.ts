// The offline scan of tool texts (src/main/integrity/scan.ts), measured: how many of the 3,003
// real tools get a high finding (alone, and with all 65 other servers as context; target ≤ 1%),
// how many poisoned definitions get one (bench/poisoned-tools.ts, fresh samples per seed, the
// held-out half of the phrasings apart; target ≥ 95%), the written sets (bench/integrity-sets.ts:
// hand-written; independent sets A, B, C, D and E, tuned on, development figures (B, C and E each
// after one held-out reading, recorded in docs/benchmarks.md); F, tuned on in round six after its
// held-out readings; G held out), their
// hard negatives' false highs, and the speed of scanning 10,000 real tools against
// JSON.stringify + SHA-256 of the same tools in the same run.
import { createHash } from 'node:crypto';
import { hasHigh, scanServer, scanTool, type ScanContext, type ScannedTool } from '../src/main/integrity/scan.js';
import { measureSet, readDefinitionSet, type SetFigures } from './integrity-sets.js';
import { CARRIERS, corpusServers, drawPoisoned, ENCODINGS, type PoisonedSample } from './poisoned-tools.js';
import type { BenchSection, Json, TableRow } from './section.js';
import { medianMsEach, round } from './stats.js';

const SEEDS = [1, 2, 3, 4, 5];
/** The written sets (tests/fixtures/…), in the order reported; `key` names each in the JSON. */
const WRITTEN_SETS = [
  { key: 'handWritten', folder: 'integrity-poisoned', label: 'hand-written set' },
  { key: 'setA', folder: 'integrity-set-a', label: 'independent set A (development: tuned on)' },
  { key: 'setB', folder: 'integrity-set-b', label: 'independent set B (development since its held-out reading)' },
  { key: 'setD', folder: 'integrity-set-d', label: 'independent set D (development: written to be tuned on)' },
  { key: 'setC', folder: 'integrity-set-c', label: 'independent set C (development since its held-out reading)' },
  { key: 'setE', folder: 'integrity-set-e', label: 'independent set E (development since its held-out reading)' },
  { key: 'setF', folder: 'integrity-set-f', label: 'independent set F (development since its held-out readings)' },
  { key: 'setG', folder: 'integrity-set-g', label: 'independent set G (held out: read by rounds four, five and six, never tuned on)' },
] as const;
const PER_SEED = 600;
const TOOLS = 10_000;

const flaggedSample = (sample: PoisonedSample): boolean => hasHigh([...scanTool(sample.tool, sample.context), ...scanServer(sample.server, sample.context)]);

const meanSd = (values: readonly number[]): { mean: number; sd: number } => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return { mean, sd: Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1)) };
};
const pct = (value: number): string => `${round(value * 100, 1)}%`;
const pctSd = ({ mean, sd }: { mean: number; sd: number }): string => `${round(mean * 100, 1)}% ± ${round(sd * 100, 1)}`;
const classes = (counts: Record<string, [number, number]>): string => Object.entries(counts).map(([name, [hit, all]]) => `${name} ${hit}/${all}`).join(', ');

/** The rows of a written set: its poisoned half detected, its clean half's false highs, per class. */
function setRows(label: string, figures: SetFigures | null): TableRow[] {
  if (figures === null) return [{ metric: `${label}`, value: 'not present' }];
  const rows: TableRow[] = [];
  if (figures.poisoned > 0) {
    const rate = figures.detected / figures.poisoned;
    rows.push({ metric: `${label}: poisoned with a high finding (${figures.poisoned})`, value: `${figures.detected} (${pct(rate)})`, target: '≥ 95%', pass: rate >= 0.95 });
    rows.push({ metric: `  by class: ${classes(figures.poisonedByClass)}`, value: '' });
  }
  if (figures.clean > 0) {
    const rate = figures.falseHigh / figures.clean;
    rows.push({ metric: `${label}: hard negatives with a high finding (${figures.clean})`, value: `${figures.falseHigh} (${pct(rate)})`, target: '≤ 1%', pass: rate <= 0.01 });
    const wrong = Object.fromEntries(Object.entries(figures.cleanByClass).filter(([, [hit]]) => hit > 0));
    rows.push({ metric: `  false highs by class: ${Object.keys(wrong).length === 0 ? 'none' : classes(wrong)}`, value: '' });
  }
  return rows;
}

const setJson = (figures: SetFigures | null): Json => (figures === null ? null : { ...figures, poisonedByClass: figures.poisonedByClass, cleanByClass: figures.cleanByClass } as unknown as Json);

function rateBy<K extends string>(samples: readonly PoisonedSample[], hits: readonly boolean[], key: (sample: PoisonedSample) => K): Record<string, number> {
  const counts = new Map<string, [number, number]>();
  samples.forEach((sample, index) => {
    const entry = counts.get(key(sample)) ?? [0, 0];
    entry[1]++;
    if (hits[index]) entry[0]++;
    counts.set(key(sample), entry);
  });
  return Object.fromEntries([...counts].sort().map(([name, [hit, all]]) => [name, round(hit / all, 3)]));
}

export const integrityScan: BenchSection = {
  name: 'integrityScan',
  async run(ctx) {
    const servers = corpusServers();
    const tools = servers.flatMap((server) => server.tools);
    // Real tools: alone, then with every other server as context (shadowing's false positives).
    const realHigh = tools.filter((tool) => hasHigh(scanTool(tool))).length;
    let realHighWithContext = 0;
    for (const server of servers) {
      const context: ScanContext = { others: servers.filter((other) => other !== server).map((other) => ({ label: other.label, tools: other.tools.map((tool) => tool.name) })), own: [server.label, ...server.tools.map((tool) => tool.name)] };
      realHighWithContext += server.tools.filter((tool) => hasHigh(scanTool(tool, context))).length;
    }
    ctx.log(`integrityScan: ${realHigh} of ${tools.length} real tools with a high finding (${realHighWithContext} with the other servers as context)`);

    // Poisoned, generated: every seed fresh, both halves, then each half alone.
    const all: number[] = [];
    const tuned: number[] = [];
    const heldOut: number[] = [];
    const pooled: PoisonedSample[] = [];
    const pooledHits: boolean[] = [];
    for (const seed of SEEDS) {
      const samples = drawPoisoned(servers, seed, PER_SEED);
      const hits = samples.map(flaggedSample);
      all.push(hits.filter(Boolean).length / samples.length);
      const rate = (held: boolean): number => {
        const part = samples.map((sample, index) => [sample.heldOut, hits[index]] as const).filter(([isHeld]) => isHeld === held);
        return part.filter(([, hit]) => hit).length / part.length;
      };
      tuned.push(rate(false));
      heldOut.push(rate(true));
      pooled.push(...samples);
      pooledHits.push(...hits);
    }
    const byAttack = rateBy(pooled, pooledHits, (sample) => sample.attack);
    const byCarrier = rateBy(pooled, pooledHits, (sample) => sample.carrier);
    const byEncoding = rateBy(pooled, pooledHits, (sample) => sample.encoding);
    const byLanguage = rateBy(pooled, pooledHits, (sample) => sample.language);

    // The written sets: hand-written (not independent); A, B, C, D (independent, tuned on:
    // development figures; B and C were each held out until one untuned reading, recorded in
    // docs/benchmarks.md); E (independent and held out: never read or tuned on).
    const folder = (name: string): string => new URL(`../tests/fixtures/${name}`, import.meta.url).pathname;
    const written = WRITTEN_SETS.map((set) => {
      const definitions = readDefinitionSet(folder(set.folder));
      return { ...set, figures: definitions === null ? null : measureSet(definitions) };
    });

    // Speed: 10,000 real tools (the 3,003 varied deterministically), scan against stringify + SHA-256.
    const many: ScannedTool[] = Array.from({ length: TOOLS }, (_, index) => {
      const tool = tools[index % tools.length]!;
      return index < tools.length ? tool : { ...tool, name: `${tool.name}_${index}`, description: `${tool.description ?? ''} (v${index})` };
    });
    const times = medianMsEach(
      {
        yardstick: () => {
          let length = 0;
          for (const tool of many) length += createHash('sha256').update(JSON.stringify(tool)).digest('hex').length;
          return length;
        },
        scan: () => {
          let found = 0;
          for (const tool of many) found += scanTool(tool).length;
          return found;
        },
      },
      { warmup: 2, runs: 9, gc: ctx.gc },
    );
    const ratio = times.scan / times.yardstick;

    const sampleSize = SEEDS.length * PER_SEED;
    const rows: TableRow[] = [
      { metric: `real tools with a high finding (${tools.length} tools of ${servers.length} servers)`, value: `${realHigh} (${pct(realHigh / tools.length)})`, target: '≤ 1%', pass: realHigh / tools.length <= 0.01 },
      { metric: 'real tools with a high finding, the other servers as context', value: `${realHighWithContext} (${pct(realHighWithContext / tools.length)})`, target: '≤ 1%', pass: realHighWithContext / tools.length <= 0.01 },
      { metric: `poisoned (generated) with a high finding, ${SEEDS.length} seeds × ${PER_SEED}`, value: pctSd(meanSd(all)), target: '≥ 95%', pass: meanSd(all).mean >= 0.95 },
      { metric: '  of the tuned half of the phrasings', value: pctSd(meanSd(tuned)) },
      { metric: '  of the held-out half of the phrasings', value: pctSd(meanSd(heldOut)), target: '≥ 95%', pass: meanSd(heldOut).mean >= 0.95 },
      ...Object.entries(byAttack).map(([name, rate]) => ({ metric: `  attack: ${name}`, value: pct(rate) })),
      ...CARRIERS.map((name) => ({ metric: `  carrier: ${name}`, value: pct(byCarrier[name] ?? 0) })),
      ...ENCODINGS.map((name) => ({ metric: `  encoding: ${name}`, value: pct(byEncoding[name] ?? 0) })),
      ...Object.entries(byLanguage).map(([name, rate]) => ({ metric: `  language: ${name}`, value: pct(rate) })),
      ...written.flatMap((set) => setRows(set.label, set.figures)),
      { metric: `scan of ${TOOLS.toLocaleString('en-US')} real tools (median)`, value: `${round(times.scan, 1)} ms` },
      { metric: '  yardstick: JSON.stringify + SHA-256 of the same tools', value: `${round(times.yardstick, 1)} ms` },
      { metric: '  scan / yardstick', value: `${round(ratio, 2)}×`, target: '≤ 1.5×', pass: ratio <= 1.5 },
    ];
    const json: Json = {
      realTools: tools.length,
      realHigh,
      realHighWithContext,
      poisoned: { sampleSize, seeds: SEEDS, all, tuned, heldOut, byAttack, byCarrier, byEncoding, byLanguage },
      ...Object.fromEntries(written.map((set) => [set.key, setJson(set.figures)])),
      speed: { tools: TOOLS, scanMs: round(times.scan, 2), yardstickMs: round(times.yardstick, 2), ratio: round(ratio, 3) },
    };
    return { json, rows };
  },
};
