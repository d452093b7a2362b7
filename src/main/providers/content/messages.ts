// Fitted parts as one message of a provider's conversation: what a prompt's message or a
// resource's contents become for the model. A user message carries what the provider takes in
// one (images, PDFs where taken); an assistant message carries text only, since no provider
// takes media from the assistant side, so any media left there becomes a note. Pure.
import type { ProviderId } from '../../../types/providers.js';
import type { PreparedPart, TextPart } from './parts.js';
import { anthropicBlocks, bedrockBlocks, chatCompletionsParts, geminiParts, joinedText, responsesParts } from './render.js';

export type MessageRole = 'user' | 'assistant';

const EMPTY: TextPart = { type: 'text', text: '[no content]', block: null, note: true };

function textOnly(parts: readonly PreparedPart[]): PreparedPart[] {
  return parts.map((part): PreparedPart =>
    part.type === 'image' || part.type === 'document'
      ? { type: 'text', text: `[${part.type} omitted: an assistant message carries text only]`, block: part.block, note: true }
      : part,
  );
}

/**
 * The message object `provider`'s request takes for `parts` (prepareContent's) from `role`:
 * Chat Completions and Mistral/DeepSeek `{ role, content }` (a string when it is all text),
 * Responses `{ role, content: [input_*] }`, Anthropic and Bedrock `{ role, content: [blocks] }`,
 * Gemini `{ role: "user" | "model", parts }`, Ollama `{ role, content, images? }`.
 */
export function providerMessage(provider: ProviderId, prepared: readonly PreparedPart[], role: MessageRole = 'user'): Record<string, unknown> {
  const given = role === 'assistant' ? textOnly(prepared) : prepared;
  const parts = given.length === 0 ? [EMPTY] : given;
  const allText = parts.every((part) => part.type === 'text' || part.type === 'json');
  switch (provider) {
    case 'openai':
    case 'openai-strict':
    case 'mistral':
    case 'deepseek':
      return { role, content: allText ? joinedText(parts) : chatCompletionsParts(parts) };
    case 'openai-responses':
      return allText ? { role, content: joinedText(parts) } : { role, content: responsesParts(parts) };
    case 'anthropic':
      return { role, content: anthropicBlocks(parts) };
    case 'gemini':
      return { role: role === 'assistant' ? 'model' : 'user', parts: geminiParts(parts) };
    case 'bedrock':
      return { role, content: bedrockBlocks(parts, false) };
    case 'ollama': {
      const images = parts.flatMap((part) => (part.type === 'image' ? [part.data] : []));
      // Text that says what is attached rather than none: an empty message reads as nothing said.
      const content = joinedText(parts) || `[${images.length === 1 ? 'An image is' : `${images.length} images are`} attached.]`;
      return { role, content, ...(images.length > 0 ? { images } : {}) };
    }
  }
}

/**
 * The content of a user message for `parts`, always as a list, to go into a message the caller
 * builds (a resource a user attaches): Chat Completions (and Mistral, DeepSeek) content parts,
 * Responses `input_*` parts, Anthropic and Bedrock content blocks, Gemini parts. An Ollama user
 * message has no parts (a `content` string beside an `images` list), so its list holds that one
 * message.
 */
export function userContent(provider: ProviderId, prepared: readonly PreparedPart[]): Array<Record<string, unknown>> {
  const parts = prepared.length === 0 ? [EMPTY] : prepared;
  switch (provider) {
    case 'openai':
    case 'openai-strict':
    case 'mistral':
    case 'deepseek':
      return chatCompletionsParts(parts);
    case 'openai-responses':
      return responsesParts(parts);
    case 'anthropic':
      return anthropicBlocks(parts);
    case 'gemini':
      return geminiParts(parts);
    case 'bedrock':
      return bedrockBlocks(parts, false);
    case 'ollama':
      return [providerMessage(provider, parts, 'user')];
  }
}
