// Tool search section (issue 19): findTools' recall@5 on queries written the way a model asks
// for a tool (tests/fixtures/tool-search-queries.json), over the recorded tools of published
// servers (tests/fixtures/published-tools.json and published-corpus.json), against plain BM25 over
// names and descriptions (bench/bm25.ts); target: at least 5 points above it. Then 10,000 tools
// shaped like those: building the index as a ratio to parsing the tools' JSON in the same runs (a
// yardstick of this shared machine's speed at the moment), and a query's median time after the
// build; target < 5 ms.
import fs from 'node:fs';
import { ToolSearch, type SearchSource } from '../src/main/search/tool-search.js';
import { Bm25 } from './bm25.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, round } from './stats.js';

const TOOLS = 10_000;
const PER_SERVER = 25;
const QUERY_TARGET_MS = 5;
const RECALL_MARGIN = 5;
const K = 5;
const BUILD_RUNS = 7;
const QUERY_ROUNDS = 5;

interface Shape {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

interface Query {
  query: string;
  expect: string[];
}

const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url), 'utf8'));

/** The recorded tools, each as `server/name` and as the search takes it. */
export function publishedSources(): SearchSource[] {
  const small = fixture('published-tools.json') as Record<string, Shape[]>;
  const corpus = fixture('published-corpus.json') as Record<string, { tools: Shape[] }>;
  const servers: Array<[string, Shape[]]> = [...Object.entries(small), ...Object.entries(corpus).map(([label, server]): [string, Shape[]] => [label, server.tools])];
  return servers.flatMap(([label, tools]) =>
    tools.map((tool) => ({ name: `${label}/${tool.name}`, original: tool.name, server: label, serverLabel: label, tool })),
  );
}

/** Exposed names are valid names in the app; here the id keeps the server, the names field the tool's name. */
function searchable(sources: readonly SearchSource[]): SearchSource[] {
  return sources.map((source) => ({ ...source, name: source.name, original: source.original }));
}

function recallAt(queries: readonly Query[], find: (query: string) => string[]): { recall: number; missed: string[] } {
  let hits = 0;
  const missed: string[] = [];
  for (const { query, expect } of queries) {
    const found = find(query);
    if (expect.some((name) => found.includes(name))) hits++;
    else missed.push(query);
  }
  return { recall: (100 * hits) / queries.length, missed };
}

function manyTools(sources: readonly SearchSource[]): string {
  const tools: SearchSource[] = [];
  for (let i = 0; i < TOOLS; i++) {
    const shape = sources[i % sources.length]!;
    const server = Math.floor(i / PER_SERVER);
    tools.push({ name: `${shape.original.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 50)}_${i}`, original: shape.original, server: `server-${server}`, serverLabel: `Server ${server}`, tool: shape.tool });
  }
  return JSON.stringify(tools);
}

export const toolSearch: BenchSection = {
  name: 'toolSearch',
  async run(ctx): Promise<SectionResult> {
    const sources = publishedSources();
    const queries = fixture('tool-search-queries.json') as Query[];
    const finder = new ToolSearch(() => searchable(sources));
    const bm25 = new Bm25(sources.map((source) => ({ id: source.name, text: `${source.original} ${source.tool.description ?? ''}` })));
    const ours = recallAt(queries, (query) => finder.find(query, { limit: K }).map((tool) => tool.name));
    const plain = recallAt(queries, (query) => bm25.search(query, K));
    ctx.log(`toolSearch: findTools missed ${JSON.stringify(ours.missed)}`);
    ctx.log(`toolSearch: BM25 missed ${JSON.stringify(plain.missed)}`);

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
      for (const { query } of queries) {
        const started = performance.now();
        index!.find(query, { limit: K });
        perQuery.push(performance.now() - started);
      }
    }
    const parseMs = median(parses);
    const buildMs = median(builds);
    const queryMs = median(perQuery);
    const margin = ours.recall - plain.recall;
    return {
      json: {
        corpus: sources.length,
        queries: queries.length,
        recallAt5: round(ours.recall, 1),
        bm25RecallAt5: round(plain.recall, 1),
        tools: TOOLS,
        parseMs: round(parseMs),
        buildMs: round(buildMs),
        buildPerParse: round(buildMs / parseMs),
        queryMs: round(queryMs, 3),
        targets: { recall: margin >= RECALL_MARGIN, queryMs: queryMs < QUERY_TARGET_MS },
      },
      rows: [
        { metric: `findTools recall@${K} (${queries.length} queries, ${sources.length} published tools)`, value: `${round(ours.recall, 1)} %`, target: `≥ BM25 + ${RECALL_MARGIN}`, pass: margin >= RECALL_MARGIN },
        { metric: `  plain BM25 over names and descriptions`, value: `${round(plain.recall, 1)} %` },
        { metric: `yardstick: JSON.parse of ${TOOLS} tools`, value: `${round(parseMs)} ms` },
        { metric: `build the index of ${TOOLS} tools`, value: `${round(buildMs)} ms (${round(buildMs / parseMs)}× parsing)` },
        { metric: `findTools over ${TOOLS} tools, per query (median)`, value: `${round(queryMs, 3)} ms`, target: `< ${QUERY_TARGET_MS} ms`, pass: queryMs < QUERY_TARGET_MS },
      ],
    };
  },
};
