// What a server may ask of the app (server → client requests), as the one registry both protocol
// revisions use: each method (`elicitation/create`, `roots/list`, …) has one handler, and that
// handler answers both a 2025-era server's own request (`installOn` gives it to the SDK's client)
// and an entry of a 2026-07-28 `inputRequests` (`fulfil`: a multi round-trip request's round, or
// a task's input). Sampling is never offered (2026-07-28 deprecates it): it is refused with the
// spec's "method not found" and a line in the server's log, and so is any method without a
// handler, the same way on both paths. A handler that refuses what it was asked (an error with a
// JSON-RPC `code`: a URL the app will not show) is that request's error at 2025-11-25; an entry of
// `inputRequests` has no error of its own, so at 2026-07-28 the handler's `refused` answer (a
// decline carrying the reason) goes back instead, and the request goes on.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Request } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod/v4';

/** Answers one request for input; `signal` aborts when the answer is no longer wanted. */
export type InputHandler = (params: unknown, signal: AbortSignal) => Promise<Record<string, unknown>>;

/** The SDK's schema of a server's request (e.g. `ElicitRequestSchema`): what `setRequestHandler` is given. */
export type ServerRequestSchema = z.ZodObject<{ method: z.ZodLiteral<string> }>;

/** What an `inputRequests` entry is answered with when its handler refuses, given the reason. */
export type RefusedAnswer = (reason: string) => Record<string, unknown>;

interface Entry {
  schema: ServerRequestSchema;
  handler: InputHandler;
  refused?: RefusedAnswer;
}

export const SAMPLING_METHOD = 'sampling/createMessage';

export class InputHandlers {
  readonly #entries = new Map<string, Entry>();

  /** `log`: a line in the server's log (each refusal is one). */
  constructor(private readonly log: (message: string) => void = () => undefined) {}

  /**
   * Registers the handler of `schema`'s method (a second registration replaces the first);
   * chainable. `refused`: the 2026-07-28 answer when the handler refuses (else its error fails the request).
   */
  register(schema: ServerRequestSchema, handler: InputHandler, refused?: RefusedAnswer): this {
    this.#entries.set(schema.shape.method.value, { schema, handler, ...(refused ? { refused } : {}) });
    return this;
  }

  has(method: string): boolean {
    return this.#entries.has(method);
  }

  /** The 2025-era path: each handler answers the server's own requests on `client`; any other method is refused. */
  installOn(client: Client): void {
    for (const { schema, handler } of this.#entries.values()) {
      // The schema's request is what `handler` reads as `params`; the result is the method's own.
      client.setRequestHandler(schema, ((request: Request, extra: { signal: AbortSignal }) => handler(request.params, extra.signal)) as never);
    }
    // The SDK sends an error's own `code` and message; an McpError would say "MCP error" twice there.
    client.fallbackRequestHandler = (request) => Promise.reject(this.#refusal(request.method, (text, code) => Object.assign(new Error(text), { code })));
  }

  /** The 2026-07-28 path: one entry of an `inputRequests` map. Rejects (an McpError) for what the app does not offer. */
  async fulfil(method: string, params: unknown, signal: AbortSignal): Promise<Record<string, unknown>> {
    const entry = this.#entries.get(method);
    if (!entry) throw this.#refusal(method, (text, code) => new McpError(code, text));
    if (!entry.refused) return entry.handler(params, signal);
    try {
      return await entry.handler(params, signal);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return entry.refused(error.message);
    }
  }

  /** "Method not found" for `method`, said the same way on both paths, with a line in the server's log. */
  #refusal<E extends Error>(method: string, make: (text: string, code: number) => E): E {
    const shown = method.slice(0, 100);
    const why = method === SAMPLING_METHOD ? 'this app does not offer sampling (deprecated by MCP 2026-07-28; the app calls its own models)' : 'this client does not offer it';
    this.log(`The server asked for ${JSON.stringify(shown)}, refused: ${why}.`);
    return make(`Method not found: ${shown} (${why})`, ErrorCode.MethodNotFound);
  }
}

/** A handler's refusal: an error carrying the JSON-RPC code a 2025 server would be answered with. */
function isRefusal(error: unknown): error is Error & { code: number } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'number';
}
