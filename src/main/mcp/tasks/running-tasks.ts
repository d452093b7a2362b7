// The tasks the app's tool calls are running, for the screens (a `tasks` event on every change)
// and `inspect tasks`: each from the server's first answer until the call settles, with the
// latest status, and a way to cancel it (its call is aborted, which sends `tasks/cancel`).
import type { TaskInfo } from '../../../types/tasks.js';
import { reportedTasks, type TaskSource } from './server-tasks.js';
import type { TaskState } from './task-limits.js';

interface Entry {
  info: TaskInfo;
  cancel: () => void;
}

/** What a call running as a task registers: its server, tool and page id, and how to cancel it. */
export interface TaskCall {
  uuid: string;
  server: string;
  tool: string;
  callId?: string;
  cancel: () => void;
}

export class RunningTasks {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<(tasks: TaskInfo[]) => void>();
  #scheduled = false;

  /** `sources`: the connections whose servers' own tasks `listAll` adds. */
  constructor(private readonly sources: () => Iterable<TaskSource> = () => []) {}

  /** Follows one call: `update` with each state of its task, `end` when the call settles. */
  follow(call: TaskCall): { update: (state: TaskState) => void; end: () => void } {
    let key: string | null = null;
    return {
      update: (state) => {
        key = `${call.uuid}\n${state.taskId}`;
        const info: TaskInfo = { uuid: call.uuid, server: call.server, tool: call.tool, ...state, ...(call.callId === undefined ? {} : { callId: call.callId }) };
        this.#entries.set(key, { info, cancel: call.cancel });
        this.#changed();
      },
      end: () => {
        if (key !== null && this.#entries.delete(key)) this.#changed();
      },
    };
  }

  /** The running tasks, oldest first. */
  list(): TaskInfo[] {
    return [...this.#entries.values()].map((entry) => entry.info);
  }

  /** The running tasks: the calls' own first, then what the servers report of theirs (tasks/list). */
  async listAll(): Promise<TaskInfo[]> {
    const tasks = this.list();
    const known = new Set(tasks.map((task) => `${task.uuid}\n${task.taskId}`));
    for (const task of await reportedTasks(this.sources())) if (!known.has(`${task.uuid}\n${task.taskId}`)) tasks.push(task);
    return tasks;
  }

  /** Cancels the call running task `taskId` of server `uuid`; false when none runs. */
  cancel(uuid: string, taskId: string): boolean {
    const entry = this.#entries.get(`${uuid}\n${taskId}`);
    entry?.cancel();
    return entry !== undefined;
  }

  onChange(listener: (tasks: TaskInfo[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** One event per tick, however many polls answered in it. */
  #changed(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      const tasks = this.list();
      for (const listener of this.#listeners) listener(tasks);
    });
  }
}
