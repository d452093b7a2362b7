// The part of a prepared provider tool list that a saved selection picks (a model's tool
// selection), without adapting anything again: one pass over the report.
import type { ProviderTools } from '../../types/providers.js';
import { listTokens } from './tokens.js';

/** `prepared` narrowed to the exposed names in `selection` (null: everything), order kept; its tokens summed again. */
export function selectProviderTools(prepared: Omit<ProviderTools, 'tokens'>, selection: readonly string[] | null): ProviderTools {
  if (selection === null) return { ...prepared, tokens: listTokens(prepared.provider, prepared.report.map((entry) => entry.tokens ?? 0)) };
  const wanted = new Set(selection);
  const tools: unknown[] = [];
  const report: ProviderTools['report'] = [];
  const costs: number[] = [];
  let index = 0;
  for (const entry of prepared.report) {
    const sent = entry.status === 'ok' || entry.status === 'adapted';
    if (wanted.has(entry.name)) {
      report.push(entry);
      if (sent) {
        tools.push(prepared.tools[index]);
        costs.push(entry.tokens ?? 0);
      }
    }
    if (sent) index++;
  }
  return { provider: prepared.provider, maxTools: prepared.maxTools, tools, report, tokens: listTokens(prepared.provider, costs) };
}
