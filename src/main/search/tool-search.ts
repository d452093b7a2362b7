// Finding tools by what they do (Mcp.findTools, the IPC findTools, and the `find_tools` tool):
// BM25F (bm25f.ts) over each offered tool's exposed and original names, title, the first sentence
// of its description, the whole description, argument names, and its server's label, with the
// words of terms.ts (names split, compounds, stems, stop words dropped); coordinated by the share
// of the query's words a tool holds; the best few then reranked by the query's phrases they hold
// (proximity.ts).
// The index follows the offered tools: after a change (relist, rename, switch-off, a server added
// or removed) the next search re-indexes only the tools whose text changed.
export type { FoundTool } from '../../types/mcp.js';
import { isRecord } from '../../types/json.js';
import type { FoundTool } from '../../types/mcp.js';
import { Bm25fIndex, type FieldSpec, type QueryTerm } from './bm25f.js';
import { pairCounter, termSequence } from './proximity.js';
import { synonymsOf, termOf, wordsAndCompounds } from './terms.js';

/** One offered tool, as the manager knows it. */
export interface SearchSource {
  /** Exposed name: the id of the tool in the index and in results. */
  name: string;
  original: string;
  /** Server uuid. */
  server: string;
  serverLabel: string;
  /** The listed tool (the same object until a relist brings a new one). */
  tool: { title?: string; description?: string; inputSchema: Record<string, unknown> };
}

export interface FindOptions {
  /** Exposed names to search among; null or unset: every offered tool. */
  selection?: readonly string[] | null;
  /** At most this many results (1–50); 5 when unset. */
  limit?: number;
}

export const DEFAULT_FIND_LIMIT = 5;
export const MAX_FIND_LIMIT = 50;

/** The fields, in index order: what each is made of is in documentOf. */
const enum Field {
  Names,
  Title,
  Lead,
  Description,
  Args,
  Server,
}

/**
 * BM25F's field weights (b = 0.75 for all, the textbook value): a word of the name or title says
 * most; the lead (a description's first sentence) says what the tool does, the rest of a
 * description adds usage rules and examples. Chosen on the bench's seeds 1–3 and checked on
 * others (docs/benchmarks.md). Arguments' descriptions are not indexed: at a weight of 0.1 or
 * 0.3 they changed no recall figure by more than 0.003, and every word indexed costs build time.
 */
const FIELDS: readonly FieldSpec[] = [
  { weight: 2.5, b: 0.75 }, // names
  { weight: 2, b: 0.75 }, // title
  { weight: 2, b: 0.75 }, // lead
  { weight: 1, b: 0.75 }, // description
  { weight: 1, b: 0.75 }, // argument names
  { weight: 0.5, b: 0.75 }, // server label
];
const K1 = 1.2;
/** A synonym's weight against the word the query used; synonyms are looked up in names and titles only. */
const SYNONYM_WEIGHT = 0.5;
/**
 * The weight of a word matched as written, on top of its stem's: someone who quotes a tool's
 * description uses its word forms. 0.3 before issue 38; 0.5 found more tools by two words of
 * their description (0.006), the inflected queries (the other form) lost 0.002 or nothing.
 */
const EXACT_WEIGHT = 0.5;
/**
 * A tool that holds every pair of successive query words as a phrase scores this much more (a
 * share of the pairs, that share of it); the best RERANKED tools (or the limit, if more) are
 * looked at. Chosen on the bench's seeds 101–105 with other ways of drawing description words
 * (docs/benchmarks.md): 0.2 to 1 gave the same recall within 0.003.
 */
const PHRASE_BOOST = 0.3;
const RERANKED = 30;
const SYNONYM_FIELDS: readonly number[] = [Field.Names, Field.Title];
/**
 * What is indexed of a description: all of every published server's (the longest, 13,086
 * characters, is a manual); 3,000 before issue 38, which left words of 17 tools out. A server's
 * megabyte of text is cut.
 */
const MAX_DESCRIPTION = 16_000;
const MAX_LEAD_WORDS = 40;
/** What is read of a query: a query is a few words; a pasted page is cut, never refused. */
export const MAX_QUERY_CHARS = 1_000;
const MAX_QUERY_TERMS = 32;

interface Indexed {
  source: SearchSource;
  /** The text of each field, to tell whether a relisted tool changed. */
  key: string;
  /** Its names', title's and description's terms in order, for the query's phrases. */
  sequence: string[];
}

/**
 * A word as it was written, beside its stem: a query that uses the tool's own word form ("requested")
 * ranks it above tools that only share the stem ("request", "requests"). Marked so it never meets a stem.
 */
const EXACT = '=';

/** The words of a text as the index holds them: each stem, and the word as written where it differs. */
function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of wordsAndCompounds(text)) {
    const term = termOf(word);
    if (term === null) continue;
    terms.push(term);
    const lower = word.toLowerCase();
    if (lower !== term) terms.push(EXACT + lower);
  }
  return terms;
}

/** A description's first sentence: up to the first full stop followed by a space, or its first line. */
function leadOf(description: string): string {
  const line = description.trimStart().split(/\n/, 1)[0] ?? '';
  const end = line.search(/[.!?](\s|$)/);
  return end < 0 ? line : line.slice(0, end);
}

function fieldsOf(source: SearchSource): string[] {
  const { tool } = source;
  const properties = isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const description = typeof tool.description === 'string' ? tool.description.slice(0, MAX_DESCRIPTION) : '';
  return [
    source.original === source.name ? source.name : `${source.name} ${source.original}`,
    typeof tool.title === 'string' ? tool.title : '',
    leadOf(description),
    description,
    Object.keys(properties).join(' '),
    source.serverLabel,
  ];
}

