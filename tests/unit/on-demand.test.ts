// Tools loaded on demand (providers/on-demand.ts), per provider, on a list of three servers:
// Anthropic defers every tool but the loaded and pinned ones and puts find_tools first as a
// custom tool; OpenAI Responses groups a server's tools in a namespace (one-tool servers stay
// top-level) with defer_loading on the functions inside and adds a tool_search the client runs,
// described and shaped as find_tools; the others get find_tools and the loaded tools within their
// limit, pins first, then the latest found. Then the answer to the search (providers/search-answer.ts):
// tool_reference blocks, a tool_search_output with the request's own definitions, each checked
// by the providers' rules (helpers/provider-rules.ts, result-rules.ts, on-demand-rules.ts).
import { describe, expect, it } from 'vitest';
import { adaptTool, adaptTools, countTokens, definitionTokens, listTokens, type SourceTool } from '../../src/main/providers/index.js';
import { findToolsSource, onDemandTools, openaiToolSearch } from '../../src/main/providers/on-demand.js';
import { searchAnswer } from '../../src/main/providers/search-answer.js';
import { providerResult } from '../../src/main/providers/results/index.js';
import { answerFindTools } from '../../src/main/mcp/calls/find-tools.js';
import { ToolSearch } from '../../src/main/search/tool-search.js';
import type { ToolCallResult } from '../../src/types/mcp.js';
import { isValidToolName } from '../../src/main/naming.js';
import { PROVIDER_IDS, type ProviderId, type ProviderTools } from '../../src/types/providers.js';
import { requestViolations, searchAnswerViolations } from './helpers/on-demand-rules.js';
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
  it('anthropic: find_tools as a custom tool, then every tool, deferred unless loaded or pinned', () => {
    const all = listOf('anthropic');
    const result = onDemandTools({ list: all, loaded: ['read_file'], pinned: ['now'], servers: SERVERS });
    const find = adaptTool('anthropic', findToolsSource(4, ['GitHub (work)', 'Files'])).definition;
    expect(result.tools[0]).toEqual(find);
    expect(find).toMatchObject({ name: 'find_tools', input_schema: { required: ['query'] } });
    expect((find as { description: string }).description).toContain('4 more tools are available than are loaded (from the MCP servers GitHub (work), Files)');
    const rest = result.tools.slice(1) as Array<{ name: string; defer_loading?: boolean }>;
    expect(rest.map((d) => d.name)).toEqual(TOOLS.map((t) => t.name));
    expect(rest.filter((d) => d.defer_loading !== true).map((d) => d.name)).toEqual(['read_file', 'now']);
    expect(rest.filter((d) => d.defer_loading === true)).toHaveLength(4);
    expect(requestViolations('anthropic', result.tools)).toEqual([]);
    expect(result.deferred).toBe(4);
    expect(result.report.filter((e) => e.deferred).map((e) => e.name)).toEqual(['create_issue', 'list_issues', 'merge_pull_request', 'write_file']);
    // Deferred tools cost nothing up front: the two loaded ones and find_tools.
    const loadedCost = all.report.filter((e) => e.name === 'read_file' || e.name === 'now').reduce((n, e) => n + e.tokens!, 0);
    expect(result.tokens).toBe(listTokens('anthropic', [definitionTokens('anthropic', find), loadedCost]));
    expect(result.tokens).toBeLessThan(all.tokens);
    // Names never change.
    expect(result.report.map((e) => e.name)).toEqual(all.report.map((e) => e.name));
  });

  it('openai-responses: a namespace per server with several tools, defer_loading on the functions inside, the client tool_search last', () => {
    const all = listOf('openai-responses');
    const result = onDemandTools({ list: all, loaded: ['write_file'], pinned: [], servers: SERVERS });
    const [github, files, clock, search] = result.tools as Array<Record<string, unknown>>;
    const find = adaptTool('openai-responses', findToolsSource(5, ['GitHub (work)', 'Files', 'Clock'])).definition as { description: string; parameters: unknown };
    expect(search).toEqual({ type: 'tool_search', execution: 'client', description: find.description, parameters: find.parameters });
    expect(search).toEqual(openaiToolSearch(find));
    expect(find.parameters).toMatchObject({ properties: { query: { type: 'string' } }, required: ['query'] });
    expect(requestViolations('openai-responses', result.tools)).toEqual([]);
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
    // The search costs what find_tools costs (on six small tools, more than the tools it defers).
    expect(result.tokens - definitionTokens('openai-responses', find)).toBeLessThan(all.tokens);
    expect(result.tokens).toBeGreaterThan(definitionTokens('openai-responses', find));
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
    expect(requestViolations(provider, result.tools)).toEqual([]);
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
  });
});

