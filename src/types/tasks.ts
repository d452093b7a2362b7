// Tool calls that run as tasks (MCP 2025-11-25 experimental tasks): the server answers at once
// with a task handle, and the app polls it until it ends. Shared by main, preload and renderer.

/** The MCP task statuses: `input_required` waits for the user (a request for input), the last three are final. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A tool's own word on running as a task (`execution.taskSupport`); unset or "forbidden": never. */
export type TaskSupport = 'optional' | 'required';

/** A task the app is running for a tool call, as the screens and `inspect tasks` show it. */
export interface TaskInfo {
  /** The server's uuid and label. */
  uuid: string;
  server: string;
  /** The exposed name of the tool called; absent for a task only its server reported (tasks/list). */
  tool?: string;
  taskId: string;
  status: TaskStatus;
  /** The server's words on it (progress, or why it failed). */
  statusMessage?: string;
  /** When the server created it (ISO 8601, as the server gave it). */
  createdAt: string;
  /**
   * The task's own time limit in milliseconds: its `ttl` (how long the server keeps it), or,
   * when the server sets none, the one the app asked for. The call fails, and the task is
   * cancelled, when it runs out. Null for a task only its server reported, without a ttl.
   */
  limitMs: number | null;
  /** Who set the limit: the server (its ttl), or the app (the server set none). */
  limitFrom: 'server' | 'app';
  /** When the limit runs out (ms since the epoch, this machine's clock); null without a limit. */
  deadline: number | null;
  /** How often the app asks the server about it, in milliseconds (the server's pollInterval, within bounds). */
  pollIntervalMs: number;
  /** The page's id of the call it runs for (callTool's `callId`), when it gave one. */
  callId?: string;
}
