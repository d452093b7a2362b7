// The normalized content every provider renderer takes: MCP content blocks, resource contents and
// structured content become these parts (blocks.ts), the parts are fitted to one provider
// (prepare.ts), and the renderers turn the fitted parts into that provider's objects.
import type { ContentChange } from '../../../types/providers.js';
import type { ImageFormat } from './media-rules.js';

/** Text the model reads: a block's text, a link or a resource described in words, or a note. */
export interface TextPart {
  type: 'text';
  text: string;
  /** The content block it comes from; null for text the adapters add (notes, JSON of structured content). */
  block: number | null;
  /** A note in place of something the model does not get: never cut by the text cap. */
  note?: boolean;
}

/** An image as the server sent it (base64), before it is fitted to a provider. */
export interface ImagePart {
  type: 'image';
  /** The MIME type the server declared; the bytes decide what the image really is. */
  mimeType: string;
  /** base64, without a data URL prefix or whitespace. */
  data: string;
  block: number | null;
  /** The resource URI, for an image that came as an embedded resource. */
  uri?: string;
}

/** A PDF. */
export interface DocumentPart {
  type: 'document';
  mimeType: 'application/pdf';
  data: string;
  /** A name for it: the last segment of its URI, or "document". */
  name: string;
  block: number | null;
  uri?: string;
}

/** The tool's structured content, sent once (as JSON where the provider takes it, else as text). */
export interface JsonPart {
  type: 'json';
  value: Record<string, unknown>;
  block: null;
}

export type ContentPart = TextPart | ImagePart | DocumentPart | JsonPart;

/** What the model gets of some MCP content, and what was changed on the way. */
export interface SourceContent {
  parts: ContentPart[];
  changes: ContentChange[];
}

/** An image fitted to a provider: a format it takes, within its limits. */
export interface FittedImage {
  type: 'image';
  format: ImageFormat;
  mimeType: `image/${ImageFormat}`;
  data: string;
  width: number;
  height: number;
  block: number | null;
}

/** Parts fitted to one provider: what its renderer turns into objects, in order. */
export type PreparedPart = TextPart | FittedImage | DocumentPart | JsonPart;

export interface PreparedContent {
  parts: PreparedPart[];
  changes: ContentChange[];
  /** Characters of text (JSON sent as text included, notes not) the model gets, of `total`; `limit` is the cap applied. */
  text: { sent: number; total: number; limit: number };
}
