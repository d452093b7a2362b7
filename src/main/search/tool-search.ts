// Finding tools by what they do (Mcp.findTools, the `find_tools` tool): a MiniSearch index (BM25+)
// over each offered tool's exposed and original names, title, description, argument names and
// their descriptions and its server's label, with the words of terms.ts (names split, stems).
// The index follows the offered tools: after a change (relist, rename, switch-off, a server added
// or removed) the next search re-indexes only the tools whose text changed.
export type { FoundTool } from '../../types/mcp.js';
import MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import { isRecord } from '../../types/json.js';
import type { FoundTool } from '../../types/mcp.js';
import { splitWords, synonymsOf, termOf } from './terms.js';

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

interface Document {
  id: string;
  names: string;
  title: string;
  description: string;
  args: string;
  argText: string;
  server: string;
}

interface Indexed {
  source: SearchSource;
  document: Document;
}

/** Field weights: a word of the name says most about a tool, one of an argument's description least. */
const BOOST = { names: 3, title: 2, args: 1.5, description: 1, server: 1, argText: 0.5 };
/** A synonym's weight against the word the query used. */
const SYNONYM_WEIGHT = 0.5;
/**
 * What is indexed of a description and of the arguments' descriptions: their start says what the
 * tool does; what follows (usage rules, examples) adds words that match everything, and each of
 * them costs every query that has it.
 */
const MAX_DESCRIPTION = 500;
const MAX_ARGUMENT_TEXT = 300;

function documentOf(source: SearchSource): Document {
  const { tool } = source;
  const properties = isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const argText = Object.values(properties)
    .map((property) => (isRecord(property) && typeof property.description === 'string' ? property.description : ''))
    .filter((text) => text !== '')
    .join(' ')
    .slice(0, MAX_ARGUMENT_TEXT);
  return {
    id: source.name,
    names: source.original === source.name ? source.name : `${source.name} ${source.original}`,
    title: typeof tool.title === 'string' ? tool.title : '',
    description: typeof tool.description === 'string' ? tool.description.slice(0, MAX_DESCRIPTION) : '',
    args: Object.keys(properties).join(' '),
    argText,
    server: source.serverLabel,
  };
}

function sameDocument(a: Document, b: Document): boolean {
  return a.names === b.names && a.title === b.title && a.description === b.description && a.args === b.args && a.argText === b.argText && a.server === b.server;
}

const asIs = (text: string): string[] => [text];
const same = (term: string): string => term;

/**
 * The query's own terms over every field; their synonyms over the names and titles only, at a
 * lower weight: tool names use a few canonical verbs and nouns, and a synonym looked up in every
 * description would touch most of the index for little gain.
 */
function queryOf(text: string): Query {
  const own = new Set<string>();
  for (const word of splitWords(text)) {
    const term = termOf(word);
    if (term !== null) own.add(term);
  }
  const extra = new Set<string>();
  for (const term of own) for (const synonym of synonymsOf(term)) if (!own.has(synonym)) extra.add(synonym);
  const queries: Query[] = [{ queries: [...own], tokenize: asIs, processTerm: same }];
  if (extra.size > 0) {
    queries.push({ queries: [...extra], tokenize: asIs, processTerm: same, fields: ['names', 'title'], boostTerm: () => SYNONYM_WEIGHT });
  }
  return { combineWith: 'OR', queries };
}

function newIndex(): MiniSearch<Document> {
  return new MiniSearch<Document>({
    fields: ['names', 'title', 'description', 'args', 'argText', 'server'],
    tokenize: (text) => splitWords(text),
    processTerm: (term) => termOf(term),
    searchOptions: {
      boost: BOOST,
      // No prefix matching: stems already meet word forms, and prefixes multiply what a query touches.
      prefix: false,
      combineWith: 'OR',
    },
  });
}

export class ToolSearch {
  #index = newIndex();
  #indexed = new Map<string, Indexed>();
  #stale = true;

  constructor(private readonly source: () => readonly SearchSource[]) {}

  /** The offered tools changed: the next search takes the change in first. */
  invalidate(): void {
    this.#stale = true;
  }

  /** The tools best matching `query`, best first; [] for a query without a searchable word. */
  find(query: string, options: FindOptions = {}): FoundTool[] {
    this.#refresh();
    const limit = Math.min(MAX_FIND_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_FIND_LIMIT)));
    const wanted = options.selection ? new Set(options.selection) : null;
    const results = this.#index.search(queryOf(query), wanted ? { filter: (result) => wanted.has(result.id as string) } : {});
    return results.slice(0, limit).map((result) => {
      const { source } = this.#indexed.get(result.id as string)!;
      return { name: source.name, server: source.server, original: source.original, description: source.tool.description ?? '', score: result.score };
    });
  }

  /** How many tools the index holds (after taking in any change). */
  size(): number {
    this.#refresh();
    return this.#indexed.size;
  }

  #refresh(): void {
    if (!this.#stale) return;
    this.#stale = false;
    const next = new Map<string, Indexed>();
    for (const source of this.source()) next.set(source.name, { source, document: documentOf(source) });
    for (const [name, old] of this.#indexed) {
      const now = next.get(name);
      if (now && sameDocument(now.document, old.document)) continue;
      this.#index.discard(name);
    }
    for (const [name, now] of next) {
      const old = this.#indexed.get(name);
      if (old && sameDocument(now.document, old.document)) continue;
      this.#index.add(now.document);
    }
    this.#indexed = next;
  }
}
