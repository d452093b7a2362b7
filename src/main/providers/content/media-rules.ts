// What each provider takes besides text, in a tool result or a user message, and its limits,
// each with where it is written down (the providers' SDK type files and documentation; a public
// bug report carrying the provider's own error where the docs are silent). docs/providers.md
// has this table; a test keeps the two in step. Sizes are counted as base64 characters, the
// form the request carries (Anthropic's 5 MB is measured on it, and Bedrock's 3.75 MB of bytes
// is the same 5,242,880 characters once encoded).
import type { ProviderId } from '../../../types/providers.js';

/** The image formats the edge can write, plus those it passes through when a provider takes them. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageRules {
  formats: readonly ImageFormat[];
  /** Longest side in pixels; null where none is documented (the provider scales down itself). */
  maxSide: number | null;
  /** Per image, in base64 characters. */
  maxBase64: number;
  /** Images per result; null where none is documented. */
  maxCount: number | null;
  /** GIF only when it is not animated (OpenAI): other GIFs are sent as PNG, first frame. */
  stillGifOnly?: boolean;
}

export interface DocumentRules {
  /** Per PDF, in base64 characters. */
  maxBase64: number;
  /** Documents per result; null where none is documented. */
  maxCount: number | null;
}

export interface MediaRules {
  /** null: the provider takes no images at all. */
  images: ImageRules | null;
  /** PDFs; null: the provider takes none (where a tool result or message can carry it). */
  pdf: DocumentRules | null;
  /** All images and documents of one result together, in base64 characters; null where none is documented. */
  maxTotalBase64: number | null;
  /**
   * Where a tool result's images go: `result` (inside the provider's tool result item) or
   * `user-message` (the provider's tool message takes text only: a user message follows it).
   */
  toolResultMedia: 'result' | 'user-message';
}

export interface MediaRule {
  rule: string;
  source: string;
}

const MB = 1024 * 1024;
/** base64 characters of `bytes` bytes. */
const b64 = (bytes: number): number => Math.ceil(bytes / 3) * 4;

const OPENAI_IMAGES: ImageRules = { formats: ['png', 'jpeg', 'webp', 'gif'], maxSide: null, maxBase64: b64(20 * MB), maxCount: 500, stillGifOnly: true };
const OPENAI_PDF: DocumentRules = { maxBase64: b64(32 * MB), maxCount: null };

export const MEDIA_RULES: Readonly<Record<ProviderId, MediaRules>> = {
  openai: { images: OPENAI_IMAGES, pdf: OPENAI_PDF, maxTotalBase64: b64(50 * MB), toolResultMedia: 'user-message' },
  'openai-strict': { images: OPENAI_IMAGES, pdf: OPENAI_PDF, maxTotalBase64: b64(50 * MB), toolResultMedia: 'user-message' },
  'openai-responses': { images: OPENAI_IMAGES, pdf: OPENAI_PDF, maxTotalBase64: b64(50 * MB), toolResultMedia: 'result' },
  anthropic: {
    images: { formats: ['jpeg', 'png', 'gif', 'webp'], maxSide: 8000, maxBase64: 5 * MB, maxCount: 100 },
    pdf: { maxBase64: 32 * MB, maxCount: null },
    maxTotalBase64: 32 * MB,
    toolResultMedia: 'result',
  },
  gemini: {
    images: { formats: ['png', 'jpeg', 'webp'], maxSide: null, maxBase64: 20 * MB, maxCount: null },
    pdf: { maxBase64: 20 * MB, maxCount: null },
    maxTotalBase64: 20 * MB,
    toolResultMedia: 'result',
  },
  bedrock: {
    images: { formats: ['png', 'jpeg', 'gif', 'webp'], maxSide: 8000, maxBase64: b64(3.75 * MB), maxCount: 20 },
    pdf: { maxBase64: b64(4.5 * MB), maxCount: 5 },
    maxTotalBase64: null,
    toolResultMedia: 'result',
  },
  mistral: {
    images: { formats: ['png', 'jpeg', 'webp'], maxSide: null, maxBase64: b64(10 * MB), maxCount: 8 },
    pdf: null,
    maxTotalBase64: null,
    toolResultMedia: 'user-message',
  },
  deepseek: { images: null, pdf: null, maxTotalBase64: null, toolResultMedia: 'user-message' },
  ollama: {
    images: { formats: ['png', 'jpeg'], maxSide: null, maxBase64: b64(20 * MB), maxCount: null },
    pdf: null,
    maxTotalBase64: null,
    toolResultMedia: 'result',
  },
};

