// The icons an entry lists (a server's, a tool's, a prompt's, a resource's `icons[]`), as the app
// keeps them: only `https:` and `data:` sources are fetched (an `http:` icon could be changed on
// the way, and other schemes reach local files or the app), a few per entry, each named by an id
// derived from its source, so the status carries short ids and main fetches the source on
// request. One refused for its source (scheme, length, credentials) is kept too, with why, so
// that the log and `inspect icons` can say so; it is never fetched or shown. Pure.
import { createHash } from 'node:crypto';
import { IconSchema, type Icon } from '@modelcontextprotocol/sdk/types.js';
import type { IconRef } from '../../../types/icons.js';
import { MAX_ICON_BYTES } from '../../../types/icons.js';

/** Icons kept per entry: a light one, a dark one, and sizes to choose from. */
export const MAX_ICONS_PER_ENTRY = 4;
/** A data URL holding MAX_ICON_BYTES in base64, and its header. */
const MAX_SOURCE_LENGTH = Math.ceil(MAX_ICON_BYTES / 3) * 4 + 200;

/** One icon the app may fetch (or, with `problem`, refused): its source and what the server says of it. */
export interface KeptIcon extends IconRef {
  /** The source; of a refused icon, its first 200 characters (it is never fetched). */
  src: string;
  mimeType?: string;
}

/** Why an icon's source is not fetched, or null when it may be. */
export function iconSourceProblem(src: string): string | null {
  if (src.length > MAX_SOURCE_LENGTH) return `its source is ${src.length.toLocaleString('en-US')} characters long`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src)?.[1]?.toLowerCase();
  if (scheme === 'data') return null;
  if (scheme !== 'https') return `only https: and data: icons are fetched, not ${scheme ? `${scheme}:` : 'a relative address'}`;
  try {
    const url = new URL(src);
    if (url.username || url.password) return 'its address holds credentials';
  } catch {
    return 'its address does not parse';
  }
  return null;
}

/** The id of an icon source: the same source always gets the same id. */
export function iconId(src: string): string {
  return createHash('sha256').update(src).digest('base64url').slice(0, 22);
}

/**
 * The icons of `raw` (an entry's `icons`): at most MAX_ICONS_PER_ENTRY the app may fetch, and at
 * most as many refused for their source, each with its `problem`; malformed entries are left out
 * (a bad icon costs that icon).
 */
export function keptIcons(raw: unknown): KeptIcon[] {
  if (!Array.isArray(raw)) return [];
  const kept: KeptIcon[] = [];
  let usable = 0;
  let refused = 0;
  for (const item of raw) {
    if (usable >= MAX_ICONS_PER_ENTRY && refused >= MAX_ICONS_PER_ENTRY) break;
    const parsed = IconSchema.safeParse(item);
    if (!parsed.success) continue;
    const icon: Icon = parsed.data;
    const problem = iconSourceProblem(icon.src);
    const described = { ...(icon.theme ? { theme: icon.theme } : {}), ...(icon.mimeType ? { mimeType: icon.mimeType } : {}) };
    if (problem === null && usable < MAX_ICONS_PER_ENTRY) {
      usable++;
      kept.push({ id: iconId(icon.src), src: icon.src, ...described });
    } else if (problem !== null && refused < MAX_ICONS_PER_ENTRY) {
      refused++;
      kept.push({ id: iconId(icon.src), src: icon.src.slice(0, 200), ...described, problem });
    }
  }
  return kept;
}

/** What the status carries of kept icons: ids, themes and why one is refused, never the sources. */
export function iconRefs(icons: readonly KeptIcon[] | undefined): IconRef[] | undefined {
  if (!icons || icons.length === 0) return undefined;
  return icons.map(({ id, theme, problem }) => ({ id, ...(theme ? { theme } : {}), ...(problem ? { problem } : {}) }));
}
