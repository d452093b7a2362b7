// Each provider's documented rules, encoded as a validator for the objects of its request `tools`
// array (the source of each rule beside it; the same sources as src/main/providers/rules.ts).
// `violations` returns what a provider would refuse; an empty list means the definition passes.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ProviderId } from '../../../src/types/providers.js';
import { messageOf } from '../../../src/types/errors.js';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

// One ajv for meta-schema checks and compiling: 2020-12, formats not asserted (providers do not).
export const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });

// OpenAI function name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum
// length of 64" https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
// Anthropic: "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'"
// https://github.com/modelcontextprotocol/typescript-sdk/issues/413
const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
// Gemini: "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain
// underscores, colons, dots, and dashes, with a maximum length of 64"
// https://ai.google.dev/api/caching#FunctionDeclaration
const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
// Bedrock toolSpec.name: length 1–64, pattern [a-zA-Z0-9_-]+
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
const BEDROCK_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function violations(provider: ProviderId, definition: unknown): string[] {
  const out: string[] = [];
  switch (provider) {
    case 'openai':
    case 'openai-strict':
    case 'mistral':
    case 'deepseek':
    case 'ollama':
      chatCompletions(provider, definition, out);
      break;
    case 'openai-responses':
      responses(definition, out);
      break;
    case 'anthropic':
      anthropic(definition, out);
      break;
    case 'gemini':
      gemini(definition, out);
      break;
    case 'bedrock':
      bedrock(definition, out);
      break;
  }
  return out;
}

export function exactKeys(value: unknown, allowed: readonly string[], required: readonly string[], where: string, out: string[]): value is Json {
  if (!isRecord(value)) {
    out.push(`${where} is not an object`);
    return false;
  }
  for (const key of Object.keys(value)) if (!allowed.includes(key)) out.push(`${where} has unexpected "${key}"`);
  for (const key of required) if (!(key in value)) out.push(`${where} lacks "${key}"`);
  return true;
}

function chatCompletions(provider: ProviderId, definition: unknown, out: string[]): void {
  // { "type": "function", "function": { "name", "description", "parameters", "strict"? } }
  if (!exactKeys(definition, ['type', 'function'], ['type', 'function'], 'tool', out)) return;
  if (definition.type !== 'function') out.push('type is not "function"');
  const fn = definition.function;
  if (!exactKeys(fn, ['name', 'description', 'parameters', 'strict'], ['name', 'description', 'parameters'], 'function', out)) return;
  if (typeof fn.name !== 'string' || !OPENAI_NAME.test(fn.name)) out.push(`invalid name ${JSON.stringify(fn.name)}`);
  if (typeof fn.description !== 'string') out.push('description is not a string');
  if (provider.startsWith('openai') && typeof fn.description === 'string' && fn.description.length > 1024) {
    // "string too long. Expected a string with maximum length 1024" https://github.com/getsentry/sentry-mcp/issues/106
    out.push(`description has ${fn.description.length} characters (OpenAI: 1,024)`);
  }
  if (provider !== 'openai-strict' && fn.strict !== undefined) out.push('"strict" sent to a provider that does not take it here');
  if (provider === 'openai-strict') {
    if (typeof fn.strict !== 'boolean') out.push('strict mode tool without a boolean "strict"');
    if (fn.strict === true) strictSchema(fn.parameters, out);
    else openaiSchema(fn.parameters, out);
  } else if (provider === 'openai' || provider === 'deepseek') openaiSchema(fn.parameters, out);
  else if (provider === 'mistral') mistralSchema(fn.parameters, out);
  else ollamaSchema(fn.parameters, out);
}

// openai-node 7.5.0 (commit 7b7d6ca71130d37ec09792c50056b47861f2eccf), src/resources/responses/responses.ts:
// NamespaceTool { type: "namespace", name, description, tools: Array<NamespaceTool.Function | CustomTool> };
// ToolSearchTool { type: "tool_search", execution?: "server" | "client", description?, parameters? }
// ("Parameter schema for a client-executed tool search tool"); FunctionTool.defer_loading?: boolean.
const OPENAI_NODE = 'openai-node 7.5.0 src/resources/responses/responses.ts';

