// MCP 2026-07-28 beside 2025-11-25, against real servers: the fixture of the new revision
// (tests/fixtures/modern-server.ts, over stdio and HTTP) and the fixture of the old one. Each
// server speaks the newest revision both sides know, remembered per server; names are the same
// whichever; multi round-trip requests run inside callTool with one extra request per round and
// stop on a server that loops or sends what cannot be answered, that call alone failing.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { startModernHttp, modernCommand } from '../fixtures/modern-launch.js';
import { inspectChild } from './helpers/inspect-child.js';
import { APPROVED, removeTempDirs, seedStore, serve, startMcp, statusOf, stdioEntry, stopServed, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';

const modern: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(modern.map((server) => server.stop()));
  await stopServed();
  removeTempDirs();
});

const NAME = { action: 'accept' as const, content: { name: 'Ada' } };

/** The fixture's requests by method, read through its own `stats` tool (which counts itself). */
async function stats(mcp: Mcp, tool = 'stats'): Promise<Record<string, number>> {
  return JSON.parse(text(await mcp.callTool(tool, {}, APPROVED))) as Record<string, number>;
}

describe('each server speaks the newest revision both sides know', () => {
  let mcp: Mcp;
  let logs: string[];

  beforeAll(async () => {
    const http = await startModernHttp();
    modern.push(http);
    const legacy = await serve({ id: 'old', transport: 'http', tools: ['echo'] });
    const { command, args } = modernCommand({ transport: 'stdio' });
    ({ mcp, logs } = await startMcp(tempDir(), [
      { uuid: 'new-stdio', label: 'New stdio', state: 'enabled', type: 'stdio', command, args },
      urlEntry('new-http', 'New HTTP', 'http', http.url),
      stdioEntry('old-stdio', 'Old stdio', { id: 'old-stdio', transport: 'stdio', tools: ['echo'] }),
      urlEntry('old-http', 'Old HTTP', 'http', legacy.url),
    ]));
  });

  it('2026-07-28 with the new fixture, 2025-11-25 with the old, over stdio and HTTP; names as ever', () => {
    expect(statusOf(mcp, 'new-stdio')).toMatchObject({ status: 'ready', protocolVersion: '2026-07-28' });
    expect(statusOf(mcp, 'new-http')).toMatchObject({ status: 'ready', protocolVersion: '2026-07-28' });
    expect(statusOf(mcp, 'old-stdio')).toMatchObject({ status: 'ready', protocolVersion: '2025-11-25' });
    expect(statusOf(mcp, 'old-http')).toMatchObject({ status: 'ready', protocolVersion: '2025-11-25' });
    // The first server in config order keeps the bare name, whichever revision it speaks.
    const echo = statusOf(mcp, 'new-stdio').tools.find((tool) => tool.original === 'echo');
    expect(echo?.exposed).toBe('echo');
    expect(statusOf(mcp, 'old-stdio').tools.find((tool) => tool.original === 'echo')?.exposed).toBe('echo_2');
  });

  it('calls reach both revisions', async () => {
    expect(text(await mcp.callTool('echo', { text: 'new' }, APPROVED))).toBe('new');
    expect(text(await mcp.callTool('echo_2', { text: 'old' }, APPROVED))).toContain('old');
  });

  it('a restart does not ask the revision again', async () => {
    const before = await stats(mcp, 'stats_1');
    expect(before['server/discover']).toBe(1);
    await mcp.restartServer('new-http');
    await waitFor('ready again', () => statusOf(mcp, 'new-http').status === 'ready');
    const after = await stats(mcp, 'stats_1');
    expect(after['server/discover']).toBe(1);
    expect(after['tools/list']).toBe(before['tools/list']! + 1);
    expect(logs.join('\n')).not.toMatch(/New HTTP.*failed/);
  });

  it('HTTP requests carry the revision\'s headers, Mcp-Param-* with Base64 where needed', async () => {
    const headers = JSON.parse(text(await mcp.callTool('headers_1', { region: 'Zürich', count: 3, note: 'not mirrored' }, APPROVED))) as Record<string, string>;
    expect(headers).toMatchObject({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'headers',
      'mcp-param-region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=`,
      'mcp-param-count': '3',
    });
    expect(Object.keys(headers).filter((name) => name.startsWith('mcp-param-'))).toEqual(['mcp-param-region', 'mcp-param-count']);
  });

  it('a tool with an invalid x-mcp-header is left out over HTTP, with the reason; it costs itself only', () => {
    const http = statusOf(mcp, 'new-http');
    expect(http.skippedTools).toEqual([{ name: 'bad_header', reason: expect.stringMatching(/x-mcp-header "Data" is on "data", of type "object"/) as unknown }]);
    expect(http.tools.map((tool) => tool.original)).toContain('headers');
    // Over stdio the marks mean nothing (the spec lets a client ignore them there).
    expect(statusOf(mcp, 'new-stdio').tools.map((tool) => tool.original)).toContain('bad_header');
  });

  it('a 2020-12 schema reaches the adapters as listed, and its network $ref is never fetched', async () => {
    const tools = mcp.getProviderTools('anthropic', null).tools as Array<{ name: string; input_schema: Record<string, unknown> }>;
    const schema = tools.find((tool) => tool.name === 'schema2020_1')?.input_schema;
    expect(schema).toMatchObject({ properties: { id: { $ref: '#/$defs/id' } }, $defs: { id: { type: 'string', pattern: '^[a-z]+$' } } });
    // What the adapters start from is the schema as listed, every keyword kept.
    const listed = mcp.getLlmTools().find((tool) => tool.name === 'schema2020_1')?.parameters;
    expect(listed).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { id: { type: 'string' } }, properties: { profile: { $ref: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/canary\.json$/) as unknown } } });
    expect((await stats(mcp, 'stats_1')).canary).toBeUndefined();
  });

  it('list changes come on subscriptions/listen, over HTTP and stdio', async () => {
    expect(statusOf(mcp, 'new-http').tools.map((tool) => tool.original)).not.toContain('added');
    await mcp.callTool('change_tools_1', {}, APPROVED);
    await waitFor('the added tool', () => statusOf(mcp, 'new-http').tools.some((tool) => tool.original === 'added'));
    expect(statusOf(mcp, 'new-stdio').tools.map((tool) => tool.original)).not.toContain('added');
    await mcp.callTool('change_tools', {}, APPROVED);
    await waitFor('the added tool over stdio', () => statusOf(mcp, 'new-stdio').tools.some((tool) => tool.original === 'added'));
  });
});

