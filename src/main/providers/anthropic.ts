// Anthropic Messages API: { "name", "description", "input_schema" }, the schema in JSON Schema
// 2020-12 with references kept and no anyOf/oneOf/allOf at the top level.
import type { ProviderAdapter } from './types.js';

export const anthropic: ProviderAdapter = {
  target: 'json',
  definition(name, description, schema) {
    return { name, description, input_schema: schema ?? { type: 'object', properties: {} } };
  },
};