function responses(definition: unknown, out: string[], inNamespace = false): void {
  if (isRecord(definition) && definition.type === 'namespace' && !inNamespace) return namespace(definition, out);
  if (isRecord(definition) && definition.type === 'tool_search' && !inNamespace) return toolSearch(definition, out);
  // { "type": "function", "name", "description", "parameters", "strict" } — type, name,
  // parameters and strict are required https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
  // (and `defer_loading`, a boolean: FunctionTool.defer_loading in OPENAI_NODE)
  if (!exactKeys(definition, ['type', 'name', 'description', 'parameters', 'strict', 'defer_loading'], ['type', 'name', 'parameters', 'strict'], 'tool', out)) return;
  if (definition.defer_loading !== undefined && typeof definition.defer_loading !== 'boolean') out.push(`defer_loading is not a boolean (${OPENAI_NODE})`);
  if (definition.type !== 'function') out.push('type is not "function"');
  if (typeof definition.name !== 'string' || !OPENAI_NAME.test(definition.name)) out.push(`invalid name ${JSON.stringify(definition.name)}`);
  if (typeof definition.strict !== 'boolean') out.push('strict is not a boolean');
  if (typeof definition.description === 'string' && definition.description.length > 1024) out.push('description over 1,024 characters');
  if (definition.strict === true) strictSchema(definition.parameters, out);
  else openaiSchema(definition.parameters, out);
}

/** A namespace: a name as a function's, a description, its functions (OPENAI_NODE's NamespaceTool). */
function namespace(definition: Json, out: string[]): void {
  if (!exactKeys(definition, ['type', 'name', 'description', 'tools'], ['type', 'name', 'description', 'tools'], 'namespace', out)) return;
  if (typeof definition.name !== 'string' || !OPENAI_NAME.test(definition.name)) out.push(`invalid namespace name ${JSON.stringify(definition.name)}`);
  if (typeof definition.description !== 'string') out.push('namespace description is not a string');
  if (!Array.isArray(definition.tools) || definition.tools.length === 0) return void out.push('namespace without tools');
  for (const member of definition.tools) responses(member, out, true);
}

/** The tool search (OPENAI_NODE's ToolSearchTool): run by the client, it has a description and a parameter schema. */
function toolSearch(definition: Json, out: string[]): void {
  if (!exactKeys(definition, ['type', 'execution', 'description', 'parameters'], ['type'], 'tool_search', out)) return;
  if (definition.execution !== undefined && definition.execution !== 'server' && definition.execution !== 'client') out.push(`tool_search execution ${JSON.stringify(definition.execution)}`);
  if (definition.execution !== 'client') {
    if (definition.description !== undefined || definition.parameters !== undefined) out.push('description and parameters are for a client-executed tool_search');
    return;
  }
  if (typeof definition.description !== 'string' || definition.description === '') out.push('a client tool_search without a description: the model is not told what it searches');
  openaiSchema(definition.parameters, out);
}

// anthropic-sdk-typescript 0.120.0 (commit bfa9197f0182084941052be9752c948638421601),
// src/resources/messages/messages.ts, Tool: "defer_loading?: boolean — If true, tool will not be
// included in initial system prompt. Only loaded when returned via tool_reference from tool search."
function anthropic(definition: unknown, out: string[]): void {
  // { "name", "description", "input_schema", "defer_loading"? }
  if (!exactKeys(definition, ['name', 'description', 'input_schema', 'defer_loading'], ['name', 'input_schema'], 'tool', out)) return;
  if (definition.defer_loading !== undefined && typeof definition.defer_loading !== 'boolean') out.push('defer_loading is not a boolean');
  if (typeof definition.name !== 'string' || !ANTHROPIC_NAME.test(definition.name)) out.push(`invalid name ${JSON.stringify(definition.name)}`);
  if (definition.description !== undefined && typeof definition.description !== 'string') out.push('description is not a string');
  // "input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12"
  // https://github.com/anomalyco/opencode/issues/2082
  jsonSchema2020(definition.input_schema, 'input_schema', out);
  topLevel(definition.input_schema, out);
}

function bedrock(definition: unknown, out: string[]): void {
  // { "toolSpec": { "name", "description", "inputSchema": { "json" } } }
  if (!exactKeys(definition, ['toolSpec'], ['toolSpec'], 'tool', out)) return;
  const spec = definition.toolSpec;
  if (!exactKeys(spec, ['name', 'description', 'inputSchema'], ['name', 'inputSchema'], 'toolSpec', out)) return;
  if (typeof spec.name !== 'string' || !BEDROCK_NAME.test(spec.name)) out.push(`invalid name ${JSON.stringify(spec.name)}`);
  // description: "Length Constraints: Minimum length of 1"
  // https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
  if (spec.description !== undefined && (typeof spec.description !== 'string' || spec.description.length < 1)) out.push('empty description');
  if (!exactKeys(spec.inputSchema, ['json'], ['json'], 'inputSchema', out)) return;
  jsonSchema2020(spec.inputSchema.json, 'inputSchema.json', out);
  topLevel(spec.inputSchema.json, out);
}

