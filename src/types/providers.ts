// What reaches a model provider (DESIGN.md section 7): the provider ids, and the shape of
// `Mcp.getProviderTools`. Shared by main, preload and renderer, so nothing here touches Node.
import { z } from 'zod';

export const PROVIDER_IDS = [
  'openai',
  'openai-strict',
  'openai-responses',
  'anthropic',
  'gemini',
  'bedrock',
  'mistral',
  'deepseek',
  'ollama',
] as const;

export const ProviderIdSchema = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/** `denied`: the tool's policy is "deny", so it is never offered to a model (and not adapted). */
export type ProviderToolStatus = 'ok' | 'adapted' | 'unsendable' | 'denied';

/** One enabled tool, as one provider gets it. */
export interface ProviderToolReport {
  /** The exposed name (the name the model sees). */
  name: string;
  /** The uuid of the server that owns the tool. */
  server: string;
  /** The tool's name on its server. */
  original: string;
  status: ProviderToolStatus;
  /** What was changed to make the definition acceptable, in words a user can read. */
  changes: readonly string[];
  /** Why the tool is not sent: it cannot be (status "unsendable"), or its policy says no ("denied"). */
  reason?: string;
}

export interface ProviderTools {
  provider: ProviderId;
  /** The provider's documented maximum of tools per request; null where none is documented. */
  maxTools: number | null;
  /** Exactly the objects of that provider's request `tools` array, unsendable tools left out. */
  tools: unknown[];
  /** One entry per enabled tool of the selection (unsendable ones too), in the same order as `tools`. */
  report: ProviderToolReport[];
}

/** A provider's documented limits on the tools array (sources: src/main/providers/rules.ts, docs/providers.md). */
export interface ProviderLimits {
  /** The provider's name, for people. */
  label: string;
  /** Maximum tools per request; null where none is documented. */
  maxTools: number | null;
  /** Maximum characters of a tool description; null where none is documented. */
  maxDescription: number | null;
  /** The provider refuses an empty description. */
  descriptionRequired: boolean;
  /** Maximum characters of a tool name. */
  maxName: number;
}

export const PROVIDER_LIMITS: Readonly<Record<ProviderId, ProviderLimits>> = {
  openai: { label: 'OpenAI (Chat Completions)', maxTools: 128, maxDescription: 1024, descriptionRequired: false, maxName: 64 },
  'openai-strict': { label: 'OpenAI (Chat Completions, strict)', maxTools: 128, maxDescription: 1024, descriptionRequired: false, maxName: 64 },
  'openai-responses': { label: 'OpenAI (Responses)', maxTools: 128, maxDescription: 1024, descriptionRequired: false, maxName: 64 },
  anthropic: { label: 'Anthropic', maxTools: null, maxDescription: null, descriptionRequired: false, maxName: 64 },
  gemini: { label: 'Google Gemini', maxTools: 512, maxDescription: null, descriptionRequired: false, maxName: 64 },
  bedrock: { label: 'Amazon Bedrock (Converse)', maxTools: null, maxDescription: null, descriptionRequired: true, maxName: 64 },
  mistral: { label: 'Mistral', maxTools: null, maxDescription: null, descriptionRequired: false, maxName: 64 },
  deepseek: { label: 'DeepSeek', maxTools: 128, maxDescription: null, descriptionRequired: false, maxName: 64 },
  ollama: { label: 'Ollama', maxTools: null, maxDescription: null, descriptionRequired: false, maxName: 64 },
};
