// Per-server logs: the server's stderr lines (stdio), connect attempts and their outcomes, and
// the log messages it sends (`notifications/message`). Each server has a ring of a fixed number
// of entries, each cut to a fixed length, so memory stays the same however long the app runs.
import type { LogEntry, LogLevel, LogSource } from '../../../types/mcp.js';

/** Entries kept per server; the oldest go first. */
const LOG_CAPACITY = 500;
/** Characters kept of one entry. */
export const LOG_LINE_LIMIT = 1_000;

export interface LogRecord {
  source: LogSource;
  level: LogLevel;
  text: string;
}

/** A fixed-size ring: pushing past capacity overwrites the oldest entry, never grows. */
export class LogRing {
  #entries: Array<LogEntry | undefined>;
  #next = 0;
  #size = 0;

  constructor(readonly capacity = LOG_CAPACITY) {
    this.#entries = new Array<LogEntry | undefined>(capacity);
  }

  push(entry: LogEntry): void {
    this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % this.capacity;
    this.#size = Math.min(this.#size + 1, this.capacity);
  }

  /** Oldest first; only entries numbered above `after` when given. */
  read(after = -1): LogEntry[] {
    const out: LogEntry[] = [];
    for (let i = 0; i < this.#size; i++) {
      const entry = this.#entries[(this.#next - this.#size + i + this.capacity) % this.capacity]!;
      if (entry.seq > after) out.push(entry);
    }
    return out;
  }
}

type LogListener = (uuid: string) => void;

/** Every server's ring, numbered entries, and a coalesced "new entries" signal per server. */
export class ServerLogs {
  #rings = new Map<string, LogRing>();
  #seq = 0;
  #listeners = new Set<LogListener>();
  #changed = new Set<string>();
  #flushQueued = false;

  constructor(
    private readonly capacity = LOG_CAPACITY,
    private readonly now: () => number = Date.now,
  ) {}

  record(uuid: string, record: LogRecord): void {
    let ring = this.#rings.get(uuid);
    if (!ring) this.#rings.set(uuid, (ring = new LogRing(this.capacity)));
    const text = record.text.length > LOG_LINE_LIMIT ? `${record.text.slice(0, LOG_LINE_LIMIT)}…` : record.text;
    ring.push({ seq: ++this.#seq, time: this.now(), source: record.source, level: record.level, text });
    this.#signal(uuid);
  }

  /** A server's entries, oldest first; only those numbered above `after` when given. */
  read(uuid: string, after?: number): LogEntry[] {
    return this.#rings.get(uuid)?.read(after) ?? [];
  }

  /** Forgets a deleted server's log. */
  remove(uuid: string): void {
    this.#rings.delete(uuid);
  }

  /** Called with a server's uuid when it has new entries: at most once per tick per server. */
  onUpdate(listener: LogListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #signal(uuid: string): void {
    if (this.#listeners.size === 0) return;
    this.#changed.add(uuid);
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    // A chatty server writes many lines per tick; listeners hear of it once.
    setImmediate(() => {
      this.#flushQueued = false;
      const changed = [...this.#changed];
      this.#changed.clear();
      for (const id of changed) for (const listener of this.#listeners) listener(id);
    });
  }
}
