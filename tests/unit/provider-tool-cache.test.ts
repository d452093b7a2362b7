// The provider cache (mcp/for-providers/provider-tools.ts) against the pure adapters whose work it
// keeps: each provider's list is what adaptTools makes of the same tools, with the tokens
// definitionTokens counts; reports() says what the lists say; and the way back for a call's
// arguments, made only when a call needs it, is restoreArguments' own: before any list was made,
// after the lists, and after a relist that changed a tool's schema.
import { describe, expect, it } from 'vitest';
import { ProviderToolCache } from '../../src/main/mcp/for-providers/provider-tools.js';
import type { IndexEntry } from '../../src/main/mcp/names/tool-index.js';
import { adaptTools, countTokens, restoreArguments, type SourceTool } from '../../src/main/providers/index.js';
import type { McpServer } from '../../src/types/config.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { HARD_SCHEMAS } from '../fixtures/hard-schemas.js';

const SERVERS: McpServer[] = [
  { uuid: 'srv-a', label: 'Folder A', state: 'enabled', type: 'stdio', command: 'x' },
  { uuid: 'srv-b', label: 'Folder B', state: 'enabled', type: 'stdio', command: 'x' },
];

/** A free-form object and an integer enum: Gemini takes them as a string holding JSON and strings. */
const CONFIGURE = {
  type: 'object',
  properties: { credentials: { type: 'object', description: 'A JSON object' }, level: { type: 'integer', enum: [1, 2, 3] } },
  required: ['credentials'],
};

/** An optional property: strict mode makes it required and nullable, and its null is removed. */
const SET_LEVEL = { type: 'object', properties: { level: { type: 'integer', enum: [1, 2, 3] }, note: { type: 'string' } }, required: ['level'] };

/** Every hard schema on server A, `configure`, `set_level`, and `read_file` on both servers (twins). */
function sources(configure: Record<string, unknown> = CONFIGURE): SourceTool[] {
  const a = { uuid: 'srv-a', label: 'Folder A' };
  const b = { uuid: 'srv-b', label: 'Folder B' };
  const readFile = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
  return [
    ...Object.entries(HARD_SCHEMAS).map(([name, inputSchema]) => ({ name, original: name, server: a, description: `The ${name} tool.`, inputSchema })),
    { name: 'configure', original: 'configure', server: a, description: 'Configures.', inputSchema: configure },
    { name: 'set_level', original: 'set_level', server: a, description: 'Sets the level.', inputSchema: SET_LEVEL },
    { name: 'read_file', original: 'read_file', server: a, description: 'Reads a file.', inputSchema: readFile },
    { name: 'read_file_1', original: 'read_file', server: b, description: 'Reads a file.', inputSchema: readFile },
  ];
}

/** The index's entries for `tools`, each with its own listed object (as a listing gives them). */
function offered(tools: readonly SourceTool[], denied: readonly string[] = []): { enabled: IndexEntry[]; servers: McpServer[] } {
  const enabled = tools.map((tool): IndexEntry => ({
    uuid: tool.server.uuid,
    original: tool.original,
    exposed: tool.name,
    reasons: [],
    live: true,
    switchedOff: false,
    enabled: true,
    tool: { name: tool.original, description: tool.description, inputSchema: tool.inputSchema, annotations: {}, definition: { name: tool.original, description: tool.description, inputSchema: tool.inputSchema } },
    policy: denied.includes(tool.name) ? 'deny' : 'ask',
    policySource: 'annotations',
    verdict: undefined,
    held: false,
  }));
  return { enabled, servers: SERVERS };
}

describe('ProviderToolCache', () => {
  it("gives every provider the adapters' definitions and reports, with their tokens", () => {
    const tools = sources();
    const cache = new ProviderToolCache(() => offered(tools));
    for (const provider of PROVIDER_IDS) {
      const expected = countTokens(adaptTools(provider, tools));
      const list = cache.get(provider);
      expect(list.tools, provider).toEqual(expected.tools);
      expect(list.report.map((entry) => Object.keys(entry)), provider).toEqual(list.report.map(() => ['name', 'server', 'original', 'status', 'changes', 'reason', 'tokens']));
      expect(JSON.parse(JSON.stringify(list.report)), provider).toEqual(expected.report);
      expect(structuredClone(list.report), provider).toEqual(expected.report);
      expect(list.tokens, provider).toBe(expected.tokens);
      // Assembled again from what is kept: the same objects.
      cache.invalidate();
      const again = cache.get(provider);
      expect(again.report.every((entry, i) => entry === list.report[i]), provider).toBe(true);
      expect(again.tools.every((definition, i) => definition === list.tools[i]), provider).toBe(true);
    }
  });

  it('reports() gives each tool the verdicts the lists give, a denied tool denied everywhere', () => {
    const tools = sources();
    const cache = new ProviderToolCache(() => offered(tools, ['recursiveRef']));
    const reports = cache.reports();
    expect(reports.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    for (const provider of PROVIDER_IDS) {
      const list = cache.get(provider);
      expect(reports.map((tool) => tool.providers[provider]), provider).toEqual(list.report.map(({ status, changes, reason }) => (reason === undefined ? { status, changes } : { status, changes, reason })));
      expect(list.report[0]).toMatchObject({ name: 'recursiveRef', status: 'denied', tokens: 0 });
    }
  });

  it("restores a call's arguments as restoreArguments does, whether or not the lists were made", () => {
    const tools = sources();
    const calls = [
      { credentials: '{"token": "t-1", "scopes": ["read"]}', level: '2', note: null },
      { credentials: { token: 't-1' }, level: 3, note: 'hi' },
      {},
    ];
    const before = new ProviderToolCache(() => offered(tools));
    const after = new ProviderToolCache(() => offered(tools));
    for (const provider of PROVIDER_IDS) after.get(provider);
    for (const tool of tools) {
      for (const provider of PROVIDER_IDS) {
        for (const args of calls) {
          const expected = restoreArguments(provider, tool, structuredClone(args));
          expect(before.restore(provider, tool.name, structuredClone(args)), `${provider} ${tool.name}`).toEqual(expected);
          expect(after.restore(provider, tool.name, structuredClone(args)), `${provider} ${tool.name}`).toEqual(expected);
        }
      }
    }
    // What the model of each needs restored, restored.
    expect(before.restore('gemini', 'configure', { credentials: '{"token": "t-1"}', level: '2' })).toEqual({ credentials: { token: 't-1' }, level: 2 });
    expect(before.restore('openai-strict', 'set_level', { level: 3, note: null })).toEqual({ level: 3 });
    // A name no tool has: the arguments pass as they are.
    const unknown = { a: 1 };
    expect(before.restore('gemini', 'no_such_tool', unknown)).toBe(unknown);
  });

  it('restores along the new schema once a relist changed it', () => {
    let tools = sources();
    const cache = new ProviderToolCache(() => offered(tools));
    expect(cache.restore('gemini', 'configure', { credentials: '{"token": "t-1"}' })).toEqual({ credentials: { token: 't-1' } });
    // The server now takes the credentials as a string: what the model sends passes as it is.
    tools = sources({ ...CONFIGURE, properties: { ...CONFIGURE.properties, credentials: { type: 'string' } } });
    cache.invalidate();
    expect(cache.restore('gemini', 'configure', { credentials: '{"token": "t-1"}' })).toEqual({ credentials: '{"token": "t-1"}' });
    const definition = cache.get('gemini').tools.find((tool) => (tool as { name: string }).name === 'configure');
    expect(definition).toMatchObject({ parameters: { properties: { credentials: { type: 'string' } } } });
  });
});
