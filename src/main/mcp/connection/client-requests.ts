// What this client answers when a server asks something of it (server → client requests), in
// one table: `roots/list` (the folders the user gave the server) and `elicitation/create` (a form,
// or a URL to open). It fills the one registry both revisions use (protocol/input-handlers.ts):
// a 2025 server's own requests and a 2026-07-28 server's `inputRequests` (a multi round-trip
// request's, or a task's) reach the same handlers. Sampling (`sampling/createMessage`) is not
// offered: 2026-07-28 deprecates it, and the app calling its own model is what replaces it; it is
// not declared, and a request for it gets the spec's "method not found" and a line in the
// server's log, like any method this client does not know. A URL request the app refuses (not
// http or https, too long to check) is answered at 2025-11-25 with an error whose message is the
// reason; at 2026-07-28 an input request has no error of its own, so it is declined, the reason
// in the decline's `_meta` (DECLINE_REASON_META_KEY), and the server decides what follows.
import { ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities, ElicitResult, ListRootsResult } from '@modelcontextprotocol/sdk/types.js';
import { InputHandlers } from '../protocol/input-handlers.js';

/** Where a decline of a 2026-07-28 input request says why the app refused it (the app's own `_meta` key). */
export const DECLINE_REASON_META_KEY = 'mcp-tool-names/declineReason';

/** What the client declares: form and URL elicitation, and roots it tells changes of. No sampling. */
export const CLIENT_CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} }, roots: { listChanged: true } };

export interface ClientRequestHandlers {
  /** The folders the server may use. */
  listRoots(): ListRootsResult;
  /** A form or a URL for the user; see elicitation/router.ts. */
  elicit(params: unknown, signal: AbortSignal): Promise<ElicitResult>;
  /** A line in the server's log (a refused request). */
  note(text: string): void;
}

/** The methods a server may ask of this client. */
export const CLIENT_REQUEST_METHODS = ['roots/list', 'elicitation/create'] as const;

/** The table as one connection's registry; its client installs it when made (before it connects). */
export function clientRequests(handlers: ClientRequestHandlers): InputHandlers {
  return new InputHandlers((text) => handlers.note(text))
    .register(ListRootsRequestSchema, async () => handlers.listRoots())
    .register(ElicitRequestSchema, (params, signal) => handlers.elicit(params, signal), (reason) => ({ action: 'decline', _meta: { [DECLINE_REASON_META_KEY]: reason } }));
}
