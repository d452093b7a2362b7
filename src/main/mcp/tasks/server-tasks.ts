// What each connected server reports of its tasks (`tasks/list`, where it offers it) that are not
// over, so that a task a server runs for this session shows even when no call of the app follows
// it (running-tasks.ts `listAll`).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Task } from '@modelcontextprotocol/sdk/types.js';
import type { TaskInfo } from '../../../types/tasks.js';
import { DEFAULT_POLL_MS } from './task-limits.js';

/** What is read of a server's connection (connection/connection.ts). */
export interface TaskSource {
  server: { uuid: string; label: string };
  status: string;
  client: Client | null;
  timeoutMs: number;
}

/** Pages of `tasks/list` read per server. */
const MAX_PAGES = 10;

/** The tasks the servers report as running, server by server. */
export async function reportedTasks(connections: Iterable<TaskSource>): Promise<TaskInfo[]> {
  return (await Promise.all([...connections].map((connection) => reportedBy(connection)))).flat();
}

async function reportedBy(connection: TaskSource): Promise<TaskInfo[]> {
  const client = connection.status === 'ready' ? connection.client : null;
  if (!client?.getServerCapabilities()?.tasks?.list) return [];
  const found: TaskInfo[] = [];
  try {
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const listed = await client.experimental.tasks.listTasks(cursor, { timeout: connection.timeoutMs });
      for (const task of listed.tasks) if (task.status === 'working' || task.status === 'input_required') found.push(infoOf(connection, task));
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
  } catch {
    // A server that fails to list its tasks has none to show; its calls' own tasks are listed anyway.
  }
  return found;
}

function infoOf(connection: TaskSource, task: Task): TaskInfo {
  const created = Date.parse(task.createdAt);
  return {
    uuid: connection.server.uuid,
    server: connection.server.label,
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage.slice(0, 2_000) } : {}),
    createdAt: task.createdAt,
    limitMs: task.ttl,
    limitFrom: 'server',
    deadline: task.ttl !== null && Number.isFinite(created) ? created + task.ttl : null,
    pollIntervalMs: task.pollInterval ?? DEFAULT_POLL_MS,
  };
}
