// Server management through the manager: add, edit, delete, enable, disable and restart one
// server without touching the others; deleting releases names and cleans every saved
// selection; aliases pin names (and selections follow); switched-off tools are refused.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_TOOL_NAMES } from '../../src/main/naming/builtin-tools.js';
import type { Mcp } from '../../src/main/mcp.js';
import type { ConfigStore } from '../../src/main/config/store.js';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import {
  answer,
  APPROVED,
  namesOf,
  recordStatuses,
  removeTempDirs,
  serve,
  startMcp,
  statusOf,
  stdioEntry,
  stopServed,
  tempDir,
  urlEntry,
  waitForStatus,
} from './helpers/mcp-env.js';

const SELECTIONS: Partial<AppConfig> = {
  llm: {
    defaults: [
      { engine: 'openai', model: 'gpt-4o', tools: ['read_file', 'echo_1', 'fetch', 'web_search', 'search'] },
      { engine: 'anthropic', model: 'claude', tools: null },
    ],
  },
  prompt: { tools: ['read_file_1', 'search', 'notes'] },
  realtime: { tools: ['fetch', 'echo', 'echo_1'] },
};

// File level: the later describes make temp folders after the first one's afterAll has run.
afterAll(removeTempDirs);

describe('server management', () => {
  let mcp: Mcp;
  let store: ConfigStore;
  let dir: string;
  let statuses: ReturnType<typeof recordStatuses>;

  const server = (uuid: string): McpServer => store.config.mcp.servers.find((s) => s.uuid === uuid)!;
  const onDisk = (): AppConfig => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as AppConfig;

  beforeAll(async () => {
    const [a, b] = await Promise.all([
      serve({ id: 'A', transport: 'http', tools: ['read_file', 'echo', 'search'] }),
      serve({ id: 'B', transport: 'sse', tools: ['read_file', 'echo', 'fetch'] }),
    ]);
    dir = tempDir();
    ({ mcp, store } = await startMcp(
      dir,
      [
        urlEntry('a', 'A', 'http', a.url),
        urlEntry('b', 'B', 'sse', b.url, { icon: 'b.png' } as Partial<McpServer>),
        // Never managed below: it must never notice any of it.
        stdioEntry('bystander', 'Bystander', { id: 'C', transport: 'stdio', tools: ['read_file', 'notes'] }),
      ],
      { reserved: BUILT_IN_TOOL_NAMES, rest: SELECTIONS, reconnect: { baseMs: 100, maxMs: 500, attempts: 3 } },
    ));
    statuses = recordStatuses(mcp);
  });

  afterAll(async () => {
    statuses?.stop();
    await mcp?.stop();
    await stopServed();
  });

  it('starts with the names the rules give', () => {
    expect(namesOf(mcp, 'a')).toEqual({ read_file: 'read_file', echo: 'echo', search: 'search' });
    expect(namesOf(mcp, 'b')).toEqual({ read_file: 'read_file_1', echo: 'echo_1', fetch: 'fetch' });
    expect(namesOf(mcp, 'bystander')).toEqual({ read_file: 'read_file_2', notes: 'notes' });
  });

  it('restart: only that server reconnects; names unchanged', async () => {
    const before = namesOf(mcp, 'a');
    await mcp.restartServer('a');
    // Restart returns once the reconnect has begun; the outcome arrives as status.
    expect(statusOf(mcp, 'a').status).toBe('connecting');
    await waitForStatus(mcp, 'a', 'ready');
    expect(statuses.of('a')).toEqual(['connecting', 'ready']);
    expect(statuses.of('b')).toEqual(['ready']);
    expect(namesOf(mcp, 'a')).toEqual(before);
    expect(answer(await mcp.callTool('search', {}, APPROVED))).toMatchObject({ server: 'A', tool: 'search' });
  });

  it('disable keeps names but takes tools off the model and refuses calls; enable brings them back', async () => {
    await mcp.setServerEnabled('b', false);
    expect(server('b').state).toBe('disabled');
    expect(onDisk().mcp.servers.find((s) => s.uuid === 'b')!.state).toBe('disabled');
    expect(statusOf(mcp, 'b')).toMatchObject({ status: 'disabled', offline: true });
    expect(namesOf(mcp, 'b')).toEqual({ read_file: 'read_file_1', echo: 'echo_1', fetch: 'fetch' });
    const llm = mcp.getLlmTools().map((t) => t.name);
    expect(llm).not.toContain('echo_1');
    expect(llm).toContain('echo');
    await expect(mcp.callTool('fetch', {}, APPROVED)).rejects.toThrow(/"fetch".*server "B"/);
    expect(mcp.originalToolName('fetch')).toEqual({ uuid: 'b', original: 'fetch' });
    // Its names are still its own: a newcomer does not get them.
    expect(mcp.detectAndResolveCollisions('newcomer', ['fetch', 'echo'])).toEqual({ fetch: 'fetch_1', echo: 'echo_2' });

    await mcp.setServerEnabled('b', true);
    await waitForStatus(mcp, 'b', 'ready');
    expect(statusOf(mcp, 'b')).toMatchObject({ status: 'ready', offline: false });
    expect(namesOf(mcp, 'b')).toEqual({ read_file: 'read_file_1', echo: 'echo_1', fetch: 'fetch' });
    expect(answer(await mcp.callTool('fetch', {}, APPROVED))).toMatchObject({ server: 'B', tool: 'fetch' });
  });

  it('edit: a new address and label reconnects only that server; names, switches and unknown fields kept', async () => {
    mcp.setToolEnabled('b', 'read_file', false);
    const moved = await serve({ id: 'B2', transport: 'sse', tools: ['read_file', 'echo', 'fetch'] });
    const updated = await mcp.updateServer('b', { label: 'B moved', type: 'sse', url: moved.url });
    expect(updated).toMatchObject({ uuid: 'b', label: 'B moved', url: moved.url, disabledTools: ['read_file'] });
    expect((updated as McpServer & { icon?: string }).icon).toBe('b.png');
    expect((onDisk().mcp.servers.find((s) => s.uuid === 'b') as McpServer & { icon?: string }).icon).toBe('b.png');
    await waitForStatus(mcp, 'b', 'ready');
    expect(statusOf(mcp, 'b')).toMatchObject({ status: 'ready', label: 'B moved' });
    expect(namesOf(mcp, 'b')).toEqual({ read_file: 'read_file_1', echo: 'echo_1', fetch: 'fetch' });
    expect(answer(await mcp.callTool('echo_1', {}, APPROVED))).toMatchObject({ server: 'B2', tool: 'echo' });
    expect(statuses.of('a')).toEqual(['connecting', 'ready']); // only its own restart above
    mcp.setToolEnabled('b', 'read_file', true);
  });

  it('edit refuses incomplete settings and leaves the server as it was', async () => {
    await expect(mcp.updateServer('b', { label: 'B', type: 'http' })).rejects.toThrow(/needs a URL/);
    await expect(mcp.updateServer('b', { label: '  ', type: 'sse', url: 'http://127.0.0.1:1/sse' })).rejects.toThrow(/needs a name/);
    await expect(mcp.updateServer('nope', { label: 'x', type: 'sse', url: 'http://127.0.0.1:1/sse' })).rejects.toThrow(/No MCP server with id "nope"/);
    expect(server('b').label).toBe('B moved');
    expect(statusOf(mcp, 'b').status).toBe('ready');
  });

  it('setToolEnabled: a switched-off tool leaves getLlmTools and callTool refuses it', async () => {
    mcp.setToolEnabled('a', 'echo', false);
    expect(server('a').disabledTools).toEqual(['echo']);
    expect(mcp.getLlmTools().map((t) => t.name)).not.toContain('echo');
    expect(statusOf(mcp, 'a').tools.find((t) => t.original === 'echo')).toMatchObject({ exposed: 'echo', enabled: false });
    await expect(mcp.callTool('echo')).rejects.toThrow(/"echo".*server "A".*switched off/);
    expect(answer(await mcp.callTool('echo_1', {}, APPROVED))).toMatchObject({ server: 'B2' });
    mcp.setToolEnabled('a', 'echo', true);
    expect(mcp.getLlmTools().map((t) => t.name)).toContain('echo');
    expect(answer(await mcp.callTool('echo', {}, APPROVED))).toMatchObject({ server: 'A', tool: 'echo' });
  });

  it('setAlias pins a name, routes it, and saved selections follow; refuses invalid, taken and built-in names', () => {
    expect(() => mcp.setAlias('a', 'search', 'bad name!')).toThrow(/"bad name!" has characters model APIs refuse \(space, "!"\)/);
    expect(() => mcp.setAlias('a', 'search', 'x'.repeat(65))).toThrow(/is too long \(65 characters, at most 64\)/);
    expect(() => mcp.setAlias('a', 'search', 'echo_1')).toThrow('"echo_1" is already the name of echo on B moved.');
    expect(() => mcp.setAlias('a', 'search', 'web_search')).toThrow(/"web_search" is the name of a built-in tool/);
    expect(() => mcp.setAlias('a', 'no_such_tool', 'whatever')).toThrow(/no known tool "no_such_tool"/);
    expect(server('a').toolMappings!.search).toBe('search');

    expect(mcp.setAlias('a', 'search', 'find_things')).toBe('find_things');
    expect(server('a').toolMappings!.search).toBe('find_things');
    expect(statusOf(mcp, 'a').tools.find((t) => t.original === 'search')).toMatchObject({ exposed: 'find_things', reasons: ['alias'] });
    expect(mcp.isMcpToolName('search')).toBe(false);
    expect(store.config.llm.defaults[0]!.tools).toEqual(['read_file', 'echo_1', 'fetch', 'web_search', 'find_things']);
    expect(store.config.prompt.tools).toEqual(['read_file_1', 'find_things', 'notes']);
    expect(onDisk().prompt.tools).toEqual(['read_file_1', 'find_things', 'notes']);
  });

  it('an aliased tool is called under its alias', async () => {
    expect(answer(await mcp.callTool('find_things', { q: 1 }, APPROVED))).toEqual({ server: 'A', tool: 'search', args: { q: 1 } });
    await expect(mcp.callTool('search')).rejects.toThrow(/Unknown tool "search"/);
    // Another server's tool may alias to a name nobody holds; the freed name goes to no one.
    expect(mcp.setAlias('bystander', 'notes', 'search')).toBe('search');
    expect(answer(await mcp.callTool('search', {}, APPROVED))).toMatchObject({ server: 'C', tool: 'notes' });
    expect(store.config.prompt.tools).toEqual(['read_file_1', 'find_things', 'search']);
    expect(mcp.setAlias('bystander', 'notes', null)).toBe('notes');
    expect(store.config.prompt.tools).toEqual(['read_file_1', 'find_things', 'notes']);
  });

  it('add: a new server connects without touching the others', async () => {
    const d = await serve({ id: 'D', transport: 'http', tools: ['echo', 'fetch', 'weather'] });
    await expect(mcp.addServer({ label: 'Broken', type: 'stdio' })).rejects.toThrow(/needs a command/);
    const added = await mcp.addServer({ label: 'D', type: 'http', url: d.url });
    expect(statusOf(mcp, added.uuid)).toMatchObject({ status: 'connecting', label: 'D' });
    await waitForStatus(mcp, added.uuid, 'ready');
    expect(namesOf(mcp, added.uuid)).toEqual({ echo: 'echo_2', fetch: 'fetch_1', weather: 'weather' });
    expect(answer(await mcp.callTool('fetch_1', {}, APPROVED))).toMatchObject({ server: 'D', tool: 'fetch' });
    expect(statuses.of('a')).toEqual(['connecting', 'ready']);
    expect(onDisk().mcp.servers.map((s) => s.label)).toEqual(['A', 'B moved', 'Bystander', 'D']);
  });

  it('add, restart and edit return before the connect: a server hanging in initialize shows connecting, then fails on its own', async () => {
    const { command, args } = stdioEntry('x', 'x', { id: 'HI', transport: 'stdio', tools: ['echo'], fault: 'hang-initialize' });
    const hanging = { type: 'stdio' as const, command, args, connectTimeoutMs: 1_000 };
    const added = await mcp.addServer({ label: 'Hangs', ...hanging });
    // Had add waited for the connect, the status would be failed by now.
    expect(statusOf(mcp, added.uuid).status).toBe('connecting');
    expect(onDisk().mcp.servers.map((s) => s.label)).toContain('Hangs');
    expect((await waitForStatus(mcp, added.uuid, 'failed')).error).toMatch(/did not answer within 1 s/);
    await mcp.restartServer(added.uuid);
    expect(statusOf(mcp, added.uuid).status).toBe('connecting');
    await mcp.updateServer(added.uuid, { label: 'Still hangs', ...hanging });
    expect(statusOf(mcp, added.uuid)).toMatchObject({ status: 'connecting', label: 'Still hangs' });
    await waitForStatus(mcp, added.uuid, 'failed');
    await mcp.removeServer(added.uuid);
    expect(statuses.of('a')).toEqual(['connecting', 'ready']);
  });

  it('delete: removes its tools from every saved selection, releases its names, leaves the others', async () => {
    expect(mcp.selectionsUsing('b')).toEqual([
      { where: 'gpt-4o (openai)', tools: ['echo_1', 'fetch'] },
      { where: 'prompt', tools: ['read_file_1'] },
      { where: 'realtime', tools: ['fetch', 'echo_1'] },
    ]);
    const { removedFromSelections } = await mcp.removeServer('b');
    expect(removedFromSelections).toBe(5);
    expect(store.config.llm.defaults).toEqual([
      { engine: 'openai', model: 'gpt-4o', tools: ['read_file', 'web_search', 'find_things'] },
      { engine: 'anthropic', model: 'claude', tools: null },
    ]);
    expect(store.config.prompt.tools).toEqual(['find_things', 'notes']);
    expect(store.config.realtime.tools).toEqual(['echo']);
    const disk = onDisk();
    expect(disk.mcp.servers.map((s) => s.uuid)).not.toContain('b');
    expect(disk.realtime.tools).toEqual(['echo']);
    for (const name of ['read_file_1', 'echo_1', 'fetch']) expect(mcp.isMcpToolName(name), name).toBe(false);
    await expect(mcp.callTool('echo_1')).rejects.toThrow(/Unknown tool "echo_1"/);
    // The others keep their names; the released ones go to the next newcomer.
    expect(namesOf(mcp, 'bystander')).toEqual({ read_file: 'read_file_2', notes: 'notes' });
    expect(mcp.detectAndResolveCollisions('newcomer', ['read_file', 'fetch'])).toEqual({ read_file: 'read_file_1', fetch: 'fetch' });
    expect(answer(await mcp.callTool('find_things', {}, APPROVED))).toMatchObject({ server: 'A' });
  });

  it('the bystander never left ready and still answers', async () => {
    expect(statuses.of('bystander')).toEqual(['ready']);
    expect(answer(await mcp.callTool('read_file_2', {}, APPROVED))).toEqual({ server: 'C', tool: 'read_file', args: {} });
  });

  it('aliases and switches survive a restart of the app on the same folder', async () => {
    mcp.setToolEnabled('a', 'read_file', false);
    const expected = Object.fromEntries(mcp.getStatus().map((s) => [s.uuid, namesOf(mcp, s.uuid)]));
    await mcp.stop();
    const again = await startMcp(dir, undefined, { reserved: BUILT_IN_TOOL_NAMES });
    try {
      expect(Object.fromEntries(again.mcp.getStatus().map((s) => [s.uuid, namesOf(again.mcp, s.uuid)]))).toEqual(expected);
      expect(namesOf(again.mcp, 'a').search).toBe('find_things');
      expect(again.mcp.getLlmTools().map((t) => t.name)).not.toContain('read_file');
      await expect(again.mcp.callTool('read_file')).rejects.toThrow(/switched off/);
    } finally {
      await again.mcp.stop();
    }
  });
});

