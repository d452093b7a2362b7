// The ranking every on-demand path shares (search/tool-search.ts, BM25F): over the 3,003 recorded
// tools of published servers, queries of each kind drawn with a fresh seed (bench/search-queries.ts)
// find their tool in the first five at least as often as the targets and more often than plain
// BM25 (words from anywhere in a description: not 0.02 below it); a description that is the query outranks a name that shares one of its words; a word
// written in one piece finds its camel-case compound; the word as written ranks above its stem's
// other forms; and hostile queries (1 MB of text, regular-expression characters, only common words,
// only emoji) give an empty or sensible answer, never a throw.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QUERY_KINDS } from '../../bench/search-queries.js';
import { publishedCorpus, recallBySeed } from '../../bench/search-recall.js';
import { MAX_QUERY_CHARS, ToolSearch, type SearchSource } from '../../src/main/search/tool-search.js';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): SearchSource => ({
  name,
  original: name,
  server: 's',
  serverLabel: 'Server',
  tool: { description, inputSchema: { type: 'object', properties } },
});
const names = (search: ToolSearch, query: string, limit = 5): string[] => search.find(query, { limit }).map((found) => found.name);

describe('the ranking over the published servers\' tools', () => {
  it('meets the targets and beats plain BM25 on every kind of query, for a seed drawn now', () => {
    const seed = randomInt(1, 2 ** 31);
    const run = recallBySeed([seed], 200);
    expect(run.tools).toBeGreaterThanOrEqual(2_900);
    // One seed of 200 a kind: the bench's targets on the mean of five seeds are 0.92 for the first two
    // words of a description; a single seed's spread (sd 0.016 over 12 seeds) is allowed for here.
    const targets = { name: 0.95, description: 0.92, inflected: 0.9, model: 0, pair: 0.9, scattered: 0.92 };
    for (const kind of QUERY_KINDS) {
      const [recall] = run.bySeed[kind];
      const said = `${kind} queries, seed ${seed} (BENCH_SEED=${seed} npm run bench -- --only toolSearch repeats it)`;
      expect(recall!.ours, said).toBeGreaterThanOrEqual(targets[kind]);
      // Words from anywhere in a description: the bench holds the mean of five seeds to plain BM25,
      // where one seed's two rankings are a query or two apart; the ranking before issue 38 was
      // 0.04–0.06 below it.
      if (kind === 'scattered') expect(recall!.ours, said).toBeGreaterThanOrEqual(recall!.bm25 - 0.02);
      else expect(recall!.ours, said).toBeGreaterThan(recall!.bm25);
    }
    expect(run.handWritten.ours).toBeGreaterThan(run.handWritten.bm25);
  });

  it('finds a tool by the first words of its description, which its name does not use', () => {
    const { sources } = publishedCorpus();
    const search = new ToolSearch(() => sources);
    // Each of these ranked below tools whose names share one of the words (eventgrid_subscription_list,
    // boond_resources_update, mergeCollectionFork) before BM25F; now each is first.
    expect(names(search, 'simulated resource subscription')[0]).toBe('toggle-subscriber-updates');
    expect(names(search, 'replace resources full')[0]).toBe('jira_put');
    expect(names(search, 'merge changes forked')[0]).toBe('createCollectionPullRequest');
    expect(names(search, 'ipaccesscontrollistmapping resource fetch')).toContain('TwilioApiV2010--FetchSipIpAccessControlListMapping');
    expect(names(search, 'node pools kubernetes cluster')).toContain('doks-list-nodepools');
  });
});

describe('BM25F over the fields of a tool', () => {
  it('a description that holds every word of the query outranks a name that shares one', () => {
    const search = new ToolSearch(() => [
      tool('send_email', 'Sends an email.'),
      tool('email_settings', 'Reads the mailbox settings.'),
      tool('notify', 'Email digest of unread notifications, sent every morning.'),
    ]);
    expect(names(search, 'email digest unread notifications')[0]).toBe('notify');
    // The name still counts most when it is what the query says.
    expect(names(search, 'send email')[0]).toBe('send_email');
  });

  it('a word in one piece meets the camel-case compound; the word as written ranks above its stem\'s other forms', () => {
    const search = new ToolSearch(() => [
      tool('fetch_mapping', 'Fetch an IpAccessControlListMapping resource.'),
      tool('requests', 'Lists the requests of an account.'),
      tool('requested', 'Deletes the item from the requested account.'),
    ]);
    expect(names(search, 'ipaccesscontrollistmapping')).toEqual(['fetch_mapping']);
    expect(names(search, 'access control list')[0]).toBe('fetch_mapping');
    expect(names(search, 'requested account')[0]).toBe('requested');
    expect(names(search, 'request account')).toHaveLength(2);
  });
});

describe('hostile queries', () => {
  const search = new ToolSearch(() => [tool('read_file', 'Reads a text file from disk.', { path: { type: 'string' } }), tool('search_web', 'Searches the web for pages.')]);

  it('1 MB of text is searched by its start: a sensible answer, no throw', () => {
    expect(names(search, `read a text file ${'lorem ipsum '.repeat(90_000)}`)[0]).toBe('read_file');
    expect(names(search, 'x'.repeat(1 << 20))).toEqual([]);
    // Words past the first MAX_QUERY_CHARS characters are not read.
    expect(names(search, `${' '.repeat(MAX_QUERY_CHARS)}read file`)).toEqual([]);
  });

  it('regular-expression characters, only common words, only emoji: an empty or sensible answer', () => {
    for (const query of ['.*', '(?<x>a)|[^]', '\\', '$^*+?()[]{}|', 'the of a and to', '🙂🚀🔥', '👍🏽‍♂️', '\u0000\uffff', '']) {
      expect(names(search, query), query).toEqual([]);
    }
    expect(names(search, 'web.* search?')[0]).toBe('search_web');
    expect(names(search, '🔥 read (file) 🔥')[0]).toBe('read_file');
  });
});
