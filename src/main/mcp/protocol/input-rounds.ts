// Multi round-trip requests (2026-07-28, SEP-2322): a server answers `tools/call`, `prompts/get`
// or `resources/read` with `resultType: "input_required"`, the app gives what `inputRequests`
// asks through the same handlers a 2025-era server's own requests reach (input-handlers.ts), and
// sends the request again, as a new request (a new JSON-RPC id), with `inputResponses` and the
// `requestState` echoed as it came. Each call keeps its own rounds: nothing of one call's state
// reaches another. A server that keeps asking is stopped after MAX_INPUT_ROUNDS rounds; a
// malformed answer fails that call alone.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../../../types/json.js';
import type { InputHandlers } from './input-handlers.js';

/** Rounds of input one request may ask for before it is stopped. */
export const MAX_INPUT_ROUNDS = 10;
/** The largest `requestState` carried back (characters): a state is meant to be small. */
export const MAX_REQUEST_STATE_CHARS = 1_000_000;
/** The most entries one `inputRequests` may hold. */
export const MAX_INPUT_REQUESTS = 32;

export interface InputRequired {
  inputRequests?: Record<string, { method: string; params?: unknown }>;
  requestState?: string;
}

/** An `input_required` result read strictly, or why it cannot be answered. */
export function readInputRequired(result: Record<string, unknown>): InputRequired | { problem: string } {
  const { inputRequests, requestState } = result;
  if (inputRequests === undefined && requestState === undefined) return { problem: 'it has neither inputRequests nor requestState' };
  if (requestState !== undefined) {
    if (typeof requestState !== 'string') return { problem: 'its requestState is not text' };
    if (requestState.length > MAX_REQUEST_STATE_CHARS) return { problem: `its requestState is ${requestState.length} characters long, over the ${MAX_REQUEST_STATE_CHARS} the app carries back` };
  }
  if (inputRequests === undefined) return { requestState: requestState as string };
  if (!isRecord(inputRequests)) return { problem: 'its inputRequests is not an object' };
  const keys = Object.keys(inputRequests);
  if (keys.length > MAX_INPUT_REQUESTS) return { problem: `it asks ${keys.length} things at once, over ${MAX_INPUT_REQUESTS}` };
  const requests: Record<string, { method: string; params?: unknown }> = {};
  for (const key of keys) {
    const entry = inputRequests[key];
    if (!isRecord(entry) || typeof entry.method !== 'string') return { problem: `its input request "${key.slice(0, 100)}" has no method` };
    if (entry.params !== undefined && !isRecord(entry.params)) return { problem: `the params of its input request "${key.slice(0, 100)}" are not an object` };
    Object.defineProperty(requests, key, { value: { method: entry.method, params: entry.params }, enumerable: true, writable: true, configurable: true });
  }
  return { inputRequests: requests, ...(requestState !== undefined ? { requestState: requestState as string } : {}) };
}

export interface InputRoundsContext {
  handlers: InputHandlers;
  /** The server's label, for errors and the log. */
  server: string;
  signal?: AbortSignal;
  maxRounds?: number;
}

/**
 * Sends `params` through `send` until the answer is complete (a result without `resultType`
 * counts as complete, as from an older server), fulfilling each round's input in between.
 * `first`: the answer to `params` when the caller already has it.
 */
export async function runInputRounds(
  method: string,
  params: Record<string, unknown>,
  send: (params: Record<string, unknown>) => Promise<Record<string, unknown>>,
  context: InputRoundsContext,
  first?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const maxRounds = context.maxRounds ?? MAX_INPUT_ROUNDS;
  let current = params;
  for (let round = 0; ; round++) {
    const result = round === 0 && first !== undefined ? first : await send(current);
    if (result.resultType !== 'input_required') return result;
    if (round >= maxRounds) {
      throw new McpError(ErrorCode.InternalError, `${context.server} asked for input ${round + 1} times for one ${method} without finishing; stopped after ${maxRounds} rounds`);
    }
    const asked = readInputRequired(result);
    if ('problem' in asked) throw new McpError(ErrorCode.InvalidRequest, `${context.server} sent a malformed input_required result for ${method}: ${asked.problem}`);
    const signal = context.signal ?? new AbortController().signal;
    const responses: Record<string, unknown> = {};
    // One after the other: each may be a dialog the user answers.
    for (const [key, request] of Object.entries(asked.inputRequests ?? {})) {
      signal.throwIfAborted();
      const response = await context.handlers.fulfil(request.method, request.params ?? {}, signal);
      Object.defineProperty(responses, key, { value: response, enumerable: true, writable: true, configurable: true });
    }
    // The retry is the original request, plus this round's answers and state (never an earlier round's).
    current = {
      ...params,
      ...(asked.inputRequests ? { inputResponses: responses } : {}),
      ...(asked.requestState !== undefined ? { requestState: asked.requestState } : {}),
    };
  }
}
