// An SSE stream (text/event-stream) cut into whole events, each bounded. The parsers that read it
// after this (the SDK's, eventsource's, the 2026-07-28 transport's) keep an event's data until its
// blank line with no limit: a 400 MB answer was all in memory, more than once. Here the bytes of
// the event being read are held until its end and then passed on unchanged; an event past the
// limit is dropped as it streams, only its two ends kept, and `replace` says what takes its place
// (the error answer of the request it answered, or nothing). Pure: bytes in, bytes out.
import { END_BYTES, type SkippedMessage } from './limit.js';

const CR = 0x0d;
const LF = 0x0a;
/** What is kept of a skipped event's start: its fields before its data, and the data's opening. */
const HEAD_BYTES = 2_048;

/** An event too large to pass on: its size, its fields before its data (`id`, `event`), and the ends of its data. */
export interface SkippedEvent extends SkippedMessage {
  /** The event's type (`event:`), '' when it has none (a message). */
  type: string;
  /** Its `id:` line, kept so that a stream that resumes from it still can. */
  id?: string;
}

interface Skipping {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

export class SseEventLimit {
  /** The bytes of the event being read, as they came. */
  #held: Buffer[] = [];
  #heldBytes = 0;
  #skipping: Skipping | null = null;
  /** The last byte ended a line (so a line end now is a blank line: the event's end). */
  #atLineStart = true;
  /** The last byte was a CR: an LF now is the same line end. */
  #afterCR = false;

  /** `replace`: the text that takes a skipped event's place (a whole event), or null for none. */
  constructor(
    private readonly maxBytes: number,
    private readonly replace: (skipped: SkippedEvent) => string | null,
  ) {}

  /** What to pass on after `chunk`: the bytes of every event it ends, a skipped one replaced. */
  push(chunk: Uint8Array): Uint8Array[] {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out: Uint8Array[] = [];
    let start = 0;
    for (const end of this.#eventEnds(bytes)) {
      this.#take(bytes.subarray(start, end));
      this.#finish(out);
      start = end;
    }
    this.#take(bytes.subarray(start));
    return joined(out);
  }

  /** The stream ended: an event left unfinished passes as it is (a parser drops it), a skipped one is replaced. */
  end(): Uint8Array[] {
    const out: Uint8Array[] = [];
    // Nothing of a skipped event went on: its replacement, a whole event, follows the last one passed.
    if (this.#skipping) {
      this.#finish(out);
    } else if (this.#heldBytes > 0) {
      out.push(...this.#held);
    }
    this.#held = [];
    this.#heldBytes = 0;
    return out;
  }

  /** Where each event that `bytes` ends ends (just after its blank line). */
  *#eventEnds(bytes: Buffer): Generator<number> {
    let nextCR = bytes.indexOf(CR);
    let nextLF = bytes.indexOf(LF);
    let at = 0;
    for (;;) {
      if (nextCR !== -1 && nextCR < at) nextCR = bytes.indexOf(CR, at);
      if (nextLF !== -1 && nextLF < at) nextLF = bytes.indexOf(LF, at);
      const found = nextCR === -1 ? nextLF : nextLF === -1 ? nextCR : Math.min(nextCR, nextLF);
      if (found === -1) {
        if (at < bytes.length) this.#atLineStart = this.#afterCR = false;
        return;
      }
      if (found > at) this.#atLineStart = this.#afterCR = false;
      at = found + 1;
      const isCR = bytes[found] === CR;
      // The LF of a CRLF ends no line of its own.
      if (!isCR && this.#afterCR) {
        this.#afterCR = false;
        continue;
      }
      this.#afterCR = isCR;
      if (this.#atLineStart) yield at;
      this.#atLineStart = true;
    }
  }

  /** Bytes of the event being read: held, or, past the limit, only counted and their ends kept. */
  #take(part: Buffer): void {
    if (part.length === 0) return;
    const skipping = this.#skipping;
    if (skipping) {
      skipping.bytes += part.length;
      skipping.tail = lastBytes(Buffer.concat([skipping.tail, lastBytes(part)]));
      return;
    }
    if (this.#heldBytes + part.length <= this.maxBytes) {
      this.#held.push(part);
      this.#heldBytes += part.length;
      return;
    }
    // Copies of its two ends, so that nothing holds on to the event's bytes.
    const held = Buffer.concat([...this.#held, part]);
    this.#skipping = { bytes: held.length, head: Buffer.from(held.subarray(0, HEAD_BYTES)), tail: Buffer.from(lastBytes(held)) };
    this.#held = [];
    this.#heldBytes = 0;
  }

  /** The event being read has ended: its bytes, or what replaces it, go out. */
  #finish(out: Uint8Array[]): void {
    const skipped = this.#skipping;
    if (!skipped) {
      out.push(...this.#held);
      this.#held = [];
      this.#heldBytes = 0;
      return;
    }
    this.#skipping = null;
    const replacement = this.replace(readSkipped(skipped));
    if (replacement !== null) out.push(Buffer.from(replacement));
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length > END_BYTES ? buffer.subarray(-END_BYTES) : buffer;
}

/** The fields of a skipped event's start, and the ends of its data. */
function readSkipped(skipped: Skipping): SkippedEvent {
  let type = '';
  let id: string | undefined;
  let head = '';
  for (const line of skipped.head.toString('utf8').split(/\r\n|\r|\n/)) {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') {
      head = value;
      break;
    }
    if (field === 'event') type = value;
    else if (field === 'id') id = value;
  }
  const tail = skipped.tail.toString('utf8').replace(/[\r\n]+$/, '');
  return { bytes: skipped.bytes, head, tail, type, ...(id === undefined ? {} : { id }) };
}

/** `pieces` with neighbours cut from one buffer, end to start, made one. */
function joined(pieces: Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last && last.buffer === piece.buffer && last.byteOffset + last.byteLength === piece.byteOffset) {
      out[out.length - 1] = new Uint8Array(last.buffer, last.byteOffset, last.byteLength + piece.byteLength);
    } else {
      out.push(piece);
    }
  }
  return out;
}