/** Valid JSON Schema 2020-12 (meta-schema) that ajv can compile (references resolve). */
function jsonSchema2020(schema: unknown, where: string, out: string[]): void {
  if (!isRecord(schema)) {
    out.push(`${where} is not an object`);
    return;
  }
  if (!ajv.validateSchema(schema)) {
    out.push(`${where} fails the 2020-12 meta-schema: ${ajv.errorsText(ajv.errors)}`);
    return;
  }
  // Compiling proves references resolve (ajv's generated code overflows the stack on thousands
  // of properties, so schemas without references are not compiled).
  if (!JSON.stringify(schema).includes('"$ref"')) return;
  try {
    ajv.compile(schema);
  } catch (error) {
    out.push(`${where} does not compile: ${messageOf(error)}`);
  }
}

/** The top level is an object schema without anyOf/oneOf/allOf. */
function topLevel(schema: unknown, out: string[]): void {
  if (!isRecord(schema)) return;
  // "None is not of type 'object'" https://github.com/sashabaranov/go-openai/issues/432
  if (schema.type !== 'object') out.push(`top-level type is ${JSON.stringify(schema.type)}, not "object"`);
  // "input_schema does not support oneOf, allOf, or anyOf at the top level"
  // https://github.com/anthropics/claude-code/issues/27337
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (key in schema) out.push(`top-level "${key}"`);
}

function openaiSchema(schema: unknown, out: string[]): void {
  jsonSchema2020(schema, 'parameters', out);
  topLevel(schema, out);
  for (const [node, path] of subschemas(schema, 'parameters')) {
    const types = typeList(node);
    // "array schema missing items" https://github.com/sigoden/aichat/pull/1049
    if (types?.includes('array') && node.items === undefined && node.prefixItems === undefined) out.push(`${path}: array schema missing items`);
    // "object schema missing properties" https://github.com/spring-projects/spring-ai/issues/4776
    if (types?.includes('object') && node.properties === undefined) out.push(`${path}: object schema missing properties`);
  }
}

function mistralSchema(schema: unknown, out: string[]): void {
  // Valid JSON Schema ("Invalid tool schema" for a draft-04 boolean exclusiveMinimum)
  // https://github.com/SylphxAI/pdf-reader-mcp/issues/63
  jsonSchema2020(schema, 'parameters', out);
  topLevel(schema, out);
  // "$id" and "$schema" refused since August 2025 https://github.com/BerriAI/litellm/pull/13389
  for (const [node, path] of subschemas(schema, 'parameters')) for (const key of ['$schema', '$id']) if (key in node) out.push(`${path}: "${key}"`);
}

const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

// Ollama reads parameters into { type, $defs, items, required, properties: { [name]: { type
// (string or list), items, description, enum } } } and drops every other field
// https://github.com/ollama/ollama/issues/11444
function ollamaSchema(schema: unknown, out: string[]): void {
  if (!exactKeys(schema, ['type', '$defs', 'items', 'required', 'properties'], ['type', 'properties'], 'parameters', out)) return;
  if (schema.type !== 'object') out.push('parameters.type is not "object"');
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((name) => typeof name === 'string'))) out.push('required is not a list of strings');
  if (!isRecord(schema.properties)) return;
  for (const [name, property] of Object.entries(schema.properties)) {
    const where = `property ${JSON.stringify(name)}`;
    if (!exactKeys(property, ['type', 'items', 'description', 'enum'], [], where, out)) continue;
    const type = property.type;
    // "type" is a string or a list of strings (api.PropertyType); a property without one reaches
    // the model's template as an untyped value https://github.com/ollama/ollama/blob/main/api/types.go
    if (type === undefined) out.push(`${where}: no type`);
    else if (typeof type !== 'string' && !(Array.isArray(type) && type.length > 0 && type.every((item) => typeof item === 'string' && JSON_TYPES.has(item)))) out.push(`${where}: type is neither a JSON type nor a list of them`);
    else if (typeof type === 'string' && !JSON_TYPES.has(type)) out.push(`${where}: type ${JSON.stringify(type)} is not a JSON type`);
    if (property.description !== undefined && typeof property.description !== 'string') out.push(`${where}: description is not a string`);
    if (property.enum !== undefined && !Array.isArray(property.enum)) out.push(`${where}: enum is not a list`);
  }
}

