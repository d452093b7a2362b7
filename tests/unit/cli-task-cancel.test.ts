// `inspect call` of a tool that runs as a task, as a process at a terminal: the task is said on
// stderr with its time limit and each new status, and Ctrl-C (SIGINT) cancels it on the server
// (`tasks/cancel`) before inspect ends with 130. Both task runners: a 2026-07-28 server's tasks
// extension (the modern fixture over HTTP) and 2025-11-25's tasks (the fixture's task store).
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTracked, type TrackedChild } from '../fixtures/child-process.js';
import { startModernHttp } from '../fixtures/modern-launch.js';
import { CLI_ARGS } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, serve, startMcp, stopServed, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';

const modern: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(modern.map((server) => server.stop()));
  await stopServed();
  removeTempDirs();
});

const exited = (child: ChildProcess): Promise<number | null> => new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** Starts `inspect call`, waits until its task is said on stderr, then presses Ctrl-C. */
async function interruptTask(dir: string, tool: string, args: unknown): Promise<{ code: number | null; stderr: string; said: string }> {
  const run: TrackedChild = spawnTracked(process.execPath, [...CLI_ARGS, '--user-data', dir, 'call', tool, JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const code = exited(run.child);
  await waitFor('the task on stderr', () => /running as a task: .*\[working\]/.test(run.stderr()), 30_000);
  const said = run.stderr();
  run.child.kill('SIGINT');
  return { code: await code, stderr: run.stderr(), said };
}

describe('inspect call of a task, interrupted', () => {
  it('a 2026-07-28 server\'s task: said with its limit and status; Ctrl-C sends tasks/cancel, and inspect exits 130', async () => {
    const http = await startModernHttp({ tasks: true });
    modern.push(http);
    const dir = tempDir('cli-task-cancel-');
    const entry = urlEntry('tasker', 'Tasker', 'http', http.url, { defaultPolicy: 'allow' });
    seedStore(dir, [entry]);
    const { code, stderr, said } = await interruptTask(dir, 'endless_job', { ttlMs: null });
    expect(said).toMatch(/inspect: running as a task: Tasker {2}endless_job {2}\S+ {2}\[working\] still going {2}time limit ends \S+ \(asked by the app\); Ctrl-C cancels it/);
    expect(stderr).toContain('inspect: cancelling the call');
    expect(stderr).toMatch(/"endless_job".*Cancelled at the terminal \(Ctrl-C\)/);
    expect(code).toBe(130);
    // The server has the word: its own count of requests says so.
    const { mcp } = await startMcp(tempDir(), [entry]);
    try {
      expect((JSON.parse(text(await mcp.callTool('stats', {}))) as Record<string, number>)['tasks/cancel']).toBe(1);
    } finally {
      await mcp.stop();
    }
  });

  it('a 2025-11-25 task: the same, through the SDK\'s task requests', async () => {
    const server = await serve({ id: 'worker', transport: 'http', tools: [{ name: 'long', execution: { taskSupport: 'required' } }, 'cancelled_tasks'], tasks: { ttlMs: 600_000, pollIntervalMs: 100 } });
    const dir = tempDir('cli-task-cancel-');
    const entry = urlEntry('worker', 'Worker', 'http', server.url, { defaultPolicy: 'allow' });
    seedStore(dir, [entry]);
    const { code, stderr, said } = await interruptTask(dir, 'long', { mode: 'forever' });
    expect(said).toMatch(/inspect: running as a task: Worker {2}long {2}\S+ {2}\[working\] {2}time limit ends \S+ \(its ttl\); Ctrl-C cancels it/);
    expect(stderr).toMatch(/"long".*Cancelled at the terminal \(Ctrl-C\)/);
    expect(code).toBe(130);
    const { mcp } = await startMcp(tempDir(), [entry]);
    try {
      expect(JSON.parse(text(await mcp.callTool('cancelled_tasks', {}))) as string[]).toHaveLength(1);
    } finally {
      await mcp.stop();
    }
  });
});
