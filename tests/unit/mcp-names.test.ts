// The Mcp manager against real fixture servers over stdio, Streamable HTTP and SSE: odd names,
// collisions across and within servers, 1,000 tools over pages, and a list that changes at run
// time. Every call's answer proves where it landed (server id + the original name received).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { TOOL_NAME_PATTERN } from '../../src/main/naming.js';
import type { ConfigStore } from '../../src/main/config/store.js';
import type { McpServer } from '../../src/types/config.js';
import { entryArgs } from '../fixtures/entry.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import {
  answer,
  APPROVED,
  DUP_SERVER_PATH,
  longName,
  namesOf,
  removeTempDirs,
  startMcp,
  statusOf,
  stdioEntry,
  tempDir,
  urlEntry,
  waitFor,
  waitForStatus,
} from './helpers/mcp-env.js';

const LONG = longName('a_very_long_tool_name_from_a_generated_openapi_server');
const CJK = '搜索文件';
const CJK_NAME = 'sou_suo_wen_jian'; // transliterated: lower-case pinyin, one word per character

const A_TOOLS = ['read_file', 'echo', 'unity/health', 'server:tool', 'admin.tools.list', LONG, CJK, '__proto__', 'constructor', 'slow'];
const B_TOOLS = ['read_file', 'read_file_1', 'echo', 'unity/health', 'admin.tools.list', LONG];

/** What every server's tools must be called, by the rules, in config order A, B, C, D. */
const EXPECTED: Record<string, Record<string, string>> = {
  // Built from pairs: an object literal's `__proto__:` key would not be an own property.
  'srv-a': Object.fromEntries([
    ['read_file', 'read_file'],
    ['echo', 'echo'],
    ['unity/health', 'unity_health'],
    ['server:tool', 'server_tool'],
    ['admin.tools.list', 'admin_tools_list'],
    [LONG, LONG.slice(0, 64)],
    [CJK, CJK_NAME],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['slow', 'slow'],
  ]),
  'srv-b': {
    read_file: 'read_file_2',
    read_file_1: 'read_file_1',
    echo: 'echo_1',
    'unity/health': 'unity_health_1',
    'admin.tools.list': 'admin_tools_list_1',
    [LONG]: `${LONG.slice(0, 62)}_1`,
  },
  'srv-c': { read_file: 'read_file_3', echo: 'echo_2', add_tool: 'add_tool', remove_tool: 'remove_tool' },
  'srv-d': { dup: 'dup', read_file: 'read_file_4' },
};
for (let i = 0; i < 1_000; i++) EXPECTED['srv-c']![`bulk_${i}`] = `bulk_${i}`;

const ID: Record<string, string> = { 'srv-a': 'A', 'srv-b': 'B', 'srv-c': 'C', 'srv-d': 'D' };

