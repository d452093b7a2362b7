// Tool calls that run as tasks (MCP 2025-11-25, experimental), against a fixture server with the
// SDK's own task store: a tool that allows tasks (on a server that offers them) or requires one
// runs as a task; `callTool` still resolves with the final result; the status and its message
// are followed (polls at the server's pollInterval, and the status it pushes); cancelling sends
// tasks/cancel; a task that asks for input is answered through the caller; a task that never
// ends stops at its own time limit (the server's ttl, else the one the app asked for).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { Mcp } from '../../src/main/mcp.js';
import type { TaskInfo } from '../../src/types/tasks.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { removeTempDirs, seedStore, serve, startMcp, statusOf, stopServed, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

const TOOLS: FixtureConfig['tools'] = [
  { name: 'long', execution: { taskSupport: 'optional' } },
  { name: 'must', execution: { taskSupport: 'required' } },
  { name: 'never', execution: { taskSupport: 'forbidden' } },
  'plain',
  'cancelled_tasks',
];

async function tasked(tasks: FixtureConfig['tasks'], id = 'worker'): Promise<{ mcp: Mcp; seen: TaskInfo[][] }> {
  const server = await serve({ id, transport: 'http', tools: TOOLS, tasks });
  const { mcp } = await startMcp(tempDir(), [urlEntry(id, 'Worker', 'http', server.url, { defaultPolicy: 'allow' })]);
  const seen: TaskInfo[][] = [];
  mcp.tasks.onChange((tasks) => void seen.push(tasks));
  return { mcp, seen };
}

