// Each provider's rules for conversation messages and a user message's content (what a prompt's
// messages and an attached resource become), from the providers' SDK type files; the media limits
// and checks are the tool results' (result-rules.ts). Written independently of the code under test.
import type { ProviderId } from '../../../src/types/providers.js';
import {
  ANTHROPIC_IMAGE,
  ANTHROPIC_PDF,
  BEDROCK_IMAGE,
  BEDROCK_NAME,
  BEDROCK_PDF,
  dataUrl,
  exactKeys,
  GEMINI_MEDIA,
  isRecord,
  media,
  MISTRAL_IMAGE,
  OLLAMA_IMAGE,
  OPENAI_IMAGE,
  OPENAI_PDF,
  sniff,
  text,
  type Check,
} from './result-rules.js';

/**
 * Chat Completions user content parts (openai-node ChatCompletionContentPart: text, image_url
 * {url}, file {file_data, filename}); Mistral takes no `file`, DeepSeek text only ("unknown
 * variant `image_url`, expected `text`").
 */
function chatParts(provider: ProviderId, parts: unknown[], check: Check, userSide: boolean): void {
  parts.forEach((part: unknown, i) => {
    const where = `part ${i}`;
    if (!isRecord(part)) return void check.out.push(`${where} is not an object`);
    if (part.type === 'text') {
      if (exactKeys(part, ['type', 'text'], ['type', 'text'], where, check)) text(part.text, where, check);
    } else if (!userSide || provider === 'deepseek') {
      check.out.push(`${where} is ${String(part.type)}: ${userSide ? 'DeepSeek takes text only' : 'an assistant message takes text only'}`);
    } else if (part.type === 'image_url' && exactKeys(part, ['type', 'image_url'], ['type', 'image_url'], where, check)) {
      if (exactKeys(part.image_url, ['url', 'detail'], ['url'], `${where}.image_url`, check)) dataUrl(part.image_url.url, provider === 'mistral' ? MISTRAL_IMAGE : OPENAI_IMAGE, where, check);
    } else if (part.type === 'file' && provider !== 'mistral') {
      if (exactKeys(part, ['type', 'file'], ['type', 'file'], where, check) && exactKeys(part.file, ['file_data', 'file_id', 'filename'], ['file_data', 'filename'], `${where}.file`, check)) {
        dataUrl(part.file.file_data, OPENAI_PDF, where, check);
      }
    } else if (part.type !== 'image_url') check.out.push(`${where} has type ${String(part.type)}`);
  });
}

/**
 * Responses input content (ResponseInputMessageContentList: input_text, input_image {image_url},
 * input_file {file_data, filename}); an assistant's EasyInputMessage content is a string (a list
 * of input_text is refused: "Supported values are: 'output_text' and 'refusal'").
 */
function responsesParts(parts: unknown[], check: Check): void {
  parts.forEach((part: unknown, i) => {
    const where = `part ${i}`;
    if (!isRecord(part)) return void check.out.push(`${where} is not an object`);
    if (part.type === 'input_text' && exactKeys(part, ['type', 'text'], ['type', 'text'], where, check)) text(part.text, where, check);
    else if (part.type === 'input_image' && exactKeys(part, ['type', 'image_url', 'detail'], ['type', 'image_url'], where, check)) dataUrl(part.image_url, OPENAI_IMAGE, where, check);
    else if (part.type === 'input_file' && exactKeys(part, ['type', 'file_data', 'filename'], ['type', 'file_data', 'filename'], where, check)) dataUrl(part.file_data, OPENAI_PDF, where, check);
    else if (!['input_text', 'input_image', 'input_file'].includes(String(part.type))) check.out.push(`${where} has type ${String(part.type)}`);
  });
}

