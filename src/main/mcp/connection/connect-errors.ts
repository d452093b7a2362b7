// What went wrong with a server's connection, in words a user can act on: a refused key, an
// address that cannot be reached, a command that does not exist, a server that exited (with the
// last line it wrote), a malformed answer. Pure: the connection passes what it knows.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import type { McpServer } from '../../../types/config.js';
import { AuthError } from '../../auth/errors.js';
import { LaunchError } from '../stdio/launch-error.js';
import { describeIssues } from '../listing/listing-issues.js';
import { messageOf } from '../../../types/errors.js';

/** `error` explained; `stderrHint` is " (it said: …)" with the server's last stderr line, or ''. */
export function explainConnectError(error: unknown, server: Pick<McpServer, 'url' | 'command'>, stderrHint: string): string {
  if (error instanceof AuthError || error instanceof LaunchError) return error.message;
  const status = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
  const message = messageOf(error);
  if (status === 401 || status === 403 || /\b40[13]\b/.test(message)) {
    return `the server refused the connection (HTTP ${status ?? (/\b403\b/.test(message) ? 403 : 401)}): check its URL and headers (API key)`;
  }
  if (error instanceof TypeError && /fetch failed/i.test(message)) {
    // undici's "fetch failed" alone does not say why; the cause does (ECONNREFUSED, …).
    const cause: unknown = error.cause;
    return `cannot reach ${server.url}${cause instanceof Error ? ` (${cause.message})` : ''}`;
  }
  if ((error as NodeJS.ErrnoException).code === 'ENOENT' || /ENOENT/.test(message)) {
    return `command not found: ${server.command}`;
  }
  if (/Connection closed/i.test(message)) return `the server exited before it was ready${stderrHint}`;
  const issues = validationIssues(error);
  if (issues) return `the server sent a malformed answer (${issues})`;
  return message + stderrHint;
}

/**
 * A one-line summary of a result-validation error, or null for any other error. The SDK
 * validates results with zod 4, whose error is named `$ZodError` (not `ZodError`) and whose
 * message is a multi-line JSON dump of the issues, unfit for a server's status line.
 */
export function validationIssues(error: unknown): string | null {
  if (!(error instanceof Error) || !/ZodError$/.test(error.name)) return null;
  const issues: unknown = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return error.message.replace(/\s+/g, ' ').slice(0, 200);
  return describeIssues(issues.map((issue: { path?: unknown; message?: unknown }) => ({
    path: Array.isArray(issue.path) ? (issue.path as PropertyKey[]) : [],
    message: String(issue.message),
  })));
}

/** A request that never reached the server: the network failed, or the session is gone (404). */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof StreamableHTTPError) return error.code === 404;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}
