// Fitted parts as each provider's content objects, shared by tool results and user messages.
// Shapes from the providers' SDK type files (docs/providers.md names each). Pure.
import type { DocumentPart, FittedImage, PreparedPart } from './parts.js';

type Json = Record<string, unknown>;

/** The text the model reads for a text or JSON part (JSON compact: fewer tokens, the same data). */
export function partText(part: PreparedPart): string | null {
  if (part.type === 'text') return part.text;
  if (part.type === 'json') return JSON.stringify(part.value);
  return null;
}

/** Every text and JSON part, in order, as one string (paragraphs apart). */
export function joinedText(parts: readonly PreparedPart[]): string {
  const texts: string[] = [];
  for (const part of parts) {
    const text = partText(part);
    if (text !== null) texts.push(text);
  }
  return texts.join('\n\n');
}

export const dataUrl = (part: FittedImage | DocumentPart): string => `data:${part.mimeType};base64,${part.data}`;

/** Chat Completions content parts (a user message): text, `image_url`, `file`. */
export function chatCompletionsParts(parts: readonly PreparedPart[]): Json[] {
  return parts.map((part): Json => {
    if (part.type === 'image') return { type: 'image_url', image_url: { url: dataUrl(part) } };
    if (part.type === 'document') return { type: 'file', file: { filename: part.name, file_data: dataUrl(part) } };
    return { type: 'text', text: partText(part) };
  });
}

/** Responses API input content: `input_text`, `input_image`, `input_file`. */
export function responsesParts(parts: readonly PreparedPart[]): Json[] {
  return parts.map((part): Json => {
    if (part.type === 'image') return { type: 'input_image', image_url: dataUrl(part) };
    if (part.type === 'document') return { type: 'input_file', filename: part.name, file_data: dataUrl(part) };
    return { type: 'input_text', text: partText(part) };
  });
}

/** Anthropic content blocks: `text`, `image` (base64), `document` (base64 PDF). */
export function anthropicBlocks(parts: readonly PreparedPart[]): Json[] {
  return parts.map((part): Json => {
    if (part.type === 'image') return { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
    if (part.type === 'document') return { type: 'document', source: { type: 'base64', media_type: part.mimeType, data: part.data }, title: part.name };
    return { type: 'text', text: partText(part) };
  });
}

/** Gemini inline data (a Part's or a FunctionResponsePart's `inlineData`). */
export const geminiInline = (part: FittedImage | DocumentPart): Json => ({ inlineData: { mimeType: part.mimeType, data: part.data } });

/** Gemini parts of a message (Content.parts): `text`, or `inlineData` for images and PDFs. */
export function geminiParts(parts: readonly PreparedPart[]): Json[] {
  return parts.map((part): Json => (part.type === 'image' || part.type === 'document' ? geminiInline(part) : { text: partText(part) }));
}

/**
 * A Bedrock document name: letters, digits, single spaces, hyphens, parentheses and square
 * brackets, 1–200 characters (API_runtime_DocumentBlock); the extension goes, since `format` says it.
 */
export function bedrockDocumentName(name: string, taken: Set<string>): string {
  const base = name
    .replace(/\.pdf$/i, '')
    .replace(/[^\p{L}\p{N}\s\-()[\]]+/gu, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .trim()
    .slice(0, 190)
    .trim();
  let unique = base === '' || base === '-' ? 'document' : base;
  for (let n = 2; taken.has(unique); n++) unique = `${base || 'document'} (${n})`;
  taken.add(unique);
  return unique;
}

/** `value` holds a `__type` key at any depth, which Bedrock refuses in a `json` block. */
function hasTypeKey(value: unknown, depth = 0): boolean {
  if (depth > 64 || value === null || typeof value !== 'object') return depth > 64;
  if (Array.isArray(value)) return value.some((item) => hasTypeKey(item, depth + 1));
  return Object.keys(value).some((key) => key === '__type' || hasTypeKey((value as Json)[key], depth + 1));
}

/** Bedrock content blocks: `text`, `json` (where taken), `image`, `document`. */
export function bedrockBlocks(parts: readonly PreparedPart[], json: boolean): Json[] {
  const names = new Set<string>();
  return parts.map((part): Json => {
    if (part.type === 'image') return { image: { format: part.format, source: { bytes: part.data } } };
    if (part.type === 'document') return { document: { format: 'pdf', name: bedrockDocumentName(part.name, names), source: { bytes: part.data } } };
    if (part.type === 'json' && json && !hasTypeKey(part.value)) return { json: part.value };
    return { text: partText(part) };
  });
}
