// A stream of text cut into lines (a stdio server's stderr): complete lines are handed on as they
// arrive, and a line that never ends is handed on in pieces of the log's line limit, so a server
// that writes without newlines cannot grow memory.
import { LOG_LINE_LIMIT } from './server-log.js';

/**
 * Splits a stream's chunks into lines. A line longer than `limit` without a newline is passed on
 * in pieces, so the pending text never grows past the limit.
 */
export class LineSplitter {
  #pending = '';
  constructor(
    private readonly onLine: (line: string) => void,
    private readonly limit = LOG_LINE_LIMIT,
  ) {}

  push(chunk: string): void {
    const parts = (this.#pending + chunk).split(/\r?\n/);
    this.#pending = parts.pop() ?? '';
    for (const line of parts) if (line.trim() !== '') this.onLine(line);
    while (this.#pending.length > this.limit) {
      this.onLine(this.#pending.slice(0, this.limit));
      this.#pending = this.#pending.slice(this.limit);
    }
  }

  /** The unfinished last line, if any. */
  get pending(): string {
    return this.#pending;
  }
}
