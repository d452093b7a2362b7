// MCP content (a tool result's `content` blocks, a prompt message's block, a resource's
// `contents`) → normalized parts. Pure and total: input comes from untrusted servers, so every
// shape is checked here and anything unexpected becomes a note, never an exception. Nothing that
// is base64 ever becomes text: images and PDFs stay binary parts, other binary data a note.
import { isRecord } from '../../../types/json.js';
import type { ContentChange } from '../../../types/providers.js';
import type { ContentPart, SourceContent } from './parts.js';
import { base64Bytes, cleanBase64, describeBytes, withoutDataUrls } from './text.js';

const PDF = 'application/pdf';
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The block is for the user only (`annotations.audience` names the user and not the assistant). */
function forUserOnly(block: Record<string, unknown>): boolean {
  const annotations = block.annotations;
  if (!isRecord(annotations) || !Array.isArray(annotations.audience) || annotations.audience.length === 0) return false;
  return !annotations.audience.includes('assistant');
}

/** A short, safe rendering of a server-given string for notes (one line, bounded). */
export function quoted(value: string, max = 200): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > max ? `${line.slice(0, max - 1)}…` : line);
}

/** A PDF's name: the last segment of its URI (a `name` given wins), or "document". */
function documentName(uri: string, name: string): string {
  if (name.trim() !== '') return name.trim();
  const last = uri.split(/[/\\]/).filter(Boolean).pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as it is.
  }
  return decoded.trim() === '' ? 'document' : decoded;
}

class Collector {
  readonly parts: ContentPart[] = [];
  readonly changes: ContentChange[] = [];

  text(text: string, block: number | null): void {
    const { text: clean, removed } = withoutDataUrls(text);
    for (const what of removed) this.changes.push({ kind: 'omitted', block, message: `A data URL (${what}) inside the text was replaced by a note: base64 is never sent as text.` });
    // Providers refuse empty text blocks (Anthropic: "text content blocks must be non-empty").
    if (clean.trim() !== '') this.parts.push({ type: 'text', text: clean, block });
  }

  note(text: string, block: number | null, change: ContentChange | null): void {
    this.parts.push({ type: 'text', text, block, note: true });
    if (change) this.changes.push(change);
  }

  /** Binary data of `mimeType`: an image, a PDF, or a note saying what it was. */
  binary(mimeType: string, raw: unknown, block: number, uri: string, name: string, kind: string): void {
    const data = cleanBase64(str(raw));
    const type = mimeType.toLowerCase();
    if (type.startsWith('image/')) {
      this.parts.push({ type: 'image', mimeType: type, data, block, ...(uri ? { uri } : {}) });
    } else if (type === PDF) {
      this.parts.push({ type: 'document', mimeType: PDF, data, name: documentName(uri, name), block, ...(uri ? { uri } : {}) });
    } else {
      const what = `${uri ? `${quoted(uri)}, ` : ''}${mimeType || 'no type given'}, ${describeBytes(base64Bytes(data))}`;
      const why = type.startsWith('audio/') ? 'models take no audio here' : 'models take no binary data of this type';
      this.note(`[${kind} omitted: ${what}; ${why}]`, block, { kind: 'omitted', block, message: `Content ${block + 1} (${kind}: ${what}) was left out: ${why}; the model gets a note.` });
    }
  }
}

/** One resource's contents entry (`{uri, mimeType?, text}` or `{uri, mimeType?, blob}`). */
function resourceContents(collector: Collector, resource: unknown, block: number): void {
  if (!isRecord(resource)) {
    collector.note('[resource omitted: not a valid resource]', block, { kind: 'omitted', block, message: 'An embedded resource without valid contents was left out.' });
    return;
  }
  const uri = str(resource.uri);
  const mimeType = str(resource.mimeType);
  if (typeof resource.text === 'string') {
    const head = `[Resource ${quoted(uri)}${mimeType ? ` (${mimeType})` : ''}]`;
    collector.text(`${head}\n${resource.text}`, block);
  } else if (typeof resource.blob === 'string') {
    collector.binary(mimeType, resource.blob, block, uri, str(resource.name), 'resource');
  } else {
    collector.note(`[resource ${quoted(uri)} omitted: it has neither text nor data]`, block, { kind: 'omitted', block, message: `The resource ${quoted(uri)} has neither text nor data; the model gets a note.` });
  }
}

function contentBlock(collector: Collector, block: unknown, index: number): void {
  if (!isRecord(block)) {
    collector.note('[content omitted: not a valid content block]', index, { kind: 'omitted', block: index, message: `Content ${index + 1} is not a valid content block; the model gets a note.` });
    return;
  }
  if (forUserOnly(block)) {
    collector.changes.push({ kind: 'for-user', block: index, message: `Content ${index + 1} (${str(block.type) || 'unknown'}) is for the user only (annotations.audience): shown here, not sent to the model.` });
    return;
  }
  switch (block.type) {
    case 'text':
      collector.text(str(block.text), index);
      return;
    case 'image':
      collector.binary(str(block.mimeType) || 'image/unknown', block.data, index, '', '', 'image');
      return;
    case 'audio':
      collector.binary(str(block.mimeType) || 'audio/unknown', block.data, index, '', '', 'audio');
      return;
    case 'resource_link': {
      const fields = [str(block.title) || str(block.name), str(block.uri), str(block.mimeType), str(block.description)];
      const [name, uri, type, description] = fields.map((field) => field.replace(/\s+/g, ' ').trim());
      const size = typeof block.size === 'number' && Number.isFinite(block.size) ? `, ${describeBytes(block.size)}` : '';
      collector.text(`[Resource link: ${name || uri}${name && uri ? ` <${uri}>` : ''}${type ? ` (${type}${size})` : size ? ` (${size.slice(2)})` : ''}${description ? ` — ${description}` : ''}]`, index);
      return;
    }
    case 'resource':
      resourceContents(collector, block.resource, index);
      return;
    default: {
      const type = typeof block.type === 'string' ? quoted(block.type, 40) : 'without a type';
      collector.note(`[content omitted: a block of type ${type} is not MCP content]`, index, { kind: 'omitted', block: index, message: `Content ${index + 1} has an unknown type (${type}); the model gets a note.` });
    }
  }
}

/** A tool result's or a prompt message's content blocks → parts (in order), and what was left out or replaced. */
export function contentParts(blocks: unknown): SourceContent {
  const collector = new Collector();
  const list = Array.isArray(blocks) ? blocks : blocks === undefined || blocks === null ? [] : [blocks];
  list.forEach((block, index) => contentBlock(collector, block, index));
  return { parts: collector.parts, changes: collector.changes };
}

/** A resource's `contents` (`resources/read`) → parts, with the same rules as embedded resources. */
export function resourceParts(contents: unknown): SourceContent {
  const collector = new Collector();
  const list = Array.isArray(contents) ? contents : [];
  list.forEach((entry, index) => resourceContents(collector, entry, index));
  return { parts: collector.parts, changes: collector.changes };
}
