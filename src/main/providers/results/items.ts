// A tool result's fitted parts as the items each provider's next request takes, in order (shapes
// from the providers' SDK type files; docs/providers.md has them with their sources). Pure.
//   Chat Completions, Mistral, DeepSeek: a `tool` message (text only), then, for images and
//     PDFs, a `user` message carrying them (the tool message says so).
//   Responses: one `function_call_output` item, output text or a list of input_* parts.
//   Anthropic: one `tool_result` block (for the next user turn), `is_error` on an error.
//   Gemini: one `functionResponse` part, `response` always an object ({output} or {error}),
//     images and PDFs in its `parts`.
//   Bedrock: one `toolResult` block, structured content as a `json` block, `status: "error"`.
//   Ollama: a `tool` message with `tool_name`, images in `images`.
import type { ProviderId } from '../../../types/providers.js';
import type { PreparedPart } from '../content/index.js';
import { anthropicBlocks, bedrockBlocks, chatCompletionsParts, geminiInline, joinedText, responsesParts } from '../content/index.js';

export interface ItemsInput {
  /** The exposed name the model called the tool by. */
  name: string;
  /** The provider's id of the call (tool_call_id, call_id, tool_use_id, toolUseId, functionCall.id). */
  callId: string;
  isError: boolean;
  parts: readonly PreparedPart[];
}

/** How the error is said in the text, for the providers without an error flag. */
export const ERROR_LINE = 'The tool reported an error.';

const isMedia = (part: PreparedPart): boolean => part.type === 'image' || part.type === 'document';

function mediaCount(parts: readonly PreparedPart[]): string {
  const images = parts.filter((part) => part.type === 'image').length;
  const documents = parts.length - images;
  const say = (n: number, one: string): string => (n === 0 ? '' : `${n} ${one}${n === 1 ? '' : 's'}`);
  return [say(images, 'image'), say(documents, 'document')].filter(Boolean).join(' and ');
}

/** The text parts' text; for a result of media only, a line saying so (never empty text). */
function textOr(texts: readonly PreparedPart[], media: readonly PreparedPart[]): string {
  const text = joinedText(texts);
  return text === '' && media.length > 0 ? `[The result is the ${mediaCount(media)} attached.]` : text;
}

function withError(text: string, isError: boolean): string {
  if (!isError) return text;
  return text === '' ? ERROR_LINE : `${ERROR_LINE}\n\n${text}`;
}

function chatCompletions({ name, callId, isError, parts }: ItemsInput): unknown[] {
  const media = parts.filter(isMedia);
  const texts = parts.filter((part) => !isMedia(part));
  const follows = media.length === 0 ? '' : `[The result's ${mediaCount(media)} follow in the next message.]`;
  const content = withError([joinedText(texts), follows].filter(Boolean).join('\n\n'), isError);
  const items: unknown[] = [{ role: 'tool', tool_call_id: callId, content }];
  if (media.length > 0) {
    const intro = { type: 'text', text: `The ${mediaCount(media)} returned by the tool "${name}" (call ${callId}):` };
    items.push({ role: 'user', content: [intro, ...chatCompletionsParts(media)] });
  }
  return items;
}

function responses({ callId, isError, parts }: ItemsInput): unknown[] {
  if (!parts.some(isMedia)) return [{ type: 'function_call_output', call_id: callId, output: withError(joinedText(parts), isError) }];
  const output = responsesParts(parts);
  if (isError) output.unshift({ type: 'input_text', text: ERROR_LINE });
  return [{ type: 'function_call_output', call_id: callId, output }];
}

function gemini({ name, callId, isError, parts }: ItemsInput): unknown[] {
  const media = parts.filter(isMedia);
  const texts = parts.filter((part) => !isMedia(part));
  // Structured content alone is sent as the object it is; anything else as text.
  const only = texts.length === 1 && texts[0]!.type === 'json' ? texts[0]!.value : null;
  const value = only ?? textOr(texts, media);
  const functionResponse: Record<string, unknown> = {
    name,
    ...(callId === '' ? {} : { id: callId }),
    response: isError ? { error: value } : { output: value },
    ...(media.length > 0 ? { parts: media.map((part) => geminiInline(part as Extract<PreparedPart, { type: 'image' | 'document' }>)) } : {}),
  };
  return [{ functionResponse }];
}

function ollama({ name, isError, parts }: ItemsInput): unknown[] {
  const images = parts.flatMap((part) => (part.type === 'image' ? [part.data] : []));
  const content = withError(textOr(parts.filter((part) => !isMedia(part)), parts.filter(isMedia)), isError);
  return [{ role: 'tool', tool_name: name, content, ...(images.length > 0 ? { images } : {}) }];
}

/** The items for `provider`. `parts` is never empty (the caller puts a note in an empty result). */
export function resultItems(provider: ProviderId, input: ItemsInput): unknown[] {
  switch (provider) {
    case 'openai':
    case 'openai-strict':
    case 'mistral':
    case 'deepseek':
      return chatCompletions(input);
    case 'openai-responses':
      return responses(input);
    case 'anthropic':
      return [{ type: 'tool_result', tool_use_id: input.callId, content: anthropicBlocks(input.parts), ...(input.isError ? { is_error: true } : {}) }];
    case 'gemini':
      return gemini(input);
    case 'bedrock':
      return [{ toolResult: { toolUseId: input.callId, content: bedrockBlocks(input.parts, true), ...(input.isError ? { status: 'error' } : {}) } }];
    case 'ollama':
      return ollama(input);
  }
}

/** How the error reached the model, for the report. */
export function errorFlag(provider: ProviderId): string {
  switch (provider) {
    case 'anthropic':
      return 'flagged with "is_error": true';
    case 'bedrock':
      return 'flagged with "status": "error"';
    case 'gemini':
      return 'sent as the response\'s "error"';
    default:
      return `said in the text ("${ERROR_LINE}")`;
  }
}
