// Helpers for tool selections (null = all tools, [] = none, else exposed names).
import type { ToolSelection } from '../../types/config.js';
import type { Catalog } from './catalog.js';

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

/**
 * What a selection gives a model, counted the same way on every screen: `offered` is the tools
 * a model gets (known to a server, switched on, not denied, not held), `asks` how many of those
 * ask the user before they run; `off` were selected but are switched off on their server,
 * `denied` have the policy "deny" (never offered), `held` wait for the user's review (changed,
 * new or flagged: offered to no model until approved), `missing` are selected names no server
 * has any more.
 */
export interface SelectionCount {
  offered: number;
  asks: number;
  off: number;
  denied: number;
  held: number;
  missing: number;
}

export function countSelection(selection: ToolSelection, catalog: Catalog): SelectionCount {
  const count: SelectionCount = { offered: 0, asks: 0, off: 0, denied: 0, held: 0, missing: 0 };
  const names = selection ?? catalog.byExposed.keys();
  for (const name of new Set(names)) {
    const tool = catalog.byExposed.get(name);
    if (!tool) count.missing++;
    else if (!tool.enabled) count.off++;
    else if (tool.policy === 'deny') count.denied++;
    else if (tool.held === true) count.held++;
    else {
      count.offered++;
      if (tool.policy === 'ask') count.asks++;
    }
  }
  return count;
}

export function toolCount(count: number): string {
  return `${count} ${count === 1 ? 'tool' : 'tools'}`;
}

/** A short summary for lists, with the count every screen shows: "All tools (12)", "No tools", "5 tools". */
export function describeSelection(selection: ToolSelection, catalog: Catalog): string {
  if (selection !== null && selection.length === 0) return 'No tools';
  const { offered } = countSelection(selection, catalog);
  return selection === null ? `All tools (${offered})` : toolCount(offered);
}

/** How many of the tools a selection offers ask before they run, in a sentence; '' when none do. */
export function asksSentence({ asks, offered }: Pick<SelectionCount, 'asks' | 'offered'>): string {
  if (asks === 0) return '';
  const who = asks === offered ? (asks === 1 ? 'It asks' : 'All of them ask') : `${asks} of them ${asks === 1 ? 'asks' : 'ask'}`;
  return `${who} you before ${asks === 1 ? 'it runs' : 'they run'}.`;
}
