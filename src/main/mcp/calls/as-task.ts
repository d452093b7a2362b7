// A call of a tool that runs as a task (tasks/task-call.ts): followed in the running tasks (the
// screens list it, and can cancel it), its requests for input routed to its caller by the task's
// id, and bounded by the task's own time limit instead of the call timeout: a task is polled, so
// a server that is slow to finish is not a server that stopped answering.
import type { ToolCallResult } from '../../../types/mcp.js';
import type { CallOptions as ConnectionCallOptions, ServerConnection } from '../connection/connection.js';
import type { Elicit, ElicitationRouter, RunningCall } from '../elicitation/router.js';
import type { IndexEntry } from '../names/tool-index.js';
import type { RunningTasks } from '../tasks/running-tasks.js';
import { DEFAULT_TASK_TTL_MS } from '../tasks/task-call.js';
import { CANCEL_REASON } from './active-calls.js';

/** What a task call takes of the caller's options (calls/tool-call.ts CallOptions). */
export interface TaskCallerOptions extends Pick<ConnectionCallOptions, 'signal' | 'onProgress' | 'timeoutMs'> {
  elicit?: Elicit;
  callId?: string;
}

/** A deadline for the router that never runs out: the task's limit is kept by the task call itself. */
const noClock = (signal: AbortSignal): RunningCall['deadline'] => ({ signal, hold: () => () => undefined });

export async function sendAsTask(
  connection: ServerConnection,
  entry: IndexEntry,
  args: Record<string, unknown>,
  options: TaskCallerOptions,
  context: { tasks: RunningTasks; elicitations: ElicitationRouter },
): Promise<ToolCallResult> {
  const cancelled = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, cancelled.signal]) : cancelled.signal;
  const followed = context.tasks.follow({
    uuid: entry.uuid,
    server: connection.server.label,
    tool: entry.exposed,
    ...(options.callId === undefined ? {} : { callId: options.callId }),
    cancel: () => cancelled.abort(CANCEL_REASON),
  });
  const call: RunningCall | null = options.elicit ? { tool: entry.exposed, original: entry.original, elicit: options.elicit, deadline: noClock(signal) } : null;
  const end = call ? context.elicitations.begin(entry.uuid, call) : () => undefined;
  try {
    return await connection.callTool(entry.original, args, {
      signal,
      onProgress: options.onProgress,
      task: {
        ttlMs: options.timeoutMs ?? DEFAULT_TASK_TTL_MS,
        onState: (state) => {
          if (call) call.taskId = state.taskId;
          followed.update(state);
        },
      },
    });
  } finally {
    end();
    followed.end();
  }
}
