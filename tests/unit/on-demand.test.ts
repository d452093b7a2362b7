// Tools loaded on demand (providers/on-demand.ts), per provider, on a list of three servers:
// Anthropic defers every tool but the loaded and pinned ones and adds its BM25 tool search;
// OpenAI Responses groups a server's tools in a namespace (one-tool servers stay top-level) with
// defer_loading on the functions inside and adds tool_search; the others get find_tools and the
// loaded tools within their limit, pins first, then the latest found.
import { describe, expect, it } from 'vitest';
import { adaptTools, countTokens, definitionTokens, listTokens, type SourceTool } from '../../src/main/providers/index.js';
import { ANTHROPIC_TOOL_SEARCH, OPENAI_TOOL_SEARCH, onDemandTools } from '../../src/main/providers/on-demand.js';
import { isValidToolName } from '../../src/main/naming.js';
import { PROVIDER_IDS, type ProviderId, type ProviderTools } from '../../src/types/providers.js';
import { violations } from './helpers/provider-rules.js';

const tool = (server: string, name: string): SourceTool => ({
  name,
  original: name,
  server: { uuid: server, label: server === 'gh' ? 'GitHub (work)' : server === 'fs' ? 'Files' : 'Clock' },
  description: `${name.replace(/_/g, ' ')}.`,
  inputSchema: { type: 'object', properties: { value: { type: 'string', description: 'What it works on.' } }, required: ['value'] },
});

const TOOLS = [tool('gh', 'create_issue'), tool('gh', 'list_issues'), tool('gh', 'merge_pull_request'), tool('fs', 'read_file'), tool('fs', 'write_file'), tool('clock', 'now')];
const SERVERS = new Map([['gh', 'GitHub (work)'], ['fs', 'Files'], ['clock', 'Clock']]);

function listOf(provider: ProviderId, tools = TOOLS): ProviderTools {
  return countTokens(adaptTools(provider, tools));
}

const nameOf = (definition: unknown): string => {
  const d = definition as { name?: string; function?: { name: string }; toolSpec?: { name: string } };
  return d.function?.name ?? d.toolSpec?.name ?? d.name ?? '';
};

