// Tool calls toward a server of the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`),
// against the real fixture of the revision with its task tools (tests/fixtures/modern-tasks.ts),
// over HTTP (where each request about a task carries its id as Mcp-Name) and stdio: the server
// decides which calls become tasks; `callTool` resolves with the final result either way; the
// status and its message are followed at the server's pollIntervalMs; input during a task is
// answered through the caller and sent with tasks/update; cancelling sends tasks/cancel; the
// limit is the task's own; a failed task fails the call with the server's error; sampling asked
// during a task is refused (a log line) and the task cancelled, never a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import type { TaskInfo } from '../../src/types/tasks.js';
import { modernCommand, startModernHttp } from '../fixtures/modern-launch.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, startMcp, statusOf, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';

const servers: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  removeTempDirs();
});

async function started(): Promise<{ mcp: Mcp; seen: TaskInfo[][] }> {
  const http = await startModernHttp({ tasks: true });
  servers.push(http);
  const { mcp } = await startMcp(tempDir(), [urlEntry('tasker', 'Tasker', 'http', http.url, { defaultPolicy: 'allow' })]);
  const seen: TaskInfo[][] = [];
  mcp.tasks.onChange((tasks) => void seen.push(tasks));
  return { mcp, seen };
}

/** Requests the fixture received, by method (its `stats` tool counts itself too). */
async function stats(mcp: Mcp): Promise<Record<string, number>> {
  return JSON.parse(text(await mcp.callTool('stats', {}))) as Record<string, number>;
}

