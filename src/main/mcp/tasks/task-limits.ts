// What both task runners share (task-call.ts for 2025-11-25, extension-task.ts for 2026-07-28's
// `io.modelcontextprotocol/tasks`): how often a task is asked about, its time limit and the error
// when it runs out, the final states, and the state the screens show.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { TaskInfo, TaskStatus } from '../../../types/tasks.js';

/** The time limit asked for when the caller gives none: an hour (a server may set another). */
export const DEFAULT_TASK_TTL_MS = 60 * 60_000;
/** The poll interval when the server suggests none, and the bounds of the one it suggests. */
export const DEFAULT_POLL_MS = 1_000;
export const MIN_POLL_MS = 100;
export const MAX_POLL_MS = 30_000;
/** How long `tasks/cancel` may take when the call is over anyway. */
export const CANCEL_TIMEOUT_MS = 5_000;
/** The longest status message kept. */
const MAX_STATUS_MESSAGE = 2_000;

export const FINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** What the task is now, for the screens (TaskInfo without the call's names). */
export type TaskState = Pick<TaskInfo, 'taskId' | 'status' | 'statusMessage' | 'createdAt' | 'limitMs' | 'limitFrom' | 'deadline' | 'pollIntervalMs'>;

/** The server's suggested interval within bounds; the default when it suggests none. */
export function pollIntervalOf(suggested: unknown): number {
  return typeof suggested === 'number' && Number.isFinite(suggested) ? Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested)) : DEFAULT_POLL_MS;
}

export function statusMessageOf(message: unknown): Pick<TaskState, 'statusMessage'> {
  return typeof message === 'string' && message !== '' ? { statusMessage: message.slice(0, MAX_STATUS_MESSAGE) } : {};
}

/** A task's limit: the server's ttl, else the one the app asked for (`appMs`). */
export function taskLimit(serverTtlMs: number | null | undefined, appMs: number): { limitMs: number; limitFrom: 'server' | 'app' } {
  return typeof serverTtlMs === 'number' && serverTtlMs > 0 ? { limitMs: serverTtlMs, limitFrom: 'server' } : { limitMs: appMs, limitFrom: 'app' };
}

/** The reason a task's call fails when its limit runs out (the SDK's RequestTimeout code). */
export function limitReached(limitMs: number, limitFrom: 'server' | 'app'): McpError {
  const whose = limitFrom === 'server' ? 'its ttl, set by the server' : 'asked for by the app; the server set none';
  return new McpError(ErrorCode.RequestTimeout, `the task did not finish within its time limit of ${duration(limitMs)} (${whose})`);
}

/** A time limit in the unit a person reads it in (s, min, h). */
export function duration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 6_000) / 10} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}
