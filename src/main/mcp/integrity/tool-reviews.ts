// What the user reviews and approves (docs/tool-integrity.md, "Reviewing"): per server, every
// held tool with what changed (field, before, after) and its findings, the approved tools it no
// longer lists, and the findings on its instructions, prompts and resources; approving takes a
// tool's exposed name or its original, and saves before the tools are offered again.
import type { McpServer } from '../../../types/config.js';
import type { ApproveResult, ReviewTool, ToolReview } from '../../../types/integrity.js';
import { changesBetween } from '../../integrity/compare.js';
import { scanServer } from '../../integrity/scan.js';
import type { ListedPrompt } from '../listing/prompt-listing.js';
import type { ListedTool } from '../listing/tool-listing.js';
import { ScanContexts } from './scan-context.js';
import type { ToolApprovals } from './tool-approvals.js';

/** What a connected server offers besides its tools' definitions: read for findings. */
export interface OfferedTexts {
  instructions?: string;
  prompts: readonly ListedPrompt[];
  resources: ReadonlyArray<{ name: string; title?: string; description?: string }>;
}

export interface ReviewContext {
  approvals: ToolApprovals;
  servers: () => readonly McpServer[];
  /** The server's current listing, while it is connected and listed. */
  listing: (uuid: string) => readonly ListedTool[] | undefined;
  offered: (uuid: string) => OfferedTexts | undefined;
  /** The exposed name of a server's tool, when it has one yet. */
  exposedOf: (uuid: string, original: string) => string | undefined;
  /** The tool an exposed name stands for. */
  byExposed: (exposed: string) => { uuid: string; original: string } | undefined;
  /** Approvals changed: the index is rebuilt, so approved tools are offered again. */
  changed: () => void;
}

export class ToolReviews {
  constructor(private readonly context: ReviewContext) {}

  /**
   * The held tools, removed tools and server findings of every connected server that has any
   * (or of `uuid` alone, whatever it has); throws for a server that is not configured.
   */
  review(uuid?: string): ToolReview {
    const servers = this.context.servers();
    if (uuid !== undefined && !servers.some((server) => server.uuid === uuid)) throw new Error(`No MCP server with id "${uuid}".`);
    const listings = new Map<string, readonly ListedTool[]>();
    for (const server of servers) {
      const listing = this.context.listing(server.uuid);
      if (listing) listings.set(server.uuid, listing);
    }
    const contexts = new ScanContexts(servers, listings);
    const review: ToolReview = { servers: [] };
    for (const server of servers) {
      if (uuid !== undefined && server.uuid !== uuid) continue;
      const entry = this.#serverReview(server, listings.get(server.uuid), contexts);
      const anything = entry.tools.length > 0 || entry.removed.length > 0 || entry.findings.length > 0;
      if (anything || uuid !== undefined) review.servers.push(entry);
    }
    return review;
  }

  /**
   * Approves tools of `uuid` by exposed or original name (or 'all', which also forgets the
   * approved tools it no longer lists); all or none: an unknown name throws before anything changes.
   * With `seen` (original name → the fingerprint the user reviewed), a tool whose definition is
   * no longer the one reviewed, or with 'all' a held tool the review did not show, stays held and
   * comes back as `stale`: what is approved is what the user read.
   */
  approve(uuid: string, names: readonly string[] | 'all', seen?: Readonly<Record<string, string>>): ApproveResult {
    const server = this.context.servers().find((s) => s.uuid === uuid);
    if (!server) throw new Error(`No MCP server with id "${uuid}".`);
    const listing = this.context.listing(uuid);
    if (!listing) throw new Error(`Server "${server.label}" is not connected: its tools can be approved once it lists them.`);
    let originals: string[] | 'all' = 'all';
    if (names !== 'all') {
      const listed = new Set(listing.map((tool) => tool.name));
      const unknown: string[] = [];
      originals = names.map((name) => {
        const owner = this.context.byExposed(name);
        if (owner?.uuid === uuid && listed.has(owner.original)) return owner.original;
        if (listed.has(name)) return name;
        unknown.push(name);
        return name;
      });
      if (unknown.length > 0) throw new Error(`Server "${server.label}" lists no tool ${unknown.map((name) => `"${name}"`).join(', ')} (give a tool's name as the model sees it, or as the server lists it).`);
    }
    // The verdicts approved are the ones on the listing now: compared first, if it is new.
    this.context.changed();
    const stale = seen === undefined ? [] : this.#stale(uuid, originals, seen);
    const remaining = originals === 'all' ? 'all' : originals.filter((original) => !stale.includes(original));
    if (remaining !== 'all' && remaining.length === 0) return { approved: [], cleared: [], stale };
    const result = this.context.approvals.approve(uuid, remaining, new Set(stale));
    this.context.changed();
    return { ...result, stale };
  }

  /** The tools to approve whose listed definition is not the one the user reviewed (with 'all': the held ones). */
  #stale(uuid: string, originals: readonly string[] | 'all', seen: Readonly<Record<string, string>>): string[] {
    const approvals = this.context.approvals;
    const held = [...(approvals.lastOf(uuid)?.verdict.tools ?? [])].filter(([, verdict]) => verdict.held).map(([original]) => original);
    const checked = originals === 'all' ? held : [...new Set(originals)];
    return checked.filter((original) => !Object.hasOwn(seen, original) || seen[original] !== approvals.listedFingerprint(uuid, original));
  }

  #serverReview(server: McpServer, listing: readonly ListedTool[] | undefined, contexts: ScanContexts): ToolReview['servers'][number] {
    const last = this.context.approvals.lastOf(server.uuid);
    const tools: ReviewTool[] = [];
    // Only a verdict on the listing the server gives now: a server offline has nothing to review.
    const current = listing !== undefined && last?.listing === listing ? last : undefined;
    for (const tool of current?.listing ?? []) {
      const verdict = current!.verdict.tools.get(tool.name);
      if (!verdict?.held) continue;
      const approved = this.context.approvals.approvedOf(server.uuid, tool.name);
      tools.push({
        original: tool.name,
        exposed: this.context.exposedOf(server.uuid, tool.name) ?? tool.name,
        fingerprint: this.context.approvals.listedFingerprint(server.uuid, tool.name)!,
        integrity: verdict.integrity,
        changes: verdict.integrity === 'approved' ? [] : changesBetween(verdict.integrity === 'changed' ? approved?.definition : undefined, tool.definition),
        findings: [...verdict.findings],
      });
    }
    const offered = listing ? this.context.offered(server.uuid) : undefined;
    const findings = offered ? scanServer({ ...(offered.instructions !== undefined ? { instructions: offered.instructions } : {}), prompts: offered.prompts, resources: offered.resources }, contexts.contextFor(server.uuid)) : [];
    return { uuid: server.uuid, label: server.label, tools, removed: [...(current?.verdict.removed ?? [])], findings };
  }
}
