// Gemini: a FunctionDeclaration { "name", "description", "parameters"? } with `parameters` in
// Gemini's OpenAPI subset (not `parametersJsonSchema`); left out for a tool without arguments.
import type { ProviderAdapter } from './types.js';

export const gemini: ProviderAdapter = {
  target: 'gemini',
  definition(name, description, schema) {
    return schema === null ? { name, description } : { name, description, parameters: schema };
  },
};
