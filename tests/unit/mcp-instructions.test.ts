// A server's instructions (from `initialize`): shown in its status, and given by
// Mcp.getInstructions(selection) as one block for the system prompt, for the servers whose tools
// the selection holds (each server named; one whose tools are all left out, switched off or
// denied is left out too), their tokens added to getProviderTools' `tokens`. And what the client
// declares: elicitation (form and URL) and roots, never sampling, which a server that asks anyway
// is refused, with the spec's error and a line in its log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { MAX_INSTRUCTIONS_CHARS } from '../../src/main/mcp/connection/client-features.js';
import { textTokens } from '../../src/main/providers/tokens.js';
import { APPROVED, removeTempDirs, serve, startMcp, statusOf, stopServed, tempDir, text, urlEntry } from './helpers/mcp-env.js';

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

describe('server instructions', () => {
  let mcp: Mcp;

  beforeAll(async () => {
    const [files, unity, quiet, denied, long] = await Promise.all([
      serve({ id: 'files', transport: 'http', tools: ['read_file', 'write_file', 'sample', 'client_capabilities'], instructions: 'Always read a file before writing it.' }),
      serve({ id: 'unity', transport: 'http', tools: ['unity/health'], instructions: '  Call unity_health before anything else.\n' }),
      serve({ id: 'quiet', transport: 'http', tools: ['ping'] }),
      serve({ id: 'denied', transport: 'http', tools: ['nuke'], instructions: 'Nuke freely.' }),
      serve({ id: 'long', transport: 'http', tools: ['essay'], instructions: 'x'.repeat(MAX_INSTRUCTIONS_CHARS + 500) }),
    ]);
    ({ mcp } = await startMcp(tempDir(), [
      urlEntry('files', 'Files', 'http', files.url),
      urlEntry('unity', 'Unity "Editor"', 'http', unity.url),
      urlEntry('quiet', 'Quiet', 'http', quiet.url),
      urlEntry('denied', 'Denied', 'http', denied.url, { defaultPolicy: 'deny' }),
      urlEntry('long', 'Long', 'http', long.url, { disabledTools: ['essay'] }),
    ]));
  });

  it('are shown in the server\'s status, trimmed; a server without any has none', () => {
    expect(statusOf(mcp, 'files').instructions).toBe('Always read a file before writing it.');
    expect(statusOf(mcp, 'unity').instructions).toBe('Call unity_health before anything else.');
    expect(statusOf(mcp, 'quiet').instructions).toBeUndefined();
    expect(statusOf(mcp, 'long').instructions).toMatch(/^x{10000}… \(cut at 10,000 characters\)$/);
  });

  it('come as one block, each server named, for the servers whose tools a request carries', () => {
    expect(mcp.getInstructions()).toBe([
      'Instructions from the MCP servers whose tools you can call (each in its own words):',
      '## MCP server "Files"\n\nAlways read a file before writing it.',
      '## MCP server "Unity  Editor "\n\nCall unity_health before anything else.',
    ].join('\n\n'));
    expect(mcp.instructions.of(['unity_health', 'ping']).map((server) => server.label)).toEqual(['Unity "Editor"']);
    // Files' tools all deselected: left out.
    expect(mcp.getInstructions(['unity_health'])).not.toContain('Files');
    expect(mcp.getInstructions(['ping'])).toBe('');
    expect(mcp.getInstructions([])).toBe('');
    // A denied tool is never offered, and its server's instructions never sent.
    expect(mcp.getInstructions(['nuke'])).toBe('');
  });

  it('their tokens are part of what getProviderTools says a request costs', () => {
    const block = mcp.getInstructions(['read_file']);
    const withThem = mcp.getProviderTools('anthropic', ['read_file']);
    const definitions = withThem.report.reduce((sum, entry) => sum + (entry.tokens ?? 0), 0);
    expect(definitions).toBeGreaterThan(0);
    expect(withThem.instructionTokens).toBe(textTokens(block));
    expect(withThem.tokens).toBe(definitions + textTokens(block));
    const without = mcp.getProviderTools('anthropic', ['ping']);
    expect(without.instructionTokens).toBeUndefined();
    expect(without.tokens).toBe(without.report.reduce((sum, entry) => sum + (entry.tokens ?? 0), 0));
  });
});

describe('sampling is not offered', () => {
  it('the client declares form and URL elicitation and roots, not sampling; a request for it gets "method not found" and a log line', async () => {
    const server = await serve({ id: 'sampler', transport: 'http', tools: ['sample', 'client_capabilities'] });
    const { mcp } = await startMcp(tempDir(), [urlEntry('sampler', 'Sampler', 'http', server.url)]);
    try {
      const declared = JSON.parse(text(await mcp.callTool('client_capabilities', {}, APPROVED))) as Record<string, unknown>;
      expect(declared).toMatchObject({ elicitation: { form: {}, url: {} }, roots: { listChanged: true } });
      expect(declared).not.toHaveProperty('sampling');
      const refused = await mcp.callTool('sample', {}, APPROVED);
      expect(text(refused)).toBe('sampling refused: MCP error -32601: Method not found: sampling/createMessage (this app does not offer sampling (deprecated by MCP 2026-07-28; the app calls its own models))');
      expect(mcp.logs.read('sampler').map((entry) => entry.text)).toContainEqual(expect.stringMatching(/^The server asked for "sampling\/createMessage", refused: this app does not offer sampling/));
    } finally {
      await mcp.stop();
    }
  });
});
