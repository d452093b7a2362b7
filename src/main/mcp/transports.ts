// One place that turns a server's settings into an MCP SDK client transport.
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServer } from '../../types/config.js';
import { transportProblem } from '../../types/config.js';
import { LineSplitter } from './server-log.js';

/** A stdio server's stderr: each line goes to `onLine` (its log), the last one explains a failure. */
export class StderrTail {
  #lines: LineSplitter;
  #last = '';
  constructor(onLine: (line: string) => void = () => undefined) {
    this.#lines = new LineSplitter((line) => {
      this.#last = line;
      onLine(line);
    });
  }
  push(chunk: Buffer | string): void {
    this.#lines.push(chunk.toString());
  }
  lastLine(): string {
    return (this.#lines.pending.trim() || this.#last).trim();
  }
}

export interface CreatedTransport {
  transport: Transport;
  /** For stdio servers: what the process wrote to stderr. */
  stderr?: StderrTail;
}

/** `onStderrLine` receives a stdio server's stderr, line by line. */
export function createTransport(server: McpServer, onStderrLine?: (line: string) => void): CreatedTransport {
  const problem = transportProblem(server);
  if (problem) throw new Error(problem);
  if (server.type === 'stdio') {
    const transport = new StdioClientTransport({
      command: server.command!,
      args: server.args ?? [],
      env: { ...getDefaultEnvironment(), ...server.env },
      cwd: server.cwd || undefined,
      stderr: 'pipe',
    });
    const stderr = new StderrTail(onStderrLine);
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    return { transport, stderr };
  }
  const url = new URL(server.url!);
  const requestInit: RequestInit = { headers: server.headers ?? {} };
  if (server.type === 'sse') {
    // The SSE stream is a GET of its own; headers must reach it too (API keys).
    const headers = server.headers ?? {};
    return {
      transport: new SSEClientTransport(url, {
        requestInit,
        eventSourceInit: {
          fetch: (input, init) => fetch(input, { ...init, headers: { ...headersOf(init?.headers), ...headers } }),
        },
      }),
    };
  }
  return { transport: new StreamableHTTPClientTransport(url, { requestInit }) };
}

function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(headers).entries());
}
