// What reaches a model provider (docs/design.md §7): the provider ids, and the shape of
// `Mcp.getProviderTools`. Shared by main, preload and renderer, so nothing here touches Node.
import { z } from 'zod';

export const PROVIDER_IDS = [
  'openai',
  'openai-strict',
  'openai-responses',
  'anthropic',
  'gemini',
  'bedrock',
  'mistral',
  'deepseek',
  'ollama',
] as const;

export const ProviderIdSchema = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/** `denied`: the tool's policy is "deny", so it is never offered to a model (and not adapted). */
export type ProviderToolStatus = 'ok' | 'adapted' | 'unsendable' | 'denied';

/** One enabled tool, as one provider gets it. */
export interface ProviderToolReport {
  /** The exposed name (the name the model sees). */
  name: string;
  /** The uuid of the server that owns the tool. */
  server: string;
  /** The tool's name on its server. */
  original: string;
  status: ProviderToolStatus;
  /** What was changed to make the definition acceptable, in words a user can read. */
  changes: readonly string[];
  /** Why the tool is not sent: it cannot be (status "unsendable"), or its policy says no ("denied"). */
  reason?: string;
  /**
   * The prompt tokens this tool's definition takes in a request (getProviderTools): counted for
   * OpenAI, estimated for the others (TOKEN_ESTIMATES). 0 when it is not sent. For a tool held
   * back on demand (`deferred`), what it takes once loaded.
   */
  tokens?: number;
  /** Loaded on demand: held back until a search finds it (Anthropic, OpenAI Responses: sent with `defer_loading`; others: left out). */
  deferred?: boolean;
}

export interface ProviderTools {
  provider: ProviderId;
  /** The provider's documented maximum of tools per request; null where none is documented. */
  maxTools: number | null;
  /** Exactly the objects of that provider's request `tools` array, unsendable tools left out. */
  tools: unknown[];
  /** One entry per enabled tool of the selection (unsendable ones too), in the same order as `tools`. */
  report: ProviderToolReport[];
  /**
   * The prompt tokens `tools` takes in every request: counted for OpenAI (o200k and OpenAI's
   * formula for function definitions), estimated for the others (TOKEN_ESTIMATES says how).
   */
  tokens: number;
  /**
   * Of `tokens`, what the instructions of the servers whose tools these are take
   * (Mcp.getInstructions, for the system prompt); absent when none gives any.
   */
  instructionTokens?: number;
  /** On demand: how many of the selection's sendable tools are held back until a search finds them. */
  deferred?: number;
}

/** One provider's verdict on one tool: its report without the tool's identity. */
export type ProviderVerdict = Pick<ProviderToolReport, 'status' | 'changes' | 'reason'>;

/** Every provider's verdict on one enabled tool (`Mcp.getProviderReports`): the notes, no definitions. */
export interface ToolProviderReports {
  /** The exposed name. */
  name: string;
  server: string;
  original: string;
  providers: Record<ProviderId, ProviderVerdict>;
}

/** How `getProviderTools` sends a selection: every tool, or tools loaded on demand. */
export type ToolLoading = 'all' | 'on-demand';

/** What `getProviderTools` takes besides the provider and the selection. */
export interface ProviderToolsOptions {
  /** 'all' (the default): every tool of the selection; 'on-demand': a search tool, and the tools found so far. */
  loading?: ToolLoading;
  /** On demand: exposed names the model has found (find_tools, the provider's own search); the latest last. */
  loaded?: readonly string[];
  /** On demand: exposed names the user pinned for this model (at most MAX_PINNED_TOOLS): always loaded. */
  pinned?: readonly string[];
}

/** How a provider's `tokens` are arrived at, for people (docs/providers.md has the sources). */
export interface TokenEstimate {
  /** True: counted with the provider's own tokenizer and published formula; false: an estimate. */
  counted: boolean;
  /** In a few words: "o200k + OpenAI's formula for functions", "estimate: o200k of the JSON". */
  method: string;
}

const OPENAI_COUNT: TokenEstimate = { counted: true, method: "counted: o200k tokens with OpenAI's published formula for function definitions" };
const JSON_ESTIMATE: TokenEstimate = { counted: false, method: 'estimate: o200k tokens of each definition as JSON (the provider publishes no formula)' };