describe('the tasks extension', () => {
  let mcp: Mcp;
  let seen: TaskInfo[][];

  beforeAll(async () => {
    ({ mcp, seen } = await started());
  });

  it('a call the server makes a task resolves with its final result; its status is followed at pollIntervalMs', async () => {
    expect(statusOf(mcp, 'tasker')).toMatchObject({ status: 'ready', protocolVersion: '2026-07-28' });
    const result = await mcp.callTool('slow_compute', { ms: 400 }, { callId: 'call-1', timeoutMs: 90_000 });
    expect(text(result)).toBe('computed after 400 ms');
    const states = seen.flat().filter((task) => task.tool === 'slow_compute');
    expect(states[0]).toMatchObject({ uuid: 'tasker', server: 'Tasker', status: 'working', statusMessage: 'computing', limitMs: 60_000, limitFrom: 'server', pollIntervalMs: 100, callId: 'call-1' });
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.at(-1)).toMatchObject({ status: 'completed', statusMessage: 'done' });
    expect(mcp.tasks.list()).toEqual([]);
  });

  it('a call the server answers at once is a plain call: no task, nothing listed', async () => {
    const before = seen.length;
    expect(text(await mcp.callTool('greet', { name: 'Ada' }))).toBe('Hello, Ada!');
    expect(seen.slice(before).flat()).toEqual([]);
  });

  it('every request of the call declares the extension (a tool that requires a task runs), and carries the task\'s id as Mcp-Name', async () => {
    const before = await stats(mcp);
    const result = await mcp.callTool('failing_job', {});
    // A tool error is a completed task whose result says so.
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('the job could not run');
    const after = await stats(mcp);
    // The fixture refuses a tasks/* request whose Mcp-Name is not the task's id, and one without the extension.
    expect(after['tasks/get']! - (before['tasks/get'] ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it('a task that fails fails the call with the server\'s JSON-RPC error', async () => {
    await expect(mcp.callTool('protocol_error_job', {})).rejects.toThrow(/"protocol_error_job".*MCP error -32603: the task failed: the job broke/);
  });

  it('input during a task: the caller answers, tasks/update carries it, the task goes on', async () => {
    const asked: string[] = [];
    const result = await mcp.callTool('confirm_delete', {}, {
      elicit: async (request) => {
        asked.push(`${request.tool}: ${request.message}`);
        return { action: 'accept', content: { confirm: 'yes' } };
      },
    });
    expect(text(result)).toBe('deleted');
    expect(asked).toEqual(['confirm_delete: Delete everything?']);
    expect(seen.flat().some((task) => task.tool === 'confirm_delete' && task.status === 'input_required' && task.statusMessage === 'waiting for a yes')).toBe(true);
    // Without a caller who can answer, the request is declined, and the server decides what follows.
    expect(text(await mcp.callTool('confirm_delete', {}))).toBe('kept');
  });

  it('several inputs at once are each asked once, and sent together', async () => {
    const asked: string[] = [];
    const result = await mcp.callTool('multi_input', {}, {
      elicit: async (request) => {
        asked.push(request.message);
        return { action: 'accept', content: (request.message === 'First?' ? { first: 'one' } : { second: 'two' }) as Record<string, string> };
      },
    });
    expect(text(result)).toBe('one and two');
    expect(asked).toEqual(['First?', 'Second?']);
  });

  it('input before the task (a round of the call), then the task: the answer reaches its result', async () => {
    const result = await mcp.callTool('test_tool_with_task', {}, { elicit: async () => ({ action: 'accept', content: { user_name: 'Grace' } }) });
    expect(text(result)).toBe('Hello, Grace, from a task');
  });

  it('sampling asked during a task is refused with a log line, and the task cancelled: the call fails, no hang', async () => {
    const before = await stats(mcp);
    await expect(mcp.callTool('sample_in_task', {})).rejects.toThrow('MCP error -32601: Method not found: sampling/createMessage (this app does not offer sampling');
    expect(mcp.logs.read('tasker').map((entry) => entry.text)).toContainEqual(expect.stringMatching(/^The server asked for "sampling\/createMessage", refused/));
    await expect.poll(async () => (await stats(mcp))['tasks/cancel'] ?? 0).toBe((before['tasks/cancel'] ?? 0) + 1);
  });

  it('cancelling from the running tasks sends tasks/cancel, and the call fails saying so', async () => {
    const before = await stats(mcp);
    const call = mcp.callTool('endless_job', {});
    await waitFor('the task to be listed', () => mcp.tasks.list().length === 1);
    const [task] = mcp.tasks.list() as [TaskInfo];
    expect(task).toMatchObject({ tool: 'endless_job', status: 'working', statusMessage: 'still going' });
    expect(mcp.tasks.cancel('tasker', task.taskId)).toBe(true);
    await expect(call).rejects.toThrow(/"endless_job".*Cancelled by the user/);
    await expect.poll(async () => (await stats(mcp))['tasks/cancel'] ?? 0).toBe((before['tasks/cancel'] ?? 0) + 1);
  });

  it('the limit is the task\'s own: its ttlMs, else the app\'s; it runs out with tasks/cancel', async () => {
    await expect(mcp.callTool('endless_job', { ttlMs: 400 }, { timeoutMs: 600_000 })).rejects.toThrow(/time limit of 0\.4 s \(its ttl, set by the server\)/);
    const started = Date.now();
    await expect(mcp.callTool('endless_job', { ttlMs: null }, { timeoutMs: 500 })).rejects.toThrow(/time limit of 0\.5 s \(asked for by the app; the server set none\)/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seen.flat().filter((task) => task.tool === 'endless_job').map((task) => [task.limitMs, task.limitFrom])).toEqual(expect.arrayContaining([[400, 'server'], [500, 'app']]));
  });
});

describe('over stdio, and inspect as a process', () => {
  it('a task over stdio; inspect call prints the final result', async () => {
    const dir = tempDir('tasks-extension-');
    const { command, args } = modernCommand({ transport: 'stdio', tasks: true });
    seedStore(dir, [{ uuid: 'stdio-tasker', label: 'Tasker', state: 'enabled', type: 'stdio', command, args, defaultPolicy: 'allow' }]);
    const run = await inspectChild(['--user-data', dir, 'call', 'confirm_delete', '{}', '--answer', '{"confirm": "yes"}']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ content: [{ type: 'text', text: 'deleted' }] });
    expect(run.stderr).toContain('inspect: Tasker asks for input: "Delete everything?" (fields: confirm); answered with --answer 1.');
  });
});