/** Anthropic ContentBlockParam: text, image (base64 source), document (base64 PDF); an assistant's text only. */
function anthropicBlocks(blocks: unknown[], check: Check, userSide: boolean): void {
  blocks.forEach((block: unknown, i) => {
    const where = `block ${i}`;
    if (!isRecord(block)) return void check.out.push(`${where} is not an object`);
    if (block.type === 'text') {
      if (exactKeys(block, ['type', 'text'], ['type', 'text'], where, check)) text(block.text, where, check);
    } else if (!userSide) {
      check.out.push(`${where} is ${String(block.type)} in an assistant message`);
    } else if (block.type === 'image' && exactKeys(block, ['type', 'source'], ['type', 'source'], where, check)) {
      if (exactKeys(block.source, ['type', 'media_type', 'data'], ['type', 'media_type', 'data'], `${where}.source`, check)) {
        if (block.source.type !== 'base64') check.out.push(`${where} is not base64`);
        media(block.source.data, String(block.source.media_type).replace('image/', ''), ANTHROPIC_IMAGE, where, check);
      }
    } else if (block.type === 'document' && exactKeys(block, ['type', 'source', 'title'], ['type', 'source'], where, check)) {
      if (exactKeys(block.source, ['type', 'media_type', 'data'], ['type', 'media_type', 'data'], `${where}.source`, check)) {
        if (block.source.type !== 'base64' || block.source.media_type !== 'application/pdf') check.out.push(`${where} is not a base64 PDF`);
        media(block.source.data, 'pdf', ANTHROPIC_PDF, where, check);
      }
    } else if (!['image', 'document'].includes(String(block.type))) check.out.push(`${where} has type ${String(block.type)}`);
  });
}