describe('tools on demand', () => {
  it('anthropic: the tool search tool, then every tool, deferred unless loaded or pinned', () => {
    const all = listOf('anthropic');
    const result = onDemandTools({ list: all, loaded: ['read_file'], pinned: ['now'], servers: SERVERS });
    expect(result.tools[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
    const rest = result.tools.slice(1) as Array<{ name: string; defer_loading?: boolean }>;
    expect(rest.map((d) => d.name)).toEqual(TOOLS.map((t) => t.name));
    expect(rest.filter((d) => d.defer_loading !== true).map((d) => d.name)).toEqual(['read_file', 'now']);
    expect(rest.filter((d) => d.defer_loading === true)).toHaveLength(4);
    expect(result.deferred).toBe(4);
    expect(result.report.filter((e) => e.deferred).map((e) => e.name)).toEqual(['create_issue', 'list_issues', 'merge_pull_request', 'write_file']);
    // Deferred tools cost nothing up front: the two loaded ones and the search tool.
    const loadedCost = all.report.filter((e) => e.name === 'read_file' || e.name === 'now').reduce((n, e) => n + e.tokens!, 0);
    expect(result.tokens).toBeGreaterThan(loadedCost);
    expect(result.tokens).toBeLessThan(all.tokens);
    // Names never change.
    expect(result.report.map((e) => e.name)).toEqual(all.report.map((e) => e.name));
  });

  it('openai-responses: a namespace per server with several tools, defer_loading on the functions inside, tool_search last', () => {
    const all = listOf('openai-responses');
    const result = onDemandTools({ list: all, loaded: ['write_file'], pinned: [], servers: SERVERS });
    const [github, files, clock, search] = result.tools as Array<Record<string, unknown>>;
    expect(search).toEqual(OPENAI_TOOL_SEARCH);
    expect(github).toMatchObject({ type: 'namespace', name: 'GitHub__work_' });
    expect(isValidToolName(github!.name as string)).toBe(true);
    expect(github!.description).toContain('GitHub (work)');
    expect(github!.description).toContain('create_issue');
    const inside = github!.tools as Array<{ type: string; name: string; defer_loading?: boolean; parameters: unknown }>;
    expect(inside.map((f) => [f.type, f.name, f.defer_loading])).toEqual([
      ['function', 'create_issue', true],
      ['function', 'list_issues', true],
      ['function', 'merge_pull_request', true],
    ]);
    expect(inside[0]!.parameters).toBeTruthy();
    expect((files!.tools as Array<{ name: string; defer_loading?: boolean }>).map((f) => [f.name, f.defer_loading])).toEqual([['read_file', true], ['write_file', undefined]]);
    // A server with one tool: the function itself, deferred, at the top level.
    expect(clock).toMatchObject({ type: 'function', name: 'now', defer_loading: true });
    expect(result.tools).toHaveLength(4);
    expect(result.deferred).toBe(5);
    expect(result.tokens).toBeLessThan(all.tokens);
  });

  it('openai-responses: namespace names are valid and never the name of a tool or of another namespace', () => {
    const clash = [tool('gh', 'Files'), tool('gh', 'other'), tool('fs', 'read_file'), tool('fs', 'write_file'), tool('x', 'a'), tool('x', 'b')];
    const servers = new Map([['gh', 'Files'], ['fs', 'Files'], ['x', '🙂']]);
    const result = onDemandTools({ list: listOf('openai-responses', clash), loaded: [], pinned: [], servers });
    const names = (result.tools as Array<{ type: string; name?: string }>).filter((d) => d.type === 'namespace').map((d) => d.name!);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(isValidToolName(name), name).toBe(true);
    expect(names).not.toContain('Files');
  });

  it.each(PROVIDER_IDS.filter((p) => p !== 'anthropic' && p !== 'openai-responses'))('%s: find_tools and the loaded tools, each within the provider\'s rules', (provider) => {
    const all = listOf(provider);
    const result = onDemandTools({ list: all, loaded: ['list_issues', 'read_file'], pinned: [], servers: SERVERS });
    expect(result.tools.map(nameOf)).toEqual(['find_tools', 'list_issues', 'read_file']);
    for (const definition of result.tools) expect(violations(provider, definition)).toEqual([]);
    expect(result.deferred).toBe(4);
    // What is sent: find_tools and the two loaded tools (on six small tools, more than all of them).
    const loadedCosts = all.report.filter((e) => e.name === 'list_issues' || e.name === 'read_file').map((e) => e.tokens!);
    expect(result.tokens).toBe(listTokens(provider, [definitionTokens(provider, result.tools[0]), ...loadedCosts]));
    expect(JSON.stringify(result.tools[0])).toContain('4 more tools');
  });

  it('within a limit: pins first, then the latest found; find_tools takes one place', () => {
    const many = Array.from({ length: 140 }, (_, i) => tool('gh', `tool_${i}`));
    const all = listOf('openai', many);
    expect(all.tools).toHaveLength(140);
    const loaded = many.map((t) => t.name).slice(0, 130);
    const result = onDemandTools({ list: all, loaded, pinned: ['tool_139', 'tool_0'], servers: SERVERS });
    expect(result.tools).toHaveLength(128);
    const names = result.tools.map(nameOf);
    expect(names[0]).toBe('find_tools');
    expect(names).toContain('tool_139');
    expect(names).toContain('tool_0');
    // The latest found (the end of `loaded`) are kept, the earliest dropped.
    expect(names).toContain('tool_129');
    expect(names).not.toContain('tool_1');
    expect(result.deferred).toBe(140 - 127);
    expect(result.tokens).toBeLessThan(all.tokens);
  });

  it('an empty selection stays empty: nothing to search', () => {
    const empty = listOf('anthropic', []);
    expect(onDemandTools({ list: empty, loaded: [], pinned: [], servers: SERVERS })).toEqual(empty);
    expect(ANTHROPIC_TOOL_SEARCH.name).toBe('tool_search_tool_bm25');
  });
});
