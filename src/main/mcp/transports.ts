// One place that turns a server's settings into an MCP SDK client transport.
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServer } from '../../types/config.js';
import { transportProblem } from '../../types/config.js';

/** The last stderr output of a stdio server, to explain why it failed. */
export class StderrTail {
  #text = '';
  constructor(private readonly limit = 2_000) {}
  push(chunk: Buffer | string): void {
    this.#text = (this.#text + chunk.toString()).slice(-this.limit);
  }
  lastLine(): string {
    const lines = this.#text.trim().split('\n');
    return lines[lines.length - 1]?.trim() ?? '';
  }
}

export interface CreatedTransport {
  transport: Transport;
  /** For stdio servers: what the process wrote to stderr. */
  stderr?: StderrTail;
}

/** `fetch`: what HTTP and SSE requests go through (the server's OAuth session adds its token). */
export function createTransport(server: McpServer, fetch: FetchLike = globalThis.fetch): CreatedTransport {
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
    const stderr = new StderrTail();
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
        fetch,
        eventSourceInit: {
          fetch: (input, init) => fetch(input, { ...init, headers: { ...headersOf(init?.headers), ...headers } }),
        },
      }),
    };
  }
  return { transport: new StreamableHTTPClientTransport(url, { requestInit, fetch }) };
}

function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(headers).entries());
}
