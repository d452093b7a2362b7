// Hidden characters (integrity/hidden-characters.ts) never reach a model from a tool's definition:
// its description and every text of its input schema (descriptions, titles, property names, enum
// and const values, defaults, examples, patterns, definition names) are stripped of them, the
// report says what was removed, and arguments the model sends under stripped property names or
// enum values are turned back into the server's. Everything hidden goes: a model needs no joiner
// or selector to read a definition (docs/providers.md, "Hidden characters"). Pure; the common
// case (nothing hidden) never comes here: the adaptation's first pass tests the schema's texts
// (schema/passes/normalize.ts) and its prepared entry the description, once per schema object
// (schema/prepared.ts `hiddenWith`), and SchemaAdaptation.hidden says what it found.
import type { LlmTool } from '../../types/mcp.js';
import { describeHidden, hasHidden, hiddenCharacters, stripHidden } from '../integrity/hidden-characters.js';
import { holdsHidden, isRecord, setOwn } from './schema/common/json.js';
import type { ArgumentRestorer, SourceTool } from './types.js';

/** A tool that held hidden characters, without them. */
export interface CleanTool {
  /** The tool with its description and input schema stripped (the report names the tool as it is). */
  tool: SourceTool;
  /** What was removed, and from where, for the report. */
  changes: readonly string[];
  /** The way back to the server's property names and enum values; null when the schema held nothing hidden. */
  restore: ArgumentRestorer | null;
}

/** Nesting below this is dropped from a stripped schema (the first pass cuts it well before). */
const MAX_DEPTH = 128;

/** Per tool object: what it is without hidden characters, or null when it held none. */
const cleaned = new WeakMap<SourceTool, CleanTool | null>();

/**
 * `tool` without hidden characters, or null when it holds none; `schemaHidden`: its input
 * schema's adaptation found some (SchemaAdaptation.hidden). Made once per tool object, for the
 * few tools that hold any.
 */
export function withoutHiddenTexts(tool: SourceTool, schemaHidden: boolean): CleanTool | null {
  const known = cleaned.get(tool);
  if (known !== undefined) return known;
  const made = clean(tool, schemaHidden);
  cleaned.set(tool, made);
  return made;
}

function clean(tool: SourceTool, schemaHidden: boolean): CleanTool | null {
  const description = typeof tool.description === 'string' ? tool.description : '';
  const inDescription = hasHidden(description);
  if (!inDescription && !schemaHidden) return null;
  const changes: string[] = [];
  if (inDescription) changes.push(`removed ${describeHidden(hiddenCharacters(description))} from the description`);
  let inputSchema = tool.inputSchema;
  let restore: ArgumentRestorer | null = null;
  if (schemaHidden && isRecord(tool.inputSchema)) {
    const removed: string[] = [];
    inputSchema = stripSchema(tool.inputSchema, removed, 0) as Record<string, unknown>;
    if (removed.length > 0) changes.push(`removed ${describeHidden(removed)} from the input schema (parameter names, descriptions or values)`);
    restore = hiddenValuesRestorer(tool.inputSchema);
  }
  return { tool: { ...tool, description: inDescription ? stripHidden(description) : description, inputSchema }, changes, restore };
}

/** Per function definition of getLlmTools: itself when it holds nothing hidden, else its stripped copy. */
const cleanedLlm = new WeakMap<LlmTool, LlmTool>();
/** Per list getLlmTools gives (the whole list is one array until the tools change). */
const cleanedLists = new WeakMap<readonly LlmTool[], LlmTool[]>();

/**
 * Function definitions (Mcp.getLlmTools) without hidden characters in their descriptions and
 * parameters: the same array when none holds any. Each definition and the whole list are checked
 * once, so asking again costs a lookup.
 */
export function llmToolsWithoutHidden(tools: LlmTool[]): LlmTool[] {
  const known = cleanedLists.get(tools);
  if (known !== undefined) return known;
  let out: LlmTool[] | null = null;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    let clean = cleanedLlm.get(tool);
    if (clean === undefined) cleanedLlm.set(tool, (clean = llmToolWithoutHidden(tool)));
    if (clean !== tool && out === null) out = tools.slice(0, i);
    if (out !== null) out.push(clean);
  }
  const list = out ?? tools;
  cleanedLists.set(tools, list);
  return list;
}

