// The image edge: an image as a provider takes it. One that already fits (a format the provider
// takes, within its side and size limits) is passed as it is, checked from its header alone
// (image-info.ts). Anything else goes through sharp (libvips): BMP (which sharp does not read:
// bmp-ts decodes it), TIFF, SVG and formats the provider refuses become PNG (or stay JPEG/WebP
// where taken); images over the side limit are scaled down; over the size limit, re-encoded as
// JPEG and scaled down step by step until they fit. Async (sharp works on libuv's pool); never
// throws: an image that cannot be read or fitted comes back as the reason.
import type { decode as DecodeBmp } from 'bmp-ts';
import type { default as SharpModule, Sharp } from 'sharp';
import type { ImageFormat, ImageRules } from './media-rules.js';
import { imageInfo, type ImageInfo, type SniffedFormat } from './image-info.js';
import { describeBytes } from './text.js';
import { messageOf } from '../../../types/errors.js';

/** Larger inputs are refused before decoding (about 100 megapixels; sharp's own default is 268). */
export const MAX_INPUT_PIXELS = 100_000_000;
/** base64 characters decoded to read a header (about 64 KB; JPEG may need the whole file). */
const HEADER_BASE64 = 87_380;
const JPEG_QUALITY = 85;
const MIN_JPEG_QUALITY = 65;
const MAX_ATTEMPTS = 8;

export type FitResult =
  | { ok: true; format: ImageFormat; data: string; width: number; height: number; info: ImageInfo; changes: string[] }
  | { ok: false; info: ImageInfo; reason: string };

interface ImageLibraries {
  sharp: typeof SharpModule;
  decodeBmp: typeof DecodeBmp;
}

let libraries: Promise<ImageLibraries> | null = null;

/**
 * sharp and bmp-ts, loaded on the first image that needs converting: loading libvips takes
 * hundreds of milliseconds (seconds on a loaded machine), which no start-up and no result that
 * needs no conversion should pay.
 */
function imageLibraries(): Promise<ImageLibraries> {
  libraries ??= Promise.all([import('sharp'), import('bmp-ts')]).then(([sharp, bmp]) => ({ sharp: sharp.default, decodeBmp: bmp.decode }));
  return libraries;
}

const FORMAT_NAMES: Record<SniffedFormat, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP', bmp: 'BMP', tiff: 'TIFF', svg: 'SVG', heif: 'HEIF/AVIF' };

/** What `data` (base64) is, from its header. */
export function sniffImage(data: string): ImageInfo {
  const info = imageInfo(Buffer.from(data.slice(0, HEADER_BASE64), 'base64'));
  // A JPEG whose frame header sits after large metadata: read it all.
  if (info.format === 'jpeg' && info.width === 0 && data.length > HEADER_BASE64) return imageInfo(Buffer.from(data, 'base64'));
  return info;
}

function takes(rules: ImageRules, info: ImageInfo): info is ImageInfo & { format: ImageFormat } {
  const format = info.format;
  if (format === null || !(rules.formats as readonly string[]).includes(format)) return false;
  return !(format === 'gif' && info.animated && rules.stillGifOnly);
}

function withinSide(rules: ImageRules, width: number, height: number): boolean {
  return rules.maxSide === null || Math.max(width, height) <= rules.maxSide;
}

/**
 * `data` (base64, any format) as `rules` take it. `provider` names the provider in what is said
 * about changes ("converted to PNG: Anthropic does not take BMP").
 */
export async function fitImage(data: string, rules: ImageRules, provider: string): Promise<FitResult> {
  const info = sniffImage(data);
  if (info.format === null) return { ok: false, info, reason: 'it is not an image in a format that can be read' };
  if (info.width * info.height > MAX_INPUT_PIXELS) return { ok: false, info, reason: `it is too large to convert (${info.width}×${info.height} pixels)` };
  if (takes(rules, info) && info.width > 0 && info.height > 0 && withinSide(rules, info.width, info.height) && data.length <= rules.maxBase64) {
    return { ok: true, format: info.format, data, width: info.width, height: info.height, info, changes: [] };
  }
  try {
    return await convert(data, info, rules, provider);
  } catch (error) {
    return { ok: false, info, reason: `it could not be converted (${messageOf(error).split('\n')[0]})` };
  }
}

/** A sharp pipeline over the image; BMP is decoded here first. */
function open({ sharp, decodeBmp }: ImageLibraries, bytes: Buffer, info: ImageInfo): Sharp {
  if (info.format !== 'bmp') return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const bitmap = decodeBmp(bytes, { toRGBA: true });
  const pipeline = sharp(bitmap.data, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } });
  // Only 32-bit bitmaps carry alpha; the decoder leaves the others' alpha byte unset.
  return bitmap.bitPP === 32 ? pipeline : pipeline.removeAlpha();
}