// OpenAI strict mode (Structured Outputs), https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
const STRICT_KEYWORDS = new Set(['type', 'description', 'title', 'enum', 'const', 'anyOf', 'properties', 'required', 'additionalProperties', 'items', '$ref', '$defs', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems']);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

function strictSchema(schema: unknown, out: string[]): void {
  jsonSchema2020(schema, 'parameters', out);
  if (!isRecord(schema)) return;
  if (schema.type !== 'object') out.push('strict: the root is not an object');
  if (schema.anyOf !== undefined) out.push('strict: the root is anyOf');
  let properties = 0;
  let enumValues = 0;
  let characters = 0;
  const walk = (node: unknown, path: string, level: number): void => {
    if (!isRecord(node)) {
      out.push(`strict: ${path} is not a schema object`);
      return;
    }
    for (const key of Object.keys(node)) if (!STRICT_KEYWORDS.has(key)) out.push(`strict: ${path} uses unsupported "${key}"`);
    if (typeof node.format === 'string' && !STRICT_FORMATS.has(node.format)) out.push(`strict: ${path} format "${node.format}"`);
    if (typeof node.$ref === 'string') {
      if (node.$ref !== '#' && !node.$ref.startsWith('#/$defs/')) out.push(`strict: ${path} $ref ${node.$ref}`);
      return;
    }
    if (node.type === undefined && node.anyOf === undefined && node.enum === undefined && node.const === undefined) out.push(`strict: ${path} has no type`);
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      for (const value of node.enum) if (typeof value === 'string') characters += value.length;
    }
    if (Array.isArray(node.anyOf)) node.anyOf.forEach((branch, i) => walk(branch, `${path}.anyOf[${i}]`, level));
    const types = typeList(node) ?? [];
    if (types.includes('object')) {
      // "Objects have limitations on nesting depth and size": 10 levels, 5,000 properties
      if (level > 10) out.push(`strict: ${path} nested deeper than 10 levels`);
      if (node.additionalProperties !== false) out.push(`strict: ${path} lacks "additionalProperties": false`);
      const props = isRecord(node.properties) ? node.properties : {};
      const names = Object.keys(props);
      properties += names.length;
      const required = Array.isArray(node.required) ? node.required : [];
      // "all fields or function parameters must be specified as required"
      if (required.length !== names.length || !names.every((name) => required.includes(name))) out.push(`strict: ${path} does not require every property`);
      for (const name of names) {
        characters += name.length;
        walk(props[name], `${path}.${name}`, level + 1);
      }
    }
    if (types.includes('array')) walk(node.items, `${path}[]`, level);
  };
  walk(schema, 'parameters', 1);
  if (isRecord(schema.$defs)) for (const [name, def] of Object.entries(schema.$defs)) walk(def, `$defs.${name}`, 1);
  if (properties > 5000) out.push(`strict: ${properties} properties (5,000 allowed)`);
  if (enumValues > 1000) out.push(`strict: ${enumValues} enum values (1,000 allowed)`);
  if (characters > 120_000) out.push(`strict: ${characters} characters of names and enum values (120,000 allowed)`);
}

// Gemini: a FunctionDeclaration { name, description, parameters? }, parameters in the OpenAPI
// subset of https://ai.google.dev/api/caching#Schema.
const GEMINI_KEYS = new Set(['type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum']);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);
// "format: only 'enum' and 'date-time' are supported for STRING type"
// https://github.com/google-gemini/gemini-cli/issues/3178 ; NUMBER float/double, INTEGER int32/int64 (Schema.format)
const GEMINI_FORMATS: Record<string, readonly string[]> = { STRING: ['enum', 'date-time'], NUMBER: ['float', 'double'], INTEGER: ['int32', 'int64'] };

