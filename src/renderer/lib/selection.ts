// Helpers for tool selections (null = all tools, [] = none, else exposed names).
import type { ToolSelection } from '../../types/config.js';

export type SelectionMode = 'all' | 'none' | 'custom';

export function modeOf(selection: ToolSelection): SelectionMode {
  if (selection === null) return 'all';
  return selection.length === 0 ? 'none' : 'custom';
}

/** Same tools, in any order. */
export function sameSelection(a: ToolSelection, b: ToolSelection): boolean {
  if (a === null || b === null) return a === b;
  const left = new Set(a);
  const right = new Set(b);
  if (left.size !== right.size) return false;
  for (const name of left) if (!right.has(name)) return false;
  return true;
}

/** A short summary for lists: "All tools", "No tools", "12 tools". */
export function describeSelection(selection: ToolSelection): string {
  if (selection === null) return 'All tools';
  if (selection.length === 0) return 'No tools';
  return `${selection.length} ${selection.length === 1 ? 'tool' : 'tools'}`;
}
