// The Streamable HTTP transport of the 2026-07-28 revision, beside the SDK's (which speaks the
// 2025 shape: sessions, a standing GET stream, server requests on streams). Here each request is
// one POST carrying the revision's headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name, and the
// Mcp-Param-* a tool's schema asks for); its answer is JSON or an SSE stream of that request's
// notifications ending with its response. A 4xx whose body is a JSON-RPC error is that request's
// error (the probe reads UnsupportedProtocolVersion there); cancelling aborts the POST, which the
// revision defines as cancellation. No sessions, no resumption: there are none in 2026-07-28.
import type { FetchLike, Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { createParser } from 'eventsource-parser';
import { isRecord } from '../../../types/json.js';
import { standardHeaders } from './http-headers.js';
import { HttpStatusError } from './http-status-error.js';
import { META_KEYS } from './revisions.js';

export interface ModernHttpOptions {
  /** The server's configured headers (secrets resolved). */
  headers: Record<string, string>;
  fetch?: FetchLike;
  /** The revision a request without its own `_meta` revision is sent under. */
  revision: string;
  /** The `Mcp-Param-*` headers of one `tools/call` (the tool's `x-mcp-header` marks). */
  paramHeaders?: (tool: string, args: unknown) => Record<string, string>;
}

export class ModernHttpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  readonly #inFlight = new Map<string | number, AbortController>();
  #closed = false;

  constructor(
    readonly url: URL,
    private readonly options: ModernHttpOptions,
  ) {}

  async start(): Promise<void> {
    // Nothing to open: every request is its own POST.
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.#closed) throw new Error('the connection is closed');
    if (!('method' in message)) return; // A client of this revision never answers the server.
    if (!('id' in message)) {
      // On Streamable HTTP, cancelling is closing the request's stream; no notification is sent.
      if (message.method === 'notifications/cancelled' && isRecord(message.params)) {
        const requestId = message.params.requestId;
        if (typeof requestId === 'string' || typeof requestId === 'number') this.#inFlight.get(requestId)?.abort();
      }
      return;
    }
    const controller = new AbortController();
    this.#inFlight.set(message.id, controller);
    let handedOff = false;
    try {
      const response = await (this.options.fetch ?? fetch)(this.url, {
        method: 'POST',
        headers: this.#headers(message.method, message.params),
        body: JSON.stringify(message),
        signal: controller.signal,
      });
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.includes('text/event-stream') && response.body) {
        handedOff = true;
        void this.#readStream(response.body, message.id, controller);
        return;
      }
      const text = await response.text();
      const parsed = parseJson(text);
      if (isRecord(parsed) && parsed.jsonrpc === '2.0' && ('result' in parsed || 'error' in parsed)) {
        // An error about this request may carry a null id (the server could not read one): it is this request's.
        this.#deliver('error' in parsed && (parsed.id === null || parsed.id === undefined) ? { ...parsed, id: message.id } : parsed);
        return;
      }
      if (!response.ok) throw new HttpStatusError(response.status, text.trim());
      throw new Error(`the server's answer to ${message.method} is not a JSON-RPC response (${type || 'no content type'})`);
    } finally {
      if (!handedOff) this.#inFlight.delete(message.id);
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const controller of this.#inFlight.values()) controller.abort();
    this.#inFlight.clear();
    this.onclose?.();
  }

  #headers(method: string, params: unknown): Record<string, string> {
    const meta = isRecord(params) && isRecord(params._meta) ? params._meta : undefined;
    const revision = typeof meta?.[META_KEYS.protocolVersion] === 'string' ? (meta[META_KEYS.protocolVersion] as string) : this.options.revision;
    const custom = method === 'tools/call' && isRecord(params) && typeof params.name === 'string' ? this.options.paramHeaders?.(params.name, params.arguments) : undefined;
    return {
      ...this.options.headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': revision,
      ...standardHeaders(method, params),
      ...custom,
    };
  }

  /** One request's SSE stream: its notifications, then its response. */
  async #readStream(body: ReadableStream<Uint8Array>, id: string | number, controller: AbortController): Promise<void> {
    let answered = false;
    try {
      const parser = createParser({
        onEvent: (event) => {
          if (event.event && event.event !== 'message') return;
          const parsed = parseJson(event.data);
          if (parsed === undefined) return; // Keep-alives and empty events carry nothing.
          if (isRecord(parsed) && parsed.id === id && ('result' in parsed || 'error' in parsed)) answered = true;
          this.#deliver(parsed);
        },
      });
      const decoder = new TextDecoder();
      const reader = body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(decoder.decode(chunk.value, { stream: true }));
    } catch (error) {
      if (!controller.signal.aborted) this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.#inFlight.delete(id);
      // A stream that ended without the response lost the request: it fails now instead of at its timeout.
      if (!answered && !controller.signal.aborted && !this.#closed) {
        this.#deliver({ jsonrpc: '2.0', id, error: { code: -32000, message: 'the server ended the response stream without an answer' } });
      }
    }
  }

  #deliver(value: unknown): void {
    const checked = JSONRPCMessageSchema.safeParse(value);
    if (checked.success) this.onmessage?.(checked.data);
    else this.onerror?.(new Error(`the server sent a message that is not JSON-RPC: ${JSON.stringify(value).slice(0, 200)}`));
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
