// Tool search section (issues 19 and 29): recall@5 of the app's own search (search/tool-search.ts,
// what Mcp.findTools and find_tools answer with) against plain BM25 (bench/bm25.ts: name and full
// description, no stems, no field weights) in the same run, over the recorded tools of published
// servers, for six kinds of queries drawn afresh for each seed (bench/search-queries.ts) and the
// hand-written queries;
// mean, spread and range over the seeds. Targets: recall ≥ 0.95 for name queries, ≥ 0.92 for
// the three kinds of description words (the first three, the first two, two from anywhere),
// ≥ 0.90 for inflected ones, and above BM25 for every kind in every seed, but for words from
// anywhere in a description: there, where plain BM25 is at its best (every word alike, the whole
// text), the target is not to fall below it in the mean of the seeds (the two are within a query
// or two of 300 in some seeds; the ranking before issue 38 was 0.04–0.06 below).
// Then 10,000 tools shaped like those: building the index as a ratio to parsing the tools' JSON in
// the same runs (a yardstick of this shared machine's speed at the moment), and a query's median
// time after the build; target < 5 ms.
// The seeds: BENCH_SEED=N picks the first (the others follow it); unset, a fresh one each run.
import { randomInt } from 'node:crypto';
import { ToolSearch, type SearchSource } from '../src/main/search/tool-search.js';
import { drawQueries, QUERY_KINDS, type QueryKind } from './search-queries.js';
import { K, publishedCorpus, recallBySeed, type Recall } from './search-recall.js';
import type { BenchSection, Json, SectionResult, TableRow } from './section.js';
import { median, round } from './stats.js';

const TOOLS = 10_000;
const PER_SERVER = 25;
const QUERY_TARGET_MS = 5;
const SEEDS = 5;
const QUERIES_PER_KIND = 300;
const BUILD_RUNS = 7;
const QUERY_ROUNDS = 3;
/** Queries no one should send: 1 MB of text, regular-expression characters, only common words, only emoji. */
const HOSTILE = ['lorem ipsum dolor '.repeat(60_000), 'x'.repeat(1 << 20), '.*+?[^](a|b){2,}\\1$', 'the of a and to in is it', '🙂🚀🔥👍🏽‍♂️'.repeat(1_000)];
const TARGETS: Partial<Record<QueryKind, number>> = { name: 0.95, description: 0.92, inflected: 0.9, pair: 0.92, scattered: 0.92 };
/** Kinds held to plain BM25 in the mean of the seeds (not below it), not in each seed (see above). */
const NOT_BELOW_BM25: ReadonlySet<QueryKind> = new Set(['scattered']);

function manyTools(sources: readonly SearchSource[]): string {
  const tools: SearchSource[] = [];
  for (let i = 0; i < TOOLS; i++) {
    const shape = sources[i % sources.length]!;
    const server = Math.floor(i / PER_SERVER);
    tools.push({ name: `${shape.original.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 50)}_${i}`, original: shape.original, server: `server-${server}`, serverLabel: `Server ${server}`, tool: shape.tool });
  }
  return JSON.stringify(tools);
}

interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

function spread(values: readonly number[]): Spread {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return { mean, sd, min: Math.min(...values), max: Math.max(...values) };
}

const shown = (s: Spread): string => `${round(s.mean, 3).toFixed(3)} ± ${round(s.sd, 3).toFixed(3)} (${round(s.min, 3).toFixed(3)}–${round(s.max, 3).toFixed(3)})`;
const asJson = (s: Spread): Json => ({ mean: round(s.mean, 4), sd: round(s.sd, 4), min: round(s.min, 4), max: round(s.max, 4) });

function recallRows(bySeed: Record<QueryKind, Recall[]>, seeds: readonly number[]): { rows: TableRow[]; json: Record<string, Json>; pass: boolean } {
  const rows: TableRow[] = [];
  const json: Record<string, Json> = {};
  let pass = true;
  for (const kind of QUERY_KINDS) {
    const ours = spread(bySeed[kind].map((recall) => recall.ours));
    const plain = spread(bySeed[kind].map((recall) => recall.bm25));
    const seedsAbove = bySeed[kind].filter((recall) => recall.ours > recall.bm25).length;
    const above = seedsAbove === seeds.length;
    const inMean = NOT_BELOW_BM25.has(kind);
    const target = TARGETS[kind];
    const met = (inMean ? ours.mean >= plain.mean : above) && (target === undefined || ours.mean >= target);
    pass &&= met;
    json[kind] = { ours: asJson(ours), bm25: asJson(plain), aboveBm25EverySeed: above, seedsAboveBm25: seedsAbove };
    rows.push({
      metric: `  ${kind} queries: findTools recall@${K} (${seeds.length} seeds × ${QUERIES_PER_KIND}; above BM25 in ${seedsAbove})`,
      value: shown(ours),
      target: `${target === undefined ? '' : `≥ ${target}, `}${inMean ? '≥ BM25 in the mean' : '> BM25 each seed'}`,
      pass: met,
    });
    rows.push({ metric: `  ${kind} queries: plain BM25`, value: shown(plain) });
  }
  return { rows, json, pass };
}

