// One tool call toward a server of the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`,
// SEP-2663): the call declares the extension, and the server alone decides whether to answer with
// the result or with a task (`resultType: "task"`, the task's fields flat in the result). A task
// is asked about with `tasks/get` every `pollIntervalMs` until it ends; its result (or the
// JSON-RPC error of a failed task) comes inlined in the last answer. While it waits for input
// (`input_required`), each new entry of its `inputRequests` is answered through the app's own
// paths (the same registry as any request for input) and sent with `tasks/update`; an entry
// already answered is not asked again. A request the app cannot answer (sampling) cancels the
// task and fails the call with that error. The call's limit is the task's own (its `ttlMs`, else
// the app's); the caller cancelling, or the limit running out, sends `tasks/cancel`.
//
// Multi round-trip requests before the task exists run inside the `tools/call` request itself
// (protocol/input-rounds.ts); the wire declares the extension on every request of the call.
import { CallToolResultSchema, ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod/v4';
import { isRecord } from '../../../types/json.js';
import { withOwnSignal } from '../signals/request-signal.js';
import { CANCEL_TIMEOUT_MS, FINAL_STATUSES, limitReached, pollIntervalOf, statusMessageOf, taskLimit, type TaskState } from './task-limits.js';

/** The extension's identifier, declared in the per-request capabilities and offered in server/discover's. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The key of a request's `_meta` that names the task it is for (the elicitation router reads it). */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** A task as the extension sends it (CreateTaskResult, tasks/get's DetailedTask), read strictly where it matters. */
const TaskSchema = z.looseObject({
  taskId: z.string().min(1).max(1_000),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  createdAt: z.string().max(100),
  ttlMs: z.number().nonnegative().nullable().optional(),
  pollIntervalMs: z.number().optional(),
  inputRequests: z.record(z.string(), z.looseObject({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() })).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});
type ExtensionTask = z.infer<typeof TaskSchema>;

/** tools/call's answer: a task, or anything else (the result, checked by the caller's schema). */
const CallAnswerSchema = z.record(z.string(), z.unknown());
const AckSchema = z.looseObject({});

/** How the runner reaches the server: each request declares the extension. */
export interface ExtensionWire {
  request<T>(method: string, params: Record<string, unknown>, schema: z.ZodType<T>, options: { signal?: AbortSignal; timeout: number; onprogress?: (progress: { progress: number; total?: number; message?: string }) => void; resetTimeoutOnProgress?: boolean }): Promise<T>;
  /** Answers one input request through the app's registry (it rejects for what the app does not give). */
  answer(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
}

export interface ExtensionTaskOptions {
  /** The caller's: aborting cancels the task (`tasks/cancel`). */
  signal?: AbortSignal;
  /** The `tools/call` request's own timeout (the call's, before any task exists). */
  callTimeoutMs: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** The task's limit when the server sets no ttl. */
  limitMs: number;
  /** The timeout of each request about the task (polling, answering, cancelling). */
  requestTimeoutMs: number;
  /** Each state the task goes through, from its creation to its end. */
  onState?: (state: TaskState) => void;
}

/** Calls tool `name`; resolves with its result, followed through a task when the server makes one. */
export async function callWithTasks(wire: ExtensionWire, name: string, args: Record<string, unknown>, options: ExtensionTaskOptions): Promise<CallToolResult> {
  const first = await wire.request('tools/call', { name, arguments: args }, CallAnswerSchema, {
    signal: options.signal,
    timeout: options.callTimeoutMs,
    ...(options.onProgress ? { onprogress: options.onProgress, resetTimeoutOnProgress: true } : {}),
  });
  if (first.resultType !== 'task') return CallToolResultSchema.parse(first);
  return followTask(wire, readTask(first, 'tools/call'), options);
}

function readTask(answer: unknown, method: string): ExtensionTask {
  const read = TaskSchema.safeParse(answer);
  if (!read.success) throw new McpError(ErrorCode.InvalidRequest, `the server's answer to ${method} is not a task the app can follow (${read.error.issues.map((issue) => `${issue.path.join('.') || 'task'}: ${issue.message}`).join('; ').slice(0, 300)})`);
  return read.data;
}

async function followTask(wire: ExtensionWire, created: ExtensionTask, options: ExtensionTaskOptions): Promise<CallToolResult> {
  const { taskId } = created;
  const { limitMs, limitFrom } = taskLimit(created.ttlMs, options.limitMs);
  const deadline = Date.now() + limitMs;
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(limitReached(limitMs, limitFrom)), limitMs);
  const running = AbortSignal.any([options.signal ?? new AbortController().signal, limit.signal]);
  const timeout = (): number => Math.max(1, Math.min(options.requestTimeoutMs, deadline - Date.now()));
  let task = created;
  const report = (): void => options.onState?.({ taskId, status: task.status, ...statusMessageOf(task.statusMessage), createdAt: task.createdAt, limitMs, limitFrom, deadline, pollIntervalMs: pollIntervalOf(task.pollIntervalMs) });
  const answered = new Set<string>();
  report();
  try {
    while (!FINAL_STATUSES.has(task.status)) {
      if (task.status === 'input_required') await answerInputs(wire, task, answered, running, timeout);
      await sleep(pollIntervalOf(task.pollIntervalMs), undefined, { signal: running }).catch(() => {
        throw running.reason;
      });
      const polled = readTask(await withOwnSignal(running, (signal) => wire.request('tasks/get', { taskId }, CallAnswerSchema, { signal, timeout: timeout() })), 'tasks/get');
      if (polled.taskId !== taskId) throw new McpError(ErrorCode.InvalidRequest, `the server answered tasks/get for task "${taskId.slice(0, 100)}" with another task`);
      task = polled;
      report();
    }
  } catch (error) {
    // The call fails once the server has the word (at most CANCEL_TIMEOUT_MS): a host that ends
    // right after it (inspect after Ctrl-C) must not end before the cancel went out.
    if (!FINAL_STATUSES.has(task.status)) await cancel(wire, taskId);
    throw running.aborted ? running.reason : error;
  } finally {
    clearTimeout(timer);
  }
  return outcome(task);
}

/** Answers the entries of `inputRequests` not answered yet, one after the other, then sends them. */
async function answerInputs(wire: ExtensionWire, task: ExtensionTask, answered: Set<string>, signal: AbortSignal, timeout: () => number): Promise<void> {
  const responses: Record<string, unknown> = {};
  let count = 0;
  for (const [key, request] of Object.entries(task.inputRequests ?? {})) {
    if (answered.has(key)) continue;
    signal.throwIfAborted();
    // The request names its task, so it goes to the call running it.
    const params = { ...request.params, _meta: { ...(isRecord(request.params?._meta) ? request.params._meta : {}), [RELATED_TASK]: { taskId: task.taskId } } };
    const response = await wire.answer(request.method, params, signal);
    answered.add(key);
    Object.defineProperty(responses, key, { value: response, enumerable: true, writable: true, configurable: true });
    count++;
  }
  if (count > 0) await withOwnSignal(signal, (own) => wire.request('tasks/update', { taskId: task.taskId, inputResponses: responses }, AckSchema, { signal: own, timeout: timeout() }));
}

function outcome(task: ExtensionTask): CallToolResult {
  if (task.status === 'completed') {
    if (!task.result) throw new McpError(ErrorCode.InvalidRequest, 'the server says the task completed but sent no result');
    return CallToolResultSchema.parse(task.result);
  }
  if (task.status === 'failed') {
    const error = task.error;
    throw new McpError(error?.code ?? ErrorCode.InternalError, `the task failed: ${error?.message ?? task.statusMessage ?? 'the server gave no reason'}`, error?.data);
  }
  throw new Error(`the server cancelled the task${task.statusMessage ? `: ${task.statusMessage}` : ''}`);
}

/** Asks the server to cancel the task; best effort (it may have ended, or gone). */
async function cancel(wire: ExtensionWire, taskId: string): Promise<void> {
  try {
    await wire.request('tasks/cancel', { taskId }, AckSchema, { timeout: CANCEL_TIMEOUT_MS });
  } catch {
    // The call has failed already, with its own reason; a task the server no longer has needs no cancel.
  }
}
