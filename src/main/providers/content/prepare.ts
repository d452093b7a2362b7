// Parts fitted to one provider: text capped, images converted and brought within the provider's
// limits (images.ts), PDFs kept where the provider takes them; whatever the provider cannot take,
// or `textOnly` keeps out, becomes a note that says what it was and why it is not there.
import type { ContentChange, ProviderId } from '../../../types/providers.js';
import { DEFAULT_MAX_RESULT_CHARS, PROVIDER_LIMITS } from '../../../types/providers.js';
import { fitImage, sniffImage } from './images.js';
import { MEDIA_RULES } from './media-rules.js';
import type { ContentPart, DocumentPart, ImagePart, PreparedContent, PreparedPart, SourceContent, TextPart } from './parts.js';
import { base64Bytes, count, cutText, describeBytes } from './text.js';
import { withoutHidden } from './hidden.js';

export interface PrepareOptions {
  /** No images or documents (a model that sees none): each becomes a note. */
  textOnly?: boolean;
  /** Characters of text the model gets (JSON sent as text included); default DEFAULT_MAX_RESULT_CHARS. */
  maxTextChars?: number;
}

const where = (block: number | null): string => (block === null ? 'The structured content' : `Content ${block + 1}`);

/** Text over `limit` cut, with a note in the cut's place; notes are never cut. */
function capText(parts: readonly ContentPart[], limit: number, changes: ContentChange[]): { parts: ContentPart[]; sent: number; total: number } {
  const out: ContentPart[] = [];
  let sent = 0;
  let total = 0;
  let cutAt: { index: number; block: number | null } | null = null;
  for (const part of parts) {
    const isText = part.type === 'text' && part.note !== true;
    if (!isText && part.type !== 'json') {
      out.push(part);
      continue;
    }
    const text = part.type === 'json' ? null : part.text;
    const length = text === null ? JSON.stringify(part.type === 'json' ? part.value : '').length : text.length;
    total += length;
    if (cutAt !== null) continue;
    if (sent + length <= limit) {
      out.push(part);
      sent += length;
      continue;
    }
    const room = limit - sent;
    const whole = text ?? JSON.stringify((part as { value: unknown }).value);
    const kept = cutText(whole, room);
    if (kept.trim() !== '') out.push({ type: 'text', text: kept, block: part.block });
    sent += kept.length;
    cutAt = { index: out.length, block: part.block };
  }
  if (cutAt !== null) {
    const note: TextPart = {
      type: 'text',
      text: `[Cut: this result has ${count(total)} characters of text; the model gets the first ${count(sent)}. The rest (${count(total - sent)} characters) was left out.]`,
      block: null,
      note: true,
    };
    out.splice(cutAt.index, 0, note);
    changes.push({
      kind: 'cut',
      block: cutAt.block,
      message: `The text was cut to ${count(sent)} of ${count(total)} characters: ${count(limit)} is the limit for one result (a setting of the server). The full result stays here, for you.`,
    });
  }
  return { parts: out, sent, total };
}

/** Fits a result's (or message's) parts to `provider`. Never throws. */
export async function prepareContent(provider: ProviderId, source: SourceContent, options: PrepareOptions = {}): Promise<PreparedContent> {
  const changes: ContentChange[] = [...source.changes];
  const limit = options.maxTextChars ?? DEFAULT_MAX_RESULT_CHARS;
  // Hidden characters never reach a model; the cap counts what it gets.
  const capped = capText(withoutHidden(source.parts, changes), limit, changes);
  const rules = MEDIA_RULES[provider];
  const label = PROVIDER_LIMITS[provider].label;
  const parts: PreparedPart[] = [];
  let images = 0;
  let documents = 0;
  let totalBase64 = 0;
  const omit = (part: ImagePart | DocumentPart, what: string, reason: string): void => {
    parts.push({ type: 'text', text: `[${what} omitted: ${reason}]`, block: part.block, note: true });
    changes.push({ kind: 'omitted', block: part.block, message: `${where(part.block)} (${what}) was left out: ${reason}. The model gets a note in its place.` });
  };
  const fitsTotal = (length: number): boolean => rules.maxTotalBase64 === null || totalBase64 + length <= rules.maxTotalBase64;

  for (const part of capped.parts) {
    if (part.type === 'text' || part.type === 'json') {
      parts.push(part);
    } else if (part.type === 'image') {
      const info = sniffImage(part.data);
      const described = `${part.mimeType}${info.width > 0 ? `, ${info.width}×${info.height}` : ''}`;
      const imageRules = rules.images;
      if (options.textOnly) omit(part, 'image', `${described}, only text was asked for`);
      else if (imageRules === null) omit(part, 'image', `${described}, ${label} takes no images`);
      else if (imageRules.maxCount !== null && images >= imageRules.maxCount) omit(part, 'image', `${described}, ${label} takes at most ${imageRules.maxCount} images`);
      else {
        const fit = await fitImage(part.data, imageRules, label);
        if (!fit.ok) omit(part, 'image', `${described}, ${fit.reason}`);
        else if (!fitsTotal(fit.data.length)) omit(part, 'image', `${described}, the result's images and documents together would pass ${label}'s limit of ${describeBytes(Math.floor((rules.maxTotalBase64! * 3) / 4))}`);
        else {
          images++;
          totalBase64 += fit.data.length;
          const mimeType = `image/${fit.format}` as const;
          parts.push({ type: 'image', format: fit.format, mimeType, data: fit.data, width: fit.width, height: fit.height, block: part.block });
          if (fit.changes.length > 0) {
            const resized = fit.changes.some((change) => change.startsWith('scaled') || change.startsWith('re-encoded'));
            changes.push({ kind: resized ? 'resized' : 'converted', block: part.block, message: `${where(part.block)} (${described}): ${fit.changes.join('; ')}.` });
          } else if (part.mimeType !== mimeType) {
            changes.push({ kind: 'converted', block: part.block, message: `${where(part.block)} is a ${fit.format.toUpperCase()} image declared as ${part.mimeType}: sent as ${mimeType}.` });
          }
        }
      }
    } else {
      const described = `${JSON.stringify(part.name)}, PDF, ${describeBytes(base64Bytes(part.data))}`;
      const pdf = rules.pdf;
      if (options.textOnly) omit(part, 'document', `${described}, only text was asked for`);
      else if (pdf === null) omit(part, 'document', `${described}, ${label} takes no PDF documents here`);
      else if (!part.data.startsWith('JVBER')) omit(part, 'document', `${described}, it is not a PDF file`);
      else if (part.data.length > pdf.maxBase64) omit(part, 'document', `${described}, ${label} takes PDFs up to ${describeBytes(Math.floor((pdf.maxBase64 * 3) / 4))}`);
      else if (pdf.maxCount !== null && documents >= pdf.maxCount) omit(part, 'document', `${described}, ${label} takes at most ${pdf.maxCount} documents`);
      else if (!fitsTotal(part.data.length)) omit(part, 'document', `${described}, the result's images and documents together would pass ${label}'s limit of ${describeBytes(Math.floor((rules.maxTotalBase64! * 3) / 4))}`);
      else {
        documents++;
        totalBase64 += part.data.length;
        parts.push(part);
      }
    }
  }
  return { parts, changes, text: { sent: capped.sent, total: capped.total, limit } };
}
