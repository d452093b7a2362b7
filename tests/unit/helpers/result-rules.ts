// Each provider's rules for what a request carries back for a tool result, encoded as a
// validator of the items `getProviderResult` gives (and of user messages): the shapes from the
// providers' SDK type files, the limits from their documentation (sources beside each rule; the
// same as src/main/providers/content/media-rules.ts). Written independently of the code under
// test: image formats are told from magic bytes here, PNG sizes from the IHDR chunk.
import type { ProviderId } from '../../../src/types/providers.js';
import { exactKeys as keysChecked, violations } from './provider-rules.js';

type Json = Record<string, unknown>;
export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const MB = 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** base64 inside text: what LibreChat #5509 billed as tokens; never sent as text. */
const DATA_URL_IN_TEXT = /data:[a-z0-9.+-]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]{16}/i;

export interface Check {
  out: string[];
}

/** The object's keys are among `allowed` and include `required` (provider-rules' check). */
export function exactKeys(value: unknown, allowed: readonly string[], required: readonly string[], where: string, check: Check): value is Json {
  return keysChecked(value, allowed, required, where, check.out);
}

/** Non-empty text with no base64 data URL in it (Anthropic refuses empty text blocks; everywhere it is pointless). */
export function text(value: unknown, where: string, check: Check): void {
  if (typeof value !== 'string') return void check.out.push(`${where} is not text`);
  if (value.trim() === '') check.out.push(`${where} is empty`);
  if (DATA_URL_IN_TEXT.test(value)) check.out.push(`${where} holds base64 data as text`);
}

/** The format base64 `data` really is, from its first bytes; its size when a PNG. */
export function sniff(data: string): { format: string | null; width?: number; height?: number } {
  const bytes = Buffer.from(data.slice(0, 64), 'base64');
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { format: 'jpeg' };
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { format: 'webp' };
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { format: 'pdf' };
  return { format: null };
}

interface MediaLimit {
  formats: readonly string[];
  maxBase64: number;
  maxSide: number | null;
}

/** base64 `data` of one of `formats` (as its bytes say), within the limits. */
export function media(data: unknown, declared: string, limit: MediaLimit, where: string, check: Check): void {
  if (typeof data !== 'string' || data === '' || !BASE64.test(data) || data.length % 4 !== 0) return void check.out.push(`${where} is not base64`);
  const found = sniff(data);
  if (found.format === null || !limit.formats.includes(found.format)) check.out.push(`${where} is ${found.format ?? 'not a known format'}, not one of ${limit.formats.join(', ')}`);
  else if (declared !== found.format) check.out.push(`${where} is declared ${declared} but is ${found.format}`);
  if (data.length > limit.maxBase64) check.out.push(`${where} is ${data.length} base64 characters, over ${limit.maxBase64}`);
  if (limit.maxSide !== null && found.width !== undefined && Math.max(found.width, found.height!) > limit.maxSide) check.out.push(`${where} is ${found.width}×${found.height}, over ${limit.maxSide} px`);
}

export function dataUrl(url: unknown, limit: MediaLimit, where: string, check: Check): void {
  const match = typeof url === 'string' ? /^data:(image\/(png|jpeg|gif|webp)|application\/(pdf));base64,(.*)$/s.exec(url) : null;
  if (!match) return void check.out.push(`${where} is not a base64 data URL of an image or PDF`);
  media(match[4], match[2] ?? match[3]!, limit, where, check);
}

// OpenAI: "PNG, JPEG, WEBP, non-animated GIF"; 50 MB per request (20 MB per image kept by the app).
// https://platform.openai.com/docs/guides/images-vision#image-input-requirements
export const OPENAI_IMAGE: MediaLimit = { formats: ['png', 'jpeg', 'webp', 'gif'], maxBase64: Math.ceil((20 * MB) / 3) * 4, maxSide: null };
// PDFs: 32 MB per request. https://platform.openai.com/docs/guides/pdf-files
export const OPENAI_PDF: MediaLimit = { formats: ['pdf'], maxBase64: Math.ceil((32 * MB) / 3) * 4, maxSide: null };
// Mistral: PNG, JPEG, WEBP, GIF; 10 MB. https://docs.mistral.ai/capabilities/vision
export const MISTRAL_IMAGE: MediaLimit = { formats: ['png', 'jpeg', 'webp', 'gif'], maxBase64: Math.ceil((10 * MB) / 3) * 4, maxSide: null };

