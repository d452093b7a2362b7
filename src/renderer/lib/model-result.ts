// What the tester shows of a provider's items for a tool result: the items as JSON with long
// strings (base64 images, long texts) shortened so the page stays light, the images the model
// gets, and a heading per kind of change. Pure.
import type { ContentChangeKind } from '../../types/providers.js';
import { isRecord } from '../../types/json.js';

/** Longer strings are shown as their start and their length. */
const SHOWN_CHARS = 160;

export const CHANGE_LABELS: Record<ContentChangeKind, string> = {
  converted: 'Converted',
  resized: 'Resized',
  cut: 'Cut',
  omitted: 'Left out',
  'for-user': 'For you only',
  structured: 'Structured content',
  schema: 'Output schema',
  error: 'Error',
  view: 'From its view',
  hidden: 'Hidden characters removed',
};

/** `items` as indented JSON, every string over SHOWN_CHARS shortened to its start and length. */
export function abbreviatedJson(items: unknown): string {
  return JSON.stringify(
    items,
    (_key, value: unknown) => (typeof value === 'string' && value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}… (${value.length.toLocaleString('en-US')} characters)` : value),
    2,
  );
}

export interface ModelImage {
  src: string;
  mimeType: string;
}

const IMAGE_MIME = /^image\/(png|jpeg|gif|webp)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The format of bare base64 image data (Ollama's `images`), from its first characters. */
function bareMime(data: string): string | null {
  if (data.startsWith('iVBOR')) return 'image/png';
  if (data.startsWith('/9j/')) return 'image/jpeg';
  return null;
}

function image(mimeType: unknown, data: unknown): ModelImage | null {
  if (typeof mimeType !== 'string' || typeof data !== 'string' || !IMAGE_MIME.test(mimeType) || !BASE64.test(data)) return null;
  return { src: `data:${mimeType};base64,${data}`, mimeType };
}

/**
 * Every image in a provider's items, in order, whatever the provider's shape: data URLs
 * (OpenAI, Mistral, Responses), `source` with `media_type` (Anthropic), `inlineData` (Gemini),
 * `format` + `source.bytes` (Bedrock), bare base64 in `images` (Ollama).
 */
export function modelImages(items: unknown): ModelImage[] {
  const found: ModelImage[] = [];
  const add = (entry: ModelImage | null): void => void (entry && found.push(entry));
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      const match = /^data:(image\/[a-z]+);base64,(.*)$/s.exec(value);
      if (match) add(image(match[1], match[2]));
      else if (key === 'images') add(image(bareMime(value), value));
      return;
    }
    if (Array.isArray(value)) return value.forEach((inner) => walk(inner, key));
    if (!isRecord(value)) return;
    if (value.type === 'base64' && 'media_type' in value) return add(image(value.media_type, value.data));
    if (key === 'inlineData') return add(image(value.mimeType, value.data));
    if (key === 'image' && isRecord(value.source)) return add(image(`image/${String(value.format)}`, value.source.bytes));
    for (const [inner, child] of Object.entries(value)) walk(child, inner);
  };
  walk(items, '');
  return found;
}
