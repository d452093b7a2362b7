// Recall of the tool search against plain BM25 (bench/bm25.ts) over the recorded tools of published
// servers (tests/fixtures/published-corpus.json and published-tools.json), in one run: for each
// seed, fresh queries of every kind (bench/search-queries.ts), and the hand-written queries of
// tests/fixtures/tool-search-queries.json (written before any tuning; the same every run).
// Every tool gets its exposed name from the naming core, as in the app: the search sees what a
// user's search sees.
import fs from 'node:fs';
import { assignToolNames } from '../src/main/naming.js';
import { ToolSearch, type SearchSource } from '../src/main/search/tool-search.js';
import { Bm25 } from './bm25.js';
import { drawQueries, QUERY_KINDS, type CorpusTool, type QueryKind, type SearchQuery } from './search-queries.js';

export const K = 5;

interface Shape {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url), 'utf8'));

export interface PublishedCorpus {
  sources: SearchSource[];
  servers: number;
  /** `label/original` → exposed name (how the hand-written queries name their answers). */
  exposedOf: Map<string, string>;
}

/** The recorded tools, each under the name the app would expose it by (servers in file order). */
export function publishedCorpus(): PublishedCorpus {
  const small = fixture('published-tools.json') as Record<string, Shape[]>;
  const recorded = fixture('published-corpus.json') as Record<string, { tools: Shape[] }>;
  const servers: Array<[string, Shape[]]> = [...Object.entries(small), ...Object.entries(recorded).map(([label, server]): [string, Shape[]] => [label, server.tools])];
  const names = assignToolNames(servers.map(([label, tools]) => ({ uuid: label, tools: tools.map((tool) => tool.name) })));
  const exposed = new Map(names.map((name) => [`${name.uuid}/${name.original}`, name.exposed]));
  const sources = servers.flatMap(([label, tools]) =>
    tools.map((tool) => ({ name: exposed.get(`${label}/${tool.name}`)!, original: tool.name, server: label, serverLabel: label, tool })),
  );
  return { sources, servers: servers.length, exposedOf: exposed };
}

export interface Recall {
  ours: number;
  bm25: number;
}

function recallOf(queries: readonly SearchQuery[], find: (query: string) => string[]): { recall: number; missed: string[] } {
  let hits = 0;
  const missed: string[] = [];
  for (const { query, answers } of queries) {
    if (find(query).some((id) => answers.has(id))) hits++;
    else missed.push(query);
  }
  return { recall: queries.length === 0 ? 0 : hits / queries.length, missed };
}

export interface RecallRun {
  tools: number;
  servers: number;
  /** Per kind, one entry per seed. */
  bySeed: Record<QueryKind, Recall[]>;
  handWritten: Recall & { queries: number };
  /** A few missed queries of each kind (first seed), for the log. */
  missed: Record<string, string[]>;
}

export function recallBySeed(seeds: readonly number[], count: number): RecallRun {
  const corpus = publishedCorpus();
  const finder = new ToolSearch(() => corpus.sources);
  const bm25 = new Bm25(corpus.sources.map((source) => ({ id: source.name, text: `${source.original} ${source.tool.description ?? ''}` })));
  const ours = (query: string): string[] => finder.find(query, { limit: K }).map((tool) => tool.name);
  const plain = (query: string): string[] => bm25.search(query, K);
  const tools: CorpusTool[] = corpus.sources.map((source) => ({ id: source.name, original: source.original, description: source.tool.description ?? '' }));

  const bySeed = Object.fromEntries(QUERY_KINDS.map((kind) => [kind, [] as Recall[]])) as Record<QueryKind, Recall[]>;
  const missed: Record<string, string[]> = {};
  for (const seed of seeds) {
    const queries = drawQueries(tools, seed, count, K);
    for (const kind of QUERY_KINDS) {
      const a = recallOf(queries[kind], ours);
      const b = recallOf(queries[kind], plain);
      bySeed[kind].push({ ours: a.recall, bm25: b.recall });
      if (seed === seeds[0]) missed[kind] = a.missed.slice(0, 12);
    }
  }
  const written = (fixture('tool-search-queries.json') as Array<{ query: string; expect: string[] }>).map(({ query, expect }) => ({
    query,
    answers: new Set(expect.map((name) => corpus.exposedOf.get(name) ?? name)),
  }));
  const a = recallOf(written, ours);
  const b = recallOf(written, plain);
  missed.handWritten = a.missed;
  return { tools: corpus.sources.length, servers: corpus.servers, bySeed, handWritten: { ours: a.recall, bm25: b.recall, queries: written.length }, missed };
}
