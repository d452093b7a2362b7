// When a model's tools are loaded on demand (a search tool, and the tools it finds) instead of all
// sent in every request: the per-model setting (`llm.defaults[].toolLoading`) and the one rule
// that turns it into what a request does. Shared by main and renderer, so the model tools screen
// says exactly what a chat would do, and why.
import { z } from 'zod';
import type { ToolLoading } from './providers.js';

/** off: every selected tool in every request; on: always on demand; auto: on demand when needed. */
export const ToolLoadingModeSchema = z.enum(['auto', 'on', 'off']);
export type ToolLoadingMode = z.infer<typeof ToolLoadingModeSchema>;

export const DEFAULT_TOOL_LOADING: ToolLoadingMode = 'auto';
/** Automatic loading goes on demand above this many tokens of tool definitions per request. */
export const DEFAULT_TOKEN_BUDGET = 20_000;
export const MIN_TOKEN_BUDGET = 500;
export const MAX_TOKEN_BUDGET = 2_000_000;
/** Tools a user may pin for a model: loaded in every request even on demand. */
export const MAX_PINNED_TOOLS = 5;

export const TokenBudgetSchema = z.number().int().min(MIN_TOKEN_BUDGET).max(MAX_TOKEN_BUDGET);
export const PinnedToolsSchema = z.array(z.string().min(1).max(200)).max(MAX_PINNED_TOOLS);

/** What the decision looks at: one selection as one provider takes it. */
export interface LoadingInput {
  mode: ToolLoadingMode;
  /** Tools the selection sends when all are sent (the chat's built-in tools included, when counted). */
  count: number;
  /** Prompt tokens of those definitions. */
  tokens: number;
  /** The provider's tool limit; null where none is documented. */
  maxTools: number | null;
  /** The provider's name, for the reason. */
  provider: string;
  budget?: number;
}

export interface LoadingDecision {
  loading: ToolLoading;
  /** One sentence a user reads on the model tools screen. */
  reason: string;
}

const number = (value: number): string => Math.round(value).toLocaleString('en-US');

/**
 * on → on demand; off → all; auto → on demand when the selection is over the provider's tool limit
 * or its definitions over the token budget, else all.
 */
export function decideLoading(input: LoadingInput): LoadingDecision {
  const budget = input.budget ?? DEFAULT_TOKEN_BUDGET;
  if (input.mode === 'on') return { loading: 'on-demand', reason: 'On: the model gets a search tool and loads the tools it finds.' };
  if (input.mode === 'off') return { loading: 'all', reason: 'Off: every selected tool is sent in every request.' };
  if (input.maxTools !== null && input.count > input.maxTools) {
    return { loading: 'on-demand', reason: `Automatic: on demand, because ${number(input.count)} tools are over the limit of ${number(input.maxTools)} per request of ${input.provider}.` };
  }
  if (input.tokens > budget) {
    return { loading: 'on-demand', reason: `Automatic: on demand, because ≈ ${number(input.tokens)} tokens of tool definitions are over the budget of ${number(budget)}.` };
  }
  return { loading: 'all', reason: `Automatic: all tools, because ≈ ${number(input.tokens)} tokens are within the budget of ${number(budget)}${input.maxTools === null ? '' : ` and ${number(input.count)} tools within the limit of ${number(input.maxTools)}`}.` };
}
