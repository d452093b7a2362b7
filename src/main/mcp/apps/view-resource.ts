// A view as its server gives it (`resources/read` of its `ui://` URI): the HTML, checked to be
// what the spec says a view is (MIME type `text/html;profile=mcp-app`, text or base64 text, not
// too large), and its `_meta.ui`: the origins it declares, the features it asks for, its border.
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { VIEW_MIME_TYPE, type ViewCsp, type ViewPermission } from '../../../types/apps.js';
import { isRecord } from '../../../types/json.js';
import { acceptCsp, requestedPermissions } from './view-csp.js';

/** A view larger than this is refused: the published ones are under half a megabyte. */
export const MAX_VIEW_BYTES = 10 * 1024 * 1024;

export interface ViewResource {
  uri: string;
  html: string;
  /** The declared origins the host accepts. */
  csp: ViewCsp;
  permissions: ViewPermission[];
  prefersBorder?: boolean;
  /** What the host left out of the declaration, and why (for the server's log). */
  refused: string[];
}

/** A view that cannot be shown; the message says why, for the user. */
export class ViewError extends Error {
  override name = 'ViewError';
}

/** `text/html; profile=mcp-app`, any case and spacing, is the view type; its other parameters are ignored. */
export function isViewMimeType(mimeType: unknown): boolean {
  if (typeof mimeType !== 'string') return false;
  const [type, ...parameters] = mimeType.toLowerCase().split(';').map((part) => part.trim());
  return type === 'text/html' && parameters.some((parameter) => parameter.replace(/\s+/g, '') === 'profile=mcp-app');
}

/** The view of `uri` in a `resources/read` answer, or a ViewError naming what is wrong with it. */
export function viewFromContents(uri: string, result: ReadResourceResult): ViewResource {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  // Read as untrusted data: the SDK checked its shape, but a view's fields are looked at one by one.
  const content: { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown; _meta?: unknown } | undefined = contents.find((item) => item.uri === uri) ?? contents[0];
  if (!content) throw new ViewError(`The server gave no content for the view ${uri}.`);
  if (!isViewMimeType(content.mimeType)) {
    throw new ViewError(`${uri} is not a view: its type is ${JSON.stringify(content.mimeType ?? 'unset')}, not ${VIEW_MIME_TYPE}.`);
  }
  let html: string;
  if (typeof content.text === 'string') {
    html = content.text;
  } else if (typeof content.blob === 'string') {
    if (content.blob.length > (MAX_VIEW_BYTES * 4) / 3 + 4) throw tooLarge(uri);
    html = Buffer.from(content.blob, 'base64').toString('utf8');
  } else {
    throw new ViewError(`The view ${uri} has neither text nor blob.`);
  }
  if (Buffer.byteLength(html) > MAX_VIEW_BYTES) throw tooLarge(uri);
  const ui = isRecord(content._meta) && isRecord(content._meta.ui) ? content._meta.ui : {};
  const { csp, refused } = acceptCsp(ui.csp);
  return {
    uri,
    html,
    csp,
    permissions: requestedPermissions(ui.permissions),
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    refused,
  };
}

function tooLarge(uri: string): ViewError {
  return new ViewError(`The view ${uri} is larger than ${MAX_VIEW_BYTES / 1024 / 1024} MB.`);
}
