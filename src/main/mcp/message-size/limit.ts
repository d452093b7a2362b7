// The largest message the app reads from a server, on every transport and both revisions (a
// stdio line, an HTTP answer's JSON body, one SSE event), and what is left of one over it: its two
// ends, from which the request it answers is found, so that that request alone fails, saying why,
// while the connection and every other request go on. Pure.
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The largest message read from a server (bytes): far above any real one, and bounded. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** What is kept of each end of a skipped message: enough to find whose answer it was. */
export const END_BYTES = 256;

/** A message too large to read: its size, and its two ends. */
export interface SkippedMessage {
  bytes: number;
  head: string;
  tail: string;
}

export const sizeOf = (bytes: number): string => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Why a message was not read: its size against the limit. */
export function overLimitText(bytes: number, maxBytes: number): string {
  return `${sizeOf(bytes)}, over the ${sizeOf(maxBytes)} the app reads in one message`;
}

/**
 * A skipped message: an error answer to the request it answers, or, when it answers none, why it
 * was skipped. `fallbackId`: the request an answer whose id cannot be read must be answering (an
 * HTTP answer to one POST).
 */
export function overLimit(skipped: SkippedMessage, maxBytes: number, fallbackId?: string | number): JSONRPCMessage | Error {
  const size = overLimitText(skipped.bytes, maxBytes);
  const id = answeredId(skipped.head, skipped.tail) ?? (fallbackId !== undefined && isAnswerHead(skipped.head) ? fallbackId : undefined);
  if (id === undefined) return new Error(`the server wrote a message of ${size}; it was skipped`);
  return { jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message: `the server's answer is ${size}; it was skipped` } };
}

const ID = String.raw`("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})`;
const MEMBER = String.raw`"(?:jsonrpc|id)"\s*:\s*(?:"(?:[^"\\]|\\.){0,200}"|-?\d{1,16})\s*,\s*`;
/** An answer's opening: at most `jsonrpc` and `id` before its `result` or `error`. */
const ANSWER_HEAD = new RegExp(String.raw`^\s*\{\s*((?:${MEMBER}){0,2})"(?:result|error)"\s*:`);
const ID_IN_HEAD = new RegExp(String.raw`"id"\s*:\s*${ID}`);
/** An answer's end when `result` or `error` came first: its `id`, and perhaps `jsonrpc`, last. */
const ID_AT_END = new RegExp(String.raw`"id"\s*:\s*${ID}\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$`);

/** Whether a message opens as an answer (its `result` or `error` after at most `jsonrpc` and `id`). */
export function isAnswerHead(head: string): boolean {
  return ANSWER_HEAD.test(head);
}

/**
 * The id of the request a message answers, read from its two ends, or undefined when the message
 * is not an answer (a request of the server's, a notification) or its id cannot be found there.
 * Only top-level members are read: an answer holds `jsonrpc`, `id` and `result` or `error` alone.
 */
export function answeredId(head: string, tail: string): string | number | undefined {
  const opening = ANSWER_HEAD.exec(head);
  if (!opening) return undefined;
  const found = ID_IN_HEAD.exec(opening[1] ?? '') ?? ID_AT_END.exec(tail);
  if (!found?.[1]) return undefined;
  try {
    const id = JSON.parse(found[1]) as unknown;
    return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}
