// A call of a tool that runs as a task (connection/task-calls.ts, by revision): followed in the
// running tasks (the screens list it, and can cancel it), its requests for input routed to its
// caller by the task's id, and, once the server has made the task, bounded by the task's own time
// limit instead of the call timeout: a task is polled, so a server that is slow to finish is not
// a server that stopped answering. Until then (a 2026-07-28 server decides per call, and may
// answer at once, or ask for input first) the call's own deadline runs, waiting while the user
// answers, as for any call, and so does its overall limit (the server's maxCallMs): a task, once
// made, has a limit of its own, and the call's stops with the call's timeout.
import type { ToolCallResult } from '../../../types/mcp.js';
import type { CallOptions as ConnectionCallOptions, ServerConnection } from '../connection/connection.js';
import type { Elicit, ElicitationRouter, RunningCall } from '../elicitation/router.js';
import type { IndexEntry } from '../names/tool-index.js';
import type { RunningTasks } from '../tasks/running-tasks.js';
import { DEFAULT_TASK_TTL_MS } from '../tasks/task-limits.js';
import { DEFAULT_CALL_TIMEOUT_MS } from '../../../types/config.js';
import { CANCEL_REASON } from './active-calls.js';
import { CallDeadline } from './call-deadline.js';
import { maxCallOf } from '../connection/call-limit.js';

/** What a task call takes of the caller's options (calls/tool-call.ts CallOptions). */
export interface TaskCallerOptions extends Pick<ConnectionCallOptions, 'signal' | 'onProgress' | 'timeoutMs' | 'maxCallMs'> {
  elicit?: Elicit;
  callId?: string;
}

export async function sendAsTask(
  connection: ServerConnection,
  entry: IndexEntry,
  args: Record<string, unknown>,
  options: TaskCallerOptions,
  context: { tasks: RunningTasks; elicitations: ElicitationRouter },
): Promise<ToolCallResult> {
  const cancelled = new AbortController();
  // The call's deadline until the task exists; then its clock stops for good (the task's limit rules).
  const signal = options.signal ? AbortSignal.any([options.signal, cancelled.signal]) : cancelled.signal;
  const deadline = new CallDeadline(options.timeoutMs ?? connection.server.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, signal, options.maxCallMs ?? maxCallOf(connection.server));
  let clockStopped = false;
  const followed = context.tasks.follow({
    uuid: entry.uuid,
    server: connection.server.label,
    tool: entry.exposed,
    ...(options.callId === undefined ? {} : { callId: options.callId }),
    cancel: () => cancelled.abort(CANCEL_REASON),
  });
  const call: RunningCall | null = options.elicit ? { tool: entry.exposed, original: entry.original, elicit: options.elicit, deadline } : null;
  const end = call ? context.elicitations.begin(entry.uuid, call) : () => undefined;
  try {
    return await connection.callTool(entry.original, args, {
      ...deadline.callOptions(options.onProgress),
      task: {
        ttlMs: options.timeoutMs ?? DEFAULT_TASK_TTL_MS,
        onState: (state) => {
          if (!clockStopped) {
            deadline.hold();
            clockStopped = true;
          }
          if (call) call.taskId = state.taskId;
          followed.update(state);
        },
      },
    });
  } finally {
    end();
    deadline.end();
    followed.end();
  }
}
