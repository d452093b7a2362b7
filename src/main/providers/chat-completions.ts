// The Chat Completions shape, shared by OpenAI, Mistral, DeepSeek and Ollama:
// { "type": "function", "function": { "name", "description", "parameters", "strict"? } }.
import type { ProviderAdapter } from './types.js';
import type { SchemaTarget } from './schema/index.js';

function chatCompletions(target: SchemaTarget, strict: 'auto' | 'omit'): ProviderAdapter {
  return {
    target,
    definition(name, description, schema, adaptation) {
      const fn: Record<string, unknown> = { name, description, parameters: schema ?? { type: 'object', properties: {} } };
      if (strict === 'auto') fn.strict = adaptation.strictFailure === undefined;
      return { type: 'function', function: fn };
    },
  };
}

/** OpenAI, non-strict (the API's default). */
export const openai = chatCompletions('openai', 'omit');
/** OpenAI strict mode; `strict: false` with the non-strict schema when it cannot be strict. */
export const openaiStrict = chatCompletions('strict', 'auto');
/** Mistral: JSON Schema without "$schema"/"$id", references inlined. */
export const mistral = chatCompletions('json-inline', 'omit');
/** DeepSeek: the OpenAI rules, references inlined. */
export const deepseek = chatCompletions('openai-inline', 'omit');
/** Ollama: what its request struct keeps. */
export const ollama = chatCompletions('ollama', 'omit');