describe('calls that run as tasks', () => {
  let mcp: Mcp;
  let seen: TaskInfo[][];

  beforeAll(async () => {
    ({ mcp, seen } = await tasked({ pollIntervalMs: 150 }));
  });

  it('a tool that allows a task runs as one on a server that offers them; callTool resolves with the final result', async () => {
    expect(statusOf(mcp, 'worker').tools.find((tool) => tool.original === 'long')).toMatchObject({ taskSupport: 'optional' });
    const result = await mcp.callTool('long', { steps: 3, ms: 60 }, { timeoutMs: 120_000, callId: 'call-1' });
    expect(JSON.parse(text(result))).toEqual({ server: 'worker', tool: 'long', args: { steps: 3, ms: 60 }, task: 'done' });
    const states = seen.flat().filter((task) => task.tool === 'long');
    expect(states[0]).toMatchObject({ uuid: 'worker', server: 'Worker', status: 'working', limitMs: 120_000, limitFrom: 'server', pollIntervalMs: 150, callId: 'call-1' });
    // The status message follows the work (polled, and pushed by the server).
    expect(states.map((task) => task.statusMessage).filter(Boolean)).toEqual(expect.arrayContaining(['step 1 of 3', 'step 3 of 3']));
    expect(mcp.tasks.list()).toEqual([]);
  });

  it('a tool that requires a task runs as one; a plain or forbidden one does not', async () => {
    const before = seen.length;
    expect(JSON.parse(text(await mcp.callTool('must', { steps: 1 })))).toMatchObject({ tool: 'must', task: 'done' });
    expect(seen.slice(before).flat().some((task) => task.tool === 'must')).toBe(true);
    const after = seen.length;
    expect(JSON.parse(text(await mcp.callTool('plain', {})))).toMatchObject({ tool: 'plain' });
    expect(JSON.parse(text(await mcp.callTool('never', {})))).toMatchObject({ tool: 'never' });
    expect(seen.slice(after).flat()).toEqual([]);
  });

  it('cancelling sends tasks/cancel, and the call fails saying so', async () => {
    const call = mcp.callTool('long', { mode: 'forever' });
    await waitFor('the task to run', () => mcp.tasks.list().length === 1);
    const [task] = mcp.tasks.list() as [TaskInfo];
    expect(mcp.tasks.cancel('worker', task.taskId)).toBe(true);
    await expect(call).rejects.toThrow(/"long".*Cancelled by the user/);
    await expect.poll(async () => JSON.parse(text(await mcp.callTool('cancelled_tasks', {}))) as unknown).toContain(task.taskId);
    expect(mcp.tasks.cancel('worker', task.taskId)).toBe(false);
  });

  it('a task that asks for input waits for the caller\'s answer (its request names the task) and resolves with the result', async () => {
    const asked: string[] = [];
    const result = await mcp.callTool('long', { mode: 'ask', message: 'Which colour?' }, {
      elicit: async (request) => {
        asked.push(`${request.tool}: ${request.message}`);
        return { action: 'accept', content: { colour: 'teal' } };
      },
    });
    expect(JSON.parse(text(result))).toEqual({ answer: { action: 'accept', content: { colour: 'teal' } } });
    expect(asked).toEqual(['long: Which colour?']);
    expect(seen.flat().some((task) => task.status === 'input_required')).toBe(true);
  });

  it('a task that fails answers with its error result', async () => {
    const result = await mcp.callTool('long', { mode: 'fail' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('the work failed on purpose');
  });

  it('IPC lists the running tasks, pushes their changes, and cancels one', async () => {
    const dir = tempDir();
    const server = await serve({ id: 'ipc-worker', transport: 'http', tools: TOOLS, tasks: { pollIntervalMs: 50, list: true } });
    seedStore(dir, [urlEntry('ipc-worker', 'Worker', 'http', server.url, { defaultPolicy: 'allow' })]);
    const core: Core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    try {
      const ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
      const pushed: TaskInfo[][] = [];
      ipc.on('tasks', (tasks) => void pushed.push(tasks));
      const call = ipc.invoke('callTool', { name: 'long', args: { mode: 'forever' }, callId: 'c-task' });
      await waitFor('the task event', () => pushed.some((tasks) => tasks.length === 1));
      const listed = (await ipc.invoke('listTasks', undefined)) as TaskInfo[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ tool: 'long', callId: 'c-task', status: 'working' });
      expect(await ipc.invoke('cancelTask', { uuid: 'ipc-worker', taskId: listed[0]!.taskId })).toEqual({ cancelled: true });
      await expect(call).rejects.toThrow(/Cancelled by the user/);
      await waitFor('the empty list', () => pushed.at(-1)?.length === 0);
      await expect(ipc.invoke('cancelTask', { uuid: 'ipc-worker', taskId: '' })).rejects.toThrow(/Invalid input for "cancelTask"/);
    } finally {
      await core.close();
    }
  });
});

describe('a task that never ends', () => {
  it('stops at the time limit the app asked for when the server sets none, and is cancelled', async () => {
    const { mcp } = await tasked({ ttlMs: null, pollIntervalMs: 50 }, 'endless');
    try {
      const started = Date.now();
      await expect(mcp.callTool('long', { mode: 'forever' }, { timeoutMs: 500 }))
        .rejects.toThrow(/the task did not finish within its time limit of 0\.5 s \(asked for by the app; the server set none\)/);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect.poll(async () => (JSON.parse(text(await mcp.callTool('cancelled_tasks', {}))) as string[]).length).toBe(1);
    } finally {
      await mcp.stop();
    }
  });

  it('stops at the server\'s ttl when it sets one, whatever the app asked for', async () => {
    // A poll interval below the app's bound (100 ms) is raised to it.
    const { mcp, seen } = await tasked({ ttlMs: 400, pollIntervalMs: 20 }, 'short-lived');
    try {
      await expect(mcp.callTool('long', { mode: 'forever' }, { timeoutMs: 600_000 }))
        .rejects.toThrow(/time limit of 0\.4 s \(its ttl, set by the server\)/);
      expect(seen.flat()[0]).toMatchObject({ limitMs: 400, limitFrom: 'server', pollIntervalMs: 100 });
    } finally {
      await mcp.stop();
    }
  });
});
