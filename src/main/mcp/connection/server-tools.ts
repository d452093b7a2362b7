// One server's tools, as its connection keeps them: listed at each connect, re-listed on
// `tools/list_changed`, and, for a 2026-07-28 server, kept by the list's cache hint
// (listing/freshness.ts: a reconnect within it lists nothing; once it runs out, the next use of
// the list lists it again) and each tool's `x-mcp-header` marks (the `Mcp-Param-*` headers of a
// call, looked up by tool name).
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { LogLevel, SkippedTool } from '../../../types/mcp.js';
import { coalesced } from '../listing/coalesce.js';
import { Freshness } from '../listing/freshness.js';
import { listTools, seedToolMetadata, type ListedTool, type ListingOptions, type ToolListing } from '../listing/tool-listing.js';
import { paramHeaders, type HeaderParam } from '../protocol/http-headers.js';
import type { RevisionClient } from '../protocol/revision-client.js';
import { validationIssues } from './connect-errors.js';

/** What the tools need of their connection. */
export interface ServerToolsHost {
  /** How `client` lists: the connection's validator, timeout and label. */
  listingOptions(client: RevisionClient): ListingOptions;
  /** Whether `client` is still the connection's (a re-list of an old one is dropped). */
  current(client: RevisionClient): boolean;
  note(level: LogLevel, text: string): void;
  /** The tools changed (a re-list). */
  changed(): void;
  /** A re-list failed: a line in the app's log. */
  failed(error: unknown): void;
}

export class ServerTools {
  /** Listed tools, each name once; null until the first listing. */
  tools: ListedTool[] | null = null;
  /** Tools of the last listing that were left out as malformed, with the reason. */
  skipped: SkippedTool[] = [];
  #kept: { listing: ToolListing; headers: Map<string, readonly HeaderParam[]> } | undefined;
  readonly #freshness = new Freshness();
  #relist: (() => Promise<void>) | undefined;

  constructor(private readonly host: ServerToolsHost) {}

  /** Forgets the kept listing: the next connect lists (a start the user asked for). */
  clear(): void {
    this.#kept = undefined;
    this.#freshness.clear();
  }

  /** Before `client` connects: `tools/list_changed` re-lists, one listing at a time. */
  follow(client: RevisionClient): void {
    const relist = coalesced(() => this.#again(client), (error) => this.host.failed(error));
    this.#relist = relist;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void relist());
  }

  /** At connect: the kept listing while its hint holds (2026-07-28), else a new one. Throws for a malformed list. */
  async list(client: RevisionClient): Promise<void> {
    const options = this.host.listingOptions(client);
    const kept = this.#kept;
    if (kept && client.isModern && this.#freshness.fresh()) {
      // A new client: its tool cache (output validators) is seeded as a listing would have.
      seedToolMetadata(client, kept.listing.accepted, options.log);
      options.log?.(`${options.label}: tool list still fresh (cache hint), not listed again`);
    } else {
      try {
        this.#keep(await listTools(client, options));
      } catch (error) {
        // Say which answer was malformed (the list), in one line; see validationIssues.
        const issues = validationIssues(error);
        throw issues ? new Error(`the server sent a malformed tool list (${issues})`) : error;
      }
    }
    ({ tools: this.tools, skipped: this.skipped } = this.#kept!.listing);
  }

  /** A use of the list (a model's request for tools): once its hint has run out, it is listed again in the background. */
  freshen(client: RevisionClient): void {
    if (client.isModern && this.#freshness.takeExpired()) void this.#relist?.();
  }

  /** The `Mcp-Param-*` headers of a call of `tool` with `args`; none for a tool without marks. */
  paramHeaders(tool: string, args: unknown): Record<string, string> {
    const marks = this.#kept?.headers.get(tool);
    return marks ? paramHeaders(marks, args) : {};
  }

  /** One re-list (coalesced: see coalesce.ts). */
  async #again(client: RevisionClient): Promise<void> {
    const listing = await listTools(client, this.host.listingOptions(client));
    if (!this.host.current(client)) return;
    this.#keep(listing);
    this.tools = listing.tools;
    this.skipped = listing.skipped;
    this.host.note('info', `Tool list changed: ${listing.tools.length} tools listed`);
    this.host.changed();
  }

  #keep(listing: ToolListing): void {
    const headers = new Map<string, readonly HeaderParam[]>();
    for (const tool of listing.tools) if (tool.headers) headers.set(tool.name, tool.headers);
    this.#kept = { listing, headers };
    this.#freshness.listed(listing.ttlMs);
  }
}