describe('older stdio servers and the probe', () => {
  /** The server's stderr lines: each fixture process says `started` once. */
  const starts = (mcp: Mcp, uuid: string): number => mcp.logs.read(uuid).filter((entry) => entry.source === 'stderr' && entry.text === 'started').length;
  const notes = (mcp: Mcp, uuid: string): string[] => mcp.logs.read(uuid).filter((entry) => entry.source === 'connection').map((entry) => entry.text);

  it('one that exits on server/discover: a fresh process speaks initialize; a restart asks nothing', async () => {
    const { mcp } = await startMcp(tempDir(), [stdioEntry('exits', 'Exits', { id: 'exits', transport: 'stdio', tools: ['echo'], fault: 'exit-on-discover', stderr: ['started'] })]);
    try {
      expect(statusOf(mcp, 'exits')).toMatchObject({ status: 'ready', protocolVersion: '2025-11-25' });
      expect(notes(mcp, 'exits')).toContain('Speaking the initialize handshake: the server closed on server/discover');
      await waitFor('both processes to have said so', () => starts(mcp, 'exits') === 2);
      expect(text(await mcp.callTool('echo', { text: 'x' }, APPROVED))).toContain('"exits"');
      await mcp.restartServer('exits');
      await waitFor('ready again', () => statusOf(mcp, 'exits').status === 'ready');
      // What was found is remembered: one more process, asked nothing but initialize.
      await waitFor('the restarted process', () => starts(mcp, 'exits') === 3);
      expect(notes(mcp, 'exits').filter((line) => line.startsWith('Speaking the initialize handshake'))).toHaveLength(1);
    } finally {
      await mcp.stop();
    }
  });

  it('one that stays silent: the probe gives up after its timeout and the same process speaks initialize', async () => {
    const started = Date.now();
    const { mcp } = await startMcp(tempDir(), [stdioEntry('silent', 'Silent', { id: 'silent', transport: 'stdio', tools: ['echo'], fault: 'silent-on-discover', stderr: ['started'] })], { probeTimeoutMs: 400 });
    try {
      const took = Date.now() - started;
      expect(statusOf(mcp, 'silent')).toMatchObject({ status: 'ready', protocolVersion: '2025-11-25' });
      expect(notes(mcp, 'silent')).toContain('Speaking the initialize handshake: no answer to server/discover within 0.4 s');
      // It waited for the probe, and not for the 10 s a silent server gets by default.
      expect(took).toBeGreaterThanOrEqual(400);
      expect(took).toBeLessThan(10_000);
      expect(starts(mcp, 'silent')).toBe(1);
      expect(text(await mcp.callTool('echo', { text: 'x' }, APPROVED))).toContain('"silent"');
    } finally {
      await mcp.stop();
    }
  });
});

