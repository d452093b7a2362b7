// What a tool definition costs in a request's prompt, per provider (TOKEN_ESTIMATES says how each
// is arrived at; docs/providers.md has the sources). OpenAI: its o200k tokenizer (gpt-tokenizer)
// with the formula OpenAI publishes for function definitions (OpenAI Cookbook, "How to count
// tokens with tiktoken", section 7): per function 7 tokens + `name:description`; when it has
// properties 3 more, and per property 3 + `name:type:description` (an enum: -3, then 3 + the
// value per value); 12 per list. The formula reads top-level properties only; nested ones are
// counted here by the same per-property rule (an extension, labelled so in the docs). Other
// providers publish no formula: their estimate is the o200k count of the definition as JSON.
// Pure; the tokenizer's tables (a few hundred ms to build) load on first use, not at start-up.
import { createRequire } from 'node:module';
import type { ProviderId } from '../../types/providers.js';
import { isRecord } from './schema/common/json.js';

const FUNCTION_START = 7;
const PROPERTIES_START = 3;
const PROPERTY = 3;
const ENUM_START = -3;
const ENUM_VALUE = 3;
const LIST_END = 12;
/** How deep nested properties are followed: deeper ones cost what their JSON text costs at the cut. */
const MAX_DEPTH = 8;

type Counting = 'openai-formula' | 'json';

function countingOf(provider: ProviderId): Counting {
  return provider === 'openai' || provider === 'openai-strict' || provider === 'openai-responses' ? 'openai-formula' : 'json';
}

let o200k: ((text: string) => number) | null = null;

function countTokens(text: string): number {
  if (o200k === null) {
    const load = createRequire(import.meta.url);
    o200k = (load('gpt-tokenizer/cjs/encoding/o200k_base') as { countTokens: (text: string) => number }).countTokens;
  }
  return o200k(text);
}

/** Tokens of `text` in o200k; never throws (a tokenizer fault costs a characters/4 guess). */
export function textTokens(text: string): number {
  if (text === '') return 0;
  try {
    return countTokens(text);
  } catch {
    return Math.ceil(text.length / 4);
  }
}

const withoutFinalStop = (text: string): string => (text.endsWith('.') ? text.slice(0, -1) : text);

/** The function object inside a provider's definition (Chat Completions wrap it in `function`). */
function functionOf(definition: unknown): Record<string, unknown> | null {
  if (!isRecord(definition)) return null;
  return isRecord(definition.function) ? definition.function : definition;
}

function typeText(schema: Record<string, unknown>): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.filter((item) => typeof item === 'string').join(' | ');
  if (isRecord(schema.items)) return 'array';
  return isRecord(schema.properties) ? 'object' : '';
}

/** Tokens of a schema's properties by OpenAI's rule, nested ones (objects, arrays of objects) too. */
function propertiesTokens(schema: unknown, depth: number): number {
  if (!isRecord(schema)) return 0;
  const target = isRecord(schema.properties) ? schema : isRecord(schema.items) && isRecord(schema.items.properties) ? schema.items : null;
  if (target === null) return 0;
  const properties = target.properties as Record<string, unknown>;
  const names = Object.keys(properties);
  if (names.length === 0) return 0;
  if (depth >= MAX_DEPTH) return textTokens(JSON.stringify(properties));
  let tokens = PROPERTIES_START;
  for (const name of names) {
    const property = properties[name];
    tokens += PROPERTY;
    if (!isRecord(property)) {
      tokens += textTokens(`${name}:`);
      continue;
    }
    if (Array.isArray(property.enum)) {
      tokens += ENUM_START;
      for (const value of property.enum) tokens += ENUM_VALUE + textTokens(typeof value === 'string' ? value : JSON.stringify(value) ?? '');
    }
    const description = typeof property.description === 'string' ? withoutFinalStop(property.description) : '';
    tokens += textTokens(`${name}:${typeText(property)}:${description}`);
    tokens += propertiesTokens(property, depth + 1);
  }
  return tokens;
}

function openaiFunctionTokens(definition: unknown): number {
  const fn = functionOf(definition);
  if (fn === null) return 0;
  const name = typeof fn.name === 'string' ? fn.name : '';
  const description = typeof fn.description === 'string' ? withoutFinalStop(fn.description) : '';
  return FUNCTION_START + textTokens(`${name}:${description}`) + propertiesTokens(fn.parameters, 0);
}

/** The prompt tokens one definition of `provider`'s `tools` array takes (without the list's own). */
export function definitionTokens(provider: ProviderId, definition: unknown): number {
  if (definition === null || definition === undefined) return 0;
  if (countingOf(provider) === 'openai-formula' && functionOf(definition)?.name !== undefined && !isRecord(functionOf(definition)?.tools)) {
    return openaiFunctionTokens(definition);
  }
  return textTokens(JSON.stringify(definition) ?? '');
}

/**
 * What a searchable entry costs before it is loaded (OpenAI Responses shows a namespace's, or a
 * deferred function's, name and description up front): the formula's function start and line.
 */
export function nameAndDescriptionTokens(name: string, description: string): number {
  return FUNCTION_START + textTokens(`${name}:${withoutFinalStop(description)}`);
}

/** The tokens a list of definitions takes, from each definition's own: OpenAI adds 12 per list. */
export function listTokens(provider: ProviderId, each: readonly number[]): number {
  if (each.length === 0) return 0;
  let sum = 0;
  for (const tokens of each) sum += tokens;
  return countingOf(provider) === 'openai-formula' ? sum + LIST_END : sum;
}