describe('aliases on an offline server', () => {
  it('sets and resets an alias of a tool known only by its saved name, in one write each', async () => {
    const dir = tempDir('mcp-alias-offline-');
    const gone = stdioEntry('gone', 'Gone', { id: 'G', transport: 'stdio', tools: [] }, {
      command: path.join(dir, 'no-such-server'),
      toolMappings: { 'unity/health': 'unity_health', search: 'search' },
    });
    const { mcp, store } = await startMcp(dir, [gone], { rest: { prompt: { tools: ['unity_health'] } } });
    try {
      expect(statusOf(mcp, 'gone').status).toBe('failed');
      const writes = vi.spyOn(store, 'update');
      expect(mcp.setAlias('gone', 'unity/health', 'health_check')).toBe('health_check');
      expect(store.config.prompt.tools).toEqual(['health_check']);
      expect(writes).toHaveBeenCalledTimes(1);
      expect(mcp.setAlias('gone', 'unity/health', null)).toBe('unity_health');
      expect(store.config.prompt.tools).toEqual(['unity_health']);
      expect(store.config.mcp.servers[0]!.toolMappings).toEqual({ 'unity/health': 'unity_health', search: 'search' });
      expect(writes).toHaveBeenCalledTimes(2);
      expect(namesOf(mcp, 'gone')).toEqual({ 'unity/health': 'unity_health', search: 'search' });
    } finally {
      await mcp.stop();
    }
  });
});
