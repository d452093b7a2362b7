// When tools load on demand (src/types/tool-loading.ts), the rule the model tools screen and a
// chat share, and the screen's helpers for the per-model setting (src/renderer/lib/tool-loading.ts).
import { describe, expect, it } from 'vitest';
import { loadingSettingsOf, parseBudget, withLoadingSettings } from '../../src/renderer/lib/tool-loading.js';
import { ModelToolsSchema } from '../../src/types/config.js';
import { decideLoading } from '../../src/types/tool-loading.js';

const input = { count: 40, tokens: 9_100, maxTools: 128, provider: 'OpenAI (Chat Completions)' };

describe('decideLoading', () => {
  it('on and off are what they say, whatever the selection', () => {
    expect(decideLoading({ ...input, mode: 'on' })).toEqual({ loading: 'on-demand', reason: 'On: the model gets a search tool and loads the tools it finds.' });
    expect(decideLoading({ ...input, mode: 'off', count: 500, tokens: 90_000 })).toEqual({ loading: 'all', reason: 'Off: every selected tool is sent in every request.' });
  });

  it('automatic: on demand over the tool limit or over the budget, else all, each saying why', () => {
    expect(decideLoading({ ...input, mode: 'auto', count: 145 })).toEqual({
      loading: 'on-demand',
      reason: 'Automatic: on demand, because 145 tools are over the limit of 128 per request of OpenAI (Chat Completions).',
    });
    expect(decideLoading({ ...input, mode: 'auto', tokens: 24_500 })).toEqual({
      loading: 'on-demand',
      reason: 'Automatic: on demand, because ≈ 24,500 tokens of tool definitions are over the budget of 20,000.',
    });
    expect(decideLoading({ ...input, mode: 'auto', budget: 5_000 }).loading).toBe('on-demand');
    expect(decideLoading({ ...input, mode: 'auto', count: 128, tokens: 20_000 })).toEqual({
      loading: 'all',
      reason: 'Automatic: all tools, because ≈ 20,000 tokens are within the budget of 20,000 and 128 tools within the limit of 128.',
    });
    // A provider without a documented limit: only the budget counts.
    expect(decideLoading({ ...input, mode: 'auto', count: 5_000, maxTools: null }).reason).toBe('Automatic: all tools, because ≈ 9,100 tokens are within the budget of 20,000.');
  });
});

describe('the model entry\'s loading settings', () => {
  it('reads the defaults for an entry without them, and leaves the defaults out when saving', () => {
    const entry = { engine: 'openai', model: 'gpt-4o', tools: null };
    expect(loadingSettingsOf(entry)).toEqual({ mode: 'auto', budget: 20_000, pinned: [] });
    expect(withLoadingSettings({ ...entry, toolLoading: 'on', tokenBudget: 9_000, pinnedTools: ['a'] }, { mode: 'auto', budget: 20_000, pinned: [] })).toEqual(entry);
    const saved = withLoadingSettings(entry, { mode: 'off', budget: 8_000, pinned: ['read_file'] });
    expect(saved).toEqual({ ...entry, toolLoading: 'off', tokenBudget: 8_000, pinnedTools: ['read_file'] });
    expect(ModelToolsSchema.safeParse(saved).success).toBe(true);
  });

  it('a budget typed in: a whole number in range, separators allowed; anything else says why', () => {
    expect(parseBudget(' 12,000 ')).toBe(12_000);
    expect(parseBudget('500')).toBe(500);
    expect(parseBudget('12.5')).toBe('The budget is a whole number of tokens.');
    expect(parseBudget('lots')).toBe('The budget is a whole number of tokens.');
    expect(parseBudget('499')).toBe('The budget is between 500 and 2,000,000 tokens.');
    expect(parseBudget('3000000')).toBe('The budget is between 500 and 2,000,000 tokens.');
  });
});
