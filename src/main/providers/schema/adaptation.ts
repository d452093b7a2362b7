// What one schema adaptation gives: the target dialects and the adaptation's shape (shared by
// the passes, the prepared-schema memo and the provider adapters).
import type { Schema } from './common/json.js';
import type { RestorePlan } from './common/restore-plan.js';

/**
 * - `json`: JSON Schema 2020-12, references kept (Anthropic)
 * - `json-inline`: the same with references inlined (Bedrock, Mistral)
 * - `openai`: 2020-12 with `items`/`properties` made explicit, references kept (OpenAI non-strict)
 * - `openai-inline`: the same, inlined (DeepSeek)
 * - `strict`: OpenAI strict mode, falling back to `openai` when the schema cannot be strict
 * - `gemini`: Gemini's OpenAPI subset
 * - `ollama`: what Ollama's request struct keeps
 */
export type SchemaTarget = 'json' | 'json-inline' | 'openai' | 'openai-inline' | 'strict' | 'gemini' | 'ollama';

export interface SchemaAdaptation {
  /** The adapted schema; null when the provider takes no parameters for this tool (Gemini). */
  schema: Schema | null;
  /** Set when no acceptable schema exists: why, in words a user can act on. */
  unsendable?: string;
  /** Shared between adaptations of the same schema: read-only (frozen). */
  changes: readonly string[];
  /** Every value the adapted schema accepts is valid for the server's schema once restored. */
  exact: boolean;
  /** Sentences for the tool description: what the top level could not say. */
  rootNotes: readonly string[];
  restore: RestorePlan | null;
  /** strict only: why the schema was sent non-strict. */
  strictFailure?: string;
  /**
   * Where hidden characters (integrity/hidden-characters.ts) are, as bits: HIDDEN_IN_SCHEMA, a text
   * of the input schema a model would read (a description, a title, a property name, an enum
   * value, …), so this adaptation is not to be sent and the adapter adapts the schema without them
   * (providers/hidden-texts.ts); HIDDEN_IN_DESCRIPTION, the tool description given with it. 0: none.
   */
  hidden: number;
}

export const HIDDEN_IN_SCHEMA = 1;
export const HIDDEN_IN_DESCRIPTION = 2;