function documentOf(texts: readonly string[]): string[][] {
  return texts.map((text, field) => {
    const terms = termsOf(text);
    return field === Field.Lead ? terms.slice(0, MAX_LEAD_WORDS) : terms;
  });
}

/** The stems of the names, title and description in order (the words as written left out: a query's words are stems). */
function sequenceOf(document: readonly (readonly string[])[]): string[] {
  const stems = (field: Field): string[] => document[field]!.filter((term) => !term.startsWith(EXACT));
  return termSequence([stems(Field.Names), stems(Field.Title), stems(Field.Description)]);
}

/** A query: its terms for the index, and its words (stems) in the order asked, for its phrases. */
interface Query {
  terms: QueryTerm[];
  words: string[];
}

/**
 * The query's own terms over every field; their synonyms over the names and titles only, at a
 * lower weight. Each term carries its query word, so that the score is coordinated (bm25f.ts).
 */
function queryOf(text: string): Query {
  /** stem → its query word */
  const own = new Map<string, number>();
  const exact = new Map<string, number>();
  for (const word of wordsAndCompounds(text.slice(0, MAX_QUERY_CHARS))) {
    const term = termOf(word);
    if (term === null) continue;
    if (!own.has(term)) {
      if (own.size === MAX_QUERY_TERMS) break;
      own.set(term, own.size);
    }
    const lower = word.toLowerCase();
    if (lower !== term && !exact.has(EXACT + lower)) exact.set(EXACT + lower, own.get(term)!);
  }
  const terms: QueryTerm[] = [...own].map(([term, word]) => ({ term, weight: 1, word }));
  for (const [term, word] of exact) terms.push({ term, weight: EXACT_WEIGHT, word });
  for (const [term, word] of own) {
    for (const synonym of synonymsOf(term)) {
      if (!own.has(synonym)) terms.push({ term: synonym, weight: SYNONYM_WEIGHT, fields: SYNONYM_FIELDS, word });
    }
  }
  return { terms, words: [...own.keys()] };
}

/** Whether result a ranks before b: the higher score, then the name (the same order on every machine). */
const before = (a: [string, number], b: [string, number]): boolean => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);

/** The `limit` best of `scores`, best first, without sorting them all. */
function best(scores: ReadonlyMap<string, number>, limit: number): Array<[string, number]> {
  const top: Array<[string, number]> = [];
  for (const entry of scores) {
    if (top.length === limit && !before(entry, top[limit - 1]!)) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    while (at > 0 && before(entry, top[at - 1]!)) at--;
    top.splice(at, 0, entry);
    if (top.length > limit) top.pop();
  }
  return top;
}

export class ToolSearch {
  #index = new Bm25fIndex(FIELDS, K1);
  #indexed = new Map<string, Indexed>();
  #stale = true;

  constructor(private readonly source: () => readonly SearchSource[]) {}

  /** The offered tools changed: the next search takes the change in first. */
  invalidate(): void {
    this.#stale = true;
  }

  /**
   * The tools best matching `query`, best first; [] for a query without a searchable word (only
   * common words, emoji, punctuation). A query is read up to MAX_QUERY_CHARS and its first
   * MAX_QUERY_TERMS distinct words: a pasted page costs no more than a long question.
   */
  find(query: string, options: FindOptions = {}): FoundTool[] {
    this.#refresh();
    const limit = Math.min(MAX_FIND_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_FIND_LIMIT)));
    const wanted = options.selection ? new Set(options.selection) : null;
    const { terms, words } = queryOf(query);
    const scores = this.#index.score(terms, wanted ? (id) => wanted.has(id) : undefined);
    return this.#byPhrases(best(scores, Math.max(limit, RERANKED)), words, limit).map(([name, score]) => {
      const { source } = this.#indexed.get(name)!;
      return { name: source.name, server: source.server, original: source.original, description: source.tool.description ?? '', score };
    });
  }

  /** How many tools the index holds (after taking in any change). */
  size(): number {
    this.#refresh();
    return this.#indexed.size;
  }

  /**
   * The best `limit` of `found` (best first) reranked by the share of the query's pairs of
   * successive words each holds as a phrase. Only the tools that the boost could bring into the
   * first `limit` are looked at: a score below the limit-th's over (1 + PHRASE_BOOST) stays below.
   */
  #byPhrases(found: Array<[string, number]>, words: readonly string[], limit: number): Array<[string, number]> {
    if (words.length < 2) return found.slice(0, limit);
    const pairs = words.length - 1;
    const held = pairCounter(words);
    const floor = found.length > limit ? found[limit - 1]![1] / (1 + PHRASE_BOOST) : 0;
    const boosted: Array<[string, number]> = [];
    for (const [name, score] of found) {
      if (score < floor) break;
      boosted.push([name, score * (1 + (PHRASE_BOOST * held(this.#indexed.get(name)!.sequence)) / pairs)]);
    }
    return boosted.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).slice(0, limit);
  }

  #refresh(): void {
    if (!this.#stale) return;
    this.#stale = false;
    const next = new Map<string, { source: SearchSource; key: string; texts: string[] }>();
    for (const source of this.source()) {
      const texts = fieldsOf(source);
      next.set(source.name, { source, key: texts.join('\u0000'), texts });
    }
    for (const [name, old] of this.#indexed) {
      if (next.get(name)?.key !== old.key) this.#index.remove(name);
    }
    const indexed = new Map<string, Indexed>();
    for (const [name, now] of next) {
      const old = this.#indexed.get(name);
      if (old?.key === now.key) {
        indexed.set(name, { source: now.source, key: now.key, sequence: old.sequence });
        continue;
      }
      const document = documentOf(now.texts);
      this.#index.add(name, document);
      indexed.set(name, { source: now.source, key: now.key, sequence: sequenceOf(document) });
    }
    this.#indexed = indexed;
  }
}
