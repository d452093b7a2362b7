// What getting a prompt, reading a resource and asking for completions share: the request's
// timeout (the server's call timeout, else the SDK's) and cancellation, and `completion/complete`
// for a prompt argument or a template variable.
import type { RequestOptions as SdkRequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CompleteRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Completion } from '../../../types/offerings.js';
import type { ServerConnection } from '../connection/connection.js';
import type { Elicit, ElicitationRouter } from '../elicitation/router.js';
import { messageOf } from '../../../types/errors.js';

export interface RequestOptions {
  signal?: AbortSignal;
  /** The server's `callTimeoutMs`, else the SDK's default (60 s), when unset. */
  timeoutMs?: number;
  /**
   * Shows the server's request for input (a 2026-07-28 `input_required` while the prompt or
   * resource is fetched) to the user; without it every such request is declined.
   */
  elicit?: Elicit;
}

/** A request that waits while the user answers: no deadline of the app's own (the SDK's runs per round). */
const NO_DEADLINE = { signal: new AbortController().signal, hold: () => () => undefined };

/**
 * Runs `fetch` with the caller registered for the server's requests for input (as a tool call
 * is), under `name`: the prompt's exposed name, or the resource's URI.
 */
export async function answering<T>(
  router: ElicitationRouter | undefined,
  connection: ServerConnection,
  what: { fetching: 'prompt' | 'resource'; name: string; original: string },
  options: RequestOptions,
  fetch: () => Promise<T>,
): Promise<T> {
  if (!router || !options.elicit) return fetch();
  const deadline = options.signal ? { ...NO_DEADLINE, signal: options.signal } : NO_DEADLINE;
  const end = router.begin(connection.server.uuid, { tool: what.name, original: what.original, fetching: what.fetching, elicit: options.elicit, deadline });
  try {
    return await fetch();
  } finally {
    end();
  }
}

export function requestOptions(connection: ServerConnection, options: RequestOptions): SdkRequestOptions {
  return { signal: options.signal, timeout: options.timeoutMs ?? connection.server.callTimeoutMs };
}

/**
 * The server's suggestions for one argument; none from a server that does not offer completions.
 * `describe` turns a failure into the error's message.
 */
export async function completeWith(
  connection: ServerConnection,
  ref: CompleteRequest['params']['ref'],
  argument: string,
  value: string,
  others: Readonly<Record<string, string>>,
  options: RequestOptions,
  describe: (error: string) => string,
): Promise<Completion> {
  try {
    const client = connection.readyClient();
    if (!client.getServerCapabilities()?.completions) return { values: [] };
    // The values given so far of the other arguments: what a server narrows its suggestions by.
    const given = Object.entries(others).filter(([name, text]) => name !== argument && text !== '');
    const context = given.length > 0 ? { context: { arguments: Object.fromEntries(given) } } : {};
    const { completion } = await client.complete({ ref, argument: { name: argument, value }, ...context }, requestOptions(connection, options));
    return {
      values: completion.values,
      ...(typeof completion.total === 'number' ? { total: completion.total } : {}),
      ...(typeof completion.hasMore === 'boolean' ? { hasMore: completion.hasMore } : {}),
    };
  } catch (error) {
    throw new Error(describe(messageOf(error)), { cause: error });
  }
}