/**
 * Chat Completions (openai-node ChatCompletionToolMessageParam: `content: string |
 * Array<ChatCompletionContentPartText>`; the user message's ChatCompletionContentPart: text,
 * image_url {url}, file {file_data, filename}). DeepSeek: text only ("unknown variant
 * `image_url`", lessweb/deepcode-cli#50); Mistral: no `file` part.
 */
function chatCompletions(provider: ProviderId, items: unknown[], callId: string, check: Check): void {
  const [tool, ...rest] = items;
  if (exactKeys(tool, ['role', 'tool_call_id', 'content'], ['role', 'tool_call_id', 'content'], 'the tool message', check)) {
    if (tool.role !== 'tool') check.out.push('the tool message\'s role is not "tool"');
    if (tool.tool_call_id !== callId) check.out.push('the tool message answers another call');
    text(tool.content, 'the tool message\'s content', check);
  }
  if (rest.length > 1) check.out.push('more than one message follows the tool message');
  for (const message of rest) {
    if (provider === 'deepseek') check.out.push('DeepSeek takes no images: no user message may carry them');
    if (!exactKeys(message, ['role', 'content'], ['role', 'content'], 'the user message', check)) continue;
    if (message.role !== 'user') check.out.push('the message after the tool message is not a user message');
    if (!Array.isArray(message.content) || message.content.length === 0) {
      check.out.push('the user message has no content parts');
      continue;
    }
    message.content.forEach((part: unknown, i) => {
      const where = `user content ${i}`;
      if (!isRecord(part)) return void check.out.push(`${where} is not an object`);
      if (part.type === 'text' && exactKeys(part, ['type', 'text'], ['type', 'text'], where, check)) text(part.text, where, check);
      else if (part.type === 'image_url' && exactKeys(part, ['type', 'image_url'], ['type', 'image_url'], where, check)) {
        if (exactKeys(part.image_url, ['url', 'detail'], ['url'], `${where}.image_url`, check)) dataUrl(part.image_url.url, provider === 'mistral' ? MISTRAL_IMAGE : OPENAI_IMAGE, where, check);
      } else if (part.type === 'file' && provider !== 'mistral' && exactKeys(part, ['type', 'file'], ['type', 'file'], where, check)) {
        if (exactKeys(part.file, ['file_data', 'file_id', 'filename'], ['file_data', 'filename'], `${where}.file`, check)) dataUrl(part.file.file_data, OPENAI_PDF, where, check);
      } else if (!['text', 'image_url', 'file'].includes(String(part.type)) || (part.type === 'file' && provider === 'mistral')) check.out.push(`${where} has type ${String(part.type)}`);
    });
  }
}

/**
 * The answer to a client-executed tool_search (openai-node 7.5.0, commit 7b7d6ca, src/resources/responses/responses.ts
 * ResponseToolSearchOutputItemParam: { type: "tool_search_output", tools: Array<Tool>, id?, call_id?,
 * execution?: "server" | "client", status? }): each tool a definition the request's `tools` could hold.
 */
function toolSearchOutput(item: Json, callId: string, check: Check): void {
  if (!exactKeys(item, ['type', 'tools', 'id', 'call_id', 'execution', 'status'], ['type', 'tools', 'call_id', 'execution'], 'the tool_search_output', check)) return;
  if (item.call_id !== callId) check.out.push('the tool_search_output answers another call');
  if (item.execution !== 'client') check.out.push('the tool_search_output does not say execution "client"');
  if (item.status !== undefined && !['in_progress', 'completed', 'incomplete'].includes(String(item.status))) check.out.push(`status ${JSON.stringify(item.status)}`);
  if (!Array.isArray(item.tools)) return void check.out.push('tools is not a list');
  item.tools.forEach((tool: unknown, i) => {
    if (isRecord(tool) && tool.type === 'tool_search') check.out.push(`tools ${i} is a tool_search`);
    for (const problem of violations('openai-responses', tool)) check.out.push(`tools ${i}: ${problem}`);
  });
}

