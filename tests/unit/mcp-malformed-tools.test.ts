// One malformed tool costs that tool alone: a fixture server lists good tools beside tools the
// MCP SDK's ToolSchema refuses (a boolean subschema, no name, a non-object input schema, an
// output schema that does not compile). The server is ready, its good tools are named and
// callable, and its status lists each skipped tool with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import type { ToolSpec } from '../fixtures/config.js';
import { answer, APPROVED, namesOf, removeTempDirs, serve, startMcp, statusOf, stdioEntry, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

const OUTPUT_SCHEMA = { type: 'object' as const, properties: { n: { type: 'number' } }, required: ['n'] };

const MALFORMED: unknown[] = [
  { name: 'bool_property', description: 'x is anything', inputSchema: { type: 'object', properties: { x: true } } },
  { description: 'I have no name', inputSchema: { type: 'object' } },
  { name: 'string_schema', inputSchema: 'an object, honestly' },
  { name: 'array_schema', inputSchema: { type: 'array', items: { type: 'string' } } },
  42,
  { name: 'bad_output', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { n: { type: 'nonsense' } } } },
];

const GOOD: ToolSpec[] = [
  'echo',
  { name: 'with_output', description: 'Declares an output schema', inputSchema: { type: 'object' }, outputSchema: OUTPUT_SCHEMA },
  { name: 'unity/health', inputSchema: { type: 'object', properties: { verbose: { type: 'boolean' } } } },
];

describe.each(['stdio', 'http'] as const)('a server listing malformed tools beside good ones (%s)', (transport) => {
  let mcp: Mcp;

  beforeAll(async () => {
    // Pages of two, so a malformed tool and the output-schema tool sit on different pages.
    const fixture = { id: 'mixed', tools: GOOD, malformedTools: MALFORMED, pageSize: 2 };
    const entry =
      transport === 'stdio'
        ? stdioEntry('mixed', 'Mixed', { ...fixture, transport })
        : urlEntry('mixed', 'Mixed', 'http', (await serve({ ...fixture, transport })).url);
    ({ mcp } = await startMcp(tempDir(), [entry, stdioEntry('other', 'Other', { id: 'other', transport: 'stdio', tools: ['echo'] })]));
  });

  afterAll(async () => {
    await mcp?.stop();
    await stopServed();
    removeTempDirs();
  });

  it('is ready, with its good tools named and the malformed ones skipped, each with a reason', () => {
    const status = statusOf(mcp, 'mixed');
    expect(status.status).toBe('ready');
    expect(status.error).toBeUndefined();
    expect(namesOf(mcp, 'mixed')).toEqual({ echo: 'echo', with_output: 'with_output', 'unity/health': 'unity_health' });
    expect(status.skippedTools.map((t) => t.name)).toEqual(['bool_property', null, 'string_schema', 'array_schema', null, 'bad_output']);
    const reasons = status.skippedTools.map((t) => t.reason);
    expect(reasons[0]).toBe('its definition is malformed (inputSchema.properties.x: expected a schema object, received true)');
    expect(reasons[1]).toMatch(/^its definition is malformed \(name: .*expected string/);
    expect(reasons[2]).toMatch(/^its definition is malformed \(inputSchema: .*expected object/);
    expect(reasons[3]).toMatch(/^its definition is malformed \(inputSchema\.type: .*"object"/);
    expect(reasons[4]).toMatch(/^its definition is malformed \(tool 8: .*expected object/); // 8th in the whole list
    expect(reasons[5]).toMatch(/^its output schema cannot be compiled \(.*nonsense/);
    for (const reason of reasons) expect(reason.split('\n')).toHaveLength(1);
  });

  it('offers only the good tools to a model', () => {
    expect(mcp.getLlmTools().map((t) => t.name)).toEqual(['echo', 'with_output', 'unity_health', 'echo_1']);
  });

  it('calls the good tools; a skipped tool is unknown', async () => {
    expect(answer(await mcp.callTool('unity_health', { verbose: true }, APPROVED))).toEqual({ server: 'mixed', tool: 'unity/health', args: { verbose: true } });
    expect(answer(await mcp.callTool('echo_1', {}, APPROVED))).toMatchObject({ server: 'other' });
    await expect(mcp.callTool('bool_property')).rejects.toThrow(/Unknown tool "bool_property"/);
  });

  it("keeps the SDK's output-schema check for the tools it lists, on every page", async () => {
    // The fixture answers with text only; a tool that declares an output schema must return
    // structured content, and the SDK's client says so: its cache saw the tool.
    await expect(mcp.callTool('with_output', {}, APPROVED)).rejects.toThrow(/has an output schema but did not return structured content/);
  });
});