function llmToolWithoutHidden(tool: LlmTool): LlmTool {
  const inDescription = typeof tool.description === 'string' && hasHidden(tool.description);
  const inParameters = holdsHidden(tool.parameters);
  if (!inDescription && !inParameters) return tool;
  return {
    name: tool.name,
    description: inDescription ? stripHidden(tool.description) : tool.description,
    parameters: inParameters ? (stripSchema(tool.parameters, [], 0) as Record<string, unknown>) : tool.parameters,
  };
}

/** A stripped string, its hidden characters added to `removed`. */
function stripped(text: string, removed: string[]): string {
  if (!hasHidden(text)) return text;
  removed.push(...hiddenCharacters(text));
  return stripHidden(text);
}

/**
 * A copy of `value` (a schema, or any JSON in it) with every string and key stripped. A key that
 * becomes one the object already has is dropped (the first stays), and an `enum` keeps each
 * value once.
 */
function stripSchema(value: unknown, removed: string[], depth: number): unknown {
  if (typeof value === 'string') return stripped(value, removed);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return {};
  if (Array.isArray(value)) return value.map((item) => stripSchema(item, removed, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const name = stripped(key, removed);
    if (Object.hasOwn(out, name)) continue;
    let next = stripSchema((value as Record<string, unknown>)[key], removed, depth + 1);
    if (name === 'enum' && Array.isArray(next)) next = next.filter((item, index, all) => typeof item !== 'string' || all.indexOf(item) === index);
    setOwn(out, name, next);
  }
  return out;
}

/**
 * Arguments a model sent under the stripped schema → the server's: a property name or an enum or
 * const string it got without its hidden characters becomes the server's again (where no other
 * name or value already is that text). Walks the arguments along the server's own schema
 * (references, anyOf/oneOf/allOf, items, properties); what it does not recognise passes as sent.
 */
export function hiddenValuesRestorer(schema: Record<string, unknown>): ArgumentRestorer {
  return (args) => {
    const back = restoreValue(args, schema, schema, 0);
    return isRecord(back) ? back : args;
  };
}

function restoreValue(value: unknown, node: unknown, root: Record<string, unknown>, depth: number): unknown {
  if (!isRecord(node) || depth > MAX_DEPTH) return value;
  let out = value;
  if (typeof node.$ref === 'string') out = restoreValue(out, resolveLocal(root, node.$ref), root, depth + 1);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches)) for (const branch of branches) out = restoreValue(out, branch, root, depth + 1);
  }
  if (typeof out === 'string') return originalString(out, node);
  if (Array.isArray(out)) return restoreItems(out, node, root, depth);
  if (isRecord(out) && isRecord(node.properties)) return restoreProperties(out, node.properties, root, depth);
  return out;
}

/** The enum or const string `text` stands for, when it is one stripped. */
function originalString(text: string, node: Record<string, unknown>): string {
  const values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : null;
  if (values === null || values.includes(text)) return text;
  const original = values.find((candidate) => typeof candidate === 'string' && stripHidden(candidate) === text);
  return typeof original === 'string' ? original : text;
}

function restoreItems(items: readonly unknown[], node: Record<string, unknown>, root: Record<string, unknown>, depth: number): unknown[] {
  const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : [];
  const rest = isRecord(node.items) ? node.items : undefined;
  return items.map((item, index) => {
    const schema: unknown = index < prefix.length ? prefix[index] : rest;
    return schema === undefined ? item : restoreValue(item, schema, root, depth + 1);
  });
}

function restoreProperties(value: Record<string, unknown>, properties: Record<string, unknown>, root: Record<string, unknown>, depth: number): Record<string, unknown> {
  const names = new Map<string, string>();
  for (const name of Object.keys(properties)) {
    const plain = stripHidden(name);
    if (plain !== name && !Object.hasOwn(properties, plain) && !names.has(plain)) names.set(plain, name);
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const name = names.get(key) ?? key;
    const schema = Object.hasOwn(properties, name) ? properties[name] : undefined;
    setOwn(out, name, schema === undefined ? value[key] : restoreValue(value[key], schema, root, depth + 1));
  }
  return out;
}

/** A local reference (`#/$defs/X`, `#/definitions/X`, any JSON pointer into the schema); undefined otherwise. */
function resolveLocal(root: Record<string, unknown>, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let pointer = ref.slice(1);
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    return undefined;
  }
  let node: unknown = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}