/** Responses (openai-node ResponseInputItem.FunctionCallOutput; ResponseFunctionCallOutputItem: input_text, input_image, input_file). */
function responses(items: unknown[], callId: string, check: Check): void {
  if (items.length !== 1) check.out.push(`${items.length} items instead of one function_call_output`);
  const [item] = items;
  if (isRecord(item) && item.type === 'tool_search_output') return toolSearchOutput(item, callId, check);
  if (!exactKeys(item, ['type', 'call_id', 'output'], ['type', 'call_id', 'output'], 'the output item', check)) return;
  if (item.type !== 'function_call_output') check.out.push('the item is not a function_call_output');
  if (item.call_id !== callId) check.out.push('the item answers another call');
  if (typeof item.output === 'string') return text(item.output, 'output', check);
  if (!Array.isArray(item.output) || item.output.length === 0) return void check.out.push('output is neither text nor a list of parts');
  item.output.forEach((part: unknown, i) => {
    const where = `output ${i}`;
    if (!isRecord(part)) return void check.out.push(`${where} is not an object`);
    if (part.type === 'input_text' && exactKeys(part, ['type', 'text'], ['type', 'text'], where, check)) text(part.text, where, check);
    else if (part.type === 'input_image' && exactKeys(part, ['type', 'image_url', 'detail'], ['type', 'image_url'], where, check)) dataUrl(part.image_url, OPENAI_IMAGE, where, check);
    else if (part.type === 'input_file' && exactKeys(part, ['type', 'file_data', 'filename'], ['type', 'file_data', 'filename'], where, check)) dataUrl(part.file_data, OPENAI_PDF, where, check);
    else if (!['input_text', 'input_image', 'input_file'].includes(String(part.type))) check.out.push(`${where} has type ${String(part.type)}`);
  });
}

// Anthropic (anthropic-sdk-typescript ToolResultBlockParam; Base64ImageSource media_type
// jpeg/png/gif/webp; Base64PDFSource). Images: 5 MB, 8000 px, 100 per request:
// https://docs.anthropic.com/en/docs/build-with-claude/vision
export const ANTHROPIC_IMAGE: MediaLimit = { formats: ['jpeg', 'png', 'gif', 'webp'], maxBase64: 5 * MB, maxSide: 8000 };
export const ANTHROPIC_PDF: MediaLimit = { formats: ['pdf'], maxBase64: 32 * MB, maxSide: null };

function anthropic(items: unknown[], callId: string, check: Check): void {
  if (items.length !== 1) check.out.push(`${items.length} items instead of one tool_result block`);
  const [block] = items;
  if (!exactKeys(block, ['type', 'tool_use_id', 'content', 'is_error'], ['type', 'tool_use_id', 'content'], 'the tool_result', check)) return;
  if (block.type !== 'tool_result') check.out.push('the block is not a tool_result');
  if (block.tool_use_id !== callId) check.out.push('the block answers another tool use');
  if ('is_error' in block && block.is_error !== true) check.out.push('is_error is there but not true');
  if (!Array.isArray(block.content) || block.content.length === 0) return void check.out.push('content is not a list of blocks');
  let images = 0;
  block.content.forEach((part: unknown, i) => {
    const where = `content ${i}`;
    if (!isRecord(part)) return void check.out.push(`${where} is not an object`);
    if (part.type === 'text' && exactKeys(part, ['type', 'text'], ['type', 'text'], where, check)) text(part.text, where, check);
    else if (part.type === 'image' && exactKeys(part, ['type', 'source'], ['type', 'source'], where, check)) {
      images++;
      if (exactKeys(part.source, ['type', 'media_type', 'data'], ['type', 'media_type', 'data'], `${where}.source`, check)) {
        if (part.source.type !== 'base64') check.out.push(`${where} is not base64`);
        media(part.source.data, String(part.source.media_type).replace('image/', ''), ANTHROPIC_IMAGE, where, check);
      }
    } else if (part.type === 'document' && exactKeys(part, ['type', 'source', 'title'], ['type', 'source'], where, check)) {
      if (exactKeys(part.source, ['type', 'media_type', 'data'], ['type', 'media_type', 'data'], `${where}.source`, check)) {
        if (part.source.type !== 'base64' || part.source.media_type !== 'application/pdf') check.out.push(`${where} is not a base64 PDF`);
        media(part.source.data, 'pdf', ANTHROPIC_PDF, where, check);
      }
    } else if (part.type === 'tool_reference' && exactKeys(part, ['type', 'tool_name', 'cache_control'], ['type', 'tool_name'], where, check)) {
      // ToolReferenceBlockParam { type: "tool_reference", tool_name, cache_control? }
      // (anthropic-sdk-typescript 0.120.0, commit bfa9197, src/resources/messages/messages.ts).
      if (typeof part.tool_name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(part.tool_name)) check.out.push(`${where} names no valid tool`);
    } else if (!['text', 'image', 'document', 'tool_reference'].includes(String(part.type))) check.out.push(`${where} has type ${String(part.type)}`);
  });
  if (images > 100) check.out.push(`${images} images, over 100`);
}

