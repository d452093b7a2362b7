// `npm run inspect -- --user-data DIR tools --provider P` (exactly getProviderTools' object as
// JSON on stdout, nothing else; on demand too) and `call NAME 'JSON' --provider P` (arguments
// restored for the server; `find_tools --for-model`: the answer that loads the tools found),
// against real fixture servers; unknown or missing providers exit 2 with the ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptTools, countTokens, type SourceTool } from '../../src/main/providers/index.js';
import { onDemandTools } from '../../src/main/providers/on-demand.js';
import { PROVIDER_IDS, type ProviderResult, type ProviderTools } from '../../src/types/providers.js';
import type { ToolSpec } from '../fixtures/config.js';
import { inspect, inspectChild } from './helpers/inspect-child.js';
import { requestViolations, searchAnswerViolations } from './helpers/on-demand-rules.js';
import { answer, removeTempDirs, seedStore, serve, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

const READ_FILE = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' as const, properties: { path: { type: 'string' } }, required: ['path'] },
};
const SET_LEVEL = {
  name: 'set_level',
  description: 'Sets the level.',
  inputSchema: { type: 'object' as const, properties: { level: { type: 'integer', enum: [1, 2, 3] }, note: { type: 'string' } }, required: ['level'] },
};
const ALPHA_TOOLS: ToolSpec[] = [READ_FILE, SET_LEVEL];
const BETA_TOOLS: ToolSpec[] = [READ_FILE];

/** The tools as the manager hands them to the adapters, written out from the fixtures' lists. */
const SOURCES: SourceTool[] = [
  { ...READ_FILE, original: 'read_file', server: { uuid: 'a', label: 'Alpha' } },
  { ...SET_LEVEL, original: 'set_level', server: { uuid: 'a', label: 'Alpha' } },
  { ...READ_FILE, name: 'read_file_1', original: 'read_file', server: { uuid: 'b', label: 'Beta' } },
];

describe('inspect tools / call with --provider', () => {
  let dir: string;

  beforeAll(async () => {
    const [alpha, beta] = await Promise.all([
      serve({ id: 'A', transport: 'http', tools: ALPHA_TOOLS }),
      serve({ id: 'B', transport: 'http', tools: BETA_TOOLS }),
    ]);
    dir = tempDir('inspect-providers-');
    seedStore(dir, [urlEntry('a', 'Alpha', 'http', alpha.url), urlEntry('b', 'Beta', 'http', beta.url)]);
  });

  afterAll(async () => {
    await stopServed();
    removeTempDirs();
  });

  it.each(['gemini', 'openai-strict', 'bedrock'] as const)('tools --provider %s prints exactly that object as JSON, and nothing else', async (provider) => {
    const run = await inspectChild(['--user-data', dir, 'tools', '--provider', provider]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify(countTokens(adaptTools(provider, SOURCES)), null, 2)}\n`);
    // The twins name their servers; what each provider refuses is gone.
    expect(run.stdout).toContain('(MCP server: Alpha)');
    expect(run.stdout).toContain('(MCP server: Beta)');
    const printed = JSON.parse(run.stdout) as { tools: unknown[]; report: Array<{ changes: string[] }> };
    expect(JSON.stringify(printed.tools)).not.toContain('$schema');
    expect(printed.report[0]!.changes).toContain('removed "$schema"');
  });

  it.each(['anthropic', 'openai-responses', 'mistral'] as const)('tools --provider %s --on-demand --loaded prints the on-demand list', async (provider) => {
    const run = await inspectChild(['--user-data', dir, 'tools', '--provider', provider, '--on-demand', '--loaded', 'set_level, read_file_1']);
    expect(run.code, run.stderr).toBe(0);
    const expected = onDemandTools({ list: countTokens(adaptTools(provider, SOURCES)), loaded: ['set_level', 'read_file_1'], pinned: [], servers: new Map([['a', 'Alpha'], ['b', 'Beta']]) });
    expect(JSON.parse(run.stdout)).toEqual(expected);
    expect(expected.deferred).toBe(1);
  });

  it.each(['anthropic', 'openai-responses'] as const)('tools --provider %s --on-demand, then call find_tools --for-model: the search is the app\'s, its answer loads the tools found (child processes)', async (provider) => {
    const listed = await inspectChild(['--user-data', dir, 'tools', '--provider', provider, '--on-demand']);
    expect(listed.code, listed.stderr).toBe(0);
    const request = JSON.parse(listed.stdout) as ProviderTools;
    expect(requestViolations(provider, request.tools)).toEqual([]);
    expect(request.deferred).toBe(3);
    const search = provider === 'anthropic' ? request.tools[0] : request.tools.at(-1);
    expect(JSON.stringify(search)).toContain('3 more tools are available than are loaded (from the MCP servers Alpha, Beta)');
    const run = await inspectChild(['--user-data', dir, 'call', 'find_tools', '{"query": "set the level"}', '--provider', provider, '--for-model', '--call-id', 'call_7']);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as ProviderResult;
    expect(Object.keys(printed)).toEqual(['provider', 'items', 'report']);
    expect(searchAnswerViolations(provider, printed.items, request.tools, 'call_7')).toEqual([]);
    expect(printed.items).toEqual(
      provider === 'anthropic'
        ? [{ type: 'tool_result', tool_use_id: 'call_7', content: [{ type: 'tool_reference', tool_name: 'set_level' }] }]
        : [{ type: 'tool_search_output', call_id: 'call_7', execution: 'client', status: 'completed', tools: [{ ...(request.tools[0] as object), tools: [(request.tools[0] as { tools: unknown[] }).tools[1]] }] }],
    );
  });

  it('call --provider gemini turns the string enum back into the number the server wants', async () => {
    const run = await inspect('--user-data', dir, 'call', 'set_level', '{"level": "2"}', '--provider', 'gemini', '--yes');
    expect(run.code, run.stderr).toBe(0);
    expect(answer(JSON.parse(run.stdout))).toEqual({ server: 'A', tool: 'set_level', args: { level: 2 } });
    const strict = await inspect('--user-data', dir, 'call', 'set_level', '{"level": 1, "note": null}', '--provider', 'openai-strict', '--yes');
    expect(answer(JSON.parse(strict.stdout)).args).toEqual({ level: 1 });
    const plain = await inspect('--user-data', dir, 'call', 'set_level', '{"level": 1, "note": null}', '--yes');
    expect(answer(JSON.parse(plain.stdout)).args).toEqual({ level: 1, note: null });
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown provider for tools', ['tools', '--provider', 'cohere'], /unknown provider "cohere"; the providers are: /],
    ['an unknown provider for call', ['call', 'set_level', '{}', '--provider', 'cohere'], /unknown provider "cohere"; the providers are: /],
    ['tools without --provider', ['tools'], /"tools" needs --provider/],
    ['tools with an extra argument', ['tools', 'set_level', '--provider', 'openai'], /unexpected arguments/],
    ['--provider with the listing', ['--provider', 'openai'], /--provider goes with "tools" or "call"/],
    ['--on-demand with call', ['call', 'set_level', '{}', '--on-demand'], /--on-demand and --loaded go with "tools"/],
    ['--loaded without --on-demand', ['tools', '--provider', 'openai', '--loaded', 'a'], /--loaded goes with --on-demand/],
  ])('%s → exit 2, one line naming every provider id where it is about the provider', async (_, argv, reason) => {
    const run = await inspect('--user-data', dir, ...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(reason);
    if (/provider "cohere"|needs --provider/.test(run.stderr)) expect(run.stderr).toContain(PROVIDER_IDS.join(', '));
  });
});
