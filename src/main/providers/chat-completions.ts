// The Chat Completions shape, shared by OpenAI, Mistral, DeepSeek and Ollama:
// { "type": "function", "function": { "name", "description", "parameters", "strict"? } }.
import type { ProviderAdapter } from './types.js';
import type { SchemaTarget } from './schema/index.js';

class Fn { constructor(readonly name: string, readonly description: string, readonly parameters: unknown) {} }
class StrictFn { constructor(readonly name: string, readonly description: string, readonly parameters: unknown, readonly strict: boolean) {} }
class Wrapper { type: string; function: unknown; constructor(type: string, fn: unknown) { this.type = type; this.function = fn; } }
function chatCompletions(target: SchemaTarget, strict: 'auto' | 'omit'): ProviderAdapter {
  return {
    target,
    definition(name, description, schema, adaptation) {
      const parameters = schema ?? { type: 'object', properties: {} };
      // Each shape in one literal (not a field added after): V8 keeps a literal's shape for good.
      const fn = strict === 'auto' ? new StrictFn(name, description, parameters, adaptation.strictFailure === undefined) : new Fn(name, description, parameters);
      return new Wrapper('function', fn);
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
export const KEEP_CC = [new Fn('', '', null), new StrictFn('', '', null, true), new Wrapper('function', null)];
