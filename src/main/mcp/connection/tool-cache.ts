// One server's last tool listing, kept for two things the 2026-07-28 revision adds: its cache
// hint (`ttlMs`: a reconnect within it uses the listing it has instead of asking again) and each
// tool's `x-mcp-header` marks (the `Mcp-Param-*` headers of a call, looked up by tool name).
import { listTools, seedToolMetadata, type ListingOptions, type ToolListing } from '../listing/tool-listing.js';
import { paramHeaders, type HeaderParam } from '../protocol/http-headers.js';
import type { RevisionClient } from '../protocol/revision-client.js';

/** The longest a listing is taken as fresh, whatever the server says. */
export const MAX_TOOLS_TTL_MS = 60 * 60_000;

interface Kept {
  listing: ToolListing;
  freshUntil: number;
  headers: Map<string, readonly HeaderParam[]>;
}

export class ToolCache {
  #kept: Kept | undefined;

  /** Forgets the listing: the next `list` asks the server. */
  clear(): void {
    this.#kept = undefined;
  }

  /**
   * The server's tools: with `reuse`, the kept listing while its cache hint holds (2026-07-28
   * servers only; they give one), else a new listing.
   */
  async list(client: RevisionClient, options: ListingOptions, { reuse }: { reuse: boolean }): Promise<ToolListing> {
    const kept = this.#kept;
    if (reuse && kept && client.isModern && Date.now() < kept.freshUntil) {
      // A new client: its tool cache (output validators) is seeded as a listing would have.
      seedToolMetadata(client, kept.listing.accepted, options.log);
      options.log?.(`${options.label}: tool list still fresh (cache hint), not listed again`);
      return kept.listing;
    }
    const listing = await listTools(client, options);
    const headers = new Map<string, readonly HeaderParam[]>();
    for (const tool of listing.tools) if (tool.headers) headers.set(tool.name, tool.headers);
    this.#kept = { listing, headers, freshUntil: Date.now() + Math.min(listing.ttlMs ?? 0, MAX_TOOLS_TTL_MS) };
    return listing;
  }

  /** The `Mcp-Param-*` headers of a call of `tool` with `args`; none for a tool without marks. */
  paramHeaders(tool: string, args: unknown): Record<string, string> {
    const marks = this.#kept?.headers.get(tool);
    return marks ? paramHeaders(marks, args) : {};
  }
}
