// One place that turns a server's settings into an MCP SDK client transport. Secret values come
// in resolved, for this transport only: the server's config entry holds references.
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServer } from '../../../types/config.js';
import { transportProblem } from '../../../types/config.js';
import { overlayEnv } from '../stdio/command-search.js';
import { MessageLines, type MessageReader } from '../stdio/message-lines.js';
import { boundedFetch } from '../message-size/bounded-fetch.js';
import { LineSplitter } from './line-splitter.js';

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

/** The server's env and headers, every value resolved (see SecretStore.resolve). */
export interface TransportValues {
  env: Record<string, string>;
  headers: Record<string, string>;
}

/** What a transport reports to and goes through besides the server's settings. */
export interface TransportIo {
  /** Receives a stdio server's stderr, line by line. */
  onStderrLine?: (line: string) => void;
  /** What HTTP and SSE requests go through (the server's OAuth session adds its token). */
  fetch?: FetchLike;
  /** A stdio server's whole environment, as prepareStdioLaunch chose it (its PATH included). */
  env?: Record<string, string>;
  /** The largest message read from the server (bytes; MAX_MESSAGE_BYTES by default), on every transport. */
  maxMessageBytes?: number;
  /** Told of a message of an HTTP or SSE server that was not read, and why (its log). */
  onPassedOver?: (text: string) => void;
}

/** What a server's HTTP requests go through: its fetch (the sign-in's), every message bounded (message-size/). */
export function httpFetch(io: TransportIo): FetchLike {
  return boundedFetch(io.fetch ?? globalThis.fetch, { maxBytes: io.maxMessageBytes, note: io.onPassedOver });
}

export function createTransport(server: McpServer, values: TransportValues, io: TransportIo = {}): CreatedTransport {
  const { onStderrLine } = io;
  const problem = transportProblem(server);
  if (problem) throw new Error(problem);
  if (server.type === 'stdio') {
    const transport = new StdioClientTransport({
      command: server.command!,
      args: server.args ?? [],
      env: io.env ?? overlayEnv(getDefaultEnvironment(), values.env, process.platform),
      cwd: server.cwd || undefined,
      stderr: 'pipe',
    });
    // The SDK's reader, replaced before the process starts (stdio/message-lines.ts says why). It is
    // a private field of the pinned SDK; tests/unit/stdio-messages.test.ts fails if it stops being read.
    (transport as unknown as { _readBuffer: MessageReader })._readBuffer = new MessageLines(io.maxMessageBytes);
    const stderr = new StderrTail(onStderrLine);
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    return { transport, stderr };
  }
  const url = new URL(server.url!);
  // The SDK sends requestInit's headers on every request, the SSE stream's GET included. (An
  // eventSource fetch that added them again made them `Bearer x, Bearer x`: refused.)
  const requestInit: RequestInit = { headers: values.headers };
  const fetch = httpFetch(io);
  if (server.type === 'sse') return { transport: new SSEClientTransport(url, { requestInit, fetch }) };
  return { transport: new StreamableHTTPClientTransport(url, { requestInit, fetch }) };
}

/**
 * What a connect attempt goes to, for the log: the command without its arguments, the URL
 * without its query (arguments and queries can carry keys; the log is meant to be copied).
 */
export function describeTarget(server: McpServer): string {
  if (server.type === 'stdio') {
    const count = server.args?.length ?? 0;
    return `${server.command ?? ''}${count > 0 ? ` (${count} ${count === 1 ? 'argument' : 'arguments'})` : ''}`;
  }
  try {
    const url = new URL(server.url ?? '');
    return `${server.type === 'sse' ? 'SSE' : 'HTTP'} ${url.origin}${url.pathname}`;
  } catch {
    return server.url ?? '';
  }
}
