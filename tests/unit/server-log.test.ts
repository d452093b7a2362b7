// Server logs: a fixed-size ring per server (memory does not grow with uptime), stderr split into
// lines, and, against real fixture servers, what a user reads in a server's log: connect
// attempts and outcomes, stderr lines, and the server's own log messages at the level asked for.
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { createIpcServer } from '../../src/main/ipc.js';
import { LineSplitter } from '../../src/main/mcp/connection/line-splitter.js';
import { LOG_LINE_LIMIT, LogRing, ServerLogs } from '../../src/main/mcp/connection/server-log.js';
import type { LogEntry } from '../../src/types/mcp.js';
import { APPROVED, removeTempDirs, seedStore, startMcp, stdioEntry, tempDir, waitFor } from './helpers/mcp-env.js';

afterAll(removeTempDirs);

const entry = (seq: number): LogEntry => ({ seq, time: seq, source: 'stderr', level: 'info', text: `line ${seq}` });

describe('LogRing', () => {
  it('keeps the newest entries, oldest first, and never more than its capacity', () => {
    const ring = new LogRing(5);
    for (let seq = 1; seq <= 3; seq++) ring.push(entry(seq));
    expect(ring.read().map((e) => e.seq)).toEqual([1, 2, 3]);
    for (let seq = 4; seq <= 1_203; seq++) ring.push(entry(seq));
    expect(ring.read().map((e) => e.seq)).toEqual([1_199, 1_200, 1_201, 1_202, 1_203]);
    expect(ring.read(1_201).map((e) => e.seq)).toEqual([1_202, 1_203]);
    expect(ring.read(5_000)).toEqual([]);
  });
});

describe('ServerLogs', () => {
  it('numbers entries across servers, cuts long ones, forgets a removed server', () => {
    const logs = new ServerLogs(3, () => 42);
    logs.record('a', { source: 'connection', level: 'info', text: 'Connecting' });
    logs.record('b', { source: 'stderr', level: 'info', text: 'x'.repeat(LOG_LINE_LIMIT + 10) });
    logs.record('a', { source: 'server', level: 'error', text: 'boom' });
    expect(logs.read('a')).toEqual([
      { seq: 1, time: 42, source: 'connection', level: 'info', text: 'Connecting' },
      { seq: 3, time: 42, source: 'server', level: 'error', text: 'boom' },
    ]);
    expect(logs.read('a', 1).map((e) => e.seq)).toEqual([3]);
    expect(logs.read('b')[0]!.text).toBe(`${'x'.repeat(LOG_LINE_LIMIT)}…`);
    logs.remove('a');
    expect(logs.read('a')).toEqual([]);
  });

  it('tells listeners once per tick per server, however many lines arrived', async () => {
    const logs = new ServerLogs();
    const heard: string[] = [];
    const stop = logs.onUpdate((uuid) => heard.push(uuid));
    for (let i = 0; i < 100; i++) logs.record(i % 2 ? 'a' : 'b', { source: 'stderr', level: 'info', text: String(i) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.sort()).toEqual(['a', 'b']);
    stop();
  });
});

describe('LineSplitter', () => {
  it('splits chunks into lines (\\n or \\r\\n), skips blank ones, and holds an unfinished line', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line), 10);
    splitter.push('one\r\ntw');
    splitter.push('o\n\n  \nthr');
    expect(lines).toEqual(['one', 'two']);
    expect(splitter.pending).toBe('thr');
    splitter.push('ee-and-a-very-long-line');
    expect(lines).toEqual(['one', 'two', 'three-and-', 'a-very-lon']);
    expect(splitter.pending).toBe('g-line');
  });
});

