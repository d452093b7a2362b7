// What a tool answered, as parts the tester shows: text as text, images as images, links as
// links, embedded resources as their text. The answer comes from an untrusted server: only
// images of common raster types (and SVG, which an <img> never runs) become data: URLs, only
// http(s) links are clickable, and anything unexpected is shown as JSON.
import { isRecord } from '../../types/json.js';

export type ResultPart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; src: string; mimeType: string }
  | { kind: 'media'; what: string }
  | { kind: 'link'; uri: string; name: string; description: string; clickable: boolean }
  | { kind: 'resource'; uri: string; mimeType: string; text: string | null; bytes: number }
  | { kind: 'json'; json: string };

const SHOWN_IMAGES = /^image\/(png|jpeg|gif|webp|bmp|svg\+xml)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Bytes of base64 data, roughly (padding aside). */
const sizeOf = (data: string): number => Math.floor((data.length * 3) / 4);

export function describeSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`;
}

/** Only web links open: a `file:` or custom-scheme URI from a server is shown, not followed. */
function isWebLink(uri: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(uri).protocol);
  } catch {
    return false;
  }
}

function linkOf(uri: string, name: string, description: string): ResultPart {
  return { kind: 'link', uri, name: name || uri, description, clickable: isWebLink(uri) };
}

export function resultParts(content: readonly unknown[]): ResultPart[] {
  return content.map((item): ResultPart => {
    if (!isRecord(item)) return { kind: 'json', json: JSON.stringify(item, null, 2) };
    const mimeType = str(item.mimeType);
    const data = str(item.data);
    switch (item.type) {
      case 'text':
        return { kind: 'text', text: str(item.text) };
      case 'image':
        if (SHOWN_IMAGES.test(mimeType) && BASE64.test(data)) return { kind: 'image', src: `data:${mimeType};base64,${data}`, mimeType };
        return { kind: 'media', what: `An image (${mimeType || 'no type given'}, ${describeSize(sizeOf(data))}) in a format not shown here.` };
      case 'audio':
        return { kind: 'media', what: `Audio (${mimeType || 'no type given'}, ${describeSize(sizeOf(data))}), not played here.` };
      case 'resource_link':
        return linkOf(str(item.uri), str(item.name), str(item.description));
      case 'resource': {
        const resource = isRecord(item.resource) ? item.resource : {};
        const text = typeof resource.text === 'string' ? resource.text : null;
        return { kind: 'resource', uri: str(resource.uri), mimeType: str(resource.mimeType), text, bytes: text === null ? sizeOf(str(resource.blob)) : text.length };
      }
      default:
        return { kind: 'json', json: JSON.stringify(item, null, 2) };
    }
  });
}

