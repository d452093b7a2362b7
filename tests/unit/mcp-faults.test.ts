// Faults, each ending in a clear status or error while a healthy server in the same manager
// stays ready and callable: a command that does not exist, a server that exits at once, hangs
// in initialize or tools/list, dies in the middle of a call, answers HTTP 401 / 500, or sends a
// malformed list; plus unknown tools, offline servers, aborts and timeouts of calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import type { Started } from './helpers/mcp-env.js';
import { answer, APPROVED, namesOf, recordStatuses, removeTempDirs, serve, startMcp, statusOf, stdioEntry, stopServed, tempDir, urlEntry, waitFor, waitForStatus } from './helpers/mcp-env.js';

const TIMEOUT = { connectTimeoutMs: 1_500 };

// File level: the later describes make temp folders after the first one's afterAll has run.
afterAll(removeTempDirs);

describe('faults', () => {
  let started: Started;
  let mcp: Mcp;
  let startMs: number;
  let statuses: ReturnType<typeof recordStatuses>;

  beforeAll(async () => {
    const [healthy, hangList, unauthorized, broken, malformed, hangHttp, hangSse] = await Promise.all([
      serve({ id: 'H', transport: 'http', tools: ['echo', 'slow'] }),
      serve({ id: 'HL', transport: 'http', tools: ['echo'], fault: 'hang-list' }),
      serve({ id: '401', transport: 'http', tools: ['echo'], fault: 'http-401' }),
      serve({ id: '500', transport: 'sse', tools: ['echo'], fault: 'http-500' }),
      serve({ id: 'M', transport: 'http', tools: ['echo'], fault: 'malformed-list' }),
      serve({ id: 'HH', transport: 'http', tools: ['echo'], fault: 'hang-initialize' }),
      serve({ id: 'HS', transport: 'sse', tools: ['echo'], fault: 'hang-list' }),
    ]);
    const t0 = Date.now();
    started = await startMcp(
      tempDir(),
      [
        urlEntry('healthy', 'Healthy', 'http', healthy.url),
        { uuid: 'missing', label: 'Missing', state: 'enabled', type: 'stdio', command: '/nonexistent/bin/mcp-server-nowhere', args: [] },
        stdioEntry('exits', 'Exits', { id: 'X', transport: 'stdio', tools: ['echo'], fault: 'exit-at-start' }),
        stdioEntry('hang-init', 'Hangs in initialize', { id: 'HI', transport: 'stdio', tools: ['echo'], fault: 'hang-initialize' }, TIMEOUT),
        urlEntry('hang-list', 'Hangs in tools/list', 'http', hangList.url, TIMEOUT),
        stdioEntry('dies', 'Dies', { id: 'D', transport: 'stdio', tools: ['echo', 'unity/health'], fault: 'die-in-call' }),
        urlEntry('401', 'Unauthorized', 'http', unauthorized.url),
        // A tool it had before it broke: its name is kept, calls say the server is offline.
        urlEntry('500', 'Broken', 'sse', broken.url, { toolMappings: { ghost: 'ghost' } }),
        urlEntry('malformed', 'Malformed', 'http', malformed.url),
        urlEntry('hang-init-http', 'Hangs in initialize (HTTP)', 'http', hangHttp.url, TIMEOUT),
        urlEntry('hang-list-sse', 'Hangs in tools/list (SSE)', 'sse', hangSse.url, TIMEOUT),
      ],
      { reconnect: { baseMs: 100, maxMs: 500, attempts: 3 } },
    );
    startMs = Date.now() - t0;
    mcp = started.mcp;
    statuses = recordStatuses(mcp);
  });

  afterAll(async () => {
    statuses?.stop();
    await mcp?.stop();
    await stopServed();
  });

  it('connects in parallel: four hung servers cost one connect timeout (1.5 s), not one each', () => {
    expect(startMs).toBeGreaterThanOrEqual(1_400);
    // Their logs say when each attempt began and gave up: every one began before any gave up,
    // so the four timeouts ran at once (a wall-clock bound would depend on the machine's load).
    const hung = ['hang-init', 'hang-list', 'hang-init-http', 'hang-list-sse'].map((uuid) => mcp.logs.read(uuid));
    const began = hung.map((log) => log.find((e) => e.text.startsWith('Connecting'))!.time);
    const gaveUp = hung.map((log) => log.find((e) => e.text.startsWith('Failed: '))!.time);
    expect(Math.max(...began)).toBeLessThan(Math.min(...gaveUp));
  });

  it('a healthy server is ready and callable', async () => {
    expect(statusOf(mcp, 'healthy')).toMatchObject({ status: 'ready', offline: false });
    expect(answer(await mcp.callTool('echo', { x: 1 }, APPROVED))).toEqual({ server: 'H', tool: 'echo', args: { x: 1 } });
  });

  it.each([
    ['missing', /command not found: \/nonexistent\/bin\/mcp-server-nowhere/],
    ['exits', /exited before it was ready/],
    ['hang-init', /did not answer within 1\.5 s/],
    ['hang-list', /did not answer within 1\.5 s|timed out/i],
    ['hang-init-http', /did not answer within 1\.5 s/],
    ['hang-list-sse', /did not answer within 1\.5 s|timed out/i],
    ['401', /refused the connection \(HTTP 401\).*API key/],
    ['500', /HTTP 500|\(500\)/],
    ['malformed', /malformed tool list \(tools: .*expected array/],
  ])('%s: failed with a clear reason', (uuid, reason) => {
    const status = statusOf(mcp, uuid);
    expect(status.status).toBe('failed');
    expect(status.error).toMatch(reason);
    expect(status.error!.split('\n')).toHaveLength(1);
    expect(status.offline).toBe(true);
  });

  it('only working tools reach the model', () => {
    expect(mcp.getLlmTools().map((t) => t.name).sort()).toEqual(['die', 'echo', 'echo_1', 'slow', 'unity_health']);
    expect(namesOf(mcp, 'dies')).toEqual({ echo: 'echo_1', 'unity/health': 'unity_health', die: 'die' });
  });

  it('callTool: unknown name → error naming the tool', async () => {
    await expect(mcp.callTool('no_such_tool')).rejects.toThrow(/Unknown tool "no_such_tool"/);
    await expect(mcp.callTool('unity/health')).rejects.toThrow(/"unity\/health"/);
  });

  it('callTool: a tool of an offline server → error naming the tool and the server', async () => {
    expect(statusOf(mcp, '500').tools.map((t) => t.exposed)).toEqual(['ghost']);
    await expect(mcp.callTool('ghost')).rejects.toThrow(/tool "ghost".*server "Broken".*not connected/);
  });

  it('callTool: an AbortSignal cancels a slow call, the server stays usable', async () => {
    const controller = new AbortController();
    const call = mcp.callTool('slow', { ms: 10_000 }, { ...APPROVED, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user pressed stop')), 100);
    const t0 = Date.now();
    await expect(call).rejects.toThrow(/"slow".*server "Healthy".*user pressed stop/);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(answer(await mcp.callTool('slow', { ms: 1 }, APPROVED))).toMatchObject({ server: 'H', tool: 'slow' });
  });

  it('callTool: timeoutMs ends a slow call with an error naming the tool', async () => {
    const t0 = Date.now();
    await expect(mcp.callTool('slow', { ms: 10_000 }, { ...APPROVED, timeoutMs: 200 })).rejects.toThrow(/"slow".*Healthy.*timed out/i);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(statusOf(mcp, 'healthy').status).toBe('ready');
  });

  it('a server that dies mid-call: the call names tool and server, the server reconnects, names unchanged', async () => {
    const before = namesOf(mcp, 'dies');
    await expect(mcp.callTool('die', {}, APPROVED)).rejects.toThrow(/tool "die" \("die" on server "Dies"\) failed/);
    await waitFor('the dying server to reconnect', () => statuses.of('dies').includes('connecting'), 5_000);
    await waitForStatus(mcp, 'dies', 'ready', 15_000);
    expect(namesOf(mcp, 'dies')).toEqual(before);
    expect(answer(await mcp.callTool('unity_health', {}, APPROVED))).toEqual({ server: 'D', tool: 'unity/health', args: {} });
    expect(answer(await mcp.callTool('echo_1', {}, APPROVED))).toMatchObject({ server: 'D', tool: 'echo' });
  });

  it('the healthy server never left ready while the others failed, died and reconnected', async () => {
    expect(statuses.of('healthy')).toEqual(['ready']);
    expect(answer(await mcp.callTool('echo', {}, APPROVED))).toMatchObject({ server: 'H' });
    expect(started.store.config.mcp.servers.find((s) => s.uuid === 'healthy')!.toolMappings).toEqual({ echo: 'echo', slow: 'slow' });
  });
});

describe('remote servers that go away and come back', () => {
  it('HTTP and SSE: dying mid-call or while idle → clear error, reconnect with backoff, same names once back', async () => {
    const [httpDies, sseDies, httpIdle] = await Promise.all([
      startFixtureInProcess({ id: 'HD', transport: 'http', tools: ['echo'], fault: 'die-in-call' }),
      startFixtureInProcess({ id: 'SD', transport: 'sse', tools: ['echo'], fault: 'die-in-call' }),
      startFixtureInProcess({ id: 'HI', transport: 'http', tools: ['echo'] }),
    ]);
    const { mcp } = await startMcp(
      tempDir(),
      [
        urlEntry('http-dies', 'HTTP dies', 'http', httpDies.url, TIMEOUT),
        urlEntry('sse-dies', 'SSE dies', 'sse', sseDies.url, TIMEOUT),
        urlEntry('http-idle', 'HTTP idle', 'http', httpIdle.url, TIMEOUT),
      ],
      { reconnect: { baseMs: 100, maxMs: 500, attempts: 20 } },
    );
    const restarted: InProcessFixture[] = [];
    try {
      const names = { 'http-dies': namesOf(mcp, 'http-dies'), 'sse-dies': namesOf(mcp, 'sse-dies'), 'http-idle': namesOf(mcp, 'http-idle') };
      expect(names['sse-dies']).toEqual({ echo: 'echo_1', die: 'die_1' });

      await Promise.all([
        expect(mcp.callTool('die', {}, APPROVED)).rejects.toThrow(/tool "die" \("die" on server "HTTP dies"\) failed/),
        expect(mcp.callTool('die_1', {}, APPROVED)).rejects.toThrow(/tool "die_1" \("die" on server "SSE dies"\) failed/),
        httpIdle.stop(),
      ]);
      // Gone: each says so and retries, instead of staying "ready" with every call failing.
      await waitFor('all three to notice', () => mcp.getStatus().every((s) => s.status !== 'ready'), 10_000);
      for (const s of mcp.getStatus()) {
        expect(s.error, s.uuid).toMatch(/reconnecting in/);
        expect(s.tools.map((t) => t.exposed)).toEqual(Object.values(names[s.uuid as keyof typeof names]));
      }
      await expect(mcp.callTool('echo_2', {}, APPROVED)).rejects.toThrow(/"echo_2".*server "HTTP idle"/);

      // Back at the same addresses (new processes, new sessions): reconnected, same names.
      restarted.push(
        ...(await Promise.all([
          startFixtureInProcess({ id: 'HD2', transport: 'http', tools: ['echo'], port: httpDies.port }),
          startFixtureInProcess({ id: 'SD2', transport: 'sse', tools: ['echo'], port: sseDies.port }),
          startFixtureInProcess({ id: 'HI2', transport: 'http', tools: ['echo'], port: httpIdle.port }),
        ])),
      );
      await Promise.all(['http-dies', 'sse-dies', 'http-idle'].map((uuid) => waitForStatus(mcp, uuid, 'ready', 10_000)));
      expect(namesOf(mcp, 'http-dies')).toEqual({ echo: 'echo' });
      expect(mcp.originalToolName('die')).toEqual({ uuid: 'http-dies', original: 'die' });
      expect(answer(await mcp.callTool('echo', {}, APPROVED))).toMatchObject({ server: 'HD2', tool: 'echo' });
      expect(answer(await mcp.callTool('echo_1', {}, APPROVED))).toMatchObject({ server: 'SD2', tool: 'echo' });
      expect(answer(await mcp.callTool('echo_2', {}, APPROVED))).toMatchObject({ server: 'HI2', tool: 'echo' });
    } finally {
      await mcp.stop();
      await Promise.all([httpDies, sseDies, httpIdle, ...restarted].map((f) => f.stop()));
    }
  });

  it('gives up after the configured attempts with a clear reason', async () => {
    const gone = await startFixtureInProcess({ id: 'G', transport: 'sse', tools: ['echo'], fault: 'die-in-call' });
    const { mcp } = await startMcp(tempDir(), [urlEntry('gone', 'Gone', 'sse', gone.url, TIMEOUT)], {
      reconnect: { baseMs: 50, maxMs: 100, attempts: 3 },
    });
    try {
      await expect(mcp.callTool('die', {}, APPROVED)).rejects.toThrow(/"die".*"Gone"/);
      const status = await waitForStatus(mcp, 'gone', 'failed', 10_000);
      expect(status.error).toMatch(/ECONNREFUSED.*gave up after 3 reconnects/);
      expect(namesOf(mcp, 'gone')).toEqual({ echo: 'echo', die: 'die' });
    } finally {
      await mcp.stop();
      await gone.stop();
    }
  });
});
