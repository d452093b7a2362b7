/**
 * The content rules: what MCP content becomes for a model, shared by tool results
 * (providers/results/), prompt messages and resource contents.
 *
 *   const source = contentParts(blocks);          // MCP content blocks (a result's `content`, a prompt message's `content`)
 *   const source = resourceParts(contents);       // or a resource's `contents` ({uri, mimeType, text} | {uri, mimeType, blob})
 *   const prepared = await prepareContent(provider, source, { textOnly, maxTextChars });
 *   const message = providerMessage(provider, prepared.parts, 'user');   // that provider's message object
 *   const content = userContent(provider, prepared.parts);                 // or a user message's content parts
 *
 * Text is capped (notes say how much was cut), images are converted and brought within the
 * provider's limits (BMP, TIFF, SVG → PNG; scaled and re-encoded as needed), PDFs go where a
 * provider takes them, parts for the user only (`annotations.audience`) are kept from the model,
 * and anything a provider cannot take becomes a note saying what and why. Base64 never becomes
 * text. `prepared.changes` says what was done, for the UI. Nothing here throws on server input.
 */
export { contentParts, resourceParts } from './blocks.js';
export { prepareContent, type PrepareOptions } from './prepare.js';
export { providerMessage, userContent, type MessageRole } from './messages.js';
export { MEDIA_RULES, RESULT_RULES, type DocumentRules, type ImageFormat, type ImageRules, type MediaRule, type MediaRules } from './media-rules.js';
export { fitImage, sniffImage, MAX_INPUT_PIXELS, type FitResult } from './images.js';
export type { ContentPart, DocumentPart, FittedImage, ImagePart, JsonPart, PreparedContent, PreparedPart, SourceContent, TextPart } from './parts.js';
export { anthropicBlocks, bedrockBlocks, chatCompletionsParts, dataUrl, geminiInline, geminiParts, joinedText, partText, responsesParts } from './render.js';
export { base64Bytes, describeBytes } from './text.js';