describe('a server log, from real servers', () => {
  let core: Core | undefined;

  afterAll(async () => {
    await core?.close();
  });

  it('holds connect attempts, stderr lines and log messages at the level asked for, bounded', async () => {
    const dir = tempDir('server-log-');
    const noisy = Array.from({ length: 600 }, (_, i) => `noise ${i}`);
    const talker = stdioEntry('talks', 'Talks', { id: 'talker', transport: 'stdio', tools: ['log'], logging: true, stderr: ['hello from stderr', 'second line'] });
    seedStore(dir, [
      talker,
      stdioEntry('noisy', 'Noisy', { id: 'noisy', transport: 'stdio', tools: ['echo'], stderr: noisy }),
      { uuid: 'missing', label: 'Missing', state: 'enabled', type: 'stdio', command: '/nonexistent/mcp-server', args: ['--token', 'secret'] },
    ]);
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    const ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
    const read = async (uuid: string, after?: number): Promise<LogEntry[]> => (await ipc.invoke('getServerLogs', { uuid, after })) as LogEntry[];
    const updates: string[] = [];
    ipc.on('serverLog', ({ uuid }) => updates.push(uuid));

    await waitFor('stderr lines in the log', () => core!.mcp.logs.read('talks').some((e) => e.text === 'second line'));
    const talks = await read('talks');
    expect(talks[0]).toMatchObject({ source: 'connection', level: 'info' });
    // The fixture runs from its bundle or through tsx: the count is whatever its entry says.
    expect(talks[0]!.text).toMatch(new RegExp(`^Connecting: .*node \\(${talker.type === 'stdio' ? talker.args?.length : -1} arguments\\)$`));
    expect(talks.find((e) => e.source === 'connection' && e.text.startsWith('Connected'))?.text).toBe('Connected to talker 1.0.0: 1 tools listed (MCP 2025-11-25)');
    expect(talks.filter((e) => e.source === 'stderr').map((e) => e.text)).toEqual(['hello from stderr', 'second line']);
    for (const e of talks) expect(e.time).toBeGreaterThan(Date.now() - 60_000);

    // The manager asked for `info` and up (logging/setLevel): a debug message never arrives.
    const last = talks[talks.length - 1]!.seq;
    await core.mcp.callTool('log', { level: 'debug', message: 'too chatty' }, APPROVED);
    await core.mcp.callTool('log', { level: 'warning', message: 'disk almost full' }, APPROVED);
    await waitFor('the log message', () => core!.mcp.logs.read('talks', last).length > 0);
    expect(await read('talks', last)).toEqual([expect.objectContaining({ source: 'server', level: 'warning', text: '[talker] disk almost full' })]);
    await waitFor('a serverLog event for it', () => updates.includes('talks'));

    // A failed start says why, and the log never shows arguments (they can hold keys).
    const missing = await read('missing');
    expect(missing.map((e) => [e.level, e.text])).toEqual([
      ['info', 'Connecting: /nonexistent/mcp-server (2 arguments)'],
      ['error', "Failed: command not found: /nonexistent/mcp-server (no such file). Check the path in the server's settings."],
    ]);

    // 600 stderr lines and two connection lines: the ring keeps the newest 500 (stderr and the
    // protocol are separate pipes, so where the connection lines fall among them varies).
    await waitFor('all noisy lines', () => core!.mcp.logs.read('noisy').some((e) => e.text === 'noise 599'));
    const noisyLog = await read('noisy');
    expect(noisyLog).toHaveLength(500);
    const stderr = noisyLog.filter((e) => e.source === 'stderr').map((e) => e.text);
    expect(stderr[stderr.length - 1]).toBe('noise 599');
    expect(stderr).not.toContain('noise 0');
    expect(noisyLog.map((e) => e.seq)).toEqual([...noisyLog.map((e) => e.seq)].sort((a, b) => a - b));

    await expect(ipc.invoke('getServerLogs', { uuid: 'nope' })).rejects.toThrow('No MCP server with id "nope".');
    await core.mcp.removeServer('noisy');
    expect(core.mcp.logs.read('noisy')).toEqual([]);
  });

  it('keeps a secret out of the log whichever way the server says it', async () => {
    const dir = tempDir('server-log-secret-');
    const key = 'sk-log-7f3a9c2e5d1b';
    seedStore(dir, [stdioEntry('leaky', 'Leaky', { id: 'leaky', transport: 'stdio', tools: ['log'], logging: true, stderr: [`starting with ${key}`] }, { env: { SERVICE_API_KEY: key } })]);
    const leaky = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    try {
      await waitFor('the stderr line', () => leaky.mcp.logs.read('leaky').some((e) => e.source === 'stderr'));
      await leaky.mcp.callTool('log', { level: 'warning', message: `echoing ${key}` }, APPROVED);
      await waitFor('the log message', () => leaky.mcp.logs.read('leaky').some((e) => e.source === 'server'));
      const texts = leaky.mcp.logs.read('leaky').map((e) => e.text);
      expect(texts).toEqual(expect.arrayContaining(['starting with [redacted]', '[leaky] echoing [redacted]']));
      expect(texts.join('\n')).not.toContain(key);
    } finally {
      await leaky.close();
    }
  });

  it('a restart and a crash show in the log with what the server said', async () => {
    const { mcp } = await startMcp(tempDir('server-log-'), [
      stdioEntry('dies', 'Dies', { id: 'D', transport: 'stdio', tools: ['echo'], fault: 'die-in-call', stderr: ['starting up'] }),
    ], { reconnect: { baseMs: 50, maxMs: 100, attempts: 1 } });
    try {
      await expect(mcp.callTool('die', {}, APPROVED)).rejects.toThrow();
      await waitFor('the reconnect', () => mcp.logs.read('dies').filter((e) => e.text.startsWith('Connected')).length === 2);
      const texts = mcp.logs.read('dies').map((e) => `${e.source} ${e.level} ${e.text}`);
      expect(texts).toContainEqual('connection warning the server stopped (it said: starting up); reconnecting in 0.1 s (attempt 1 of 1)');
      expect(texts.filter((t) => t.startsWith('connection info Reconnect attempt 1:'))).toHaveLength(1);
    } finally {
      await mcp.stop();
    }
  });
});
