// What a stdio server writes on stdout, read as JSON-RPC messages, one a line, in place of the
// SDK's reader (1.32.2). That one joins every chunk onto what it holds (a 10 MB message in 64 KB
// chunks copied 800 MB: a second of the main thread here, 15 s at 32 MB) and, past 10 MB, closed
// the connection: every call on it failed with "Connection closed", and a server's 10 MB
// `requestState` could not even be refused for what it is. Here chunks are kept as they come and
// joined once per line. A line over the limit is skipped as it streams; when it is an answer, the
// request it answers fails, saying why; the connection goes on either way.
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { END_BYTES, MAX_MESSAGE_BYTES, overLimit } from '../message-size/limit.js';

const NEWLINE = 0x0a;

/** What the SDK's stdio transport asks of its reader. */
export interface MessageReader {
  append(chunk: Buffer): void;
  readMessage(): JSONRPCMessage | null;
  clear(): void;
}

interface Skipping {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

export class MessageLines implements MessageReader {
  #parts: Buffer[] = [];
  #length = 0;
  #skipping: Skipping | null = null;
  /** Lines read and not handed on yet: a message, or why a line is none. */
  #ready: Array<JSONRPCMessage | Error> = [];

  constructor(private readonly maxBytes = MAX_MESSAGE_BYTES) {}

  append(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.#take(chunk.subarray(start, end));
      this.#endLine();
      start = end + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start));
  }

  /** The next message; throws for a line that is none (the SDK logs it and reads on). */
  readMessage(): JSONRPCMessage | null {
    const next = this.#ready.shift();
    if (next instanceof Error) throw next;
    return next ?? null;
  }

  clear(): void {
    this.#parts = [];
    this.#length = 0;
    this.#skipping = null;
    this.#ready = [];
  }

  #take(part: Buffer): void {
    if (part.length === 0) return;
    const skipping = this.#skipping;
    if (skipping) {
      skipping.bytes += part.length;
      skipping.tail = lastBytes(Buffer.concat([skipping.tail, part.subarray(-END_BYTES)]));
      return;
    }
    if (this.#length + part.length <= this.maxBytes) {
      this.#parts.push(part);
      this.#length += part.length;
      return;
    }
    // Copies of its two ends, so that nothing holds on to the line's bytes.
    const held = Buffer.concat([...this.#parts, part]);
    this.#skipping = { bytes: held.length, head: Buffer.from(held.subarray(0, END_BYTES)), tail: Buffer.from(lastBytes(held)) };
    this.#parts = [];
    this.#length = 0;
  }

  #endLine(): void {
    const skipped = this.#skipping;
    if (skipped) {
      this.#skipping = null;
      this.#ready.push(overLimit({ bytes: skipped.bytes, head: skipped.head.toString('utf8'), tail: skipped.tail.toString('utf8') }, this.maxBytes));
      return;
    }
    const line = Buffer.concat(this.#parts, this.#length).toString('utf8');
    this.#parts = [];
    this.#length = 0;
    if (line.trim() === '') return;
    try {
      const value = JSON.parse(line) as unknown;
      this.#ready.push(commonMessage(value) ?? JSONRPCMessageSchema.parse(value));
    } catch (error) {
      this.#ready.push(new Error(`the server wrote a line on stdout that is not a JSON-RPC message (${line.length > 200 ? `${line.slice(0, 200)}…` : line}): ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`));
    }
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length > END_BYTES ? buffer.subarray(-END_BYTES) : buffer;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A notification, or an answer with a result, of the shape nearly every message has, recognised
 * without zod; undefined for anything else, which the SDK's schema then reads. The schema is a
 * union of four strict objects, and a failed branch of it builds a message for each issue: parsing
 * a progress report or a log message with it took most of the time a notification cost. What is
 * accepted here is exactly what that union accepts of these shapes: no member but `jsonrpc`,
 * `method` and `params` (a notification) or `jsonrpc`, `id` and `result` (an answer), the id text
 * or a safe integer, `params` and `result` objects without `_meta` (whose fields the schema checks).
 */
function commonMessage(value: unknown): JSONRPCMessage | undefined {
  if (!isObject(value) || value.jsonrpc !== '2.0') return undefined;
  const members = Object.keys(value).length;
  if (typeof value.method === 'string') {
    const { params } = value;
    if (params === undefined ? members !== 2 : members !== 3 || !isObject(params) || '_meta' in params) return undefined;
    return value as JSONRPCMessage;
  }
  const { id, result } = value;
  if (members !== 3 || !isObject(result) || '_meta' in result) return undefined;
  return typeof id === 'string' || Number.isSafeInteger(id) ? (value as JSONRPCMessage) : undefined;
}
