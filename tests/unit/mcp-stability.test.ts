// Names never change while a server stays in the config: across restarts (a new store and
// manager on the same folder), whichever server answers first, a server being offline, and
// servers added while another is offline.
import { afterAll, describe, expect, it } from 'vitest';
import { Mcp } from '../../src/main/mcp.js';
import type { McpServer } from '../../src/types/config.js';
import { startFixtureInProcess } from '../fixtures/launch.js';
import { allNames, answer, APPROVED, namesOf, removeTempDirs, seedStore, serve, startMcp, statusOf, stdioEntry, stopServed, tempDir, urlEntry, waitForStatus } from './helpers/mcp-env.js';

const SHARED = ['read_file', 'echo', 'search/files'];

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

describe('stable names', () => {
  it('a restart on the same folder (new store, new manager) gives identical names', async () => {
    const [b, c] = await Promise.all([
      serve({ id: 'B', transport: 'http', tools: [...SHARED, 'read_file_1'] }),
      serve({ id: 'C', transport: 'sse', tools: SHARED }),
    ]);
    const servers = [
      stdioEntry('a', 'A', { id: 'A', transport: 'stdio', tools: SHARED }),
      urlEntry('b', 'B', 'http', b.url),
      urlEntry('c', 'C', 'sse', c.url),
    ];
    const dir = tempDir();
    const first = await startMcp(dir, servers);
    const names = allNames(first.mcp);
    const saved = structuredClone(first.store.config);
    await first.mcp.stop();
    expect(names).toEqual({
      a: { read_file: 'read_file', echo: 'echo', 'search/files': 'search_files' },
      b: { read_file: 'read_file_2', echo: 'echo_1', 'search/files': 'search_files_1', read_file_1: 'read_file_1' },
      c: { read_file: 'read_file_3', echo: 'echo_2', 'search/files': 'search_files_2' },
    });

    const second = await startMcp(dir);
    try {
      expect(second.mcp.getStatus().map((s) => s.status)).toEqual(['ready', 'ready', 'ready']);
      expect(allNames(second.mcp)).toEqual(names);
      expect(second.store.config).toEqual(saved);
      expect(answer(await second.mcp.callTool('search_files_2', {}, APPROVED))).toMatchObject({ server: 'C', tool: 'search/files' });
    } finally {
      await second.mcp.stop();
    }
  });

  it('the order in which servers answer does not decide names (fresh folder each run)', async () => {
    const slow = { initializeMs: 700 };
    const [aSlow, bFast, aFast, bSlow] = await Promise.all([
      serve({ id: 'A', transport: 'http', tools: SHARED, delays: slow }),
      serve({ id: 'B', transport: 'sse', tools: SHARED }),
      serve({ id: 'A', transport: 'http', tools: SHARED }),
      serve({ id: 'B', transport: 'sse', tools: SHARED, delays: slow }),
    ]);
    const config = (a: string, b: string): McpServer[] => [urlEntry('a', 'A', 'http', a), urlEntry('b', 'B', 'sse', b)];

    const runs: Array<{ names: ReturnType<typeof allNames>; readyOrder: string[] }> = [];
    for (const [a, b] of [[aSlow, bFast], [aFast, bSlow]] as const) {
      const readyOrder: string[] = [];
      const mcp = new Mcp({ store: seedStore(tempDir(), config(a.url, b.url)), log: () => undefined });
      mcp.onStatus((status) => {
        for (const s of status) if (s.status === 'ready' && !readyOrder.includes(s.uuid)) readyOrder.push(s.uuid);
      });
      await mcp.start();
      runs.push({ names: allNames(mcp), readyOrder });
      await mcp.stop();
    }
    expect(runs[0]!.readyOrder).toEqual(['b', 'a']);
    expect(runs[1]!.readyOrder).toEqual(['a', 'b']);
    expect(runs[0]!.names).toEqual({
      a: { read_file: 'read_file', echo: 'echo', 'search/files': 'search_files' },
      b: { read_file: 'read_file_1', echo: 'echo_1', 'search/files': 'search_files_1' },
    });
    expect(runs[1]!.names).toEqual(runs[0]!.names);
  });

  it('servers added together (an import) are named in the order they were added, not the order they answer', async () => {
    const [aSlow, bFast] = await Promise.all([
      serve({ id: 'A', transport: 'http', tools: SHARED, delays: { initializeMs: 700 } }),
      serve({ id: 'B', transport: 'sse', tools: SHARED }),
    ]);
    const { mcp } = await startMcp(tempDir(), []);
    try {
      const seen: string[] = [];
      mcp.onStatus((status) => seen.push(status.map((s) => `${s.label}:${s.status}:${s.tools.length}`).join(' ')));
      const [a, b] = (await mcp.addServers([{ label: 'A', type: 'http', url: aSlow.url }, { label: 'B', type: 'sse', url: bFast.url }])) as [McpServer, McpServer];
      await waitForStatus(mcp, a.uuid, 'ready');
      await waitForStatus(mcp, b.uuid, 'ready');
      expect(namesOf(mcp, a.uuid)).toEqual({ read_file: 'read_file', echo: 'echo', 'search/files': 'search_files' });
      expect(namesOf(mcp, b.uuid)).toEqual({ read_file: 'read_file_1', echo: 'echo_1', 'search/files': 'search_files_1' });
      // B answered first, yet was never shown ready before A had its names.
      expect(seen.some((line) => /^A:connecting:0 B:connecting:0$/.test(line))).toBe(true);
      expect(seen.some((line) => /^A:connecting:0 B:ready/.test(line))).toBe(false);
    } finally {
      await mcp.stop();
    }
  });

  it('a server added on its own never waits for one added earlier that is still connecting', async () => {
    const [hangs, fast] = await Promise.all([
      serve({ id: 'H', transport: 'http', tools: SHARED, fault: 'hang-initialize' }),
      serve({ id: 'F', transport: 'sse', tools: SHARED }),
    ]);
    const { mcp } = await startMcp(tempDir(), []);
    try {
      const first = await mcp.addServer({ label: 'Hangs', type: 'http', url: hangs.url, connectTimeoutMs: 60_000 });
      const second = await mcp.addServer({ label: 'Fast', type: 'sse', url: fast.url });
      await waitForStatus(mcp, second.uuid, 'ready');
      expect(statusOf(mcp, first.uuid).status).toBe('connecting');
      // Named when it listed; the one still connecting gets what is left when (if) it lists.
      expect(namesOf(mcp, second.uuid)).toEqual({ read_file: 'read_file', echo: 'echo', 'search/files': 'search_files' });
    } finally {
      await mcp.stop();
    }
  });

  it('a server offline at start keeps its names; a server added meanwhile never takes them', async () => {
    const dir = tempDir();
    const b = await startFixtureInProcess({ id: 'B', transport: 'http', tools: SHARED });
    const servers = [
      urlEntry('a', 'A', 'sse', (await serve({ id: 'A', transport: 'sse', tools: SHARED })).url),
      urlEntry('b', 'B', 'http', b.url, { connectTimeoutMs: 2_000 }),
    ];
    const first = await startMcp(dir, servers);
    const names = allNames(first.mcp);
    expect(names.b).toEqual({ read_file: 'read_file_1', echo: 'echo_1', 'search/files': 'search_files_1' });
    await first.mcp.stop();
    await b.stop();

    const second = await startMcp(dir);
    const { mcp } = second;
    try {
      const offline = statusOf(mcp, 'b');
      expect(offline.status).toBe('failed');
      // The cause depends on the socket (ECONNREFUSED, or a pooled keep-alive socket the old
      // server closed: "other side closed"); either way the message says what and why.
      expect(offline.error).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp \(.+\)$/);
      expect(offline.offline).toBe(true);
      expect(namesOf(mcp, 'b')).toEqual(names.b);
      expect(allNames(mcp)).toEqual(names);
      expect(mcp.originalToolName('echo_1')).toEqual({ uuid: 'b', original: 'echo' });
      expect(mcp.isMcpToolName('search_files_1')).toBe(true);
      // Not offered to the model while offline, and a call says which tool and which server.
      expect(mcp.getLlmTools().map((t) => t.name).sort()).toEqual(['echo', 'read_file', 'search_files']);
      await expect(mcp.callTool('echo_1')).rejects.toThrow(/"echo_1".*"echo".*server "B".*not connected/);
      // The healthy server is unaffected.
      expect(answer(await mcp.callTool('echo', {}, APPROVED))).toMatchObject({ server: 'A', tool: 'echo' });

      // A newcomer with the same tools while B is offline gets fresh suffixes, not B's names.
      const c = await serve({ id: 'C', transport: 'http', tools: [...SHARED, 'new_tool'] });
      const added = await mcp.addServer({ label: 'C', type: 'http', url: c.url });
      await waitForStatus(mcp, added.uuid, 'ready');
      expect(namesOf(mcp, added.uuid)).toEqual({
        read_file: 'read_file_2',
        echo: 'echo_2',
        'search/files': 'search_files_2',
        new_tool: 'new_tool',
      });
      expect(answer(await mcp.callTool('echo_2', {}, APPROVED))).toMatchObject({ server: 'C', tool: 'echo' });

      // B comes back (at a new address, edited by the user): the same names as before.
      const back = await serve({ id: 'B', transport: 'http', tools: SHARED });
      await mcp.updateServer('b', { label: 'B', type: 'http', url: back.url });
      await waitForStatus(mcp, 'b', 'ready');
      expect(statusOf(mcp, 'b')).toMatchObject({ status: 'ready', offline: false });
      expect(namesOf(mcp, 'b')).toEqual(names.b);
      expect(answer(await mcp.callTool('echo_1', {}, APPROVED))).toMatchObject({ server: 'B', tool: 'echo' });
      expect(namesOf(mcp, added.uuid).echo).toBe('echo_2');
    } finally {
      await mcp.stop();
    }
  });

  it('a disabled server keeps its names across a restart', async () => {
    const dir = tempDir();
    const [a, b] = await Promise.all([
      serve({ id: 'A', transport: 'http', tools: SHARED }),
      serve({ id: 'B', transport: 'http', tools: SHARED }),
    ]);
    const first = await startMcp(dir, [urlEntry('a', 'A', 'http', a.url), urlEntry('b', 'B', 'http', b.url)]);
    const names = allNames(first.mcp);
    await first.mcp.setServerEnabled('a', false);
    await first.mcp.stop();

    const second = await startMcp(dir);
    try {
      expect(statusOf(second.mcp, 'a')).toMatchObject({ status: 'disabled', offline: true });
      expect(allNames(second.mcp)).toEqual(names);
      expect(second.mcp.getLlmTools().map((t) => t.name).sort()).toEqual(['echo_1', 'read_file_1', 'search_files_1']);
      await second.mcp.setServerEnabled('a', true);
      await waitForStatus(second.mcp, 'a', 'ready');
      expect(allNames(second.mcp)).toEqual(names);
      expect(answer(await second.mcp.callTool('echo', {}, APPROVED))).toMatchObject({ server: 'A' });
    } finally {
      await second.mcp.stop();
    }
  });
});
