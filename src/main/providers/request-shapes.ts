// The request shape of each provider's tool definition: the exact object of its request's `tools`
// array, from the exposed name, the description and the schema adapted for it (schema/). Each
// shape is written as one literal: V8 keeps a literal's shape for good.
import type { ProviderAdapter } from './types.js';
import type { SchemaTarget } from './schema/index.js';

// The Chat Completions shape, shared by OpenAI, Mistral, DeepSeek and Ollama:
// { "type": "function", "function": { "name", "description", "parameters", "strict"? } }.
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

// OpenAI Responses API: { "type": "function", "name", "description", "parameters", "strict" }.
// `strict` is required there and defaults to true; MCP schemas are sent as they are (non-strict),
// which loses nothing. (Strict mode is the `openai-strict` provider.)
export const openaiResponses: ProviderAdapter = {
  target: 'openai',
  definition(name, description, schema) {
    return { type: 'function', name, description, parameters: schema ?? { type: 'object', properties: {} }, strict: false };
  },
};

// Anthropic Messages API: { "name", "description", "input_schema" }, the schema in JSON Schema
// 2020-12 with references kept and no anyOf/oneOf/allOf at the top level.
export const anthropic: ProviderAdapter = {
  target: 'json',
  definition(name, description, schema) {
    return { name, description, input_schema: schema ?? { type: 'object', properties: {} } };
  },
};

// Gemini: a FunctionDeclaration { "name", "description", "parameters"? } with `parameters` in
// Gemini's OpenAPI subset (not `parametersJsonSchema`); left out for a tool without arguments.
export const gemini: ProviderAdapter = {
  target: 'gemini',
  definition(name, description, schema) {
    return schema === null ? { name, description } : { name, description, parameters: schema };
  },
};

// Amazon Bedrock Converse: { "toolSpec": { "name", "description", "inputSchema": { "json" } } },
// the schema in JSON Schema with references inlined; the description is never empty.
export const bedrock: ProviderAdapter = {
  target: 'json-inline',
  definition(name, description, schema) {
    return { toolSpec: { name, description, inputSchema: { json: schema ?? { type: 'object', properties: {} } } } };
  },
};
