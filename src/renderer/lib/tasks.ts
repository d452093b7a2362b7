// How a running task is described on screen: its status in words, and its time limit (the task's
// own: its ttl, set by the server, or the one the app asked for). Pure.
import type { TaskInfo, TaskStatus } from '../../types/tasks.js';

export const TASK_STATUS_LABEL: Record<TaskStatus, string> = {
  working: 'working',
  input_required: 'waiting for your answer',
  completed: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** 90 000 → "1.5 min", 3 600 000 → "1 h". */
export function duration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 6_000) / 10} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}

/** "time limit 1 h (set by the server), ends at 14:32:05" */
export function describeLimit(task: TaskInfo, timeOf: (ms: number) => string = (ms) => new Date(ms).toLocaleTimeString()): string {
  if (task.limitMs === null || task.deadline === null) return 'no time limit';
  const who = task.limitFrom === 'server' ? 'set by the server' : 'asked for by the app; the server set none';
  return `time limit ${duration(task.limitMs)} (${who}), ends at ${timeOf(task.deadline)}`;
}
