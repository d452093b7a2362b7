// The one point where every listing is compared with what the user approved (docs/design.md §12),
// before anything of it is offered: the index calls `check` for every rebuild (names/tool-index.ts),
// and every listing (connect, reconnect, restart, list_changed, a cache hint run out) reaches the
// index only through a rebuild. Per server: the approved definitions (approval-files.ts, read once,
// at its first listing), each listed tool's fingerprint and findings, and the verdicts. A server
// with nothing approved yet (added, or from before this version) has its first listing approved
// as listed, except tools with a high finding. A reconnect that brings the same definitions costs
// their fingerprints and a comparison: the scan's findings are kept per definition.
import type { McpServer } from '../../../types/config.js';
import type { Finding, ToolIntegrity } from '../../../types/integrity.js';
import { changesBetween, findingKey, integrityOf, unreviewedHigh, type ApprovedTool, type ToolVerdict } from '../../integrity/compare.js';
import { fingerprint, type ToolDefinition } from '../../integrity/fingerprint.js';
import { hasHigh, scanTool, type ScanContext } from '../../integrity/scan.js';
import { describeFsError } from '../../profile/files.js';
import type { ListedTool } from '../listing/tool-listing.js';
import { ApprovalFiles } from './approval-files.js';
import { ScanContexts, type ScanParts } from './scan-context.js';

export type { ToolVerdict } from '../../integrity/compare.js';

/** One server's verdicts on its last listing, and the approved tools it no longer lists. */
export interface ServerVerdict {
  tools: ReadonlyMap<string, ToolVerdict>;
  removed: readonly string[];
}

interface Scanned {
  fingerprint: string;
  contextKey: string;
  findings: Finding[];
}

interface ServerState {
  approved: Map<string, ApprovedTool>;
  /** Why its approvals were lost (an unreadable file): every tool waits for review. */
  lost?: string;
  /** Bumped by every change of `approved`: a verdict on an older version is computed again. */
  version: number;
  last?: { listing: readonly ListedTool[]; contextKey: string; version: number; verdict: ServerVerdict };
  scans: Map<string, Scanned>;
  held: ReadonlySet<string>;
}

/** A line the user must read about the approvals (a repair, a file that could not be read or written). */
export interface ApprovalNotice {
  message: string;
  details?: string[];
  /** Stays until the problem is gone (a write that failed). */
  lasting?: boolean;
}

export class ToolApprovals {
  readonly #files: ApprovalFiles;
  readonly #log: (message: string) => void;
  readonly #servers = new Map<string, ServerState>();
  readonly #fingerprints = new WeakMap<ToolDefinition, string>();
  readonly #parts: ScanParts = new WeakMap();
  /** The servers of the last check, kept while they stay the same: their contexts, and the scan's table of their names, with them. */
  #set: ScanContexts | undefined;
  readonly #notices: ApprovalNotice[] = [];
  readonly #unsaved = new Map<string, string>();
  #newlyHeld = new Map<string, string[]>();

  constructor(profileDir: string, log: (message: string) => void) {
    this.#files = new ApprovalFiles(profileDir);
    this.#files.removeLeftovers();
    this.#log = log;
  }

