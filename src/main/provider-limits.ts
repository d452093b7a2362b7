// Every provider's tool limit, for the renderer (AppState.providerLimits) and the CLI.
import type { ProviderLimit } from '../types/engines.js';
import { PROVIDER_NAMES } from '../types/engines.js';
import { PROVIDER_IDS, type ProviderId } from '../types/providers.js';

// Replaced by the adapters' PROVIDER_LIMITS (src/main/providers/) once they land.
const MAX_TOOLS: Record<ProviderId, number | null> = {
  openai: 128,
  'openai-strict': 128,
  'openai-responses': 128,
  anthropic: null,
  gemini: null,
  bedrock: null,
  mistral: null,
  deepseek: null,
  ollama: null,
};

export function providerLimits(): ProviderLimit[] {
  return PROVIDER_IDS.map((id) => ({ id, name: PROVIDER_NAMES[id], maxTools: MAX_TOOLS[id] }));
}
