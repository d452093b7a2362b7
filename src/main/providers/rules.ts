// Every provider rule the adapters follow, each with where it is written down (documentation,
// or the provider's own error message in a public bug report where the docs are silent). The
// numbers the code uses are in PROVIDER_LIMITS (src/types/providers.ts); docs/providers.md's table is
// this one, and a test keeps the two in step.
import type { ProviderId } from '../../types/providers.js';

export interface ProviderRule {
  rule: string;
  source: string;
}

const OPENAI_CHAT = 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools';
// The SDKs' type files at the commits read (anthropic-sdk-typescript 0.120.0, openai-node 7.5.0).
const ANTHROPIC_SDK = 'https://github.com/anthropics/anthropic-sdk-typescript/blob/bfa9197f0182084941052be9752c948638421601/src/resources/messages/messages.ts';
const OPENAI_SDK = 'https://github.com/openai/openai-node/blob/7b7d6ca71130d37ec09792c50056b47861f2eccf/src/resources/responses/responses.ts';
const STRUCTURED = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';

const OPENAI_COMMON: readonly ProviderRule[] = [
  { rule: 'Function name: a-z, A-Z, 0-9, "_" and "-", at most 64 characters', source: OPENAI_CHAT },
  { rule: 'At most 128 tools per request ("array_above_max_length")', source: 'https://github.com/openai/openai-openapi/pull/76' },
  { rule: 'Description at most 1,024 characters ("string_above_max_length")', source: 'https://github.com/getsentry/sentry-mcp/issues/106' },
  { rule: '`parameters` is an object schema ("None is not of type \'object\'")', source: 'https://github.com/sashabaranov/go-openai/issues/432' },
  { rule: 'Every array schema has `items` ("array schema missing items")', source: 'https://github.com/sigoden/aichat/pull/1049' },
  { rule: 'Every object schema has `properties` ("object schema missing properties")', source: 'https://github.com/spring-projects/spring-ai/issues/4776' },
  { rule: 'No anyOf/oneOf/allOf at the top level of `parameters`', source: 'https://github.com/anomalyco/opencode/issues/35516' },
];

