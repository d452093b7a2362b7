// What an image really is, from its first bytes: the format and size an image's header states,
// whatever MIME type the server declared. Pure and cheap (no decoding), so that an image a
// provider takes as it is costs no image library at all. Never throws: a header that is cut
// short or malformed gives `format: null` or zero sizes.

export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'svg' | 'heif';

export interface ImageInfo {
  format: SniffedFormat | null;
  /** 0 when the header does not say (TIFF, SVG, HEIF: the image library measures them). */
  width: number;
  height: number;
  /** More than one frame (GIF, WebP): some providers take still images only. */
  animated: boolean;
}

const UNKNOWN: ImageInfo = { format: null, width: 0, height: 0, animated: false };

const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number): number => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number): number => ((u16be(b, at) << 16) >>> 0) + u16be(b, at + 2);
const i32le = (b: Uint8Array, at: number): number => u16le(b, at) | (u16le(b, at + 2) << 16);
const ascii = (b: Uint8Array, at: number, length: number): string => String.fromCharCode(...b.subarray(at, at + length));

export function imageInfo(bytes: Uint8Array): ImageInfo {
  if (bytes.length < 12) return svgOrUnknown(bytes);
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return { format: 'png', width: u32be(bytes, 16), height: u32be(bytes, 20), animated: false };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
  if (ascii(bytes, 0, 4) === 'GIF8') return { format: 'gif', width: u16le(bytes, 6), height: u16le(bytes, 8), animated: gifFrames(bytes) > 1 };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return bmp(bytes);
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') return { format: 'tiff', width: 0, height: 0, animated: false };
  if (ascii(bytes, 4, 4) === 'ftyp') return { format: 'heif', width: 0, height: 0, animated: false };
  return svgOrUnknown(bytes);
}

function svgOrUnknown(bytes: Uint8Array): ImageInfo {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (/^<(\?xml|svg|!--|!DOCTYPE svg)/i.test(head) && /<svg[\s>]/i.test(head)) return { format: 'svg', width: 0, height: 0, animated: false };
  return UNKNOWN;
}

/** The size from the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpeg(bytes: Uint8Array): ImageInfo {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return { format: 'jpeg', width: 0, height: 0, animated: false };
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', width: u16be(bytes, at + 7), height: u16be(bytes, at + 5), animated: false };
    }
    // Markers without a length (RSTn, SOI, TEM) are two bytes; the others say how long they are.
    at += (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01 ? 2 : 2 + u16be(bytes, at + 2);
  }
  return { format: 'jpeg', width: 0, height: 0, animated: false };
}

/** Frames of a GIF, counted up to 2 (enough to tell a still image from an animation). */
function gifFrames(bytes: Uint8Array): number {
  const flags = bytes[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let frames = 0;
  const skipSubBlocks = (): void => {
    while (at < bytes.length && bytes[at] !== 0) at += 1 + bytes[at]!;
    at++;
  };
  while (at < bytes.length && frames < 2) {
    const kind = bytes[at];
    if (kind === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (kind === 0x2c) {
      frames++;
      const local = bytes[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      skipSubBlocks();
    } else {
      break;
    }
  }
  return frames;
}

function webp(bytes: Uint8Array): ImageInfo {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30) return { format: 'webp', width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff, animated: false };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const [b1, b2, b3, b4] = [bytes[21]!, bytes[22]!, bytes[23]!, bytes[24]!];
    return { format: 'webp', width: 1 + (b1 | ((b2 & 0x3f) << 8)), height: 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10)), animated: false };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) return { format: 'webp', width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27), animated: ((bytes[20] ?? 0) & 0x02) !== 0 };
  return { format: 'webp', width: 0, height: 0, animated: false };
}

function bmp(bytes: Uint8Array): ImageInfo {
  const header = i32le(bytes, 14);
  if (header === 12) return { format: 'bmp', width: u16le(bytes, 18), height: u16le(bytes, 20), animated: false };
  // A negative height is a top-down bitmap.
  return { format: 'bmp', width: Math.abs(i32le(bytes, 18)), height: Math.abs(i32le(bytes, 22)), animated: false };
}
