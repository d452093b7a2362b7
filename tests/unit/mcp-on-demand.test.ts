// Many tools, against real servers (the published filesystem server twice, the memory server and
// a fixture server that relists): what a request costs (getProviderTools' tokens), tools loaded on
// demand through the manager (every request within the providers' rules), `find_tools` answered
// by Mcp.callTool within the model's selection,
// Mcp.findTools following relists, switch-offs and a server's removal, arguments restored for a
// loaded tool, and `find_tools` reserved from the MCP tools' names.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_TOOL_NAMES } from '../../src/main/naming/builtin-tools.js';
import type { Mcp } from '../../src/main/mcp.js';
import { listTokens } from '../../src/main/providers/index.js';
import { requestViolations, searchAnswerViolations } from './helpers/on-demand-rules.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import type { ToolSpec } from '../fixtures/config.js';
import { answer, APPROVED, namesOf, publishedEntry, removeTempDirs, serve, startMcp, stopServed, tempDir, urlEntry, waitFor } from './helpers/mcp-env.js';

const ECHO_TOOLS: ToolSpec[] = [
  { name: 'set_level', description: 'Sets the alarm level of the plant.', inputSchema: { type: 'object', properties: { level: { type: 'integer', enum: [1, 2, 3] }, note: { type: 'string' } }, required: ['level'] } },
  { name: 'find_tools', description: 'A server tool that happens to have the name of the MCP layer\'s own.', inputSchema: { type: 'object', properties: {} } },
];

interface Found {
  tools: Array<{ name: string; description: string }>;
}

