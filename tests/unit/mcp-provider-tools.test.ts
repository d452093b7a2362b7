// Mcp.getProviderTools and Mcp.callTool with a provider, against real servers: the published
// filesystem server twice (Folder A, Folder B), the memory and everything servers, and a fixture
// server that echoes the arguments it receives. Every definition of every provider is checked
// against that provider's documented rules (tests/unit/helpers/provider-rules.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { UnreadableArgument } from '../../src/main/providers/index.js';
import { PROVIDER_IDS, PROVIDER_LIMITS, type ProviderTools } from '../../src/types/providers.js';
import type { ToolSpec } from '../fixtures/config.js';
import { answer, APPROVED, publishedEntry, removeTempDirs, serve, startMcp, stopServed, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';
import { violations } from './helpers/provider-rules.js';

/** Fixture tools whose schemas some providers cannot take as they are. */
const ECHO_TOOLS: ToolSpec[] = [
  {
    name: 'set_level',
    description: 'Sets the level.',
    inputSchema: {
      type: 'object',
      properties: { level: { type: 'integer', enum: [1, 2, 3] }, note: { type: 'string' } },
      required: ['level'],
    },
  },
  { name: 'ping', description: 'Answers.', inputSchema: { type: 'object', properties: {} } },
  {
    // Values Gemini's schema cannot type: a free-form object, items of any type, a value of any type.
    name: 'configure',
    description: 'Configures.',
    inputSchema: {
      type: 'object',
      properties: { credentials: { type: 'object', description: 'A JSON object' }, rows: { type: 'array', items: {} }, value: {} },
      required: ['credentials'],
    },
  },
];

/** The description of a definition, whatever the provider's shape. */
function description(definition: unknown): string {
  const d = definition as { description?: string; function?: { description: string }; toolSpec?: { description: string } };
  return d.function?.description ?? d.toolSpec?.description ?? d.description ?? '';
}

function definitionOf(result: ProviderTools, name: string): unknown {
  let index = 0;
  for (const entry of result.report) {
    if (entry.status === 'unsendable') continue;
    if (entry.name === name) return result.tools[index];
    index++;
  }
  throw new Error(`${name} is not among ${result.provider}'s tools`);
}

describe('getProviderTools and callTool with a provider, on real servers', () => {
  let mcp: Mcp;
  let root: string;
  /** Every call the echo server received, one JSON line each. */
  let calls: string;

  beforeAll(async () => {
    root = fs.realpathSync(tempDir('provider-fs-a-'));
    fs.writeFileSync(path.join(root, 'notes.txt'), 'one\ntwo\nthree\n');
    calls = path.join(tempDir('provider-calls-'), 'calls.jsonl');
    const echo = await serve({ id: 'E', transport: 'http', tools: ECHO_TOOLS, listChanged: true, recordCalls: calls });
    ({ mcp } = await startMcp(tempDir(), [
      publishedEntry('fs-a', 'Folder A', 'server-filesystem', [root]),
      publishedEntry('fs-b', 'Folder B', 'server-filesystem', [fs.realpathSync(tempDir('provider-fs-b-'))]),
      publishedEntry('memory', 'Memory', 'server-memory', [], { MEMORY_FILE_PATH: path.join(tempDir('provider-memory-'), 'memory.jsonl') }),
      publishedEntry('everything', 'Everything', 'server-everything', ['stdio']),
      urlEntry('echo', 'Echo', 'http', echo.url),
    ]));
  });

  afterAll(async () => {
    await mcp?.stop();
    await stopServed();
    removeTempDirs();
  });

  it('connects every server', () => {
    expect(mcp.getStatus().map((s) => [s.uuid, s.status])).toEqual(['fs-a', 'fs-b', 'memory', 'everything', 'echo'].map((uuid) => [uuid, 'ready']));
  });

  it.each(PROVIDER_IDS)('%s: one report entry per enabled tool, every definition within the rules', (provider) => {
    const result = mcp.getProviderTools(provider);
    const enabled = mcp.getLlmTools().map((tool) => tool.name);
    expect(enabled.length).toBeGreaterThan(50);
    expect(result.provider).toBe(provider);
    expect(result.maxTools).toBe(PROVIDER_LIMITS[provider].maxTools);
    expect(result.report.map((entry) => entry.name)).toEqual(enabled);
    for (const entry of result.report) {
      expect(mcp.originalToolName(entry.name)).toEqual({ uuid: entry.server, original: entry.original });
      if (entry.status === 'unsendable') expect(entry.reason, entry.name).toBeTruthy();
      else expect(entry.reason, entry.name).toBeUndefined();
      expect(entry.status === 'ok', entry.name).toBe(entry.changes.length === 0);
    }
    // Every one of these published and fixture tools can be made acceptable to every provider.
    expect(result.report.filter((entry) => entry.status === 'unsendable')).toEqual([]);
    expect(result.tools).toHaveLength(enabled.length);
    result.tools.forEach((definition, i) => expect(violations(provider, definition), `${provider} ${enabled[i]}`).toEqual([]));
  });

  it.each(PROVIDER_IDS)("%s: read_file and read_file_1 differ, each naming its server; other descriptions are the server's", (provider) => {
    const result = mcp.getProviderTools(provider);
    const first = definitionOf(result, 'read_file');
    const second = definitionOf(result, 'read_file_1');
    expect(first).not.toEqual(second);
    expect(description(first)).toContain('(MCP server: Folder A)');
    expect(description(second)).toContain('(MCP server: Folder B)');
    const ping = mcp.getStatus().find((s) => s.uuid === 'echo')!.tools.find((t) => t.original === 'ping')!;
    expect(description(definitionOf(result, 'ping'))).toBe(ping.description);
  });

  it('a selection picks its tools in the prepared order; switched-off tools leave the report', () => {
    const picked = mcp.getProviderTools('anthropic', ['set_level', 'read_file_1', 'no_such_tool']);
    expect(picked.report.map((entry) => entry.name)).toEqual(['read_file_1', 'set_level']);
    expect(picked.tools.map((tool) => (tool as { name: string }).name)).toEqual(['read_file_1', 'set_level']);
    mcp.setToolEnabled('echo', 'ping', false);
    try {
      expect(mcp.getProviderTools('openai').report.map((entry) => entry.name)).not.toContain('ping');
    } finally {
      mcp.setToolEnabled('echo', 'ping', true);
    }
    expect(mcp.getProviderTools('openai').report.map((entry) => entry.name)).toContain('ping');
  });

  it('a switch-off or a relist re-adapts nothing that did not change', async () => {
    const before = mcp.getProviderTools('gemini');
    mcp.setToolEnabled('memory', 'read_graph', false);
    const off = mcp.getProviderTools('gemini');
    mcp.setToolEnabled('memory', 'read_graph', true);
    expect(off).not.toBe(before);
    expect(definitionOf(off, 'read_file')).toBe(definitionOf(before, 'read_file'));
    // A relist of the echo server brings every tool as a new object; equal ones are kept.
    await mcp.callTool('add_tool', { name: 'late_tool' }, APPROVED);
    await waitFor('late_tool', () => mcp.isMcpToolName('late_tool'));
    // A tool new since the server's tools were approved waits for the user (docs/tool-integrity.md).
    expect(mcp.getProviderTools('gemini').report.map((entry) => entry.name)).not.toContain('late_tool');
    mcp.approveTools('echo', ['late_tool']);
    const relisted = mcp.getProviderTools('gemini');
    expect(definitionOf(relisted, 'set_level')).toBe(definitionOf(before, 'set_level'));
    expect(definitionOf(relisted, 'read_file')).toBe(definitionOf(before, 'read_file'));
    expect(relisted.report.map((entry) => entry.name)).toContain('late_tool');
  });

  it("gemini: the model's string enum value reaches the server as the number its schema wants", async () => {
    const gemini = definitionOf(mcp.getProviderTools('gemini'), 'set_level') as { parameters: { properties: { level: { enum: unknown[] } } } };
    expect(gemini.parameters.properties.level.enum).toEqual(['1', '2', '3']);
    expect(answer(await mcp.callTool('set_level', { level: '2' }, { ...APPROVED, provider: 'gemini' })).args).toEqual({ level: 2 });
    // Without a provider, arguments pass as they are.
    expect(answer(await mcp.callTool('set_level', { level: '2' }, APPROVED)).args).toEqual({ level: '2' });
  });

  it('gemini: values of any shape go out as strings holding JSON and reach the server parsed', async () => {
    const gemini = definitionOf(mcp.getProviderTools('gemini'), 'configure') as { parameters: { properties: Record<string, { type: string; description?: string }> } };
    const { credentials, rows, value } = gemini.parameters.properties;
    expect(credentials).toEqual({ type: 'string', description: 'A JSON object. A string holding JSON (an object).' });
    expect(rows).toEqual({ type: 'array', items: { type: 'string', description: 'A string holding JSON (any value).' } });
    expect(value).toEqual({ type: 'string', description: 'A string holding JSON (any value).' });
    // What a Gemini model bound by that schema sends, and what the server gets.
    const sent = { credentials: '{"token": "t-1", "scopes": ["read"]}', rows: ['1', '{"a": [2]}', 'plain text'], value: 'false' };
    const parsed = { credentials: { token: 't-1', scopes: ['read'] }, rows: [1, { a: [2] }, 'plain text'], value: false };
    expect(mcp.restoreArguments('configure', sent, 'gemini')).toEqual(parsed);
    expect(answer(await mcp.callTool('configure', sent, { ...APPROVED, provider: 'gemini' })).args).toEqual(parsed);
    // Other providers take the object as it is: it passes through untouched.
    expect(answer(await mcp.callTool('configure', { credentials: { token: 't-1' } }, { ...APPROVED, provider: 'anthropic' })).args).toEqual({ credentials: { token: 't-1' } });
  });

  it('gemini: JSON text that does not parse is a tool error naming the argument, and nothing reaches the server', async () => {
    const before = fs.readFileSync(calls, 'utf8');
    const sent = { credentials: '{"token": "t-1"', rows: [] };
    // No approval is asked for: nothing would be sent.
    const refused = await mcp.callTool('configure', sent, { provider: 'gemini' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^The argument "credentials" must be a string holding JSON \(an object\), and .* does not parse: .*Nothing was sent to the server; call the tool again with the argument fixed\.$/);
    expect(() => mcp.restoreArguments('configure', sent, 'gemini')).toThrow(UnreadableArgument);
    expect(fs.readFileSync(calls, 'utf8')).toBe(before);
    // The same text, fixed, goes through.
    expect(answer(await mcp.callTool('configure', { credentials: '{"token": "t-1"}' }, { ...APPROVED, provider: 'gemini' })).args).toEqual({ credentials: { token: 't-1' } });
    expect(fs.readFileSync(calls, 'utf8')).not.toBe(before);
  });

  it('openai-strict: the null of an optional property is removed before the call', async () => {
    expect(answer(await mcp.callTool('set_level', { level: 3, note: null }, { ...APPROVED, provider: 'openai-strict' })).args).toEqual({ level: 3 });
    expect(answer(await mcp.callTool('set_level', { level: 3, note: 'hi' }, { ...APPROVED, provider: 'openai-strict' })).args).toEqual({ level: 3, note: 'hi' });
    expect(answer(await mcp.callTool('set_level', { level: 3, note: null }, APPROVED)).args).toEqual({ level: 3, note: null });
    // A published server refuses the strict-mode nulls, and accepts them once restored.
    const sent = { path: path.join(root, 'notes.txt'), tail: null, head: 2 };
    expect((await mcp.callTool('read_text_file', sent, APPROVED)).isError).toBe(true);
    expect(text(await mcp.callTool('read_text_file', sent, { ...APPROVED, provider: 'openai-strict' }))).toBe('one\ntwo');
  });

  it('an unknown provider is refused with the list of providers', async () => {
    const unknown = 'cohere' as (typeof PROVIDER_IDS)[number];
    expect(() => mcp.getProviderTools(unknown)).toThrow(`Unknown provider "cohere"; known providers: ${PROVIDER_IDS.join(', ')}.`);
    await expect(mcp.callTool('ping', {}, { ...APPROVED, provider: unknown })).rejects.toThrow('Unknown provider "cohere"');
  });
});
