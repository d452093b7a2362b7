// Arguments a tool's JSON schema accepts, for a call that only needs to be valid: each required
// property gets a plain value of its type. Pure.
import { isRecord } from '../../src/types/json.js';

function valueOf(schema: unknown): unknown {
  if (!isRecord(schema)) return 'test';
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return exampleArguments(schema);
    case 'null':
      return null;
    default:
      return 'test';
  }
}

export function exampleArguments(schema: unknown): Record<string, unknown> {
  if (!isRecord(schema) || !isRecord(schema.properties)) return {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const args: Record<string, unknown> = {};
  for (const key of required) {
    Object.defineProperty(args, key, { value: valueOf(schema.properties[key]), enumerable: true, writable: true, configurable: true });
  }
  return args;
}