describe('tools per request, on demand, and found by meaning, on real servers', () => {
  let mcp: Mcp;

  beforeAll(async () => {
    const root = fs.realpathSync(tempDir('on-demand-fs-'));
    fs.writeFileSync(path.join(root, 'notes.txt'), 'one\n');
    const echo = await serve({ id: 'E', transport: 'http', tools: ECHO_TOOLS, listChanged: true });
    ({ mcp } = await startMcp(
      tempDir(),
      [
        publishedEntry('fs-a', 'Folder A', 'server-filesystem', [root]),
        publishedEntry('fs-b', 'Folder B', 'server-filesystem', [fs.realpathSync(tempDir('on-demand-fs-b-'))]),
        publishedEntry('memory', 'Memory', 'server-memory', [], { MEMORY_FILE_PATH: path.join(tempDir('on-demand-memory-'), 'memory.jsonl') }),
        urlEntry('echo', 'Echo', 'http', echo.url),
      ],
      { reserved: RESERVED_TOOL_NAMES },
    ));
  });

  afterAll(async () => {
    await mcp?.stop();
    await stopServed();
    removeTempDirs();
  });

  it('a server tool named find_tools is exposed under another name: the name is the MCP layer\'s', () => {
    expect(namesOf(mcp, 'echo').find_tools).toBe('find_tools_1');
    expect(mcp.isMcpToolName('find_tools')).toBe(false);
  });

  it.each(PROVIDER_IDS)('%s: every report entry has its tokens, and the list\'s tokens are their sum (OpenAI: + 12)', (provider) => {
    const result = mcp.getProviderTools(provider);
    expect(result.report.length).toBeGreaterThan(30);
    for (const entry of result.report) expect(entry.tokens, entry.name).toBeGreaterThan(0);
    expect(result.tokens).toBe(listTokens(provider, result.report.map((entry) => entry.tokens!)));
    const picked = mcp.getProviderTools(provider, ['read_file', 'set_level']);
    expect(picked.tokens).toBe(listTokens(provider, picked.report.map((entry) => entry.tokens!)));
    expect(picked.tokens).toBeLessThan(result.tokens);
  });

  it('anthropic on demand: find_tools, loaded and pinned tools as they are, the rest deferred, under their exposed names', () => {
    const all = mcp.getProviderTools('anthropic');
    const result = mcp.getProviderTools('anthropic', null, { loading: 'on-demand', loaded: ['read_file_1'], pinned: ['set_level'] });
    expect(result.tools[0]).toMatchObject({ name: 'find_tools', input_schema: { type: 'object', required: ['query'] } });
    expect(requestViolations('anthropic', result.tools)).toEqual([]);
    const sent = result.tools.slice(1) as Array<{ name: string; defer_loading?: boolean }>;
    expect(sent.map((tool) => tool.name)).toEqual(all.report.map((entry) => entry.name));
    expect(sent.filter((tool) => !tool.defer_loading).map((tool) => tool.name)).toEqual(['read_file_1', 'set_level']);
    expect(result.deferred).toBe(all.report.length - 2);
    expect(result.tokens).toBeLessThan(all.tokens / 5);
    // A deferred entry's tokens are what the tool costs once loaded.
    const held = result.report.filter((entry) => entry.deferred);
    expect(held).toHaveLength(all.report.length - 2);
    for (const entry of held) expect(entry.tokens).toBe(all.report.find((e) => e.name === entry.name)!.tokens);
    expect(held.every((entry) => entry.tokens! > 0)).toBe(true);
  });

  it('openai-responses on demand: a namespace per server, the client tool_search; its answer loads the found tools of the selection in their namespace', async () => {
    const selection = ['read_file', 'write_file', 'read_file_1', 'write_file_1', 'create_entities', 'set_level'];
    const request = mcp.getProviderTools('openai-responses', selection, { loading: 'on-demand' });
    expect(requestViolations('openai-responses', request.tools)).toEqual([]);
    const kinds = request.tools.map((tool) => [(tool as { type: string }).type, (tool as { name?: string }).name]);
    expect(kinds).toEqual([['namespace', 'Folder_A'], ['namespace', 'Folder_B'], ['function', 'create_entities'], ['function', 'set_level'], ['tool_search', undefined]]);
    const result = await mcp.callTool('find_tools', { query: 'write text into a file', limit: 3 }, { selection });
    const found = (result.structuredContent as unknown as Found).tools.map((tool) => tool.name);
    expect(found.slice(0, 2).sort()).toEqual(['write_file', 'write_file_1']);
    const answer = await mcp.getProviderResult('openai-responses', 'find_tools', result, { callId: 'call_fs', selection });
    expect(searchAnswerViolations('openai-responses', answer.items, request.tools, 'call_fs')).toEqual([]);
    const loaded = (answer.items[0] as { tools: Array<{ name: string; description: string; tools: Array<{ name: string; description: string }> }> }).tools;
    // Twins keep the description that names their server, as in the request.
    expect(loaded.find((tool) => tool.name === 'Folder_B')!.tools.find((fn) => fn.name === 'write_file_1')!.description).toContain('(MCP server: Folder B)');
  });

  it('openai on demand: find_tools and the loaded tools; a selection limits both', () => {
    const result = mcp.getProviderTools('openai', ['read_file', 'write_file', 'set_level', 'create_entities'], { loading: 'on-demand', loaded: ['write_file', 'read_graph'] });
    const names = result.tools.map((tool) => (tool as { function: { name: string } }).function.name);
    // read_graph is not in the selection: not loaded.
    expect(names).toEqual(['find_tools', 'write_file']);
    expect(result.deferred).toBe(3);
    expect(result.report.map((entry) => [entry.name, entry.deferred === true])).toEqual([
      ['read_file', true], ['write_file', false], ['create_entities', true], ['set_level', true],
    ]);
  });

  it('find_tools answers through callTool with the matches of the model\'s selection, one line each', async () => {
    const result = await mcp.callTool('find_tools', { query: 'write text into a file' });
    const found = (result.structuredContent as unknown as Found).tools;
    expect(result.isError).toBeUndefined();
    expect(found.map((tool) => tool.name)).toContain('write_file');
    expect(found.length).toBeLessThanOrEqual(5);
    for (const tool of found) expect(tool.description).not.toContain('\n');
    expect((result.content[0] as { text: string }).text).toContain('- write_file: ');
    const within = await mcp.callTool('find_tools', { query: 'write text into a file', limit: 3 }, { selection: ['create_entities', 'write_file_1'] });
    expect((within.structuredContent as unknown as Found).tools.map((tool) => tool.name)).toEqual(['write_file_1']);
    // A call the model got wrong is an error it can read, not a throw.
    const wrong = await mcp.callTool('find_tools', { q: 'files' });
    expect(wrong.isError).toBe(true);
    expect((wrong.content[0] as { text: string }).text).toContain('needs a "query"');
    const none = await mcp.callTool('find_tools', { query: 'zzqx' });
    expect((none.structuredContent as unknown as Found).tools).toEqual([]);
  });

  it('find_tools (the model\'s path) and Mcp.findTools rank alike; hostile queries get an answer, not an error', async () => {
    const viaModel = async (query: string): Promise<string[]> => {
      const result = await mcp.callTool('find_tools', { query, limit: 5 });
      expect(result.isError, query.slice(0, 40)).toBeFalsy();
      return (result.structuredContent as unknown as Found).tools.map((tool) => tool.name);
    };
    for (const query of ['write text into a file', 'knowledge graph entities', 'alarm level', 'list folders', 'move or rename a file']) {
      const direct = mcp.findTools(query, { limit: 5 }).map((tool) => tool.name);
      expect(direct.length, query).toBeGreaterThan(0);
      expect(await viaModel(query), query).toEqual(direct);
    }
    // 1 MB of text, regular-expression characters, only common words, only emoji.
    expect((await viaModel(`set the alarm level ${'lorem ipsum '.repeat(90_000)}`))[0]).toBe('set_level');
    const long = await mcp.callTool('find_tools', { query: 'x'.repeat(1 << 20) });
    expect((long.content[0] as { text: string }).text).toContain('only its first 1,000 characters were read');
    for (const query of ['.*+?[^](|)\\', 'the of a and', '🙂🚀🔥']) expect(await viaModel(query), query).toEqual([]);
  });

  it('findTools follows a relist, a switch-off and a server\'s removal', async () => {
    expect(mcp.findTools('alarm level').map((tool) => tool.name)).toEqual(['set_level']);
    await mcp.callTool('add_tool', { name: 'toggle_sprinklers' }, APPROVED);
    await waitFor('toggle_sprinklers', () => mcp.isMcpToolName('toggle_sprinklers'));
    // New since the server's tools were approved: found once the user approves it (docs/tool-integrity.md).
    expect(mcp.findTools('sprinklers')).toEqual([]);
    mcp.approveTools('echo', ['toggle_sprinklers']);
    expect(mcp.findTools('sprinklers')[0]).toMatchObject({ name: 'toggle_sprinklers', server: 'echo', original: 'toggle_sprinklers' });
    mcp.setToolEnabled('echo', 'set_level', false);
    expect(mcp.findTools('alarm level')).toEqual([]);
    mcp.setToolEnabled('echo', 'set_level', true);
    expect(mcp.findTools('alarm level').map((tool) => tool.name)).toEqual(['set_level']);
    expect(mcp.findTools('knowledge graph entities').map((tool) => tool.server)).toContain('memory');
    await mcp.removeServer('memory');
    expect(mcp.findTools('knowledge graph entities').map((tool) => tool.server)).not.toContain('memory');
  });

  it('a tool loaded on demand gets its arguments restored like any other', async () => {
    const strict = mcp.getProviderTools('openai-strict', null, { loading: 'on-demand', loaded: ['set_level'] });
    expect(strict.tools.map((tool) => (tool as { function: { name: string } }).function.name)).toContain('set_level');
    expect(answer(await mcp.callTool('set_level', { level: 2, note: null }, { ...APPROVED, provider: 'openai-strict' })).args).toEqual({ level: 2 });
  });
});