describe('the answer to the search, as the request that loads tools on demand takes it', () => {
  const search = new ToolSearch(() => TOOLS.map((t) => ({ name: t.name, original: t.original, server: t.server.uuid, serverLabel: t.server.label, tool: { description: t.description, inputSchema: t.inputSchema } })));
  const onDemand = (provider: ProviderId): ProviderTools => onDemandTools({ list: listOf(provider), loaded: [], pinned: [], servers: SERVERS });
  const found = (result: ToolCallResult): string[] => (result.structuredContent as { tools: Array<{ name: string }> }).tools.map((t) => t.name);

  it('anthropic: one tool_result of tool_reference blocks, in the order found, each naming a deferred tool of the request', async () => {
    const result = answerFindTools(search, { query: 'issues pull request file', limit: 4 });
    const names = found(result);
    expect(names.length).toBeGreaterThan(2);
    const request = onDemand('anthropic');
    const answer = await searchAnswer('anthropic', result, { callId: 'toolu_1', list: () => request });
    expect(answer.items).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_1', content: names.map((name) => ({ type: 'tool_reference', tool_name: name })) }]);
    expect(searchAnswerViolations('anthropic', answer.items, request.tools, 'toolu_1')).toEqual([]);
    expect(answer.report.changes.map((c) => c.kind)).toEqual(['converted']);
    // The validator is not blind: a reference to a loaded tool, or to no tool, is refused.
    const loadedToo = onDemandTools({ list: listOf('anthropic'), loaded: [names[0]!], pinned: [], servers: SERVERS });
    expect(searchAnswerViolations('anthropic', answer.items, loadedToo.tools, 'toolu_1')).toEqual([`tool_reference "${names[0]}" names a tool the request does not defer`]);
    expect(searchAnswerViolations('anthropic', answer.items, request.tools.slice(0, 1), 'toolu_1')).toHaveLength(names.length);
    // Given the request's `loaded`, a tool it carries already is not referenced again (the report says so).
    const again = await searchAnswer('anthropic', result, { callId: 'toolu_1', list: () => loadedToo });
    expect(searchAnswerViolations('anthropic', again.items, loadedToo.tools, 'toolu_1')).toEqual([]);
    expect((again.items[0] as { content: Array<{ tool_name: string }> }).content.map((block) => block.tool_name)).toEqual(names.slice(1));
    expect(again.report.changes[0]!.message).toBe(`Found and already loaded in this request, so not loaded again: "${names[0]}".`);
    // Everything found is loaded already: the text result, which names them.
    const allLoaded = onDemandTools({ list: listOf('anthropic'), loaded: names, pinned: [], servers: SERVERS });
    const text = await searchAnswer('anthropic', result, { callId: 'toolu_1', list: () => allLoaded });
    expect(JSON.stringify(text.items)).toContain(`- ${names[0]}: `);
    expect(JSON.stringify(text.items)).not.toContain('tool_reference');
  });

  it('anthropic: nothing found, or a call without a query, is the text result the model can read', async () => {
    const request = onDemand('anthropic');
    const none = await searchAnswer('anthropic', answerFindTools(search, { query: 'zzqx' }), { callId: 'toolu_2', list: () => request });
    expect(JSON.stringify(none.items)).toContain('No tool matches');
    expect(JSON.stringify(none.items)).not.toContain('tool_reference');
    const wrong = await searchAnswer('anthropic', answerFindTools(search, { q: 'x' }), { callId: 'toolu_3', list: () => request });
    expect(wrong.items).toMatchObject([{ type: 'tool_result', tool_use_id: 'toolu_3', is_error: true }]);
    for (const answer of [none, wrong]) expect(searchAnswerViolations('anthropic', answer.items, request.tools, answer === none ? 'toolu_2' : 'toolu_3')).toEqual([]);
  });

  it('openai-responses: a tool_search_output of the request\'s own definitions, a namespace\'s inside it in the order of its best match', async () => {
    const request = onDemand('openai-responses');
    const result = answerFindTools(search, { query: 'read write file issue now', limit: 10 });
    const names = found(result);
    const answer = await searchAnswer('openai-responses', result, { callId: 'call_1', list: () => request });
    expect(searchAnswerViolations('openai-responses', answer.items, request.tools, 'call_1')).toEqual([]);
    const [item] = answer.items as Array<{ type: string; call_id: string; execution: string; status: string; tools: Array<{ type: string; name: string; tools?: Array<{ name: string }> }> }>;
    expect(item).toMatchObject({ type: 'tool_search_output', call_id: 'call_1', execution: 'client', status: 'completed' });
    const flat = item!.tools.flatMap((tool) => (tool.type === 'namespace' ? tool.tools!.map((m) => m.name) : [tool.name]));
    // The ranking, each namespace's tools together where its best one ranks.
    const space = (name: string): string => TOOLS.find((t) => t.name === name)!.server.uuid;
    const grouped = [...new Set(names.map(space))].flatMap((uuid) => names.filter((name) => space(name) === uuid));
    expect(flat).toEqual(grouped);
    expect(new Set(flat)).toEqual(new Set(names));
    expect(item!.tools.find((tool) => tool.name === 'now')).toMatchObject({ type: 'function', defer_loading: true });
    // The validator is not blind: a definition that is not the request's is refused.
    const tampered = structuredClone(answer.items) as typeof answer.items;
    ((tampered[0] as typeof item)!.tools.find((tool) => tool.type === 'namespace')!.tools![0] as Record<string, unknown>).description = 'Something else.';
    expect(searchAnswerViolations('openai-responses', tampered, request.tools, 'call_1')).toHaveLength(1);
    // A tool the request carries loaded (a pin) is not sent again.
    const pinned = onDemandTools({ list: listOf('openai-responses'), loaded: [], pinned: [names[0]!], servers: SERVERS });
    const without = await searchAnswer('openai-responses', result, { callId: 'call_1', list: () => pinned });
    expect(searchAnswerViolations('openai-responses', without.items, pinned.tools, 'call_1')).toEqual([]);
    expect(JSON.stringify(without.items)).not.toContain(`"name":"${names[0]}"`);
  });

  it('names the request does not hold, odd entries and find_tools itself are not loaded; an error loads nothing', async () => {
    const request = onDemandTools({ list: listOf('openai-responses', TOOLS.slice(0, 3)), loaded: [], pinned: [], servers: SERVERS });
    const result = { content: [{ type: 'text', text: 'Loaded' }], structuredContent: { tools: [{ name: 'read_file' }, { name: 'list_issues' }, { name: 42 }, 'x', { name: 'list_issues' }, { name: 'find_tools' }] } };
    const answer = await searchAnswer('openai-responses', result, { callId: 'call_2', list: () => request });
    expect(answer.items).toMatchObject([{ tools: [{ type: 'namespace', name: 'GitHub__work_', tools: [{ name: 'list_issues' }] }] }]);
    expect(answer.report.changes[0]!.message).toContain('"read_file", "find_tools"');
    const failed = await searchAnswer('openai-responses', answerFindTools(search, {}), { callId: 'call_3', list: () => request });
    expect(failed.items).toEqual([{ type: 'tool_search_output', call_id: 'call_3', execution: 'client', status: 'completed', tools: [] }]);
    expect(failed.report.isError).toBe(true);
  });

  it.each(PROVIDER_IDS.filter((p) => p !== 'anthropic' && p !== 'openai-responses'))('%s: the result as any tool\'s, the list never read', async (provider) => {
    const result = answerFindTools(search, { query: 'read a file' });
    const answer = await searchAnswer(provider, result, { callId: 'c1', list: () => { throw new Error('not read'); } });
    expect(answer).toEqual(await providerResult(provider, 'find_tools', result, { callId: 'c1' }));
  });
});
