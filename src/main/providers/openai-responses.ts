// OpenAI Responses API: { "type": "function", "name", "description", "parameters", "strict" }.
// `strict` is required there and defaults to true; MCP schemas are sent as they are (non-strict),
// which loses nothing. (Strict mode is the `openai-strict` provider.)
import type { ProviderAdapter } from './types.js';

export const openaiResponses: ProviderAdapter = {
  target: 'openai',
  definition(name, description, schema) {
    return { type: 'function', name, description, parameters: schema ?? { type: 'object', properties: {} }, strict: false };
  },
};
