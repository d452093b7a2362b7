// The fetch every HTTP transport goes through (2025-11-25 Streamable HTTP and SSE, the SDK's;
// 2026-07-28, protocol/modern-http.ts), with each message bounded as it streams: they all read an
// answer's JSON body whole, and an SSE event whole, with no limit, so a server that streamed a
// 400 MB answer took the app to nearly 2 GB. Here:
// - an SSE stream is passed on event by event (sse-events.ts); an event over the limit is dropped
//   as it streams and replaced by the error answer of the request it answered (its id read from
//   its two ends, or, on a POST's own stream, that POST's request), so that request alone fails;
//   any other event over it is dropped, and the server's log says so;
// - any other body is passed on as it comes, and stops with an error at the limit (or at once, when
//   its Content-Length says it is over): the request reading it fails with that error, the download
//   is cancelled, and the connection and every other request go on.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MAX_MESSAGE_BYTES, overLimit, overLimitText, sizeOf } from './limit.js';
import { SseEventLimit, type SkippedEvent } from './sse-events.js';

export interface BoundedFetchOptions {
  /** The largest message (bytes); MAX_MESSAGE_BYTES by default. */
  maxBytes?: number;
  /** A line for the server's log: a message that was not read, and why. */
  note?: (text: string) => void;
}

/** `inner`, with every answer's messages bounded. */
export function boundedFetch(inner: FetchLike, options: BoundedFetchOptions = {}): FetchLike {
  const maxBytes = options.maxBytes ?? MAX_MESSAGE_BYTES;
  const note = options.note ?? ((): void => undefined);
  return async (url, init) => bounded(await inner(url, init), init, maxBytes, note);
}

/** Statuses whose response may carry no body, and redirects, which the SDK reads the headers of. */
const AS_IS = new Set([101, 204, 205, 304]);

function bounded(response: Response, init: RequestInit | undefined, maxBytes: number, note: (text: string) => void): Response {
  const body = response.body;
  if (!body || AS_IS.has(response.status) || (response.status >= 300 && response.status < 400)) return response;
  const stream = /^\s*text\/event-stream/i.test(response.headers.get('content-type') ?? '') ? body.pipeThrough(sseEvents(init, maxBytes, note)) : wholeBody(body, response, maxBytes, note);
  const wrapped = new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
  // What a Response made here would not know: where it came from.
  Object.defineProperties(wrapped, { url: { value: response.url }, redirected: { value: response.redirected } });
  return wrapped;
}

/** An SSE stream passed on whole event by whole event; one over the limit replaced. */
function sseEvents(init: RequestInit | undefined, maxBytes: number, note: (text: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const limit = new SseEventLimit(maxBytes, (skipped) => replacement(skipped, maxBytes, () => requestIdOf(init), note));
  return new TransformStream({
    transform(chunk, controller) {
      for (const piece of limit.push(chunk)) controller.enqueue(piece);
    },
    flush(controller) {
      for (const piece of limit.end()) controller.enqueue(piece);
    },
  });
}

/** What takes a skipped event's place: the error answer of the request it answered, or nothing. */
function replacement(skipped: SkippedEvent, maxBytes: number, postedId: () => string | number | undefined, note: (text: string) => void): string | null {
  if (skipped.type !== '' && skipped.type !== 'message') {
    note(`Passed over: the server sent an SSE "${skipped.type.slice(0, 100)}" event of ${overLimitText(skipped.bytes, maxBytes)}.`);
    return null;
  }
  const read = overLimit(skipped, maxBytes, postedId());
  if (read instanceof Error) {
    note(`Passed over: ${read.message}.`);
    return null;
  }
  note(`Passed over: ${(read as Extract<JSONRPCMessage, { error: unknown }>).error.message} (the request it answered failed).`);
  // Its id line too: a 2025 stream resumes after the last event id it saw.
  return `${skipped.id === undefined ? '' : `id: ${skipped.id}\n`}data: ${JSON.stringify(read)}\n\n`;
}

/** Any other body: passed on as it comes, up to the limit, where it stops with an error. */
function wholeBody(body: ReadableStream<Uint8Array>, response: Response, maxBytes: number, note: (text: string) => void): ReadableStream<Uint8Array> {
  const over = (said: string): Error => {
    const error = new Error(`the server's answer is ${said}; it was not read`);
    note(`Passed over: ${error.message}.`);
    return error;
  };
  const announced = Number(response.headers.get('content-length'));
  if (Number.isSafeInteger(announced) && announced > maxBytes) {
    void body.cancel().catch(() => undefined);
    const error = over(overLimitText(announced, maxBytes));
    return new ReadableStream({ start: (controller) => controller.error(error) });
  }
  let read = 0;
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        read += chunk.byteLength;
        // The pipe cancels the download once this side errors.
        if (read > maxBytes) controller.error(over(`over the ${sizeOf(maxBytes)} the app reads in one message`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The id of the JSON-RPC request a POST sent, read only when an answer to it had to be skipped. */
function requestIdOf(init: RequestInit | undefined): string | number | undefined {
  if (typeof init?.body !== 'string') return undefined;
  try {
    const sent = JSON.parse(init.body) as { id?: unknown; method?: unknown };
    return typeof sent.method === 'string' && (typeof sent.id === 'string' || typeof sent.id === 'number') ? sent.id : undefined;
  } catch {
    return undefined;
  }
}