export const toolSearch: BenchSection = {
  name: 'toolSearch',
  async run(ctx): Promise<SectionResult> {
    const first = process.env.BENCH_SEED === undefined ? randomInt(1, 2 ** 31) : Number(process.env.BENCH_SEED);
    const seeds = Array.from({ length: SEEDS }, (_, i) => first + i);
    ctx.log(`toolSearch: seeds ${seeds.join(', ')} (BENCH_SEED=${first} draws the same queries again)`);
    const run = recallBySeed(seeds, QUERIES_PER_KIND);
    for (const [kind, missed] of Object.entries(run.missed)) ctx.log(`toolSearch: ${kind}, some missed: ${JSON.stringify(missed)}`);
    const recall = recallRows(run.bySeed, seeds);

    const { sources } = publishedCorpus();
    const corpusTools = sources.map((source) => ({ id: source.name, original: source.original, description: source.tool.description ?? '' }));
    const drawn = drawQueries(corpusTools, first, 50, K);
    const queries = QUERY_KINDS.flatMap((kind) => drawn[kind].map((query) => query.query));
    const text = manyTools(sources);
    const parses: number[] = [];
    const builds: number[] = [];
    let index: ToolSearch | null = null;
    for (let run = 0; run < BUILD_RUNS + 1; run++) {
      ctx.gc();
      const parseStarted = performance.now();
      const tools = JSON.parse(text) as SearchSource[];
      const parsed = performance.now() - parseStarted;
      ctx.gc();
      const started = performance.now();
      index = new ToolSearch(() => tools);
      if (index.size() !== TOOLS) throw new Error(`toolSearch: ${index.size()} tools indexed, expected ${TOOLS}`);
      const built = performance.now() - started;
      // The first run warms the JIT up.
      if (run > 0) {
        parses.push(parsed);
        builds.push(built);
      }
    }
    const perQuery: number[] = [];
    for (let round = 0; round < QUERY_ROUNDS; round++) {
      for (const query of queries) {
        const started = performance.now();
        index!.find(query, { limit: K });
        perQuery.push(performance.now() - started);
      }
    }
    const hostile = HOSTILE.map((query) => {
      const times: number[] = [];
      for (let round = 0; round < QUERY_ROUNDS; round++) {
        const started = performance.now();
        index!.find(query, { limit: K });
        times.push(performance.now() - started);
      }
      return median(times);
    });
    const hostileMs = Math.max(...hostile);
    const parseMs = median(parses);
    const buildMs = median(builds);
    const queryMs = median(perQuery);
    const slowestMs = Math.max(...perQuery);
    const hand = run.handWritten;
    return {
      json: {
        corpus: run.tools,
        servers: run.servers,
        seeds,
        queriesPerKind: QUERIES_PER_KIND,
        recallAt5: recall.json,
        handWritten: { queries: hand.queries, ours: round(hand.ours, 4), bm25: round(hand.bm25, 4) },
        tools: TOOLS,
        parseMs: round(parseMs),
        buildMs: round(buildMs),
        buildPerParse: round(buildMs / parseMs),
        queryMs: round(queryMs, 3),
        slowestQueryMs: round(slowestMs, 3),
        hostileQueryMs: round(hostileMs, 3),
        targets: { recall: recall.pass, queryMs: queryMs < QUERY_TARGET_MS, hostileMs: hostileMs < QUERY_TARGET_MS },
      },
      rows: [
        { metric: `findTools recall@${K} over ${run.tools} recorded tools of ${run.servers} published server configurations, against plain BM25; seeds ${first}–${first + SEEDS - 1}`, value: 'mean ± sd (range)' },
        ...recall.rows,
        { metric: `  hand-written queries (${hand.queries}): findTools / plain BM25`, value: `${round(hand.ours, 3)} / ${round(hand.bm25, 3)}` },
        { metric: `yardstick: JSON.parse of ${TOOLS} tools`, value: `${round(parseMs)} ms` },
        { metric: `build the index of ${TOOLS} tools`, value: `${round(buildMs)} ms (${round(buildMs / parseMs)}× parsing)` },
        { metric: `findTools over ${TOOLS} tools, per query (median of ${perQuery.length}; slowest ${round(slowestMs, 1)} ms)`, value: `${round(queryMs, 3)} ms`, target: `< ${QUERY_TARGET_MS} ms`, pass: queryMs < QUERY_TARGET_MS },
        { metric: `  hostile queries (1 MB of text, regular-expression characters, only common words, only emoji), slowest median`, value: `${round(hostileMs, 3)} ms`, target: `< ${QUERY_TARGET_MS} ms`, pass: hostileMs < QUERY_TARGET_MS },
      ],
    };
  },
};
