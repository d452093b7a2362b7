// The Chat Completions shape, shared by OpenAI, Mistral, DeepSeek and Ollama:
// { "type": "function", "function": { "name", "description", "parameters", "strict"? } }.
import type { ProviderAdapter } from './types.js';
import type { SchemaTarget } from './schema/index.js';

function chatCompletions(target: SchemaTarget, strict: 'auto' | 'omit'): ProviderAdapter {
  return {
    target,
    definition(name, description, schema, adaptation) {
      const parameters = schema ?? { type: 'object', properties: {} };
      // Each shape in one literal (not a field added after): V8 keeps a literal's shape for good.
      const fn = strict === 'auto' ? { name, description, parameters, strict: adaptation.strictFailure === undefined } : { name, description, parameters };
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
