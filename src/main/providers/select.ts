// The part of a prepared provider tool list that a saved selection picks (a model's tool
// selection), without adapting anything again: one pass over the report. The list's `tokens` are
// summed from its entries when first read, so a list nobody asks the cost of costs no counting.
import type { ProviderTools } from '../../types/providers.js';
import { listTokens } from './tokens.js';

/** `list` with `tokens`: the sum of its sent entries' tokens (plus the provider's list overhead), worked out on first read. */
export function withListTokens(list: Omit<ProviderTools, 'tokens'>): ProviderTools {
  let tokens: number | undefined;
  return Object.defineProperty(list, 'tokens', {
    enumerable: true,
    get: () => (tokens ??= listTokens(list.provider, list.report.filter((entry) => entry.status === 'ok' || entry.status === 'adapted').map((entry) => entry.tokens ?? 0))),
  }) as ProviderTools;
}

/** `prepared` narrowed to the exposed names in `selection` (null: everything), order kept; its tokens summed again. */
export function selectProviderTools(prepared: Omit<ProviderTools, 'tokens'>, selection: readonly string[] | null): ProviderTools {
  if (selection === null) return 'tokens' in prepared ? (prepared as ProviderTools) : withListTokens({ ...prepared });
  const wanted = new Set(selection);
  const tools: unknown[] = [];
  const report: ProviderTools['report'] = [];
  let index = 0;
  for (const entry of prepared.report) {
    const sent = entry.status === 'ok' || entry.status === 'adapted';
    if (wanted.has(entry.name)) {
      report.push(entry);
      if (sent) tools.push(prepared.tools[index]);
    }
    if (sent) index++;
  }
  return withListTokens({ provider: prepared.provider, maxTools: prepared.maxTools, tools, report });
}