interface Target {
  format: ImageFormat;
  width: number;
  height: number;
  quality: number;
  resize: boolean;
  /** The source has an alpha channel: JPEG puts it on white. */
  alpha: boolean;
}

async function encode(libs: ImageLibraries, bytes: Buffer, info: ImageInfo, { format, width, height, quality, resize, alpha }: Target): Promise<{ data: Buffer; width: number; height: number }> {
  let pipeline = open(libs, bytes, info);
  if (resize) pipeline = pipeline.resize({ width, height, fit: 'inside', withoutEnlargement: true });
  if (format === 'jpeg') pipeline = (alpha ? pipeline.flatten({ background: '#ffffff' }) : pipeline).jpeg({ quality });
  else if (format === 'webp') pipeline = pipeline.webp({ quality });
  else if (format === 'gif') pipeline = pipeline.gif();
  else pipeline = pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
  const { data, info: out } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: out.width, height: out.height };
}

async function convert(data: string, info: ImageInfo, rules: ImageRules, provider: string): Promise<FitResult> {
  const libs = await imageLibraries();
  const bytes = Buffer.from(data, 'base64');
  const meta = info.format === 'bmp' ? { width: info.width, height: info.height, hasAlpha: true } : await libs.sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width === 0 || height === 0) return { ok: false, info, reason: 'its size cannot be read' };
  const name = FORMAT_NAMES[info.format!];
  const changes: string[] = [];
  // Keep a format the provider takes (scaling only); anything else becomes PNG, which every provider that takes images takes.
  let format: ImageFormat = takes(rules, info) && info.format !== 'gif' ? info.format : 'png';
  if (!takes(rules, info)) {
    const why = info.format === 'gif' && info.animated && rules.stillGifOnly ? `${provider} takes still GIFs only; the first frame is sent` : `${provider} does not take ${name}`;
    changes.push(`converted from ${name} to PNG (${why})`);
  } else if (format !== info.format) {
    changes.push(`converted from ${name} to PNG to scale it down`);
  }
  let targetWidth = width;
  let targetHeight = height;
  if (!withinSide(rules, width, height)) {
    // Both bounds at the limit, `fit: inside` keeps the aspect ratio: the long side ends at exactly maxSide.
    targetWidth = Math.min(width, rules.maxSide!);
    targetHeight = Math.min(height, rules.maxSide!);
  }
  // Lossless output shrinks about with the pixel count: when even that would not fit, start with
  // JPEG rather than spend a lossless encode (seconds for a large photo) that cannot be used.
  const scaledLength = data.length * ((targetWidth * targetHeight) / (width * height));
  let squeezed = format !== 'jpeg' && scaledLength > rules.maxBase64;
  if (squeezed) format = 'jpeg';
  const alpha = meta.hasAlpha === true;
  let out = await encode(libs, bytes, info, { format, width: targetWidth, height: targetHeight, quality: JPEG_QUALITY, resize: targetWidth !== width || targetHeight !== height, alpha });
  let quality = JPEG_QUALITY;
  for (let attempt = 0; base64Length(out.data) > rules.maxBase64 && attempt < MAX_ATTEMPTS; attempt++) {
    squeezed = true;
    if (format !== 'jpeg') {
      // Lossless output is too big: JPEG keeps the most detail per byte (transparency goes to white).
      format = 'jpeg';
    } else if (quality > MIN_JPEG_QUALITY) {
      quality -= 10;
    } else {
      const scale = Math.sqrt(rules.maxBase64 / base64Length(out.data)) * 0.9;
      targetWidth = Math.max(1, Math.round(out.width * scale));
      targetHeight = Math.max(1, Math.round(out.height * scale));
    }
    out = await encode(libs, bytes, info, { format, width: targetWidth, height: targetHeight, quality, resize: targetWidth !== width || targetHeight !== height, alpha });
  }
  if (base64Length(out.data) > rules.maxBase64) return { ok: false, info, reason: `it cannot be brought under ${describeBytes(Math.floor((rules.maxBase64 * 3) / 4))}` };
  if (squeezed) changes.push(`re-encoded as JPEG (quality ${quality}) to fit ${provider}'s ${describeBytes(Math.floor((rules.maxBase64 * 3) / 4))} limit`);
  if (out.width !== width || out.height !== height) {
    const why = withinSide(rules, width, height) ? `to fit ${provider}'s size limit` : `${provider} takes at most ${rules.maxSide} pixels a side`;
    changes.push(`scaled from ${width}×${height} to ${out.width}×${out.height} (${why})`);
  }
  return { ok: true, format, data: out.data.toString('base64'), width: out.width, height: out.height, info: { ...info, width, height }, changes };
}

const base64Length = (bytes: Buffer): number => Math.ceil(bytes.length / 3) * 4;
