// The offline scan of tool texts (src/main/integrity/scan.ts), measured: how many of the 3,003
// real tools get a high finding (alone, and with all 65 other servers as context for shadowing;
// target ≤ 1%), how many poisoned definitions get one (bench/poisoned-tools.ts, fresh samples
// per seed, the held-out half of the phrasings apart; target ≥ 95%), the hand-written set
// (tests/fixtures/integrity-poisoned.json), the independent set when it is there
// (tests/fixtures/integrity-independent/), and the speed of scanning 10,000 real tools against
// JSON.stringify + SHA-256 of the same tools in the same run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { hasHigh, scanServer, scanTool, type ScanContext, type ScannedTool } from '../src/main/integrity/scan.js';
import { CARRIERS, corpusServers, drawPoisoned, ENCODINGS, type PoisonedSample, type ServerTexts } from './poisoned-tools.js';
import type { BenchSection, Json, TableRow } from './section.js';
import { medianMsEach, round } from './stats.js';

const SEEDS = [1, 2, 3, 4, 5];
const PER_SEED = 600;
const TOOLS = 10_000;

interface Definition {
  tool?: ScannedTool;
  server?: ServerTexts;
  context?: ScanContext;
}

const flagged = (definition: Definition): boolean =>
  hasHigh([...(definition.tool === undefined ? [] : scanTool(definition.tool, definition.context)), ...(definition.server === undefined ? [] : scanServer(definition.server, definition.context))]);

const meanSd = (values: readonly number[]): { mean: number; sd: number } => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return { mean, sd: Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1)) };
};
const pct = (value: number): string => `${round(value * 100, 1)}%`;
const pctSd = ({ mean, sd }: { mean: number; sd: number }): string => `${round(mean * 100, 1)}% ± ${round(sd * 100, 1)}`;

/** Poisoned and hard-negative definitions of a folder of JSON files ({ poisoned: [], clean: [] } or a list with `poisoned: boolean`). */
export function readDefinitionSet(folder: string): { poisoned: Definition[]; clean: Definition[] } | null {
  if (!fs.existsSync(folder)) return null;
  const poisoned: Definition[] = [];
  const clean: Definition[] = [];
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json')).sort()) {
    const data: unknown = JSON.parse(fs.readFileSync(`${folder}/${file}`, 'utf8'));
    const entries = Array.isArray(data) ? data : [];
    const record = !Array.isArray(data) && typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    for (const entry of entries as Array<Definition & { poisoned?: boolean }>) (entry.poisoned === false ? clean : poisoned).push(entry);
    if (Array.isArray(record.poisoned)) poisoned.push(...(record.poisoned as Definition[]));
    if (Array.isArray(record.clean)) clean.push(...(record.clean as Definition[]));
  }
  return { poisoned, clean };
}

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
      const hits = samples.map((sample) => flagged(sample));
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

    const hand = readDefinitionSet(new URL('../tests/fixtures/integrity-poisoned', import.meta.url).pathname);
    const handRate = hand === null || hand.poisoned.length === 0 ? null : hand.poisoned.filter(flagged).length / hand.poisoned.length;
    const independent = readDefinitionSet(new URL('../tests/fixtures/integrity-independent', import.meta.url).pathname);
    const independentFigures =
      independent === null
        ? null
        : {
            poisoned: independent.poisoned.length,
            detected: independent.poisoned.length === 0 ? null : round(independent.poisoned.filter(flagged).length / independent.poisoned.length, 3),
            clean: independent.clean.length,
            falseHigh: independent.clean.length === 0 ? null : round(independent.clean.filter(flagged).length / independent.clean.length, 3),
          };

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
      ...(handRate === null ? [] : [{ metric: `hand-written poisoned (${hand!.poisoned.length})`, value: pct(handRate), target: '≥ 95%', pass: handRate >= 0.95 }]),
      ...(independentFigures === null
        ? [{ metric: 'independent set (tests/fixtures/integrity-independent)', value: 'not present' }]
        : [
            { metric: `independent poisoned (${independentFigures.poisoned})`, value: independentFigures.detected === null ? '—' : pct(independentFigures.detected), target: '≥ 95%', pass: (independentFigures.detected ?? 0) >= 0.95 },
            { metric: `independent hard negatives (${independentFigures.clean}) with a high finding`, value: independentFigures.falseHigh === null ? '—' : pct(independentFigures.falseHigh) },
          ]),
      { metric: `scan of ${TOOLS.toLocaleString('en-US')} real tools (median)`, value: `${round(times.scan, 1)} ms` },
      { metric: '  yardstick: JSON.stringify + SHA-256 of the same tools', value: `${round(times.yardstick, 1)} ms` },
      { metric: '  scan / yardstick', value: `${round(ratio, 2)}×`, target: '< 2×', pass: ratio < 2 },
    ];
    const json: Json = {
      realTools: tools.length,
      realHigh,
      realHighWithContext,
      poisoned: { sampleSize, seeds: SEEDS, all, tuned, heldOut, byAttack, byCarrier, byEncoding, byLanguage },
      handWritten: handRate === null ? null : { size: hand!.poisoned.length, detected: round(handRate, 3) },
      independent: independentFigures,
      speed: { tools: TOOLS, scanMs: round(times.scan, 2), yardstickMs: round(times.yardstick, 2), ratio: round(ratio, 3) },
    };
    return { json, rows };
  },
};