function gemini(definition: unknown, out: string[]): void {
  if (!exactKeys(definition, ['name', 'description', 'parameters'], ['name'], 'declaration', out)) return;
  if (typeof definition.name !== 'string' || !GEMINI_NAME.test(definition.name)) out.push(`invalid name ${JSON.stringify(definition.name)}`);
  if (definition.parameters === undefined) return;
  const walk = (node: unknown, path: string): void => {
    if (!isRecord(node)) {
      out.push(`${path} is not a schema object`);
      return;
    }
    // Unknown fields: 'Invalid JSON payload received. Unknown name "$schema"'
    // https://github.com/zed-industries/zed/issues/45552
    for (const key of Object.keys(node)) if (!GEMINI_KEYS.has(key)) out.push(`${path}: unknown field "${key}"`);
    const type = node.type;
    // One type, not a list: "Proto field is not repeating, cannot start list" https://github.com/n8n-io/n8n/issues/15553
    if (type !== undefined && (typeof type !== 'string' || !GEMINI_TYPES.has(type.toUpperCase()))) out.push(`${path}: type ${JSON.stringify(type)}`);
    const upper = typeof type === 'string' ? type.toUpperCase() : undefined;
    // "type: Required. Data type." https://ai.google.dev/api/caching#Schema ; Gemini 3 refuses a
    // schema whose type is TYPE_UNSPECIFIED https://github.com/UKGovernmentBEIS/inspect_ai/pull/3097
    // ("schema didn't specify the schema type field" https://github.com/QuantumNous/new-api/issues/3022).
    // A union is an anyOf of typed schemas (each branch is walked below).
    if (type === undefined && !(Array.isArray(node.anyOf) && node.anyOf.length > 0)) out.push(`${path}: no type`);
    if (node.enum !== undefined) {
      // Enum values are strings (TYPE_STRING) https://github.com/microsoft/azure-devops-mcp/issues/139
      if (!Array.isArray(node.enum) || !node.enum.every((value) => typeof value === 'string')) out.push(`${path}: enum values are not all strings`);
      if (upper !== 'STRING') out.push(`${path}: enum on type ${JSON.stringify(type)} ("only allowed for STRING type")`);
    }
    if (node.format !== undefined && !(upper !== undefined && GEMINI_FORMATS[upper]?.includes(node.format as string))) out.push(`${path}: format ${JSON.stringify(node.format)} on ${JSON.stringify(type)}`);
    if (node.nullable !== undefined && typeof node.nullable !== 'boolean') out.push(`${path}: nullable is not a boolean`);
    if (node.required !== undefined && !(Array.isArray(node.required) && node.required.every((name) => typeof name === 'string'))) out.push(`${path}: required is not a list of strings`);
    if (node.description !== undefined && typeof node.description !== 'string') out.push(`${path}: description is not a string`);
    for (const key of ['minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'minimum', 'maximum']) if (node[key] !== undefined && typeof node[key] !== 'number') out.push(`${path}: ${key} is not a number`);
    if (upper === 'OBJECT') {
      // "properties: should be non-empty for OBJECT type" https://github.com/agno-agi/agno/issues/2112
      if (!isRecord(node.properties) || Object.keys(node.properties).length === 0) out.push(`${path}: OBJECT without properties`);
    }
    if (node.properties !== undefined) {
      if (!isRecord(node.properties)) out.push(`${path}: properties is not a map`);
      else for (const [name, property] of Object.entries(node.properties)) walk(property, `${path}.${name}`);
    }
    if (node.items !== undefined) walk(node.items, `${path}[]`);
    if (node.anyOf !== undefined) {
      if (!Array.isArray(node.anyOf)) out.push(`${path}: anyOf is not a list`);
      else node.anyOf.forEach((branch, i) => walk(branch, `${path}.anyOf[${i}]`));
    }
  };
  walk(definition.parameters, 'parameters');
  if (isRecord(definition.parameters) && String(definition.parameters.type).toUpperCase() !== 'OBJECT') out.push('parameters is not an OBJECT');
}

function typeList(node: Json): string[] | null {
  if (typeof node.type === 'string') return [node.type];
  return Array.isArray(node.type) ? (node.type as string[]) : null;
}

/** Every subschema of a JSON Schema (2020-12 keywords), with a path. */
export function* subschemas(schema: unknown, path: string): Generator<[Json, string]> {
  if (!isRecord(schema)) return;
  yield [schema, path];
  for (const key of ['properties', 'patternProperties', '$defs', 'dependentSchemas']) {
    const map = schema[key];
    if (isRecord(map)) for (const [name, value] of Object.entries(map)) yield* subschemas(value, `${path}.${key}.${name}`);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']) yield* subschemas(schema[key], `${path}.${key}`);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) yield* subschemas(list[i], `${path}.${key}[${i}]`);
  }
}