describe('inspect', () => {
  it('as a process: --json gives each server\'s "protocolVersion"', async () => {
    const dir = tempDir('inspect-revisions-');
    const { command, args } = modernCommand({ transport: 'stdio' });
    seedStore(dir, [
      { uuid: 'n', label: 'New', state: 'enabled', type: 'stdio', command, args },
      stdioEntry('o', 'Old', { id: 'o', transport: 'stdio', tools: ['echo'] }),
    ]);
    const run = await inspectChild(['--user-data', dir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const { servers } = JSON.parse(run.stdout) as { servers: Array<{ uuid: string; status: string; protocolVersion?: string }> };
    expect(servers.map((s) => [s.uuid, s.status, s.protocolVersion])).toEqual([['n', 'ready', '2026-07-28'], ['o', 'ready', '2025-11-25']]);
  });
});

describe('multi round-trip requests', () => {
  let mcp: Mcp;
  let logs: string[];
  const granted = tempDir('granted-root-');

  beforeAll(async () => {
    const http = await startModernHttp();
    modern.push(http);
    ({ mcp, logs } = await startMcp(tempDir(), [urlEntry('mrtr', 'Rounds', 'http', http.url, { roots: [granted] })]));
  });

  it('a round costs one extra request and nothing more; the answer comes from the caller\'s dialog', async () => {
    const before = await stats(mcp);
    const asked: string[] = [];
    const result = await mcp.callTool('ask', {}, { ...APPROVED, elicit: async (request) => (asked.push(request.message), NAME) });
    expect(text(result)).toBe('hello Ada');
    expect(asked).toEqual(['Your name?']);
    const after = await stats(mcp);
    // tools/call: the call, its retry, and the second stats call; nothing else was sent.
    expect(after).toEqual({ ...before, 'tools/call': before['tools/call']! + 3 });
  });

  it('several rounds, each answered in turn', async () => {
    const asked: string[] = [];
    const answers = { 'First name?': { first: 'Ada' }, 'Last name?': { last: 'Lovelace' } } as Record<string, Record<string, string>>;
    const result = await mcp.callTool('ask_twice', {}, { ...APPROVED, elicit: async (request) => (asked.push(request.message), { action: 'accept', content: answers[request.message]! }) });
    expect(text(result)).toBe('both answered: Lovelace');
    expect(asked).toEqual(['First name?', 'Last name?']);
  });

  it('a server that keeps asking is stopped after a bounded number of rounds', async () => {
    await expect(mcp.callTool('loop', {}, APPROVED)).rejects.toThrow(/"loop".*asked for input 11 times for one tools\/call without finishing; stopped after 10 rounds/);
  });

  it('what cannot be answered fails that call alone, with a clear error; the server goes on', async () => {
    await expect(mcp.callTool('malformed', {}, APPROVED)).rejects.toThrow(/malformed input_required result for tools\/call: its inputRequests is not an object/);
    await expect(mcp.callTool('huge_state', {}, APPROVED)).rejects.toThrow(/its requestState is 10485760 characters long/);
    await expect(mcp.callTool('unknown_method', {}, APPROVED)).rejects.toThrow(/MCP error -32601: Method not found: fixture\/odd \(this client does not offer it\)/);
    // Sampling is refused in the words a 2025 server gets (mcp-instructions.test.ts), with the same log line.
    await expect(mcp.callTool('sample', {}, APPROVED)).rejects.toThrow('MCP error -32601: Method not found: sampling/createMessage (this app does not offer sampling (deprecated by MCP 2026-07-28; the app calls its own models))');
    expect(mcp.logs.read('mrtr').map((entry) => entry.text)).toContainEqual(expect.stringMatching(/^The server asked for "sampling\/createMessage", refused: this app does not offer sampling/));
    expect(text(await mcp.callTool('echo', { text: 'still here' }, APPROVED))).toBe('still here');
    expect(statusOf(mcp, 'mrtr').status).toBe('ready');
    expect(logs.join('\n')).not.toMatch(/Rounds.*(failed|stopped)/);
  });

  it('prompts/get and resources/read run their rounds too, through the caller\'s dialog', async () => {
    const asked: string[] = [];
    const elicit = async (request: { message: string }): Promise<{ action: 'accept'; content: Record<string, string> }> => (asked.push(request.message), { action: 'accept', content: { value: 'Ada' } });
    const prompt = await mcp.getPrompt('greet', {}, { provider: 'anthropic', elicit });
    expect(JSON.stringify(prompt.messages)).toContain('Greet Ada');
    const read = await mcp.readResource('mrtr', 'fixture://secret', { provider: 'anthropic', elicit });
    expect(read.contents).toEqual([{ uri: 'fixture://secret', text: 'unlocked with Ada' }]);
    expect(asked).toEqual(['Whom to greet?', 'The password?']);
  });

  it('roots/list is answered with the folders granted to that server', async () => {
    const answered = JSON.parse(text(await mcp.callTool('roots', {}, APPROVED))) as { roots: Array<{ uri: string }> };
    expect(answered.roots.map((root) => root.uri)).toEqual([pathToFileURL(granted).href]);
  });

  it('a round waits for the user past the call\'s timeout, as a 2025 call does; cancelling during a round ends the call alone', async () => {
    const slow = async (): Promise<typeof NAME> => (await new Promise((resolve) => setTimeout(resolve, 700)), NAME);
    expect(text(await mcp.callTool('ask', {}, { ...APPROVED, timeoutMs: 300, elicit: slow }))).toBe('hello Ada');
    const controller = new AbortController();
    const cancelled: string[] = [];
    const asked = new Promise<void>((resolve) => {
      void mcp.callTool('ask', {}, { ...APPROVED, signal: controller.signal, elicit: () => (resolve(), new Promise(() => undefined)) }).catch((error: unknown) => void cancelled.push(String(error)));
    });
    await asked;
    controller.abort(new Error('the user closed the chat'));
    await waitFor('the call to end', () => cancelled.length === 1);
    expect(cancelled[0]).toMatch(/"ask".*the user closed the chat/);
    expect(text(await mcp.callTool('echo', { text: 'still here' }, APPROVED))).toBe('still here');
  });

  it('calls in parallel keep their own rounds', async () => {
    const [asked, echoed, twice] = await Promise.all([
      mcp.callTool('ask', {}, { ...APPROVED, elicit: async () => NAME }),
      mcp.callTool('echo', { text: 'plain' }, APPROVED),
      mcp.callTool('ask_twice', {}, { ...APPROVED, elicit: async (request) => ({ action: 'accept', content: request.message === 'First name?' ? { first: 'A' } : ({ last: 'B' } as Record<string, string>) }) }),
    ]);
    expect([text(asked), text(echoed), text(twice)]).toEqual(['hello Ada', 'plain', 'both answered: B']);
  });
});
