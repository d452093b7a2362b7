// Smoke tests for the fixture MCP servers, through the SDK's own client on every transport, so
// that a failing MCP-manager test can be trusted to be about the manager, not the fixture.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureConfig } from '../fixtures/config.js';
import { startFixture, startFixtureInProcess, type FixtureHandle } from '../fixtures/launch.js';
import { answer } from './helpers/mcp-env.js';

type Kind = FixtureConfig['transport'];

function clientTransport(kind: Kind, fixture: { url?: string; command?: string; args?: string[] }): Transport {
  if (kind === 'stdio') {
    if (fixture.command === undefined || fixture.args === undefined) throw new Error('stdio fixture without command');
    return new StdioClientTransport({ command: fixture.command, args: fixture.args, stderr: 'pipe' });
  }
  if (fixture.url === undefined) throw new Error(`${kind} fixture without url`);
  const url = new URL(fixture.url);
  return kind === 'http' ? new StreamableHTTPClientTransport(url) : new SSEClientTransport(url);
}

async function connect(kind: Kind, fixture: { url?: string; command?: string; args?: string[] }): Promise<Client> {
  const client = new Client({ name: 'fixtures-test', version: '1.0.0' });
  await client.connect(clientTransport(kind, fixture));
  return client;
}

async function listAll(client: Client): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined);
  return { tools, pages };
}

/** Signal 0 checks that a process exists without touching it. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}


const NAMED = ['unity/health', '__proto__', 'echo', 'slow', 'fail'];

describe.each<Kind>(['stdio', 'http', 'sse'])('fixture over %s', (kind) => {
  const id = `fx-${kind}`;
  let fixture: FixtureHandle;
  let client: Client;

  beforeAll(async () => {
    fixture = await startFixture({
      id,
      transport: kind,
      tools: NAMED,
      generateTools: { prefix: 'gen_', count: 1_000 },
      pageSize: 100,
      listChanged: true,
    });
    client = await connect(kind, fixture);
  });
  afterAll(async () => {
    await client?.close();
    await fixture?.stop();
  });

  it('lists odd names, across pages', async () => {
    const { tools, pages } = await listAll(client);
    const names = tools.map((t) => t.name);
    expect(names.slice(0, NAMED.length)).toEqual(NAMED);
    expect(names.filter((n) => n.startsWith('gen_'))).toHaveLength(1_000);
    expect(names).toContain('add_tool');
    expect(tools).toHaveLength(NAMED.length + 1_000 + 2);
    expect(pages).toBe(11);
    expect(client.getServerVersion()?.name).toBe(id);
  });

  it('answers a call with where it landed', async () => {
    const result = await client.callTool({ name: 'unity/health', arguments: { x: 1 } });
    expect(answer(result)).toEqual({ server: id, tool: 'unity/health', args: { x: 1 } });
    const failed = await client.callTool({ name: 'fail', arguments: {} });
    expect(failed.isError).toBe(true);
  });

  it('sends tools/list_changed after add_tool', async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    await client.callTool({ name: 'add_tool', arguments: { name: 'fresh/tool' } });
    await changed;
    expect((await listAll(client)).tools.map((t) => t.name)).toContain('fresh/tool');
    await client.callTool({ name: 'remove_tool', arguments: { name: 'fresh/tool' } });
    expect((await listAll(client)).tools.map((t) => t.name)).not.toContain('fresh/tool');
  });
});

describe('fixture faults', () => {
  it.each<'http' | 'sse'>(['http', 'sse'])("'http-401' over %s fails with 401", async (kind) => {
    const fixture = await startFixtureInProcess({ id: 'denied', transport: kind, fault: 'http-401' });
    try {
      await expect(connect(kind, fixture)).rejects.toThrow(/401/);
    } finally {
      await fixture.stop();
    }
  });

  it("'malformed-list' is rejected by the client's result validation", async () => {
    const fixture = await startFixtureInProcess({ id: 'broken', transport: 'http', fault: 'malformed-list' });
    const client = await connect('http', fixture);
    try {
      await expect(client.listTools()).rejects.toThrow(/tools.*expected array/is);
    } finally {
      await client.close();
      await fixture.stop();
    }
  });

  it("'die-in-call' ends the stdio process mid-call", async () => {
    const fixture = await startFixture({ id: 'mortal', transport: 'stdio', fault: 'die-in-call' });
    const transport = clientTransport('stdio', fixture) as StdioClientTransport;
    const client = new Client({ name: 'fixtures-test', version: '1.0.0' });
    await client.connect(transport);
    const pid = transport.pid!;
    try {
      expect(isAlive(pid)).toBe(true);
      await expect(client.callTool({ name: 'die', arguments: {} })).rejects.toThrow(/closed/i);
      // The call failed because the process went away, not because the client gave up on it.
      expect(isAlive(pid)).toBe(false);
    } finally {
      await client.close();
    }
  });

  it("'exit-at-start' makes startFixture reject with the exit code", async () => {
    await expect(startFixture({ id: 'gone', transport: 'http', fault: 'exit-at-start' })).rejects.toThrow(/code 3/);
  });
});
