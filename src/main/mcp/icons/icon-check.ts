// What an icon's bytes are, judged by the bytes themselves (never by the server's or the web
// server's word): PNG, JPEG and WebP by their signature, then decoded by sharp, which must agree;
// SVG by its root element, then parsed by sharp too. The result is only ever shown as an image
// (`<img src="data:…">`), where an SVG's scripts and links do not run, never as inline markup.
import sharp from 'sharp';
import type { IconImage } from '../../../types/icons.js';

type IconType = IconImage['mimeType'];

const SHARP_FORMAT: Record<IconType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };
/** A larger picture is no icon, and decoding one costs memory (a small PNG can claim huge dimensions). */
const MAX_DIMENSION = 4_096;

/** The type the bytes are by their signature, or null. */
export function sniffIconType(bytes: Buffer): IconType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return looksLikeSvg(bytes) ? 'image/svg+xml' : null;
}

/** Text whose first element, after an XML declaration, comments or a doctype, is `<svg`. */
function looksLikeSvg(bytes: Buffer): boolean {
  let text = bytes.subarray(0, 4_096).toString('utf8').replace(/^\uFEFF/, '');
  for (;;) {
    text = text.trimStart();
    const skipped = text.replace(/^<\?xml[\s\S]*?\?>|^<!--[\s\S]*?-->|^<!DOCTYPE\s+svg[^>[]*(\[[\s\S]*?\])?\s*>/i, '');
    if (skipped === text) break;
    text = skipped;
  }
  return /^<svg[\s>/]/i.test(text);
}

/** The bytes as an icon the renderer may show, or throws why they are none. */
export async function checkIcon(bytes: Buffer): Promise<IconImage> {
  if (bytes.length === 0) throw new Error('it is empty');
  const type = sniffIconType(bytes);
  if (type === null) throw new Error('it is not a PNG, JPEG, WebP or SVG image');
  if (type === 'image/svg+xml' && /<!ENTITY/i.test(bytes.toString('utf8'))) throw new Error('it is an SVG that declares entities');
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ format, width, height } = await sharp(bytes, { limitInputPixels: MAX_DIMENSION * MAX_DIMENSION }).metadata());
  } catch (error) {
    throw new Error(`it does not decode as ${type} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (format !== SHARP_FORMAT[type]) throw new Error(`its bytes begin like ${type} but decode as ${format ?? 'nothing known'}`);
  if ((width ?? 0) > MAX_DIMENSION || (height ?? 0) > MAX_DIMENSION) throw new Error(`it is ${width}×${height} pixels, more than an icon's ${MAX_DIMENSION}`);
  return { dataUrl: `data:${type};base64,${bytes.toString('base64')}`, mimeType: type, bytes: bytes.length };
}