/** Gemini Part: `{text}` or `{inlineData: {mimeType, data}}` (PNG, JPEG, WEBP, PDF); a model's turn text only. */
function geminiParts(parts: unknown[], check: Check, userSide: boolean): void {
  parts.forEach((part: unknown, i) => {
    const where = `part ${i}`;
    if (!isRecord(part) || Object.keys(part).length !== 1) return void check.out.push(`${where} is not a part of one member`);
    if ('text' in part) text(part.text, where, check);
    else if (!userSide) check.out.push(`${where} is not text in a model turn`);
    else if (exactKeys(part, ['inlineData'], ['inlineData'], where, check) && exactKeys(part.inlineData, ['mimeType', 'data'], ['mimeType', 'data'], `${where}.inlineData`, check)) {
      media(part.inlineData.data, String(part.inlineData.mimeType).replace(/^(image|application)\//, ''), GEMINI_MEDIA, where, check);
    }
  });
}

/** Bedrock ContentBlock (a union of one member): text, image {format, source {bytes}}, document {format, name, source}. */
function bedrockBlocks(blocks: unknown[], check: Check, userSide: boolean): void {
  let images = 0;
  let documents = 0;
  blocks.forEach((block: unknown, i) => {
    const where = `block ${i}`;
    if (!isRecord(block) || Object.keys(block).length !== 1) return void check.out.push(`${where} is not a union of one member`);
    if ('text' in block) text(block.text, where, check);
    else if (!userSide) check.out.push(`${where} is not text in an assistant message`);
    else if ('image' in block && exactKeys(block.image, ['format', 'source'], ['format', 'source'], `${where}.image`, check)) {
      images++;
      if (exactKeys(block.image.source, ['bytes'], ['bytes'], `${where}.image.source`, check)) media(block.image.source.bytes, String(block.image.format), BEDROCK_IMAGE, where, check);
    } else if ('document' in block && exactKeys(block.document, ['format', 'name', 'source'], ['format', 'name', 'source'], `${where}.document`, check)) {
      documents++;
      const name = block.document.name;
      if (typeof name !== 'string' || name.length > 200 || !BEDROCK_NAME.test(name)) check.out.push(`${where}.document.name ${JSON.stringify(name)} is not a valid document name`);
      if (exactKeys(block.document.source, ['bytes'], ['bytes'], `${where}.document.source`, check)) media(block.document.source.bytes, String(block.document.format), BEDROCK_PDF, where, check);
    } else if (!['image', 'document'].some((key) => key in block)) check.out.push(`${where} is ${Object.keys(block).join(', ')}`);
  });
  if (images > 20) check.out.push(`${images} images, over 20`);
  if (documents > 5) check.out.push(`${documents} documents, over 5`);
}

/** Ollama Message {role, content, images?: string[]} (PNG or JPEG, base64). */
function ollamaMessage(message: unknown, check: Check, userSide: boolean): void {
  if (!exactKeys(message, ['role', 'content', 'images'], ['role', 'content'], 'the message', check)) return;
  text(message.content, 'content', check);
  if (!('images' in message)) return;
  if (!userSide) check.out.push('an assistant message carries images');
  if (!Array.isArray(message.images) || message.images.length === 0) return void check.out.push('images is not a list');
  message.images.forEach((image: unknown, i) => media(image, typeof image === 'string' ? (sniff(image).format ?? 'none') : 'none', OLLAMA_IMAGE, `images ${i}`, check));
}

/** One message's content, by provider: a string, or the provider's list of parts. */
function messageContent(provider: ProviderId, content: unknown, check: Check, userSide: boolean, textAllowed: boolean): void {
  if (typeof content === 'string' && textAllowed) return text(content, 'content', check);
  if (!Array.isArray(content) || content.length === 0) return void check.out.push('content is not a list of parts');
  if (provider === 'openai-responses') {
    if (!userSide) check.out.push('an assistant message\'s content is a list (Responses takes output_text there)');
    responsesParts(content, check);
  } else if (provider === 'anthropic') anthropicBlocks(content, check, userSide);
  else if (provider === 'bedrock') bedrockBlocks(content, check, userSide);
  else chatParts(provider, content, check, userSide);
}

/** What `provider` would refuse in `messages`, a conversation's messages in order; empty when it takes them. */
export function messageViolations(provider: ProviderId, messages: unknown[]): string[] {
  const check: Check = { out: [] };
  if (!Array.isArray(messages) || messages.length === 0) return ['no messages'];
  let previous: unknown;
  messages.forEach((message, i) => {
    const at = check.out.length;
    if (!isRecord(message)) return void check.out.push(`message ${i} is not an object`);
    const role = message.role;
    const roles = provider === 'gemini' ? ['user', 'model'] : ['user', 'assistant'];
    if (!roles.includes(String(role))) check.out.push(`message ${i} has role ${String(role)}`);
    // Bedrock Converse: "A conversation must alternate between user and assistant roles".
    if (provider === 'bedrock' && role === previous) check.out.push(`message ${i} has the same role as the one before`);
    previous = role;
    const userSide = role === 'user';
    if (provider === 'gemini') {
      if (exactKeys(message, ['role', 'parts'], ['role', 'parts'], `message ${i}`, check)) {
        if (!Array.isArray(message.parts) || message.parts.length === 0) check.out.push(`message ${i} has no parts`);
        else geminiParts(message.parts, check, userSide);
      }
    } else if (provider === 'ollama') {
      ollamaMessage(message, check, userSide);
    } else if (exactKeys(message, ['role', 'content'], ['role', 'content'], `message ${i}`, check)) {
      messageContent(provider, message.content, check, userSide, provider !== 'bedrock');
    }
    for (let j = at; j < check.out.length; j++) check.out[j] = `message ${i}: ${check.out[j]}`;
  });
  return check.out;
}

/** What `provider` would refuse in `items`, the content of one user message (userContent); empty when it takes them. */
export function userContentViolations(provider: ProviderId, items: unknown[]): string[] {
  if (!Array.isArray(items) || items.length === 0) return ['no items'];
  if (provider === 'ollama') return items.length === 1 ? messageViolations(provider, items) : [`${items.length} messages instead of one`];
  if (provider === 'gemini') return messageViolations(provider, [{ role: 'user', parts: items }]);
  return messageViolations(provider, [{ role: 'user', content: items }]);
}
