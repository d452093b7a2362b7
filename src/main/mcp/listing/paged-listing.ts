// Walking a paginated MCP list (`tools/list`, `prompts/list`, `resources/list`,
// `resources/templates/list`) to its end, and listing prompts and resources so that one malformed
// entry costs that entry alone: the frame of each page is checked (the list is a list, the cursor
// text), then each entry on its own with the SDK's own schema, as tools are (tool-listing.ts).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PaginatedResultSchema } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { describeIssues } from './listing-issues.js';

/** More pages than any real server sends: a server that never stops paging is cut off here. */
const MAX_PAGES = 10_000;

/**
 * Fetches pages, following `nextCursor` to the end; a repeated cursor ends the walk instead of
 * looping. `visit` sees each page as it arrives.
 */
export async function walkPages<P extends { nextCursor?: string }>(fetchPage: (cursor: string | undefined) => Promise<P>, visit: (page: P) => void): Promise<void> {
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    visit(result);
    cursor = result.nextCursor;
    if (cursor === undefined || cursors.has(cursor)) break;
    cursors.add(cursor);
  }
}

/** One kind of list: its method, the key of its entries, the SDK's schema of one entry. */
export interface ListKind<T> {
  method: 'prompts/list' | 'resources/list' | 'resources/templates/list';
  key: 'prompts' | 'resources' | 'resourceTemplates';
  /** For messages: "prompt", "resource", "resource template". */
  what: string;
  entry: z.ZodType<T>;
  /** What identifies an entry: a second entry with the same id is left out. */
  id: (entry: T) => string;
}

export interface Listed<T> {
  entries: T[];
  /** One line per entry left out, for the user: `prompt "x" left out: its definition is malformed (…)`. */
  problems: string[];
  /** The first page's `ttlMs` (2026-07-28 cache hint, freshness.ts); undefined from older servers. */
  ttlMs?: number;
}

/** Lists every page of `kind`; malformed or repeated entries are left out, each with a problem line. */
export async function listEntries<T>(client: Client, kind: ListKind<T>, timeout: number): Promise<Listed<T>> {
  const frame = PaginatedResultSchema.extend({ [kind.key]: z.array(z.unknown()) });
  const byId = new Map<string, T>();
  const problems: string[] = [];
  let position = 0;
  let ttlMs: number | undefined;
  let pages = 0;
  await walkPages(
    (cursor) => client.request({ method: kind.method, params: cursor === undefined ? undefined : { cursor } }, frame, { timeout }),
    (page) => {
      const hint = (page as { ttlMs?: unknown }).ttlMs;
      if (pages++ === 0 && typeof hint === 'number' && hint >= 0) ttlMs = hint;
      for (const raw of page[kind.key] as unknown[]) {
        position++;
        const parsed = kind.entry.safeParse(raw);
        if (!parsed.success) {
          const issues = describeIssues(parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })));
          problems.push(`${kind.what} ${describeEntry(raw, position)} left out: its definition is malformed (${issues})`);
          continue;
        }
        const id = kind.id(parsed.data);
        if (byId.has(id)) problems.push(`${kind.what} "${id}" is listed twice; the first is used`);
        else byId.set(id, parsed.data);
      }
    },
  );
  return { entries: [...byId.values()], problems, ...(ttlMs !== undefined ? { ttlMs } : {}) };
}

/** `"name"` of an entry when it has a textual name or URI, else its place in the list. */
function describeEntry(raw: unknown, position: number): string {
  if (raw !== null && typeof raw === 'object') {
    const { name, uri } = raw as { name?: unknown; uri?: unknown };
    if (typeof name === 'string') return JSON.stringify(name.slice(0, 100));
    if (typeof uri === 'string') return JSON.stringify(uri.slice(0, 200));
  }
  return `number ${position}`;
}
