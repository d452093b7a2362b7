// What the scan of one server's tools knows of the others (integrity/scan.ts, ScanContext: a
// description naming another server's tool is shadowing; its own names never are), and a key that
// changes only when that changes, so that a server's tools are scanned again only when their own
// texts, its names or the other servers' names changed, never on a reconnect that brings the same.
// Every context of one set shares the set's servers (ScanContext.set): the scan builds one table
// of names per set, not one of the others' names per server (which grew with the square of their number).
import { createHash } from 'node:crypto';
import type { McpServer } from '../../../types/config.js';
import type { ScanContext } from '../../integrity/scan.js';
import type { ListedTool } from '../listing/tool-listing.js';

const LANES = 8;

interface Part {
  label: string;
  /** The saved names it was computed with (their exposed names are among `tools`). */
  mappings: Readonly<Record<string, string>>;
  tools: readonly string[];
  /** SHA-256 of label and names, as eight 32-bit lanes. */
  lanes: Uint32Array;
}

const NO_MAPPINGS: Readonly<Record<string, string>> = Object.freeze({});

function partOf(label: string, listed: readonly ListedTool[] | undefined, mappings: Readonly<Record<string, string>>): Part {
  const names = new Set(listed ? listed.map((tool) => tool.name) : Object.keys(mappings));
  for (const name of [...names]) {
    const exposed = Object.hasOwn(mappings, name) ? mappings[name] : undefined;
    if (exposed !== undefined) names.add(exposed);
  }
  const tools = [...names];
  const digest = createHash('sha256').update(label).update('\u0000').update(tools.join('\u0000')).digest();
  const lanes = new Uint32Array(LANES);
  for (let i = 0; i < LANES; i++) lanes[i] = digest.readUInt32BE(i * 4);
  return { label, mappings, tools, lanes };
}

/** Parts already computed, by the listing (or saved names) they were computed from: a check hashes only what changed. */
export type ScanParts = WeakMap<object, Part>;

/** Every configured server's label and tool names (as listed, else as saved), and per server a key of the others'. */
export class ScanContexts {
  readonly #parts = new Map<string, Part>();
  readonly #total = new Uint32Array(LANES);
  /** Every server's label and names in order, the set every context refers to, and each server's place in it. */
  readonly #servers: Array<{ label: string; tools: readonly string[] }> = [];
  readonly #index = new Map<string, number>();
  readonly #contexts = new Map<string, ScanContext>();

  /**
   * `listings`: the tools of the servers that listed; the others are known by their saved names
   * (`toolMappings`: originals and the names given to them). `known`: parts kept from earlier checks.
   */
  constructor(servers: readonly McpServer[], listings: ReadonlyMap<string, readonly ListedTool[]>, known: ScanParts = new WeakMap()) {
    for (const server of servers) {
      // A server listed twice in a hand-edited config counts once.
      if (this.#parts.has(server.uuid)) continue;
      const listed = listings.get(server.uuid);
      const mappings = server.toolMappings ?? NO_MAPPINGS;
      const source: object = listed ?? mappings;
      let part = known.get(source);
      if (part?.label !== server.label || part.mappings !== mappings) {
        part = partOf(server.label, listed, mappings);
        known.set(source, part);
      }
      this.#parts.set(server.uuid, part);
      this.#index.set(server.uuid, this.#servers.length);
      this.#servers.push({ label: part.label, tools: part.tools });
      for (let i = 0; i < LANES; i++) this.#total[i] = (this.#total[i]! + part.lanes[i]!) >>> 0;
    }
  }

  /**
   * A key of what the scan of `uuid`'s tools is told: the other servers (their lanes summed: one
   * subtraction per server, where joining the others' parts would take the square of their
   * number), then its own names (never shadowing).
   */
  keyFor(uuid: string): string {
    const own = this.#parts.get(uuid)?.lanes;
    let key = '';
    for (let i = 0; i < LANES; i++) key += (((this.#total[i]! - (own?.[i] ?? 0)) >>> 0).toString(16)).padStart(8, '0');
    key += '/';
    for (let i = 0; i < LANES; i++) key += ((own?.[i] ?? 0) >>> 0).toString(16).padStart(8, '0');
    return key;
  }

  /**
   * The scan's context for `uuid`'s tools: every other server's label and names, and its own
   * (never shadowing); the same object for the same server, all of them sharing the set.
   */
  contextFor(uuid: string): ScanContext {
    let context = this.#contexts.get(uuid);
    if (context !== undefined) return context;
    const index = this.#index.get(uuid) ?? -1;
    const others = index === -1 ? [...this.#servers] : [...this.#servers.slice(0, index), ...this.#servers.slice(index + 1)];
    const mine = this.#parts.get(uuid);
    context = { others, ...(mine ? { own: [mine.label, ...mine.tools] } : {}), set: { servers: this.#servers, index } };
    this.#contexts.set(uuid, context);
    return context;
  }

  /** Whether `other` holds the same servers, in the same order, with the same labels and names (its contexts would tell a scan the same). */
  sameAs(other: ScanContexts): boolean {
    if (other.#parts.size !== this.#parts.size) return false;
    const theirs = other.#parts.entries();
    for (const [uuid, part] of this.#parts) {
      const [otherUuid, otherPart] = theirs.next().value!;
      if (otherUuid !== uuid || otherPart.label !== part.label || otherPart.lanes.some((lane, i) => lane !== part.lanes[i])) return false;
    }
    return true;
  }
}
