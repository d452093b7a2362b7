// The tool limit a saved selection is counted against: its model's provider's (PROVIDER_LIMITS),
// found through the engine table; for the prompt and realtime selections, which go to whatever
// model is in use, the strictest limit any provider has.
import { providerOfEngine } from '../../types/engines.js';
import type { ProviderId, ProviderLimits } from '../../types/providers.js';
import { PROVIDER_IDS, PROVIDER_LIMITS } from '../../types/providers.js';

export interface RequestLimit {
  /** Who the limit is: one provider, or every provider family that has the strictest one. */
  providers: string[];
  maxTools: number;
  /** True when the engine's own provider is known; false for the strictest-of-all fallback. */
  exact: boolean;
}

type Limits = Readonly<Record<ProviderId, Pick<ProviderLimits, 'label' | 'maxTools'>>>;

/**
 * `engine` null: the selection is not tied to one model. An engine not in the table, or a
 * provider that documents no limit: null, nothing to warn about.
 */
export function requestLimit(engine: string | null, limits: Limits = PROVIDER_LIMITS): RequestLimit | null {
  if (engine !== null) {
    const id = providerOfEngine(engine);
    const limit = id === null ? null : limits[id];
    return limit && limit.maxTools !== null ? { providers: [limit.label], maxTools: limit.maxTools, exact: true } : null;
  }
  const limited = PROVIDER_IDS.map((id) => limits[id]).filter((limit) => limit.maxTools !== null);
  if (limited.length === 0) return null;
  const maxTools = Math.min(...limited.map((limit) => limit.maxTools!));
  // One name per provider family: "OpenAI (Chat Completions, strict)" is OpenAI.
  const providers = [...new Set(limited.filter((limit) => limit.maxTools === maxTools).map((limit) => limit.label.replace(/ \(.*\)$/, '')))];
  return { providers, maxTools, exact: false };
}