// Gemini (js-genai FunctionResponse {id?, name, response, parts?}; FunctionResponsePart
// {inlineData: {mimeType, data}}); images PNG/JPEG/WEBP and PDFs in the parts (Gemini 3):
// https://ai.google.dev/gemini-api/docs/function-calling#multimodal ; 20 MB inline per request.
export const GEMINI_MEDIA: MediaLimit = { formats: ['png', 'jpeg', 'webp', 'pdf'], maxBase64: 20 * MB, maxSide: null };

function gemini(items: unknown[], callId: string, name: string, check: Check): void {
  if (items.length !== 1) check.out.push(`${items.length} items instead of one functionResponse part`);
  const [part] = items;
  if (!exactKeys(part, ['functionResponse'], ['functionResponse'], 'the part', check)) return;
  const response = part.functionResponse;
  if (!exactKeys(response, ['name', 'id', 'response', 'parts'], ['name', 'response'], 'functionResponse', check)) return;
  if (response.name !== name) check.out.push('functionResponse names another function');
  if ('id' in response && response.id !== callId) check.out.push('functionResponse answers another call');
  // "The function response in JSON object format": an object, never a list or a string.
  if (!exactKeys(response.response, ['output', 'error'], [], 'response', check)) return;
  if (Object.keys(response.response).length !== 1) check.out.push('response is not exactly {output} or {error}');
  for (const value of Object.values(response.response)) if (typeof value === 'string') text(value, 'response text', check);
  if (!('parts' in response)) return;
  if (!Array.isArray(response.parts) || response.parts.length === 0) return void check.out.push('parts is not a list of parts');
  response.parts.forEach((inline: unknown, i) => {
    const where = `parts ${i}`;
    if (!exactKeys(inline, ['inlineData'], ['inlineData'], where, check)) return;
    if (exactKeys(inline.inlineData, ['mimeType', 'data'], ['mimeType', 'data'], `${where}.inlineData`, check)) {
      media(inline.inlineData.data, String(inline.inlineData.mimeType).replace(/^(image|application)\//, ''), GEMINI_MEDIA, where, check);
    }
  });
}

// Bedrock (ToolResultBlock {toolUseId, content, status?}; ToolResultContentBlock, a union: text,
// json, image, document…). https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html
// Images png/jpeg/gif/webp, 3.75 MB, 8000 px, 20 per request; documents 4.5 MB, 5 per request:
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html
export const BEDROCK_IMAGE: MediaLimit = { formats: ['png', 'jpeg', 'gif', 'webp'], maxBase64: Math.ceil((3.75 * MB) / 3) * 4, maxSide: 8000 };
export const BEDROCK_PDF: MediaLimit = { formats: ['pdf'], maxBase64: Math.ceil((4.5 * MB) / 3) * 4, maxSide: null };
// DocumentBlock.name: alphanumeric, single whitespace, hyphens, parentheses, square brackets; 1–200.
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html
export const BEDROCK_NAME = /^[\p{L}\p{N}\-()[\]]+( [\p{L}\p{N}\-()[\]]+)*$/u;

function hasTypeKey(value: unknown): boolean {
  if (!isRecord(value) && !Array.isArray(value)) return false;
  return Object.entries(value).some(([key, inner]) => key === '__type' || hasTypeKey(inner));
}

function bedrock(items: unknown[], callId: string, check: Check): void {
  if (items.length !== 1) check.out.push(`${items.length} items instead of one toolResult block`);
  const [block] = items;
  if (!exactKeys(block, ['toolResult'], ['toolResult'], 'the block', check)) return;
  const result = block.toolResult;
  if (!exactKeys(result, ['toolUseId', 'content', 'status'], ['toolUseId', 'content'], 'toolResult', check)) return;
  if (result.toolUseId !== callId) check.out.push('toolResult answers another tool use');
  if ('status' in result && result.status !== 'success' && result.status !== 'error') check.out.push('status is not success or error');
  if (!Array.isArray(result.content) || result.content.length === 0) return void check.out.push('content is not a list of blocks');
  let images = 0;
  let documents = 0;
  result.content.forEach((part: unknown, i) => {
    const where = `content ${i}`;
    if (!isRecord(part) || Object.keys(part).length !== 1) return void check.out.push(`${where} is not a union of one member`);
    if ('text' in part) text(part.text, where, check);
    else if ('json' in part) {
      // "Provide a json object for the field" (sigoden/aichat#1542); no nested "__type" (maximhq/bifrost#5762).
      if (!isRecord(part.json)) check.out.push(`${where}.json is not an object`);
      if (hasTypeKey(part.json)) check.out.push(`${where}.json holds a "__type" key`);
    } else if ('image' in part && exactKeys(part.image, ['format', 'source'], ['format', 'source'], `${where}.image`, check)) {
      images++;
      if (exactKeys(part.image.source, ['bytes'], ['bytes'], `${where}.image.source`, check)) media(part.image.source.bytes, String(part.image.format), BEDROCK_IMAGE, where, check);
    } else if ('document' in part && exactKeys(part.document, ['format', 'name', 'source'], ['format', 'name', 'source'], `${where}.document`, check)) {
      documents++;
      const name = part.document.name;
      if (typeof name !== 'string' || name.length > 200 || !BEDROCK_NAME.test(name)) check.out.push(`${where}.document.name ${JSON.stringify(name)} is not a valid document name`);
      if (exactKeys(part.document.source, ['bytes'], ['bytes'], `${where}.document.source`, check)) media(part.document.source.bytes, String(part.document.format), BEDROCK_PDF, where, check);
    } else if (!['text', 'json', 'image', 'document'].some((key) => key in part)) check.out.push(`${where} is ${Object.keys(part).join(', ')}`);
  });
  if (images > 20) check.out.push(`${images} images, over 20`);
  if (documents > 5) check.out.push(`${documents} documents, over 5`);
}

// Ollama (ollama-js Message {role, content, images?: string[], tool_name?}); images PNG or JPEG:
// https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-images
export const OLLAMA_IMAGE: MediaLimit = { formats: ['png', 'jpeg'], maxBase64: Math.ceil((20 * MB) / 3) * 4, maxSide: null };

function ollama(items: unknown[], name: string, check: Check): void {
  if (items.length !== 1) check.out.push(`${items.length} items instead of one tool message`);
  const [message] = items;
  if (!exactKeys(message, ['role', 'tool_name', 'content', 'images'], ['role', 'tool_name', 'content'], 'the tool message', check)) return;
  if (message.role !== 'tool') check.out.push('the role is not "tool"');
  if (message.tool_name !== name) check.out.push('tool_name names another tool');
  text(message.content, 'content', check);
  if (!('images' in message)) return;
  if (!Array.isArray(message.images) || message.images.length === 0) return void check.out.push('images is not a list');
  message.images.forEach((image: unknown, i) => {
    const found = typeof image === 'string' ? sniff(image).format : null;
    media(image, found ?? 'none', OLLAMA_IMAGE, `images ${i}`, check);
  });
}

/** What `provider` would refuse in `items` for the call `callId` of the tool `name`; empty when it takes them. */
export function resultViolations(provider: ProviderId, items: unknown[], call: { callId: string; name: string }): string[] {
  const check: Check = { out: [] };
  if (!Array.isArray(items) || items.length === 0) return ['no items'];
  switch (provider) {
    case 'openai':
    case 'openai-strict':
    case 'mistral':
    case 'deepseek':
      chatCompletions(provider, items, call.callId, check);
      break;
    case 'openai-responses':
      responses(items, call.callId, check);
      break;
    case 'anthropic':
      anthropic(items, call.callId, check);
      break;
    case 'gemini':
      gemini(items, call.callId, call.name, check);
      break;
    case 'bedrock':
      bedrock(items, call.callId, check);
      break;
    case 'ollama':
      ollama(items, call.name, check);
      break;
  }
  return check.out;
}

/** Every text the model reads in `items` (for checks that no input payload became text). */
export function textsOf(items: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (['text', 'content', 'output', 'error'].includes(key)) out.push(value);
      return;
    }
    if (Array.isArray(value)) value.forEach((inner) => walk(inner, key));
    else if (isRecord(value)) for (const [inner, child] of Object.entries(value)) walk(child, inner);
  };
  walk(items, '');
  return out;
}
