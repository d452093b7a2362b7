// The tool limit a saved selection is counted against: its model's provider's, found through the
// engine table; for the prompt and realtime selections, which go to whatever model is in use,
// the strictest limit any provider has.
import type { ProviderLimit } from '../../types/engines.js';
import { providerOfEngine } from '../../types/engines.js';

export interface RequestLimit {
  /** Who the limit is: one provider, or every provider that has the strictest one. */
  providers: string[];
  maxTools: number;
  /** True when the engine's own provider is known; false for the strictest-of-all fallback. */
  exact: boolean;
}

/**
 * `engine` null: the selection is not tied to one model. An engine not in the table, or a
 * provider that documents no limit: null, nothing to warn about.
 */
export function requestLimit(engine: string | null, limits: readonly ProviderLimit[]): RequestLimit | null {
  if (engine !== null) {
    const id = providerOfEngine(engine);
    const limit = limits.find((entry) => entry.id === id);
    return limit && limit.maxTools !== null ? { providers: [limit.name], maxTools: limit.maxTools, exact: true } : null;
  }
  const limited = limits.filter((entry): entry is ProviderLimit & { maxTools: number } => entry.maxTools !== null);
  if (limited.length === 0) return null;
  const maxTools = Math.min(...limited.map((entry) => entry.maxTools));
  // One name per provider family: "OpenAI (strict mode)" is OpenAI.
  const providers = [...new Set(limited.filter((entry) => entry.maxTools === maxTools).map((entry) => entry.name.replace(/ \(.*\)$/, '')))];
  return { providers, maxTools, exact: false };
}
