// One ranking on every on-demand path, through the manager, over the 2,967 recorded tools of 66
// published servers (tests/fixtures/published-corpus.json), each list served by a real fixture
// server over Streamable HTTP: for queries drawn afresh with a seed (bench/search-queries.ts) and
// the hand-written ones, `find_tools` (Mcp.callTool), Mcp.findTools, Anthropic's client search
// (tool_reference blocks from getProviderResult) and OpenAI Responses' (a tool_search_output)
// give the same tools in the same order (OpenAI: a namespace's tools together, where its best
// one ranks), for every tool and for a selection; every request and answer passes the providers'
// rules (helpers/on-demand-rules.ts); a tool found is loaded as before (`loaded`) and called.
import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawQueries, QUERY_KINDS, type CorpusTool } from '../../bench/search-queries.js';
import type { Mcp } from '../../src/main/mcp.js';
import { RESERVED_TOOL_NAMES } from '../../src/main/naming/builtin-tools.js';
import type { ToolSelection } from '../../src/types/config.js';
import type { ToolCallResult } from '../../src/types/mcp.js';
import type { ToolSpec } from '../fixtures/config.js';
import { requestViolations, searchAnswerViolations } from './helpers/on-demand-rules.js';
import { answer, APPROVED, removeTempDirs, serve, startMcp, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

const CORPUS = JSON.parse(fs.readFileSync(new URL('../fixtures/published-corpus.json', import.meta.url), 'utf8')) as Record<string, { tools: ToolSpec[] }>;
const QUERIES_PER_KIND = 6;

interface Namespaced {
  type: string;
  name: string;
  tools?: Array<{ name: string }>;
}

describe('one ranking for find_tools, Mcp.findTools, Anthropic\'s and OpenAI\'s client search', () => {
  let mcp: Mcp;
  /** Exposed name → server uuid. */
  const serverOf = new Map<string, string>();
  let queries: string[] = [];
  let seed = 0;
  let selection: string[] = [];

  beforeAll(async () => {
    const labels = Object.keys(CORPUS);
    const served = await Promise.all(labels.map((label, i) => serve({ id: `P${i}`, transport: 'http', tools: CORPUS[label]!.tools })));
    ({ mcp } = await startMcp(tempDir(), labels.map((label, i) => urlEntry(`p${i}`, label, 'http', served[i]!.url)), { reserved: RESERVED_TOOL_NAMES }));
    const tools: CorpusTool[] = [];
    for (const status of mcp.getStatus()) {
      const listed = new Map(CORPUS[status.label]!.tools.map((tool) => [typeof tool === 'string' ? tool : tool.name, tool]));
      for (const tool of status.tools) {
        serverOf.set(tool.exposed, status.uuid);
        const spec = listed.get(tool.original);
        tools.push({ id: tool.exposed, original: tool.original, description: typeof spec === 'object' ? spec.description ?? '' : '' });
      }
    }
    seed = randomInt(1, 2 ** 31);
    const drawn = drawQueries(tools, seed, QUERIES_PER_KIND, 5);
    const written = JSON.parse(fs.readFileSync(new URL('../fixtures/tool-search-queries.json', import.meta.url), 'utf8')) as Array<{ query: string }>;
    queries = [...QUERY_KINDS.flatMap((kind) => drawn[kind].map((q) => q.query)), ...written.slice(0, 12).map((q) => q.query)];
    // A selection: the tools of every third server.
    selection = mcp.getStatus().filter((_, i) => i % 3 === 0).flatMap((status) => status.tools.map((tool) => tool.exposed));
  }, 120_000);

  afterAll(async () => {
    await mcp?.stop();
    await stopServed();
    removeTempDirs();
  });

  const foundBy = (result: ToolCallResult): string[] => (result.structuredContent as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);

  it('serves the whole corpus through the manager', () => {
    // One server lists a tool twice (metabase-assistant's db_test_speed): a name is listed once.
    expect(serverOf.size).toBe(2_966);
    expect(queries.length).toBeGreaterThanOrEqual(QUERY_KINDS.length * QUERIES_PER_KIND);
  });

  it.each<[string, () => ToolSelection]>([
    ['every tool', () => null],
    ['a selection', () => selection],
  ])('%s: the same tools in the same order on every path, each answer within the providers\' rules', async (_, selected) => {
    const sel = selected();
    const anthropicRequest = mcp.getProviderTools('anthropic', sel, { loading: 'on-demand' });
    const openaiRequest = mcp.getProviderTools('openai-responses', sel, { loading: 'on-demand' });
    expect(requestViolations('anthropic', anthropicRequest.tools)).toEqual([]);
    expect(requestViolations('openai-responses', openaiRequest.tools)).toEqual([]);
    let compared = 0;
    for (const [i, query] of queries.entries()) {
      // Nothing here waits for I/O: let the event loop turn, which the in-process servers share
      // (their idle connections' timers), as a chat between two requests would.
      await new Promise((resolve) => setImmediate(resolve));
      const said = `query ${JSON.stringify(query)} (seed ${seed})`;
      const direct = mcp.findTools(query, { selection: sel, limit: 5 }).map((tool) => tool.name);
      const result = await mcp.callTool('find_tools', { query }, { selection: sel });
      expect(foundBy(result), said).toEqual(direct);
      if (sel !== null) for (const name of direct) expect(sel, said).toContain(name);

      const callId = `toolu_${i}`;
      const claude = await mcp.getProviderResult('anthropic', 'find_tools', result, { callId, selection: sel });
      expect(searchAnswerViolations('anthropic', claude.items, anthropicRequest.tools, callId), said).toEqual([]);
      const referenced = ((claude.items[0] as { content: Array<{ type: string; tool_name?: string }> }).content).filter((block) => block.type === 'tool_reference').map((block) => block.tool_name);
      expect(referenced, said).toEqual(direct);

      const gpt = await mcp.getProviderResult('openai-responses', 'find_tools', result, { callId, selection: sel });
      expect(searchAnswerViolations('openai-responses', gpt.items, openaiRequest.tools, callId), said).toEqual([]);
      const output = (gpt.items[0] as { tools: Namespaced[] }).tools;
      const flat = output.flatMap((tool) => (tool.type === 'namespace' ? tool.tools!.map((member) => member.name) : [tool.name]));
      const grouped = [...new Set(direct.map((name) => serverOf.get(name)))].flatMap((uuid) => direct.filter((name) => serverOf.get(name) === uuid));
      expect(flat, said).toEqual(grouped);
      if (direct.length > 0) compared++;
    }
    // Most queries find something: the comparison is not of empty lists.
    expect(compared).toBeGreaterThan(queries.length * 0.8);
  }, 120_000);

  it('a tool found is loaded as before: sent without defer_loading, as the answer defined it, and called with its arguments restored', async () => {
    const result = await mcp.callTool('find_tools', { query: 'create an issue in a GitHub repository' }, { selection: null });
    const [name] = foundBy(result);
    expect(name).toBeDefined();
    const gpt = await mcp.getProviderResult('openai-responses', 'find_tools', result, { callId: 'call_load' });
    const given = (gpt.items[0] as { tools: Namespaced[] }).tools.flatMap((tool) => (tool.type === 'namespace' ? tool.tools! : [tool])).find((tool) => tool.name === name)!;
    const next = mcp.getProviderTools('openai-responses', null, { loading: 'on-demand', loaded: [name!] });
    const sent = next.tools.flatMap((tool) => ((tool as Namespaced).type === 'namespace' ? (tool as Namespaced).tools! : [tool as { name: string }])).find((tool) => tool.name === name);
    const { defer_loading: deferred, ...loadedForm } = given as Record<string, unknown>;
    expect(deferred).toBe(true);
    expect(sent).toEqual(loadedForm);
    for (const provider of ['anthropic', 'openai-responses'] as const) {
      const list = mcp.getProviderTools(provider, null, { loading: 'on-demand', loaded: [name!] });
      expect(list.report.find((entry) => entry.name === name)!.deferred).toBeUndefined();
      expect(requestViolations(provider, list.tools)).toEqual([]);
    }
    // The lists above are built without waiting for I/O (seconds on a loaded machine); the
    // in-process servers share this event loop: let their idle connections close first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const called = answer(await mcp.callTool(name!, { owner: 'o', repo: 'r', title: 't' }, { ...APPROVED, provider: 'anthropic' }));
    expect(called).toMatchObject({ tool: mcp.originalToolName(name!)!.original, args: { owner: 'o', repo: 'r', title: 't' } });
  });

  it('getProviderResult answers find_tools for the other providers too (it has no server), as any tool result', async () => {
    const result = await mcp.callTool('find_tools', { query: 'list files in a directory' });
    const openai = await mcp.getProviderResult('openai', 'find_tools', result, { callId: 'call_9' });
    expect(openai.items).toMatchObject([{ role: 'tool', tool_call_id: 'call_9' }]);
    expect(JSON.stringify(openai.items)).toContain(foundBy(result)[0]!);
  });
});
