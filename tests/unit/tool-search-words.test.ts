// Issue 38: a tool found by words of its description. Coordination (bm25f.ts): a tool's score is
// multiplied by the share of the query's words it holds, each by its idf, so a tool that holds
// one query word often and early no longer outranks the one that holds them all. Phrases
// (proximity.ts): successive query words that stand together in a tool's text, in that order,
// rerank the best tools. Each as a pure function, then over the recorded tools of published
// servers, where each example below ranked sixth or lower before.
import { describe, expect, it } from 'vitest';
import { publishedCorpus } from '../../bench/search-recall.js';
import { Bm25fIndex } from '../../src/main/search/bm25f.js';
import { PAIR_WINDOW, pairCounter, termSequence } from '../../src/main/search/proximity.js';
import { ToolSearch } from '../../src/main/search/tool-search.js';

const FIELDS = [{ weight: 1, b: 0.75 }];

/** An index of one-field documents, each a text split at spaces. */
function indexOf(documents: Record<string, string>): Bm25fIndex {
  const index = new Bm25fIndex(FIELDS);
  for (const [id, text] of Object.entries(documents)) index.add(id, [text.split(' ')]);
  return index;
}

const pairsHeld = (sequence: readonly string[], words: readonly string[]): number => pairCounter(words)(sequence);
const ranked = (scores: ReadonlyMap<string, number>): string[] => [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);

describe('coordination: the share of the query words a document holds', () => {
  const documents = {
    repeats: 'pagination pagination pagination list',
    // A long description that holds the three words once.
    all: `lists executions cursor based pagination ${Array.from({ length: 25 }, (_, i) => `usage${i}`).join(' ')}`,
    ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`filler${i}`, `filler${i} word${i}`])),
  };

  it('a document that holds every query word outranks one that holds the rarest word often, in a short text', () => {
    const index = indexOf(documents);
    const plain = index.score([{ term: 'cursor', weight: 1 }, { term: 'based', weight: 1 }, { term: 'pagination', weight: 1 }]);
    expect(ranked(plain)[0]).toBe('repeats');
    const coordinated = index.score([
      { term: 'cursor', weight: 1, word: 0 },
      { term: 'based', weight: 1, word: 1 },
      { term: 'pagination', weight: 1, word: 2 },
    ]);
    expect(ranked(coordinated)[0]).toBe('all');
    // The factor is the share of the words' idf: "repeats" holds only "pagination".
    const idf = (holders: number): number => Math.log(1 + (22 - holders + 0.5) / (holders + 0.5));
    const share = idf(2) / (idf(1) + idf(1) + idf(2));
    expect(coordinated.get('repeats')! / plain.get('repeats')!).toBeCloseTo(share, 10);
    expect(coordinated.get('all')).toBeCloseTo(plain.get('all')!, 10);
  });

  it('a word matched by another of its terms (its form as written, a synonym) counts as held; a word no document has counts for none', () => {
    const index = indexOf({ a: 'delete file', b: 'remove file', c: 'file file file', d: 'other' });
    const scores = index.score([
      { term: 'delete', weight: 1, word: 0 },
      { term: 'remove', weight: 0.5, word: 0 },
      { term: 'file', weight: 1, word: 1 },
      { term: 'nowhere', weight: 1, word: 2 },
    ]);
    const plain = index.score([{ term: 'delete', weight: 1 }, { term: 'remove', weight: 0.5 }, { term: 'file', weight: 1 }]);
    // a and b hold both words: not reduced; c holds only "file".
    expect(scores.get('a')).toBeCloseTo(plain.get('a')!, 10);
    expect(scores.get('b')).toBeCloseTo(plain.get('b')!, 10);
    expect(scores.get('c')!).toBeLessThan(plain.get('c')! / 2);
    expect(scores.has('d')).toBe(false);
  });
});

describe('phrases: successive query words together in a tool\'s text', () => {
  it('counts the pairs held in order, at most PAIR_WINDOW positions apart', () => {
    expect(PAIR_WINDOW).toBe(2);
    const sequence = ['take', 'screenshot', 'page', 'element'];
    expect(pairsHeld(sequence, ['page', 'element'])).toBe(1);
    expect(pairsHeld(sequence, ['element', 'page'])).toBe(0);
    expect(pairsHeld(sequence, ['screenshot', 'element'])).toBe(1);
    expect(pairsHeld(sequence, ['take', 'element'])).toBe(0);
    expect(pairsHeld(sequence, ['take', 'screenshot', 'page', 'element'])).toBe(3);
    expect(pairsHeld(sequence, ['screenshot', 'missing', 'element'])).toBe(0);
    expect(pairsHeld(sequence, ['page'])).toBe(0);
    // One counter for a query, used on one tool after another: nothing carries over.
    const counter = pairCounter(['page', 'element']);
    expect([sequence, ['page', 'x', 'y', 'element'], ['page'], ['element'], sequence].map(counter)).toEqual([1, 0, 0, 0, 1]);
    // A later occurrence close enough counts: "a … b … a b".
    expect(pairsHeld(['cursor', 'x', 'y', 'z', 'pagination', 'cursor', 'pagination'], ['cursor', 'pagination'])).toBe(1);
  });

  it('keeps fields apart: no pair spans the end of one field and the start of the next', () => {
    const sequence = termSequence([['read', 'file'], [], ['text', 'content']]);
    expect(pairsHeld(sequence, ['file', 'text'])).toBe(0);
    expect(pairsHeld(sequence, ['read', 'file'])).toBe(1);
    expect(pairsHeld(sequence, ['text', 'content'])).toBe(1);
  });
});

describe('over the published servers\' tools', () => {
  const { sources } = publishedCorpus();
  const search = new ToolSearch(() => sources);
  const rank = (query: string, name: string): number => search.find(query, { limit: 50 }).findIndex((tool) => tool.name === name);

  it('the tool that holds every word of the query outranks tools that hold one of them in their names', () => {
    // "Create or replace SKU location mapping for a listing. Maps a SKU to fulfillment center
    // locations." Before: eleventh, below tools with "fulfillment" in their names and not "listing";
    // now second, behind its twin that deletes the mapping (which says both words too).
    expect(rank('listing fulfillment', 'ebay_create_or_replace_sku_location_mapping')).toBeLessThan(2);
    const [first] = search.find('listing fulfillment', { limit: 1 });
    expect(first!.name).not.toBe('ebay_get_shipping_fulfillment');
    // "Lists executions for a monitor. Cursor-based pagination, …": seventh before, under tools with
    // "pagination" in a short first sentence.
    expect(rank('cursor based pagination', 'listMonitorExecutions')).toBeLessThan(5);
  });

  it('the tool whose description holds the query\'s words together ranks above tools that hold them apart', () => {
    // Chrome DevTools' "Take a screenshot of the page or element." against Playwright's "Hover over
    // element on page" (the other order) and the other browsers' click and hover tools: seventh before.
    expect(search.find('page element', { limit: 1 })[0]!.name).toBe('take_screenshot');
    expect(search.find('page element', { limit: 1 })[0]!.server).toBe('chrome-devtools');
    // Azure's kusto_query "Executes a query against …", against DigitalOcean's "executes a scenario
    // set against …" (three words between): sixth before.
    expect(search.find('executes against', { limit: 1 })[0]!.name).toBe('kusto_query');
  });
});