export const PROVIDER_RULES: Readonly<Record<ProviderId, readonly ProviderRule[]>> = {
  openai: OPENAI_COMMON,
  'openai-strict': [
    ...OPENAI_COMMON,
    { rule: 'Strict: every object has "additionalProperties": false and lists every property in `required`', source: STRUCTURED },
    { rule: 'Strict: only the supported keywords (type, enum, const, anyOf, properties, required, additionalProperties, items, $ref/$defs, pattern, format, minimum, maximum, exclusive bounds, multipleOf, minItems, maxItems); the root is not anyOf', source: STRUCTURED },
    { rule: 'Strict: formats date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid', source: STRUCTURED },
    { rule: 'Strict: at most 5,000 properties, 10 levels of nesting, 1,000 enum values, 120,000 characters of names and enum values', source: STRUCTURED },
    { rule: 'Strict: "default" is not permitted', source: 'https://github.com/567-labs/instructor/issues/1074' },
  ],
  'openai-responses': [
    { rule: 'Function tool: `type`, `name`, `parameters` and `strict` are required', source: 'https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools' },
    ...OPENAI_COMMON.slice(0, 1),
    { rule: 'Tool count, description length and schema checks as in Chat Completions (the same function tools; the Responses reference documents no separate limits)', source: OPENAI_CHAT },
    ...OPENAI_COMMON.slice(3),
    { rule: 'On demand: tool search is on when the tools hold a `tool_search` and the searchable functions have `"defer_loading": true`', source: 'https://developers.openai.com/api/docs/guides/tools-tool-search' },
    { rule: 'On demand: `{ "type": "tool_search", "execution": "client", "description", "parameters" }` is a search the client runs; a `namespace` is `{ "type", "name", "description", "tools" }`, `defer_loading` on the functions inside', source: OPENAI_SDK },
    { rule: 'On demand: a `tool_search_call` is answered by `{ "type": "tool_search_output", "call_id", "execution": "client", "status", "tools" }`, `tools` the definitions it loads', source: OPENAI_SDK },
    { rule: 'On demand: a function found in a namespace is returned inside that namespace (its name, description and the functions found)', source: 'https://github.com/openai/openai-agents-js/blob/6d0c61a5f62a5ed8142996a25b33446c810f84b3/packages/agents-core/src/runner/toolSearch.ts' },
  ],
  anthropic: [
    { rule: 'Tool name: ^[a-zA-Z0-9_-]{1,64}$', source: 'https://github.com/modelcontextprotocol/typescript-sdk/issues/413' },
    { rule: '`input_schema` must be valid JSON Schema draft 2020-12', source: 'https://github.com/anomalyco/opencode/issues/2082' },
    { rule: '`input_schema` has no oneOf, allOf or anyOf at the top level', source: 'https://github.com/anthropics/claude-code/issues/27337' },
    { rule: 'No maximum number of tools is documented', source: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview' },
    { rule: 'On demand: a tool with `"defer_loading": true` is left out of the prompt until a `tool_reference` block `{ "type": "tool_reference", "tool_name" }` in a `tool_result` names it', source: ANTHROPIC_SDK },
    { rule: 'On demand: a search the client runs is a custom tool whose `tool_result` holds `tool_reference` blocks naming tools the request defers', source: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool#custom-tool-search-implementation' },
  ],
  gemini: [
    { rule: 'Function name starts with a letter or "_"; a-z, A-Z, 0-9, "_", ".", ":" and "-"; at most 64 characters', source: 'https://ai.google.dev/api/caching#FunctionDeclaration' },
    { rule: 'At most 512 function declarations', source: 'https://googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/-tool/function-declarations.html' },
    { rule: '`parameters` is an OpenAPI 3.0 Schema subset: type, format, title, description, nullable, enum, items, properties, required, min/maxItems, min/maxProperties, min/maxLength, pattern, minimum, maximum, anyOf, default, example, propertyOrdering', source: 'https://ai.google.dev/api/caching#Schema' },
    { rule: 'Unknown fields are refused: "$schema", "additionalProperties", "const", "exclusiveMinimum", "propertyNames" ("Invalid JSON payload received. Unknown name")', source: 'https://github.com/zed-industries/zed/issues/45552' },
    { rule: '`type` is one value, not a list ("Proto field is not repeating, cannot start list")', source: 'https://github.com/n8n-io/n8n/issues/15553' },
    { rule: 'Enum values are strings ("Invalid value … (TYPE_STRING)")', source: 'https://github.com/microsoft/azure-devops-mcp/issues/139' },
    { rule: 'String formats: only "enum" and "date-time"', source: 'https://github.com/google-gemini/gemini-cli/issues/3178' },
    { rule: 'An OBJECT has non-empty `properties` ("should be non-empty for OBJECT type"); a tool without parameters leaves `parameters` out', source: 'https://github.com/agno-agi/agno/issues/2112' },
    { rule: 'Every schema has a `type` (or is an `anyOf` of typed schemas): Gemini 3 refuses TYPE_UNSPECIFIED (MALFORMED_FUNCTION_CALL)', source: 'https://github.com/UKGovernmentBEIS/inspect_ai/pull/3097' },
    { rule: 'A property without a type is refused ("schema didn\'t specify the schema type field"), an enum without a type too', source: 'https://github.com/QuantumNous/new-api/issues/3022' },
  ],
  bedrock: [
    { rule: 'toolSpec.name: 1–64 characters of [a-zA-Z0-9_-]', source: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html' },
    { rule: 'toolSpec.description: at least 1 character when given', source: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html' },
    { rule: 'At least 1 tool; no maximum documented', source: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolConfiguration.html' },
    { rule: 'An empty description is refused with HTTP 400', source: 'https://github.com/anomalyco/opencode/pull/48582' },
  ],
  mistral: [
    { rule: 'Function tools in the OpenAI shape; no maximum number of tools documented', source: 'https://docs.mistral.ai/capabilities/function_calling/' },
    { rule: '"$schema" and "$id" are refused (since August 2025)', source: 'https://github.com/BerriAI/litellm/pull/13389' },
    { rule: 'Parameters must be valid JSON Schema (a draft-04 boolean "exclusiveMinimum" is refused: "Invalid tool schema")', source: 'https://github.com/SylphxAI/pdf-reader-mcp/issues/63' },
  ],
  deepseek: [
    { rule: 'Function name: a-z, A-Z, 0-9, "_" and "-", at most 64 characters; at most 128 functions', source: 'https://api-docs.deepseek.com/api/create-chat-completion' },
  ],
  ollama: [
    { rule: 'Function tools in the OpenAI shape; no maximum documented', source: 'https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-tools' },
    { rule: '`parameters` keeps type, properties, required and, per property, type, description, enum and items; other fields are dropped', source: 'https://github.com/ollama/ollama/issues/11444' },
    { rule: 'A property\'s `type` is one JSON type or a list of them (api.PropertyType); a property without one reaches the model untyped', source: 'https://github.com/ollama/ollama/blob/main/api/types.go' },
  ],
};
