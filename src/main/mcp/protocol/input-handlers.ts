// What a server may ask of the app in the middle of a request, as one small registry: each method
// (`elicitation/create`, `roots/list`, …) has one handler, and that handler answers both the
// 2025-era requests a server sends itself and the `inputRequests` of a 2026-07-28
// `input_required` result (input-rounds.ts). Sampling is never offered (2026-07-28 deprecates
// it): it is refused with the spec's "method not found", and so is any method without a handler.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Request } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod/v4';

/** Answers one request for input; `signal` aborts when the answer is no longer wanted. */
export type InputHandler = (params: unknown, signal: AbortSignal) => Promise<Record<string, unknown>>;

/** The SDK's schema of a server's request (e.g. `ElicitRequestSchema`): what `setRequestHandler` is given. */
export type ServerRequestSchema = z.ZodObject<{ method: z.ZodLiteral<string> }>;

interface Entry {
  schema: ServerRequestSchema;
  handler: InputHandler;
}

export const SAMPLING_METHOD = 'sampling/createMessage';

export class InputHandlers {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  /** Registers the handler of `schema`'s method (a second registration replaces the first); chainable. */
  register(schema: ServerRequestSchema, handler: InputHandler): this {
    this.#entries.set(schema.shape.method.value, { schema, handler });
    return this;
  }

  has(method: string): boolean {
    return this.#entries.has(method);
  }

  /** The 2025-era path: each handler answers the server's own requests on `client`. */
  installOn(client: Client): void {
    for (const { schema, handler } of this.#entries.values()) {
      // The schema's request is what `handler` reads as `params`; the result is the method's own.
      client.setRequestHandler(schema, ((request: Request, extra: { signal: AbortSignal }) => handler(request.params, extra.signal)) as never);
    }
  }

  /** The 2026-07-28 path: one entry of an `inputRequests` map. Rejects for what the app does not offer. */
  async fulfil(server: string, method: string, params: unknown, signal: AbortSignal): Promise<Record<string, unknown>> {
    const entry = this.#entries.get(method);
    if (!entry) {
      const why = method === SAMPLING_METHOD ? 'sampling is not offered (the 2026-07-28 revision deprecates it)' : `"${method}" is not a request this app answers`;
      this.log(`${server} asked for input with ${method}: refused, ${why}.`);
      throw new McpError(ErrorCode.MethodNotFound, `the server asked for input the app does not give: ${why}`);
    }
    return entry.handler(params, signal);
  }
}
