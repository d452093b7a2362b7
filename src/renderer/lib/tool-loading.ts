// A model entry's "Load tools on demand" settings as the model tools screen edits them: the
// defaults (automatic, 20,000 tokens, no pins) are left out of the saved entry, so a settings file
// keeps only what the user chose.
import type { ModelTools } from '../../types/config.js';
import type { ToolLoadingMode } from '../../types/tool-loading.js';
import { DEFAULT_TOKEN_BUDGET, DEFAULT_TOOL_LOADING, MAX_TOKEN_BUDGET, MIN_TOKEN_BUDGET } from '../../types/tool-loading.js';

export interface LoadingSettings {
  mode: ToolLoadingMode;
  budget: number;
  pinned: string[];
}

export function loadingSettingsOf(entry: ModelTools): LoadingSettings {
  return { mode: entry.toolLoading ?? DEFAULT_TOOL_LOADING, budget: entry.tokenBudget ?? DEFAULT_TOKEN_BUDGET, pinned: [...(entry.pinnedTools ?? [])] };
}

/** `entry` with `settings`, defaults left out. */
export function withLoadingSettings(entry: ModelTools, settings: LoadingSettings): ModelTools {
  const { toolLoading: _mode, tokenBudget: _budget, pinnedTools: _pinned, ...rest } = entry;
  return {
    ...rest,
    ...(settings.mode === DEFAULT_TOOL_LOADING ? {} : { toolLoading: settings.mode }),
    ...(settings.budget === DEFAULT_TOKEN_BUDGET ? {} : { tokenBudget: settings.budget }),
    ...(settings.pinned.length === 0 ? {} : { pinnedTools: settings.pinned }),
  };
}

/** A budget typed into the form: a whole number within the limits, or why not. */
export function parseBudget(text: string): number | string {
  const value = Number(text.trim().replace(/[,_\s]/g, ''));
  if (!Number.isInteger(value)) return 'The budget is a whole number of tokens.';
  if (value < MIN_TOKEN_BUDGET || value > MAX_TOKEN_BUDGET) return `The budget is between ${MIN_TOKEN_BUDGET.toLocaleString('en-US')} and ${MAX_TOKEN_BUDGET.toLocaleString('en-US')} tokens.`;
  return value;
}