describe('names over stdio, Streamable HTTP and SSE', () => {
  let b: InProcessFixture;
  let c: InProcessFixture;
  let mcp: Mcp;
  let store: ConfigStore;
  let dir: string;
  let servers: McpServer[];

  beforeAll(async () => {
    [b, c] = await Promise.all([
      startFixtureInProcess({ id: 'B', transport: 'http', tools: B_TOOLS }),
      startFixtureInProcess({
        id: 'C',
        transport: 'sse',
        tools: ['read_file', 'echo'],
        generateTools: { prefix: 'bulk_', count: 1_000 },
        pageSize: 100,
        listChanged: true,
      }),
    ]);
    dir = tempDir();
    servers = [
      stdioEntry('srv-a', 'Alpha (stdio)', { id: 'A', transport: 'stdio', tools: A_TOOLS }),
      urlEntry('srv-b', 'Bravo (http)', 'http', b.url),
      urlEntry('srv-c', 'Charlie (sse)', 'sse', c.url),
      { uuid: 'srv-d', label: 'Delta (dup)', state: 'enabled', type: 'stdio', command: process.execPath, args: [...entryArgs(DUP_SERVER_PATH), 'D'] },
    ];
    ({ mcp, store } = await startMcp(dir, servers));
  });

  afterAll(async () => {
    await mcp?.stop();
    await Promise.all([b?.stop(), c?.stop()]);
    removeTempDirs();
  });

  it('connects every server', () => {
    expect(mcp.getStatus().map((s) => [s.uuid, s.status, s.error, s.offline])).toEqual(
      ['srv-a', 'srv-b', 'srv-c', 'srv-d'].map((uuid) => [uuid, 'ready', undefined, false]),
    );
  });

  it('gives every tool the name the rules give, first server in config order keeps the bare name', () => {
    for (const uuid of Object.keys(EXPECTED)) expect(namesOf(mcp, uuid), uuid).toEqual(EXPECTED[uuid]);
  });

  it('lists all 1,000 tools of a paginated server, in order', () => {
    const tools = statusOf(mcp, 'srv-c').tools.map((t) => t.original);
    expect(tools).toHaveLength(1_004);
    expect(tools.slice(0, 3)).toEqual(['read_file', 'echo', 'bulk_0']);
    expect(tools[1_001]).toBe('bulk_999');
  });

  it('lists a tool a server names twice once, with its first definition', () => {
    expect(statusOf(mcp, 'srv-d').tools.map((t) => [t.original, t.description])).toEqual([
      ['dup', 'first copy'],
      ['read_file', 'dup-server read_file'],
    ]);
  });

  it('explains every rename', () => {
    const reasons = (uuid: string, original: string): string[] =>
      statusOf(mcp, uuid).tools.find((t) => t.original === original)!.reasons;
    expect(reasons('srv-a', 'read_file')).toEqual([]);
    expect(reasons('srv-a', 'unity/health')).toEqual(['sanitized']);
    expect(reasons('srv-a', CJK)).toEqual(['sanitized']);
    expect(reasons('srv-a', LONG)).toEqual(['truncated']);
    expect(reasons('srv-a', '__proto__')).toEqual([]);
    expect(reasons('srv-b', 'read_file')).toEqual(['collision']);
    expect(reasons('srv-b', 'read_file_1')).toEqual([]);
    expect(reasons('srv-b', 'unity/health')).toEqual(['sanitized', 'collision']);
    expect(reasons('srv-b', LONG)).toEqual(['truncated', 'collision']);
  });

  it('every exposed name is valid and unique, and maps back to its owner only', () => {
    const all = mcp.getStatus().flatMap((s) => s.tools.map((t) => ({ uuid: s.uuid, ...t })));
    expect(all).toHaveLength(10 + 6 + 1_004 + 2);
    expect(new Set(all.map((t) => t.exposed)).size).toBe(all.length);
    for (const tool of all) {
      expect(tool.exposed).toMatch(TOOL_NAME_PATTERN);
      expect(mcp.isMcpToolName(tool.exposed)).toBe(true);
      expect(mcp.originalToolName(tool.exposed)).toEqual({ uuid: tool.uuid, original: tool.original });
    }
    expect(mcp.isMcpToolName('unity/health')).toBe(false);
    expect(mcp.originalToolName('read_file_9')).toBeNull();
    expect(mcp.originalToolName('toString')).toBeNull();
  });

  it('routes every call to the owning server under the original name', async () => {
    const calls = Object.entries(EXPECTED).flatMap(([uuid, names]) =>
      Object.entries(names)
        .filter(([original]) => !original.startsWith('bulk_') || original === 'bulk_0' || original === 'bulk_999')
        .filter(([original]) => original !== 'add_tool' && original !== 'remove_tool')
        .map(([original, exposed]) => ({ uuid, original, exposed })),
    );
    expect(calls.length).toBeGreaterThan(20);
    const results = await Promise.all(calls.map((call) => mcp.callTool(call.exposed, { via: call.exposed }, APPROVED)));
    results.forEach((result, i) => {
      const call = calls[i]!;
      expect(answer(result), call.exposed).toEqual({ server: ID[call.uuid], tool: call.original, args: { via: call.exposed } });
    });
  });

  it('getLlmTools gives {name, description, parameters} of every enabled tool of connected servers', () => {
    const tools = mcp.getLlmTools();
    expect(tools).toHaveLength(10 + 6 + 1_004 + 2);
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'name', 'parameters']);
      expect(tool.parameters).toMatchObject({ type: 'object' });
      expect(typeof tool.description).toBe('string');
    }
    expect(tools.find((t) => t.name === 'dup')?.description).toBe('first copy');
    expect(tools.find((t) => t.name === 'add_tool')?.parameters).toMatchObject({ required: ['name'] });
    expect(mcp.getLlmTools(['echo_2', 'read_file_1', 'not_a_tool']).map((t) => t.name).sort()).toEqual(['echo_2', 'read_file_1']);
    expect(mcp.getLlmTools([])).toEqual([]);
  });

  it('persists every name, `__proto__` and `constructor` as plain keys, in config.json', () => {
    const a = store.config.mcp.servers.find((s) => s.uuid === 'srv-a')!;
    expect(Object.hasOwn(a.toolMappings!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(a.toolMappings)).toBe(Object.prototype);
    const file = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as { mcp: { servers: McpServer[] } };
    for (const server of file.mcp.servers) {
      expect(Object.entries(server.toolMappings!).sort(), server.uuid).toEqual(Object.entries(EXPECTED[server.uuid]!).sort());
    }
  });

  it('detectAndResolveCollisions returns the names the manager assigns', () => {
    for (const server of store.config.mcp.servers) {
      const tools = statusOf(mcp, server.uuid).tools.map((t) => t.original);
      expect(mcp.detectAndResolveCollisions(server.uuid, tools, server.toolMappings), server.uuid).toEqual(EXPECTED[server.uuid]);
      // Without its saved names, the server is named by the same rules in the same place.
      expect(mcp.detectAndResolveCollisions(server.uuid, tools, {}), server.uuid).toEqual(EXPECTED[server.uuid]);
    }
    // A newcomer joins after everyone else; a saved name that is taken is not kept.
    expect(mcp.detectAndResolveCollisions('newcomer', ['read_file', 'echo', 'fresh'], { read_file: 'echo', fresh: 'my_fresh' })).toEqual({
      read_file: 'read_file_5',
      echo: 'echo_3',
      fresh: 'my_fresh',
    });
  });

  it('a server added at run time gets exactly the names detectAndResolveCollisions predicted', async () => {
    const predicted = mcp.detectAndResolveCollisions('not-yet-known', ['read_file', 'echo', 'unity/health'], {});
    expect(predicted).toEqual({ read_file: 'read_file_5', echo: 'echo_3', 'unity/health': 'unity_health_2' });
    const e = await startFixtureInProcess({ id: 'E', transport: 'http', tools: ['read_file', 'echo', 'unity/health'] });
    try {
      const added = await mcp.addServer({ label: 'Echo (http)', type: 'http', url: e.url });
      await waitForStatus(mcp, added.uuid, 'ready');
      expect(namesOf(mcp, added.uuid)).toEqual(predicted);
      expect(answer(await mcp.callTool('unity_health_2', {}, APPROVED))).toMatchObject({ server: 'E', tool: 'unity/health' });
      await mcp.removeServer(added.uuid);
      expect(mcp.isMcpToolName('unity_health_2')).toBe(false);
    } finally {
      await e.stop();
    }
    for (const uuid of Object.keys(EXPECTED)) expect(namesOf(mcp, uuid), uuid).toEqual(EXPECTED[uuid]);
  });

  it('follows tools/list_changed: an added tool gets a name and is callable; a removed one leaves the list but keeps its name', async () => {
    const exposedOf = (original: string): string | undefined => namesOf(mcp, 'srv-c')[original];
    answer(await mcp.callTool('add_tool', { name: 'fresh/tool' }, APPROVED));
    answer(await mcp.callTool('add_tool', { name: 'read_file_1' }, APPROVED));
    await waitFor('the added tools to be listed', () => exposedOf('fresh/tool') !== undefined && exposedOf('read_file_1') !== undefined);
    expect(exposedOf('fresh/tool')).toBe('fresh_tool');
    // A genuine `read_file_1` elsewhere already owns that name: the newcomer is numbered.
    expect(exposedOf('read_file_1')).toBe('read_file_1_1');
    // Tools new since the server's tools were approved wait for the user (docs/tool-integrity.md); their names stand meanwhile.
    mcp.approveTools('srv-c', ['fresh_tool', 'read_file_1_1']);
    expect(answer(await mcp.callTool('fresh_tool', { n: 1 }, APPROVED))).toEqual({ server: 'C', tool: 'fresh/tool', args: { n: 1 } });
    expect(answer(await mcp.callTool('read_file_1_1', {}, APPROVED))).toMatchObject({ server: 'C', tool: 'read_file_1' });
    expect(answer(await mcp.callTool('read_file_1', {}, APPROVED))).toMatchObject({ server: 'B', tool: 'read_file_1' });
    expect(mcp.getLlmTools().map((t) => t.name)).toContain('fresh_tool');

    await mcp.callTool('remove_tool', { name: 'fresh/tool' }, APPROVED);
    await waitFor('the removed tool to leave the list', () => exposedOf('fresh/tool') === undefined);
    expect(mcp.getLlmTools().map((t) => t.name)).not.toContain('fresh_tool');
    // The name stays reserved for it: mapping kept in memory and on disk.
    expect(mcp.originalToolName('fresh_tool')).toEqual({ uuid: 'srv-c', original: 'fresh/tool' });
    expect(store.config.mcp.servers.find((s) => s.uuid === 'srv-c')!.toolMappings!['fresh/tool']).toBe('fresh_tool');
    await expect(mcp.callTool('fresh_tool', {}, APPROVED)).rejects.toThrow(/fresh_tool.*fresh\/tool.*Charlie \(sse\)/);

    // It comes back under the same name.
    await mcp.callTool('add_tool', { name: 'fresh/tool' }, APPROVED);
    await waitFor('the tool to come back', () => exposedOf('fresh/tool') !== undefined);
    expect(exposedOf('fresh/tool')).toBe('fresh_tool');
    expect(answer(await mcp.callTool('fresh_tool', {}, APPROVED))).toMatchObject({ server: 'C', tool: 'fresh/tool' });
    for (const uuid of ['srv-a', 'srv-b', 'srv-d']) expect(namesOf(mcp, uuid), uuid).toEqual(EXPECTED[uuid]);
  });
});
