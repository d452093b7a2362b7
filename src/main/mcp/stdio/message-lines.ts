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
      this.#ready.push(JSONRPCMessageSchema.parse(JSON.parse(line)));
    } catch (error) {
      this.#ready.push(new Error(`the server wrote a line on stdout that is not a JSON-RPC message (${line.length > 200 ? `${line.slice(0, 200)}…` : line}): ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`));
    }
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length > END_BYTES ? buffer.subarray(-END_BYTES) : buffer;
}