const OPENAI_VISION = 'https://platform.openai.com/docs/guides/images-vision#image-input-requirements';
const OPENAI_FILES = 'https://platform.openai.com/docs/guides/pdf-files';
const OPENAI_CHAT_TYPES = 'https://github.com/openai/openai-node/blob/master/src/resources/chat/completions/completions.ts';
const OPENAI_RESPONSES_TYPES = 'https://github.com/openai/openai-node/blob/master/src/resources/responses/responses.ts';
const ANTHROPIC_TYPES = 'https://github.com/anthropics/anthropic-sdk-typescript/blob/main/src/resources/messages/messages.ts';
const ANTHROPIC_VISION = 'https://docs.anthropic.com/en/docs/build-with-claude/vision';
const GEMINI_TYPES = 'https://github.com/googleapis/js-genai/blob/main/src/types.ts';
const GEMINI_FUNCTIONS = 'https://ai.google.dev/gemini-api/docs/function-calling#multimodal';
const BEDROCK_RESULT = 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html';
const BEDROCK_MESSAGE = 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html';
const OLLAMA_TYPES = 'https://github.com/ollama/ollama-js/blob/main/src/interfaces.ts';

/** Every rule the results' adapters follow, per provider, with its source (docs/providers.md shows them). */
export const RESULT_RULES: Readonly<Record<ProviderId, readonly MediaRule[]>> = {
  openai: [
    { rule: 'A tool message is `{ "role": "tool", "tool_call_id", "content" }`, content text only (a string or text parts)', source: OPENAI_CHAT_TYPES },
    { rule: 'Images go in a user message as `image_url` parts (a data URL); PDFs as `file` parts (`file_data` data URL, `filename`)', source: OPENAI_CHAT_TYPES },
    { rule: 'Images: PNG, JPEG, WEBP, non-animated GIF; up to 50 MB per request, 500 images', source: OPENAI_VISION },
    { rule: 'PDFs: up to 32 MB and 100 pages per request', source: OPENAI_FILES },
  ],
  'openai-strict': [{ rule: 'The same tool results as OpenAI Chat Completions (strict mode concerns definitions only)', source: OPENAI_CHAT_TYPES }],
  'openai-responses': [
    { rule: '`{ "type": "function_call_output", "call_id", "output" }`, output a string or a list of `input_text`, `input_image` (`image_url` data URL) and `input_file` (`file_data`, `filename`)', source: OPENAI_RESPONSES_TYPES },
    { rule: 'Images and PDFs: the limits of Chat Completions', source: OPENAI_VISION },
  ],
  anthropic: [
    { rule: '`{ "type": "tool_result", "tool_use_id", "content", "is_error"? }`, content blocks `text`, `image` (base64: image/jpeg, image/png, image/gif, image/webp) and `document` (base64 PDF or plain text)', source: ANTHROPIC_TYPES },
    { rule: 'Images at most 5 MB (as sent) and 8000 px a side; up to 100 images per request', source: ANTHROPIC_VISION },
    { rule: 'Text blocks must not be empty ("text content blocks must be non-empty")', source: 'https://github.com/anthropics/anthropic-sdk-typescript/issues/658' },
  ],
  gemini: [
    { rule: 'A `functionResponse` part: `{ "name", "id"?, "response", "parts"? }`; `response` is an object, "output" for the output, "error" for an error', source: GEMINI_TYPES },
    { rule: 'Images (PNG, JPEG, WEBP) and PDFs go in the function response `parts` as `inlineData` (Gemini 3)', source: GEMINI_FUNCTIONS },
    { rule: 'Inline data: at most 20 MB per request', source: 'https://ai.google.dev/gemini-api/docs/image-understanding' },
  ],
  bedrock: [
    { rule: '`{ "toolResult": { "toolUseId", "content", "status"? } }`, content blocks `text`, `json`, `image`, `document`', source: BEDROCK_RESULT },
    { rule: 'Images png, jpeg, gif, webp; at most 20 per request, 3.75 MB and 8000 px a side; documents at most 5 per request, 4.5 MB', source: BEDROCK_MESSAGE },
    { rule: 'A document name: letters, digits, single spaces, hyphens, parentheses, square brackets; 1–200 characters', source: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html' },
    { rule: 'A `json` block is a JSON object ("Provide a json object for the field")', source: 'https://github.com/sigoden/aichat/issues/1542' },
    { rule: 'A `json` block with a nested "__type" key is refused', source: 'https://github.com/maximhq/bifrost/issues/5762' },
  ],
  mistral: [
    { rule: 'Tool messages as in Chat Completions; images in a user message as `image_url` (PNG, JPEG, WEBP; 10 MB, 8 images)', source: 'https://docs.mistral.ai/capabilities/vision' },
  ],
  deepseek: [
    { rule: 'Tool messages as in Chat Completions, text only', source: 'https://api-docs.deepseek.com/api/create-chat-completion' },
    { rule: 'No images: an `image_url` part is refused ("unknown variant `image_url`, expected `text`")', source: 'https://github.com/lessweb/deepcode-cli/issues/50' },
  ],
  ollama: [
    { rule: '`{ "role": "tool", "tool_name", "content", "images"? }`, images as base64 strings', source: OLLAMA_TYPES },
    { rule: 'Images: PNG or JPEG', source: 'https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-images' },
  ],
};
