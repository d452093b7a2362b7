// Finding tools by meaning (search/): names split at "_", "-", ".", case and digits; word forms
// meet through stems; synonyms of the CRUD verbs reach tool names; the index takes in changes
// (a new tool, a removed one, a new description, a rename) at the next search; a selection and a
// limit narrow the results. Over the recorded tools of published servers.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitWords, termOf } from '../../src/main/search/terms.js';
import { ToolSearch, type SearchSource } from '../../src/main/search/tool-search.js';

interface Shape {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

const corpus = JSON.parse(fs.readFileSync(new URL('../fixtures/published-corpus.json', import.meta.url), 'utf8')) as Record<string, { tools: Shape[] }>;
/** The servers these tests were written for (the corpus holds 66; the bench reads them all). */
const FIRST_SERVERS = ['github', 'gitlab', 'slack', 'google-maps', 'brave-search', 'postgres', 'puppeteer', 'aws-kb-retrieval', 'notion', 'playwright', 'chart', 'firecrawl', 'circleci', 'context7', 'tavily'];
const published: SearchSource[] = FIRST_SERVERS.map((label): [string, { tools: Shape[] }] => [label, corpus[label]!]).flatMap(([label, server]) =>
  server.tools.map((tool) => ({ name: label === 'gitlab' ? `${tool.name.replace(/[^a-zA-Z0-9_-]/g, '_')}_1` : tool.name.replace(/[^a-zA-Z0-9_-]/g, '_'), original: tool.name, server: label, serverLabel: label, tool })),
);

const names = (search: ToolSearch, query: string, options = {}): string[] => search.find(query, options).map((tool) => tool.name);

describe('search terms', () => {
  it('splits names at separators, case changes and digits', () => {
    expect(splitWords('read_file')).toEqual(['read', 'file']);
    expect(splitWords('get-annotated-message')).toEqual(['get', 'annotated', 'message']);
    expect(splitWords('admin.tools.list')).toEqual(['admin', 'tools', 'list']);
    expect(splitWords('readFileAsText')).toEqual(['read', 'File', 'As', 'Text']);
    expect(splitWords('HTTPRequest2json')).toEqual(['HTTP', 'Request', '2', 'json']);
    expect(splitWords('API-post-search')).toEqual(['API', 'post', 'search']);
  });

  it('lowercases, stems and drops common words', () => {
    expect(termOf('Files')).toBe(termOf('file'));
    expect(termOf('creating')).toBe(termOf('created'));
    expect(termOf('the')).toBeNull();
    expect(termOf('v2')).toBe('v2');
  });
});

describe('ToolSearch', () => {
  it('finds tools by what they do, in words their names do not use', () => {
    const search = new ToolSearch(() => published);
    expect(names(search, 'make a new folder on disk')).toHaveLength(5);
    expect(names(search, 'post a message to a Slack channel')[0]).toBe('slack_post_message');
    expect(names(search, 'driving directions between two cities')).toContain('maps_directions');
    expect(names(search, 'plot sales over time as a line graph')[0]).toBe('generate_line_chart');
    expect(names(search, 'why did my CircleCI build fail')).toContain('get_build_failure_logs');
    // A word form the tool does not use ("screenshots" → screenshot), and a synonym of its verb.
    expect(names(search, 'screenshots of the page')).toContain('browser_take_screenshot');
    expect(names(search, 'remove a notion block')).toContain('API-delete-a-block'.replace(/[^a-zA-Z0-9_-]/g, '_'));
    // Results carry the server, the original name and the description; best first.
    expect(names(search, 'open an issue on a GitHub repository')).toContain('create_issue');
    const [best, next] = search.find('add a new issue to a repository');
    expect(best).toMatchObject({ name: 'create_issue', server: 'github', original: 'create_issue' });
    expect(best!.description).toContain('issue');
    expect(best!.score).toBeGreaterThan(next!.score);
  });

  it('a selection and a limit narrow the results; a query without a word finds nothing', () => {
    const search = new ToolSearch(() => published);
    expect(names(search, 'create an issue', { selection: ['create_issue_1', 'list_issues'] })).toEqual(['create_issue_1', 'list_issues']);
    expect(names(search, 'create an issue', { limit: 2 })).toHaveLength(2);
    expect(names(search, 'chart', { limit: 500 })).toHaveLength(27);
    expect(names(search, 'get list create update delete file page', { limit: 500 })).toHaveLength(50);
    expect(names(search, 'the of a')).toEqual([]);
    expect(names(search, '   ')).toEqual([]);
  });

  it('follows the offered tools: added, removed, described anew, renamed', () => {
    let offered: SearchSource[] = published.slice(0, 40);
    const search = new ToolSearch(() => offered);
    expect(search.size()).toBe(40);
    expect(names(search, 'weather')).toEqual([]);
    const weather: SearchSource = { name: 'get_forecast', original: 'get_forecast', server: 'w', serverLabel: 'Meteo', tool: { description: 'Weather forecast for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } } };
    offered = [...offered, weather];
    // Nothing changes until the manager says the tools changed.
    expect(names(search, 'weather')).toEqual([]);
    search.invalidate();
    expect(names(search, 'weather')).toEqual(['get_forecast']);
    // A new description: the old words no longer find it, the new ones do.
    offered = offered.map((source) => (source === weather ? { ...weather, tool: { ...weather.tool, description: 'Tide tables for a harbour.' } } : source));
    search.invalidate();
    expect(names(search, 'weather')).toEqual([]);
    expect(names(search, 'tide tables')[0]).toBe('get_forecast');
    // Renamed (an alias): found under the new name only.
    offered = offered.map((source) => (source.name === 'get_forecast' ? { ...source, name: 'tides' } : source));
    search.invalidate();
    expect(names(search, 'tide tables')[0]).toBe('tides');
    expect(names(search, 'tide tables')).not.toContain('get_forecast');
    // Removed (switched off, or its server gone).
    offered = offered.filter((source) => source.name !== 'tides');
    search.invalidate();
    expect(names(search, 'tide tables')).toEqual([]);
    expect(search.size()).toBe(40);
  });

  it('a tool with a malformed schema or no description is still found by its name', () => {
    const odd: SearchSource[] = [
      { name: 'weird', original: 'weird', server: 's', serverLabel: 'S', tool: { inputSchema: { type: 'object', properties: 'nope' } as unknown as Record<string, unknown> } },
      { name: 'fetchInvoicePdf', original: 'fetchInvoicePdf', server: 's', serverLabel: 'S', tool: { inputSchema: { type: 'object' } } },
    ];
    const search = new ToolSearch(() => odd);
    expect(names(search, 'invoice pdf')).toEqual(['fetchInvoicePdf']);
    expect(names(search, 'weird')).toEqual(['weird']);
  });
});
