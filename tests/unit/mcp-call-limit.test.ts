// The longest a tool call may run, progress or not (a server's `maxCallMs`), against real fixture
// servers over stdio, Streamable HTTP and SSE: a server that keeps reporting progress restarts the
// call's timeout, but not this limit; the call then fails saying so, the server is sent
// notifications/cancelled (what the SDK's own total timeout never sends), the server's log says
// so, and the connection and other calls go on. The time a user spends answering the server does
// not count, and a task, once made, is bounded by its own limit instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { APPROVED, answer, removeTempDirs, serve, startMcp, statusOf, stdioEntry, stopServed, tempDir, text, urlEntry } from './helpers/mcp-env.js';

const TOOLS = ['progress', 'cancelled', 'elicit'];
const LIMITS = { maxCallMs: 1_500, callTimeoutMs: 1_000 };
const LIMIT_ERROR = /the call ran for 1\.5 s, the longest a call of this server may run \(its maxCallMs\), progress reports or not; it was stopped/;
/** 100 reports 100 ms apart: 10 s, each gap far within the 1 s call timeout. */
const ENDLESS = { steps: 100, intervalMs: 100 };
const TASK_TOOLS: FixtureConfig['tools'] = [{ name: 'must', execution: { taskSupport: 'required' } }];

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

/** How long `work` took to settle (ms), and its error's message when it failed. */
async function timed(work: Promise<unknown>): Promise<{ ms: number; error?: string }> {
  const started = performance.now();
  try {
    await work;
    return { ms: performance.now() - started };
  } catch (error) {
    return { ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

describe('the overall limit of a call', () => {
  let mcp: Mcp;

  beforeAll(async () => {
    const http = await serve({ id: 'H', transport: 'http', tools: TOOLS });
    const sse = await serve({ id: 'E', transport: 'sse', tools: TOOLS });
    const tasks = await serve({ id: 'T', transport: 'http', tools: TASK_TOOLS, tasks: { pollIntervalMs: 100 } });
    ({ mcp } = await startMcp(tempDir('call-limit-'), [
      stdioEntry('stdio', 'Over stdio', { id: 'S', transport: 'stdio', tools: TOOLS }, LIMITS),
      urlEntry('http', 'Over HTTP', 'http', http.url, LIMITS),
      urlEntry('sse', 'Over SSE', 'sse', sse.url, LIMITS),
      // Silent for longer than the limit, which is shorter than its call timeout.
      stdioEntry('quiet', 'Quiet', { id: 'Q', transport: 'stdio', tools: ['slow'] }, { maxCallMs: 1_000, callTimeoutMs: 5_000 }),
      urlEntry('tasks', 'Tasks', 'http', tasks.url, { maxCallMs: 1_000, defaultPolicy: 'allow' }),
    ]));
  });

  const servers = [
    ['stdio', 'progress', 'cancelled'],
    ['http', 'progress_1', 'cancelled_1'],
    ['sse', 'progress_2', 'cancelled_2'],
  ] as const;

  it.each(servers)('over %s, a call that keeps reporting progress is stopped at the limit; the server hears, the log says so, the connection goes on', async (uuid, progress, cancelled) => {
    const reports: number[] = [];
    const { ms, error } = await timed(mcp.callTool(progress, ENDLESS, { ...APPROVED, onProgress: (report) => void reports.push(report.progress) }));
    expect(error).toMatch(new RegExp(`"${progress}".*${LIMIT_ERROR.source}`));
    // Progress kept coming (each report restarted the 1 s timeout) until the limit ended it.
    expect(reports.length).toBeGreaterThanOrEqual(10);
    expect(ms).toBeGreaterThanOrEqual(1_450);
    expect(ms).toBeLessThan(3_000);
    // The server was told: the SDK's own total timeout sends no notifications/cancelled.
    const seen = JSON.parse(text(await mcp.callTool(cancelled, {}, APPROVED))) as Array<{ reason: string }>;
    expect(seen.map((entry) => entry.reason)).toContainEqual(expect.stringMatching(/Request timed out|maxCallMs/));
    expect(mcp.logs.read(uuid).map((entry) => entry.text)).toContainEqual(expect.stringMatching(new RegExp(`^A call of "progress" ran for 1\\.5 s, this server's longest call \\(maxCallMs\\), and was stopped`)));
    expect(statusOf(mcp, uuid).status).toBe('ready');
    expect(answer(await mcp.callTool(progress, { steps: 3, intervalMs: 50 }, APPROVED))).toMatchObject({ tool: 'progress' });
  });

  it.each(servers)('over %s, a caller that can answer the server keeps the limit itself, with the same outcome', async (uuid, progress, cancelled) => {
    const before = JSON.parse(text(await mcp.callTool(cancelled, {}, APPROVED))) as unknown[];
    const { ms, error } = await timed(mcp.callTool(progress, ENDLESS, { ...APPROVED, elicit: async () => ({ action: 'decline' }) }));
    expect(error).toMatch(LIMIT_ERROR);
    expect(ms).toBeGreaterThanOrEqual(1_450);
    expect(ms).toBeLessThan(3_000);
    const seen = JSON.parse(text(await mcp.callTool(cancelled, {}, APPROVED))) as Array<{ reason: string }>;
    expect(seen.slice(before.length).map((entry) => entry.reason)).toEqual([expect.stringMatching(/maxCallMs/)]);
    expect(mcp.logs.read(uuid).filter((entry) => /^A call of "progress" ran for 1\.5 s/.test(entry.text))).toHaveLength(2);
  });

  it('the time the user spends answering the server does not count', async () => {
    const slowAnswer = async (): Promise<{ action: 'accept'; content: { age: number } }> => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { action: 'accept', content: { age: 36 } };
    };
    const result = await mcp.callTool('elicit', {}, { ...APPROVED, elicit: slowAnswer });
    expect(JSON.parse(text(result))).toMatchObject({ action: 'accept', content: { age: 36 } });
  });

  it('a silent server is stopped at the limit when the limit is shorter than its call timeout', async () => {
    const { ms, error } = await timed(mcp.callTool('slow', { ms: 3_000 }, APPROVED));
    expect(error).toMatch(/the call ran for 1 s, the longest a call of this server may run \(its maxCallMs\)/);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(2_500);
  });

  it('a call within the limit is untouched', async () => {
    expect(answer(await mcp.callTool('progress', { steps: 5, intervalMs: 100 }, APPROVED))).toMatchObject({ tool: 'progress' });
  });

  it('a task, once the server has made it, is bounded by its own limit instead', async () => {
    const result = await mcp.callTool('must', { steps: 6, ms: 300 }, {});
    expect(JSON.parse(text(result))).toMatchObject({ tool: 'must', task: 'done' });
  });
});
