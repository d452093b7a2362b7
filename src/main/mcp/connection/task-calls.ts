// A call that runs as a task on one connection, by the revision its server speaks: 2025-11-25's
// experimental tasks (tasks/task-call.ts: the tool says it may run as one, the client asks for a
// task) or 2026-07-28's tasks extension (tasks/extension-task.ts: the server offers the
// extension and decides per call; every request of the call declares the extension, and the
// task's input goes through the connection's one registry of requests for input).
import type { CallToolResult, Task } from '@modelcontextprotocol/sdk/types.js';
import type { ListedTool } from '../listing/tool-listing.js';
import type { InputHandlers } from '../protocol/input-handlers.js';
import type { RevisionClient } from '../protocol/revision-client.js';
import { META_KEYS } from '../protocol/revisions.js';
import { callWithTasks, TASKS_EXTENSION, type ExtensionWire } from '../tasks/extension-task.js';
import { callAsTask, type TaskCallOptions } from '../tasks/task-call.js';

export interface TaskCallContext {
  client: RevisionClient;
  /** The timeout of each request about the task (polling, answering, cancelling). */
  requestTimeoutMs: number;
  /** The call's own timeout while no task exists (2026-07-28: the server may answer at once). */
  callTimeoutMs: number;
  /** Answers the task's requests for input (2026-07-28). */
  inputs: InputHandlers;
  /** Status a 2025 server pushes for a task (client-features.ts `listenTask`). */
  listen: (taskId: string, update: (task: Task) => void) => () => void;
}

export type TaskCallerOptions = Pick<TaskCallOptions, 'signal' | 'onProgress' | 'ttlMs' | 'onState'>;

/**
 * Whether calls of `tool` run as tasks: toward a 2026-07-28 server, every call while it offers
 * the extension (the server decides which become tasks); toward an older one, a tool that
 * requires a task, or allows one where the server offers tasks for tool calls.
 */
export function runsAsTask(client: RevisionClient | null, tool: Pick<ListedTool, 'taskSupport'> | undefined): boolean {
  if (!client) return false;
  const capabilities = client.getServerCapabilities();
  if (client.isModern) return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
  const support = tool?.taskSupport;
  return support === 'required' || (support === 'optional' && capabilities?.tasks?.requests?.tools?.call !== undefined);
}

/** Calls `original` and resolves with its final result, through the task the server makes. */
export function callToolAsTask(context: TaskCallContext, original: string, args: Record<string, unknown>, options: TaskCallerOptions): Promise<CallToolResult> {
  const { client, requestTimeoutMs } = context;
  const { signal, onProgress, ttlMs, onState } = options;
  if (!client.isModern) return callAsTask(client, original, args, { signal, ttlMs, onState, listen: context.listen, requestTimeoutMs, onProgress });
  return callWithTasks(extensionWire(context), original, args, { signal, onProgress, onState, limitMs: ttlMs, requestTimeoutMs, callTimeoutMs: context.callTimeoutMs });
}

/** Requests that declare the extension in their own capabilities (the envelope's, plus it). */
function extensionWire({ client, inputs }: TaskCallContext): ExtensionWire {
  const declared = client.envelope.capabilities;
  const capabilities = { ...declared, extensions: { ...declared.extensions, [TASKS_EXTENSION]: {} } };
  return {
    request: (method, params, schema, options) => client.request({ method, params: { ...params, _meta: { [META_KEYS.clientCapabilities]: capabilities } } } as Parameters<RevisionClient['request']>[0], schema, options) as never,
    answer: (method, params, signal) => inputs.fulfil(method, params, signal),
  };
}
