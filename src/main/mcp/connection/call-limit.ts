// The longest a tool call may run, progress or not (a server's `maxCallMs`, docs/config.md). Each
// progress report restarts a call's timeout, as the SDK and the spec mean it to, so a server that
// keeps reporting could keep a call open for ever; the spec says a client SHOULD end it anyway at
// a maximum. The limit counts the server's working time: a call's clock stops while the user
// answers the server (calls/call-deadline.ts), and a task, once the server has made it, is bounded
// by its own limit instead (tasks/task-limits.ts). When it ends a call, the server is sent
// `notifications/cancelled`, the call fails with callLimitReached, and the server's log says so.
// Here too: a call's options (CallOptions), and the SDK's options of one under the limit.
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '../../../types/config.js';
import { DEFAULT_CALL_TIMEOUT_MS, DEFAULT_MAX_CALL_MS } from '../../../types/config.js';
import { duration } from '../tasks/task-limits.js';
import type { TaskCallOptions } from '../tasks/task-call.js';

/** How the manager calls a tool on one connection (ServerConnection.callTool). */
export interface CallOptions {
  signal?: AbortSignal;
  /** Per-call timeout; the server's `callTimeoutMs`, else the SDK's default (60 s), when unset. */
  timeoutMs?: number;
  /**
   * The longest the call may run, progress or not; the server's `maxCallMs`, else an hour, when
   * unset. A caller that keeps the limit itself (calls/call-deadline.ts) turns this one off.
   */
  maxCallMs?: number;
  /** The server's progress reports; each also restarts the timeout. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Runs the call as a task (the caller asked runsAsTask): the ttl to ask for and the task's states; `timeoutMs` is then not used. */
  task?: Pick<TaskCallOptions, 'ttlMs' | 'onState'>;
}

/** A server's limit: its `maxCallMs`, else DEFAULT_MAX_CALL_MS. */
export function maxCallOf(server: Pick<McpServer, 'maxCallMs'>): number {
  return server.maxCallMs ?? DEFAULT_MAX_CALL_MS;
}

/** The error of a call the limit ended (the SDK's RequestTimeout code, the limit in its data). */
export function callLimitReached(maxCallMs: number): McpError {
  return new McpError(ErrorCode.RequestTimeout, `the call ran for ${duration(maxCallMs)}, the longest a call of this server may run (its maxCallMs), progress reports or not; it was stopped`, { maxCallMs });
}

export function isCallLimit(error: unknown): error is McpError & { data: { maxCallMs: number } } {
  if (!(error instanceof McpError) || error.code !== ErrorCode.RequestTimeout) return false;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null && typeof (data as { maxCallMs?: unknown }).maxCallMs === 'number';
}

/** The line of the server's log about a call the limit ended. */
export function callLimitNote(tool: string, maxCallMs: number): string {
  return `A call of "${tool.slice(0, 200)}" ran for ${duration(maxCallMs)}, this server's longest call (maxCallMs), and was stopped; the server was sent notifications/cancelled.`;
}

/** How early a timer may fire by the clock read around it (libuv reads its clock once per turn). */
const TIMER_SLACK_MS = 15;
const ignoreProgress = (): void => undefined;

/**
 * The SDK's options of a call whose limit the SDK keeps (no deadline of the manager's): one
 * object, as many as a call without a limit makes (`npm run bench`, dispatch).
 */
export function limitedRequest(
  server: Pick<McpServer, 'maxCallMs' | 'callTimeoutMs'>,
  call: CallOptions,
): RequestOptions & { maxTotalTimeout: number } {
  const maxCallMs = call.maxCallMs ?? maxCallOf(server);
  return {
    signal: call.signal,
    // Never past the limit, even with no progress at all.
    timeout: Math.min(call.timeoutMs ?? server.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, maxCallMs),
    // A server that reports progress is still working: each report restarts the timeout, never
    // past the limit (protocol/revision-client.ts ends the request there, telling the server).
    // The SDK asks servers for progress only when given a handler.
    resetTimeoutOnProgress: true,
    maxTotalTimeout: maxCallMs,
    onprogress: call.onProgress ?? ignoreProgress,
  };
}

/**
 * The limit, when `error` is a call ended by it (`startedAt`: performance.now() when it was sent):
 * a deadline's own limit error, or the SDK's timeout once the limit's time has passed.
 */
export function limitThatEnded(error: unknown, maxCallMs: number, startedAt: number): number | undefined {
  if (isCallLimit(error)) return error.data.maxCallMs;
  const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
  return timedOut && performance.now() - startedAt >= maxCallMs - TIMER_SLACK_MS ? maxCallMs : undefined;
}
