// One tool call run as a task (MCP 2025-11-25, experimental): `tools/call` with `task: { ttl }`
// gets a task handle at once; then `tasks/get` every `pollInterval` until the task ends, and
// `tasks/result` for its result. While the task waits for input (`input_required`), `tasks/result`
// is asked at once: the server sends its requests (elicitation) on it, naming the task, and
// answers with the result when the task ends. The call's time limit is the task's own: its ttl
// (how long the server keeps it), or the one asked for when the server sets none. The caller
// cancelling, or the limit running out, sends `tasks/cancel`.
//
// The SDK's `callToolStream` does the same loop, but never cancels the task on abort, sleeps
// through an abort, and gives each poll the whole call's timeout; this loop is built from the
// SDK's own requests and schemas instead.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolResultSchema, CreateTaskResultSchema, GetTaskResultSchema, type CallToolResult, type Task } from '@modelcontextprotocol/sdk/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod/v4';
import { messageOf } from '../../../types/errors.js';
import { withOwnSignal } from '../signals/request-signal.js';
import { CANCEL_TIMEOUT_MS, FINAL_STATUSES as FINAL, limitReached, pollIntervalOf, statusMessageOf, taskLimit, type TaskState } from './task-limits.js';

/** The task's answer to `tools/call`, or (a server that chose not to make one) the result itself. */
const CreatedOrResultSchema = z.union([CreateTaskResultSchema, CallToolResultSchema]);

export interface TaskCallOptions {
  /** The caller's: aborting cancels the task (`tasks/cancel`). */
  signal?: AbortSignal;
  /** The ttl to ask for (ms); the task's limit when the server sets none. */
  ttlMs: number;
  /** The timeout of each request about the task (creating it, polling it, cancelling it). */
  requestTimeoutMs: number;
  onProgress?: RequestOptions['onprogress'];
  /** Each state the task goes through, from its creation to its end. */
  onState?: (state: TaskState) => void;
  /** Status the server pushes (`notifications/tasks/status`) for a task: `listen(taskId, update)` until the returned function is called. */
  listen?: (taskId: string, update: (task: Task) => void) => () => void;
}

const pollInterval = (task: Task): number => pollIntervalOf(task.pollInterval);

/** Runs `tools/call` for `name` as a task and resolves with its final result. */
export async function callAsTask(client: Client, name: string, args: Record<string, unknown>, options: TaskCallOptions): Promise<CallToolResult> {
  const { signal, ttlMs, requestTimeoutMs } = options;
  const created = await client.request(
    { method: 'tools/call', params: { name, arguments: args } },
    CreatedOrResultSchema,
    { signal, timeout: requestTimeoutMs, task: { ttl: ttlMs }, ...(options.onProgress ? { onprogress: options.onProgress, resetTimeoutOnProgress: true } : {}) },
  );
  const handle = CreateTaskResultSchema.safeParse(created);
  if (!handle.success) return CallToolResultSchema.parse(created);
  let task: Task = handle.data.task;
  const { limitMs, limitFrom } = taskLimit(task.ttl, ttlMs);
  const deadline = Date.now() + limitMs;
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(limitReached(limitMs, limitFrom)), limitMs);
  const running = AbortSignal.any([signal ?? new AbortController().signal, limit.signal]);
  const report = (): void => options.onState?.({
    taskId: task.taskId,
    status: task.status,
    ...statusMessageOf(task.statusMessage),
    createdAt: task.createdAt,
    limitMs,
    limitFrom,
    deadline,
    pollIntervalMs: pollInterval(task),
  });
  // A status the server pushes counts like a poll's, and ends the wait for the next poll.
  let wake = new AbortController();
  const unlisten = options.listen?.(task.taskId, (pushed) => {
    if (pushed.taskId !== task.taskId || FINAL.has(task.status)) return;
    task = pushed;
    report();
    wake.abort();
  });
  report();
  const timeout = (): number => Math.max(1, Math.min(requestTimeoutMs, deadline - Date.now()));
  try {
    while (!FINAL.has(task.status)) {
      if (task.status === 'input_required') {
        // The server's requests come on this one; it answers once the task has ended.
        return await taskResult(client, task.taskId, { signal: running, timeout: Math.max(1, deadline - Date.now()) });
      }
      await sleep(pollInterval(task), undefined, { signal: AbortSignal.any([running, wake.signal]) }).catch(() => {
        if (running.aborted) throw running.reason;
      });
      wake = new AbortController();
      const polled = await withOwnSignal(running, (signal) => client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, GetTaskResultSchema, { signal, timeout: timeout() }));
      if (!FINAL.has(task.status)) task = polled;
      report();
    }
    if (task.status === 'cancelled') throw new Error(`the server cancelled the task${task.statusMessage ? `: ${task.statusMessage}` : ''}`);
    try {
      return await taskResult(client, task.taskId, { signal: running, timeout: timeout() });
    } catch (error) {
      if (task.status === 'failed') throw new Error(`the task failed: ${task.statusMessage ?? messageOf(error)}`, { cause: error });
      throw error;
    }
  } catch (error) {
    if (running.aborted && !FINAL.has(task.status)) {
      // The call fails once the server has the word (at most CANCEL_TIMEOUT_MS): see extension-task.ts.
      await cancelTask(client, task.taskId);
      throw running.reason;
    }
    throw error;
  } finally {
    clearTimeout(timer);
    unlisten?.();
  }
}

function taskResult(client: Client, taskId: string, options: RequestOptions): Promise<CallToolResult> {
  return client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema, options);
}

/** Asks the server to cancel the task; best effort (it may have ended, or gone). */
async function cancelTask(client: Client, taskId: string): Promise<void> {
  try {
    await client.experimental.tasks.cancelTask(taskId, { timeout: CANCEL_TIMEOUT_MS });
  } catch {
    // The call has failed already, with its own reason; a task the server no longer has needs no cancel.
  }
}