export const TOKEN_ESTIMATES: Readonly<Record<ProviderId, TokenEstimate>> = {
  openai: OPENAI_COUNT,
  'openai-strict': OPENAI_COUNT,
  'openai-responses': { counted: false, method: "estimate: o200k tokens with OpenAI's formula for Chat Completions functions (none is published for Responses)" },
  anthropic: JSON_ESTIMATE,
  gemini: JSON_ESTIMATE,
  bedrock: JSON_ESTIMATE,
  mistral: JSON_ESTIMATE,
  deepseek: JSON_ESTIMATE,
  ollama: JSON_ESTIMATE,
};

/** A provider's documented limits on the tools array (sources: src/main/providers/rules.ts, docs/providers.md). */
export interface ProviderLimits {
  /** The provider's name, for people. */
  label: string;
  /** Maximum tools per request; null where none is documented. */
  maxTools: number | null;
  /** Maximum characters of a tool description; null where none is documented. */
  maxDescription: number | null;
  /** The provider refuses an empty description. */
  descriptionRequired: boolean;
  /** Maximum characters of a tool name. */
  maxName: number;
}

export const PROVIDER_LIMITS: Readonly<Record<ProviderId, ProviderLimits>> = {
  openai: { label: 'OpenAI (Chat Completions)', maxTools: 128, maxDescription: 1024, descriptionRequired: false, maxName: 64 },
  'openai-strict': { label: 'OpenAI (Chat Completions, strict)', maxTools: 128, maxDescription: 1024, descriptionRequired: false, maxName: 64 },
  'openai-responses': { label: 'OpenAI (Responses)', maxTools: 128, maxDescription: 1024, descriptionRequired: false, maxName: 64 },
  anthropic: { label: 'Anthropic', maxTools: null, maxDescription: null, descriptionRequired: false, maxName: 64 },
  gemini: { label: 'Google Gemini', maxTools: 512, maxDescription: null, descriptionRequired: false, maxName: 64 },
  bedrock: { label: 'Amazon Bedrock (Converse)', maxTools: null, maxDescription: null, descriptionRequired: true, maxName: 64 },
  mistral: { label: 'Mistral', maxTools: null, maxDescription: null, descriptionRequired: false, maxName: 64 },
  deepseek: { label: 'DeepSeek', maxTools: 128, maxDescription: null, descriptionRequired: false, maxName: 64 },
  ollama: { label: 'Ollama', maxTools: null, maxDescription: null, descriptionRequired: false, maxName: 64 },
};

/**
 * What happened to one part of a tool result (or prompt, or resource) on its way to a model:
 * `converted` to another format, `resized` to fit the provider's limits, `cut` (text over the
 * cap), `omitted` (a note in its place says what and why), `for-user` (its audience is the user
 * only: shown in the UI, not sent), `structured` (how the structured content was sent), `schema`
 * (it does not match the tool's output schema), `error` (how the tool's error was flagged),
 * `view` (what the tool's view gave for the model was added: MCP Apps), `hidden` (hidden
 * characters were removed from its text: tag characters, zero-width, bidi controls).
 */
export type ContentChangeKind = 'converted' | 'resized' | 'cut' | 'omitted' | 'for-user' | 'structured' | 'schema' | 'error' | 'view' | 'hidden';

export interface ContentChange {
  kind: ContentChangeKind;
  /** The index of the content block it is about (in `content`, or a resource's `contents`); null for the whole. */
  block: number | null;
  /** What was done and why, in words a user can read. */
  message: string;
}

/** What `Mcp.getProviderResult` reports besides the items. */
export interface ProviderResultReport {
  /** The tool said its call failed (`isError`); how each provider was told is in `changes`. */
  isError: boolean;
  changes: ContentChange[];
  /** Characters of text (and JSON sent as text) the model gets, of `total` in the result; `limit` is the cap. */
  text: { sent: number; total: number; limit: number };
  /** Images and documents the model gets. */
  media: { images: number; documents: number };
  /** The structured content against the tool's output schema: null when there is no schema or no structured content. */
  outputSchema: { valid: boolean; problem?: string } | null;
}

/** `Mcp.getProviderResult`: the exact objects a provider's next request takes for one tool result, in order. */
export interface ProviderResult {
  provider: ProviderId;
  items: unknown[];
  report: ProviderResultReport;
}

/** The default cap on a tool result's text for the model (about 25,000 tokens); `McpServer.maxResultChars` changes it. */
export const DEFAULT_MAX_RESULT_CHARS = 100_000;
