// A server log entry as text: on screen (local time of day) and copied (full ISO time, so a
// pasted log says when it happened wherever it is read).
import type { LogEntry } from '../../types/mcp.js';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Local time of day with milliseconds: 14:03:07.250. */
export function formatLogTime(time: number): string {
  const d = new Date(time);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** One copied line: `2026-03-01T13:03:07.250Z connection error Failed: …`. */
export function formatLogLine(entry: LogEntry): string {
  return `${new Date(entry.time).toISOString()} ${entry.source} ${entry.level} ${entry.text}`;
}
