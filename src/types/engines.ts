// Which provider's request a chat engine sends, so the model-tools screen can count a selection
// against that provider's tool limit (PROVIDER_LIMITS in providers.ts). Engine ids are the ones a
// chat app stores with a model (`llm.defaults[].engine`), compared trimmed and lower-cased.
// Shared by main and renderer.
import type { ProviderId } from './providers.js';

/**
 * Engine id → provider. Engines that speak a provider's API with that provider's limits are
 * listed with it (Azure OpenAI is OpenAI's service). Engines not listed (OpenAI-compatible
 * gateways such as OpenRouter or Groq, whose limits are their own) have no known limit.
 */
export const ENGINE_PROVIDERS: Readonly<Record<string, ProviderId>> = {
  openai: 'openai',
  'openai-responses': 'openai-responses',
  azure: 'openai',
  'azure-openai': 'openai',
  anthropic: 'anthropic',
  claude: 'anthropic',
  google: 'gemini',
  gemini: 'gemini',
  vertex: 'gemini',
  bedrock: 'bedrock',
  'aws-bedrock': 'bedrock',
  mistral: 'mistral',
  mistralai: 'mistral',
  deepseek: 'deepseek',
  ollama: 'ollama',
};

/** The provider a model entry's engine sends to, or null for an engine not in the table. */
export function providerOfEngine(engine: string): ProviderId | null {
  const key = engine.trim().toLowerCase();
  return Object.hasOwn(ENGINE_PROVIDERS, key) ? ENGINE_PROVIDERS[key]! : null;
}