  /**
   * Compares every listing with what was approved, approving a first listing; the verdict of each
   * listed tool by server and original name. `servers`: the configured servers (their labels and
   * names are what the scan knows of the others).
   */
  check(listings: ReadonlyMap<string, readonly ListedTool[]>, servers: readonly McpServer[]): Map<string, ServerVerdict> {
    const fresh = new ScanContexts(servers, listings, this.#parts);
    // A set of servers that changed goes, and the scan's table of its names with it.
    const contexts = this.#set?.sameAs(fresh) === true ? this.#set : fresh;
    this.#set = contexts;
    const verdicts = new Map<string, ServerVerdict>();
    for (const [uuid, listing] of listings) {
      const state = this.#state(uuid);
      const contextKey = contexts.keyFor(uuid);
      const last = state.last;
      if (last && last.listing === listing && last.contextKey === contextKey && last.version === state.version) {
        verdicts.set(uuid, last.verdict);
        continue;
      }
      const verdict = this.#compare(uuid, state, listing, contextKey, contexts);
      state.last = { listing, contextKey, version: state.version, verdict };
      verdicts.set(uuid, verdict);
    }
    return verdicts;
  }

  /** Held tools (original names) per server that the last checks held and the ones before did not; taken once. */
  takeNewlyHeld(): Map<string, string[]> {
    const taken = this.#newlyHeld;
    this.#newlyHeld = new Map();
    return taken;
  }

  /** The last verdicts on a server's listing, and that listing; undefined before it listed. */
  lastOf(uuid: string): { listing: readonly ListedTool[]; verdict: ServerVerdict } | undefined {
    return this.#servers.get(uuid)?.last;
  }

  /** What was approved of one tool, if anything. */
  approvedOf(uuid: string, original: string): ApprovedTool | undefined {
    return this.#servers.get(uuid)?.approved.get(original);
  }

  /** The fingerprint of a tool of the server's last listing; undefined when it is not listed. */
  listedFingerprint(uuid: string, original: string): string | undefined {
    const tool = this.#servers.get(uuid)?.last?.listing.find((listed) => listed.name === original);
    return tool && this.#fingerprintOf(tool.definition);
  }

  /**
   * Approves the listed definitions of `originals` on `uuid` (reviewed: their findings no longer
   * hold them), or with 'all' every listed tool but those of `except`, also forgetting the
   * approved tools it no longer lists. Saved before it returns; throws, approving nothing, for a
   * name it does not list.
   */
  approve(uuid: string, originals: readonly string[] | 'all', except: ReadonlySet<string> = new Set()): { approved: string[]; cleared: string[] } {
    const state = this.#servers.get(uuid);
    const last = state?.last;
    if (!state || !last) throw new Error('the server has not listed its tools yet: connect it first');
    const listed = new Map(last.listing.map((tool) => [tool.name, tool]));
    const names = originals === 'all' ? [...listed.keys()].filter((name) => !except.has(name)) : [...new Set(originals)];
    const missing = names.filter((name) => !listed.has(name));
    if (missing.length > 0) throw new Error(`the server does not list ${missing.map((name) => `"${name}"`).join(', ')}`);
    for (const name of names) {
      const tool = listed.get(name)!;
      const findings = last.verdict.tools.get(name)?.findings ?? [];
      state.approved.set(name, { fingerprint: this.#fingerprintOf(tool.definition), definition: tool.definition, reviewed: findings.map(findingKey) });
    }
    const cleared = originals === 'all' ? [...last.verdict.removed] : [];
    for (const name of cleared) state.approved.delete(name);
    if (originals === 'all') delete state.lost;
    state.version++;
    this.#save(uuid, state);
    return { approved: names, cleared };
  }

  /** A deleted server: its approvals go, from memory and from the profile. */
  forget(uuid: string): void {
    this.#servers.delete(uuid);
    this.#unsaved.delete(uuid);
    try {
      this.#files.remove(uuid);
    } catch (error) {
      this.#log(`The tool approvals of a deleted server could not be removed (${this.#files.fileOf(uuid)}: ${describeFsError(error)})`);
    }
  }

  /** Repairs and problems to tell the user; lasting ones while they hold. */
  notices(): ApprovalNotice[] {
    const unsaved = [...this.#unsaved.values()];
    return [
      ...this.#notices,
      ...(unsaved.length > 0 ? [{ message: `Tool approvals cannot be saved: ${unsaved.join('; ')}. They hold until the app stops; tools approved since are compared again at the next start.`, lasting: true }] : []),
    ];
  }

  /** A server's state, its approvals read from the profile at first use. */
  #state(uuid: string): ServerState {
    let state = this.#servers.get(uuid);
    if (state) return state;
    state = { approved: new Map(), version: 0, scans: new Map(), held: new Set() };
    this.#servers.set(uuid, state);
    const read = this.#files.read(uuid);
    if (read.kind === 'missing') {
      state.version = -1;
    } else if (read.kind === 'unreadable') {
      state.lost = read.problem;
      this.#notices.push({ message: `The tool approvals of a server could not be read: ${read.problem}. Every tool of that server waits for your review (inspect review, or the server's Review panel).${read.keptAt ? ` The file as it was is kept at ${read.keptAt}.` : ''}` });
      this.#log(`Tool approvals unreadable: ${read.problem}; every tool of the server is held until reviewed`);
      // Saved as lost at once: a restart must hold them again, not take the server for a new one.
      if (read.keptAt) this.#save(uuid, state);
    } else {
      state.approved = read.tools;
      if (read.lost !== undefined) state.lost = read.lost;
      if (read.repairs.length > 0) {
        this.#notices.push({ message: `The tool approvals of a server had ${read.repairs.length} problem(s); the tools concerned wait for your review.${read.keptAt ? ` The file as it was is kept at ${read.keptAt}.` : ''}`, details: read.repairs });
        this.#save(uuid, state);
      }
    }
    return state;
  }

  #compare(uuid: string, state: ServerState, listing: readonly ListedTool[], contextKey: string, contexts: ScanContexts): ServerVerdict {
    // Nothing saved for this server yet: its first listing is approved as listed (trust on first use).
    const first = state.version === -1;
    if (first) state.version = 0;
    let context: ScanContext | undefined;
    const tools = new Map<string, ToolVerdict>();
    const scans = new Map<string, Scanned>();
    const held = new Set<string>();
    for (const tool of listing) {
      const print = this.#fingerprintOf(tool.definition);
      let scanned = state.scans.get(tool.name);
      if (!scanned || scanned.fingerprint !== print || scanned.contextKey !== contextKey) {
        context ??= contexts.contextFor(uuid);
        scanned = { fingerprint: print, contextKey, findings: scanTool(tool, context) };
      }
      scans.set(tool.name, scanned);
      const { findings } = scanned;
      if (first && !hasHigh(findings)) state.approved.set(tool.name, { fingerprint: print, definition: tool.definition, reviewed: [] });
      const approved = state.approved.get(tool.name);
      const integrity: ToolIntegrity = integrityOf(approved, print);
      const unreviewed = unreviewedHigh(findings, integrity === 'approved' ? approved!.reviewed : []);
      const changed = integrity === 'changed' ? changesBetween(approved!.definition, tool.definition).map((change) => change.field) : [];
      const verdict: ToolVerdict = { integrity, findings, held: integrity !== 'approved' || unreviewed.length > 0, changed, unreviewed };
      tools.set(tool.name, verdict);
      if (verdict.held) held.add(tool.name);
    }
    state.scans = scans;
    const newly = [...held].filter((name) => !state.held.has(name));
    if (newly.length > 0) this.#newlyHeld.set(uuid, [...(this.#newlyHeld.get(uuid) ?? []), ...newly]);
    state.held = held;
    if (first) this.#save(uuid, state);
    return { tools, removed: [...state.approved.keys()].filter((name) => !tools.has(name)) };
  }

  #fingerprintOf(definition: ToolDefinition): string {
    let print = this.#fingerprints.get(definition);
    if (print === undefined) this.#fingerprints.set(definition, (print = fingerprint(definition)));
    return print;
  }

  /**
   * Writes a server's approvals; a failure is a lasting notice until a write succeeds (told once,
   * there: a read-only profile must not add a line to every start's log).
   */
  #save(uuid: string, state: ServerState): void {
    try {
      this.#files.write(uuid, state.approved, state.lost);
      this.#unsaved.delete(uuid);
    } catch (error) {
      this.#unsaved.set(uuid, `${this.#files.fileOf(uuid)} could not be written (${describeFsError(error)})`);
    }
  }
}
