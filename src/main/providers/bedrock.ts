// Amazon Bedrock Converse: { "toolSpec": { "name", "description", "inputSchema": { "json" } } },
// the schema in JSON Schema with references inlined; the description is never empty.
import type { ProviderAdapter } from './types.js';

export const bedrock: ProviderAdapter = {
  target: 'json-inline',
  definition(name, description, schema) {
    return { toolSpec: { name, description, inputSchema: { json: schema ?? { type: 'object', properties: {} } } } };
  },
};
