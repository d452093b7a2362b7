// What this client answers when a server asks something of it (server → client requests), in
// one table: `roots/list` (the folders the user gave the server) and `elicitation/create` (a form,
// or a URL to open). Sampling (`sampling/createMessage`) is not offered: 2026-07-28 deprecates
// it, and the app calling its own model is what replaces it; it is not declared, and a request
// for it gets the spec's "method not found" and a line in the server's log, like any method this
// client does not know. The connection registers the table on each SDK client; the 2026-07-28
// multi round-trip requests (`input_required` results) route each of their input requests
// through the same `answer`, so both revisions get the same answers.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, ErrorCode, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities, ElicitResult, ListRootsResult, Result } from '@modelcontextprotocol/sdk/types.js';

/** What the client declares: form and URL elicitation, and roots it tells changes of. No sampling. */
export const CLIENT_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} }, roots: { listChanged: true } };

export interface ClientRequestHandlers {
  /** The folders the server may use. */
  listRoots(): ListRootsResult;
  /** A form or a URL for the user; see elicitation/router.ts. */
  elicit(params: unknown, signal: AbortSignal): Promise<ElicitResult>;
  /** A line in the server's log. */
  note(text: string): void;
}

/** The methods a server may ask of this client, and its answer to each. */
export const CLIENT_REQUEST_METHODS = ['roots/list', 'elicitation/create'] as const;
export type ClientRequestMethod = (typeof CLIENT_REQUEST_METHODS)[number];

/**
 * The answer to a server's request: a result, or a ClientRequestError (the method is not offered,
 * or the request is refused) whose code and message the server gets.
 */
export async function answerClientRequest(handlers: ClientRequestHandlers, method: string, params: unknown, signal: AbortSignal): Promise<Result> {
  if (method === 'roots/list') return handlers.listRoots();
  if (method === 'elicitation/create') return handlers.elicit(params, signal);
  throw notOffered(handlers, method);
}

/** An error whose `code` and message the server gets as they are (an McpError would say "MCP error" twice there). */
export type ClientRequestError = Error & { code: number };

function notOffered(handlers: ClientRequestHandlers, method: string): ClientRequestError {
  const why = method === 'sampling/createMessage' ? 'this app does not offer sampling (deprecated by MCP 2026-07-28; the app calls its own models)' : 'this client does not offer it';
  handlers.note(`The server asked for ${JSON.stringify(method.slice(0, 100))}, refused: ${why}.`);
  return Object.assign(new Error(`Method not found: ${method.slice(0, 100)} (${why})`), { code: ErrorCode.MethodNotFound });
}

/** Registers the table on an SDK client, before it connects; other methods get "method not found" with a log line. */
export function registerClientRequests(client: Client, handlers: ClientRequestHandlers): void {
  client.setRequestHandler(ListRootsRequestSchema, () => handlers.listRoots());
  client.setRequestHandler(ElicitRequestSchema, (request, extra) => handlers.elicit(request.params, extra.signal));
  client.fallbackRequestHandler = (request) => Promise.reject(notOffered(handlers, request.method));
}
