// Tool integrity section (issue 39, item 7): every listing is fingerprinted (RFC 8785 canonical
// JSON + SHA-256 of the fingerprinted fields) and scanned before anything of it is offered. On
// 10,000 real tools (the published corpus, tests/fixtures/published-corpus.json and
// published-tools.json: 3,003 tools, varied deterministically to 10,000), 100 servers of 100:
// - the pure work at connect, definition + fingerprint + scan of each tool (the scan with the
//   other 99 servers' names, and its own, as its context, as the manager gives it), against the yardstick
//   JSON.stringify + SHA-256 of the same tools in the same run: at most 3×;
// - the manager's comparison point (mcp/integrity/tool-approvals.ts `check`): a first listing of
//   every server (approved as listed and saved: one file per server), and a steady reconnect of
//   every server with nothing changed (fresh objects, equal definitions), whose cost is the
//   fingerprints alone: the scans are kept per definition. One server's steady reconnect (100
//   tools) must cost no visible time: under 5 ms.
// - growth with the number of servers (shadowing's table of the others' names, once per server
//   until 2026-11-28, grew with its square): a first listing of 200 servers of 100 against one of
//   100 (at most 2.5×: linear is 2×), and the scan contexts alone (made, and each one's table of
//   names built) for 100 and 200 (at most 3×, where the square is 4×: these few milliseconds
//   vary more with the load).
import { hash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { McpServer } from '../src/types/config.js';
import { definitionOf, fingerprint } from '../src/main/integrity/fingerprint.js';
import { scanTool, type ScanContext } from '../src/main/integrity/scan.js';
import type { ListedTool } from '../src/main/mcp/listing/tool-listing.js';
import { ToolApprovals } from '../src/main/mcp/integrity/tool-approvals.js';
import { ScanContexts } from '../src/main/mcp/integrity/scan-context.js';
import { otherToolMentions } from '../src/main/integrity/detectors/shadowing.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, medianMsEach, round, seededRandom } from './stats.js';

const TOOLS = 10_000;
const LARGE_SERVERS = 200;
const GROWTH_TARGET = 2.5;
const CONTEXTS_GROWTH_TARGET = 3;
const LARGE_RUNS = 5;
const CONTEXTS_RUNS = 15;
const PER_SERVER = 100;
const TARGET_RATIO = 3;
const ONE_SERVER_TARGET_MS = 5;
const RUNS = 7;
const WARMUP = 2;

interface RawTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** What a later release of a server might add to a description: the variation between copies. */
const ADDITIONS = ['', ' Results are paged.', ' Requires a token with read access.', ' Deprecated: use the newer tool.', ' Times are in UTC.', ' Returns at most 100 items.'];

/** The corpus as 10,000 tools (or `count`): copy k of a tool is renamed `_k` and its description varied (seeded). */
export function integrityToolText(count = TOOLS): string {
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(new URL(`../tests/fixtures/${file}`, import.meta.url), 'utf8'));
  const corpus = Object.values(read('published-corpus.json') as Record<string, { tools: RawTool[] }>).flatMap((server) => server.tools);
  const published = Object.values(read('published-tools.json') as Record<string, RawTool[]>).flat();
  const base = [...corpus, ...published];
  const random = seededRandom(39);
  const tools: RawTool[] = [];
  for (let i = 0; i < count; i++) {
    const tool = base[i % base.length]!;
    const copy = Math.floor(i / base.length);
    const addition = copy === 0 ? '' : ADDITIONS[Math.floor(random() * ADDITIONS.length)]!;
    tools.push({ ...tool, name: copy === 0 ? tool.name : `${tool.name}_${copy}`, ...(tool.description === undefined && addition === '' ? {} : { description: `${tool.description ?? ''}${addition}` }) });
  }
  return JSON.stringify(tools);
}

/** The tools as 100 servers' listings, each tool as the listing keeps it. */
function listings(tools: readonly RawTool[]): { servers: McpServer[]; byServer: Map<string, ListedTool[]> } {
  const servers: McpServer[] = [];
  const byServer = new Map<string, ListedTool[]>();
  tools.forEach((tool, i) => {
    const uuid = `server-${Math.floor(i / PER_SERVER)}`;
    let listed = byServer.get(uuid);
    if (!listed) {
      byServer.set(uuid, (listed = []));
      servers.push({ uuid, label: `Server ${Math.floor(i / PER_SERVER)}`, state: 'enabled', type: 'stdio', command: 'x' });
    }
    listed.push({ name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), inputSchema: tool.inputSchema, annotations: {}, definition: definitionOf(tool as RawTool & Record<string, unknown>) });
  });
  return { servers, byServer };
}

/** The medians of `measure` for each count of servers, timed in interleaved rounds (the load moves both alike). */
function interleavedMedians(counts: readonly number[], runs: number, gc: () => void, measure: (servers: number) => number): number[] {
  const times = counts.map((): number[] => []);
  for (let run = 0; run < WARMUP + runs; run++) {
    counts.forEach((count, index) => {
      gc();
      const ms = measure(count);
      if (run >= WARMUP) times[index]!.push(ms);
    });
  }
  return times.map(median);
}

/** A first listing of the first `servers` servers of `tools` (checked, approved, saved), in ms. */
function firstListingMs(tools: readonly RawTool[], servers: number, gc: () => void): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-integrity-'));
  try {
    const first = listings(tools.slice(0, servers * PER_SERVER));
    const approvals = new ToolApprovals(dir, () => undefined);
    gc();
    const started = performance.now();
    approvals.check(first.byServer, first.servers);
    return performance.now() - started;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The scan contexts of a first listing of `servers` servers: made, and each one's table of names built (a lookup of nothing), in ms. */
function contextsMs(listed: ReturnType<typeof listings>, servers: number): number {
  const configured = listed.servers.slice(0, servers);
  const none: ReadonlySet<string> = new Set();
  let named = 0;
  const started = performance.now();
  const contexts = new ScanContexts(configured, listed.byServer);
  for (const server of configured) named += otherToolMentions('', contexts.contextFor(server.uuid), none).length;
  const ms = performance.now() - started;
  if (named !== 0) throw new Error('integrity: an empty text named a tool');
  return ms;
}

export const integrity: BenchSection = {
  name: 'integrity',
  async run(ctx): Promise<SectionResult> {
    const text = integrityToolText();
    const tools = JSON.parse(text) as RawTool[];
    ctx.log(`integrity: ${tools.length} tools, ${tools.length / PER_SERVER} servers; fingerprint + scan vs JSON.stringify + SHA-256`);
    // Each server's scan context: the other servers' labels and names (what the manager gives).
    const names = Array.from({ length: tools.length / PER_SERVER }, (_, s) => ({ label: `Server ${s}`, tools: tools.slice(s * PER_SERVER, (s + 1) * PER_SERVER).map((tool) => tool.name) }));
    const contexts: ScanContext[] = names.map((mine, s) => ({ others: names.filter((__, other) => other !== s), own: [mine.label, ...mine.tools] }));
    let sink = 0;
    const times = medianMsEach(
      {
        yardstick: () => {
          // The same one-shot hash the fingerprint uses: the yardstick is the fastest way to do it.
          for (const tool of tools) sink ^= hash('sha256', JSON.stringify(tool), 'hex').charCodeAt(0);
        },
        fingerprint: () => {
          for (const tool of tools) sink ^= fingerprint(definitionOf(tool as RawTool & Record<string, unknown>)).charCodeAt(0);
        },
        integrity: () => {
          for (let i = 0; i < tools.length; i++) {
            const tool = tools[i]!;
            const print = fingerprint(definitionOf(tool as RawTool & Record<string, unknown>));
            sink ^= print.charCodeAt(0) ^ scanTool(tool, contexts[Math.floor(i / PER_SERVER)]).length;
          }
        },
      },
      { warmup: WARMUP, runs: RUNS, gc: ctx.gc },
    );
    const ratio = times.integrity / times.yardstick;
    const fingerprintRatio = times.fingerprint / times.yardstick;
    // The scan's share, for whoever reads a ratio not met: what the integrity run took beyond the fingerprints.
    const scanMs = times.integrity - times.fingerprint;

    // The manager's check: a first listing of every server (saved), then steady reconnects.
    const firsts: number[] = [];
    const steadyAll: number[] = [];
    const steadyOne: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-integrity-'));
      try {
        const approvals = new ToolApprovals(dir, () => undefined);
        const first = listings(JSON.parse(text) as RawTool[]);
        ctx.gc();
        let started = performance.now();
        approvals.check(first.byServer, first.servers);
        const firstMs = performance.now() - started;
        // A reconnect of every server: new objects, the same definitions.
        const again = listings(JSON.parse(text) as RawTool[]);
        ctx.gc();
        started = performance.now();
        approvals.check(again.byServer, first.servers);
        const allMs = performance.now() - started;
        // One server reconnects; the others' listings are the ones already checked.
        const one = new Map(again.byServer);
        one.set('server-7', listings(JSON.parse(text) as RawTool[]).byServer.get('server-7')!);
        ctx.gc();
        started = performance.now();
        const verdicts = approvals.check(one, first.servers);
        const oneMs = performance.now() - started;
        if ([...verdicts.values()].some((verdict) => [...verdict.tools.values()].some((tool) => tool.held && tool.integrity !== 'new'))) throw new Error('integrity: a steady reconnect held a tool');
        if (run >= WARMUP) {
          firsts.push(firstMs);
          steadyAll.push(allMs);
          steadyOne.push(oneMs);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    const firstMs = median(firsts);
    const allMs = median(steadyAll);
    const oneMs = median(steadyOne);

    // Twice the servers: the first listing, and the scan contexts alone.
    const largeTools = JSON.parse(integrityToolText(LARGE_SERVERS * PER_SERVER)) as RawTool[];
    const counts = [tools.length / PER_SERVER, LARGE_SERVERS];
    const [smallFirstMs, largeFirstMs] = interleavedMedians(counts, LARGE_RUNS, ctx.gc, (servers) => firstListingMs(largeTools, servers, ctx.gc)) as [number, number];
    const firstGrowth = largeFirstMs / smallFirstMs;
    const largeListed = listings(largeTools);
    const [contextsSmallMs, contextsLargeMs] = interleavedMedians(counts, CONTEXTS_RUNS, ctx.gc, (servers) => contextsMs(largeListed, servers)) as [number, number];
    const contextsGrowth = contextsLargeMs / contextsSmallMs;
    if (sink === -1) ctx.log('');
    return {
      json: {
        tools: tools.length,
        servers: tools.length / PER_SERVER,
        yardstickMs: round(times.yardstick),
        fingerprintMs: round(times.fingerprint),
        fingerprintAndScanMs: round(times.integrity),
        fingerprintRatio: round(fingerprintRatio),
        scanRatio: round(scanMs / times.yardstick),
        ratio: round(ratio),
        firstListingMs: round(firstMs),
        steadyReconnectAllMs: round(allMs),
        steadyReconnectOneServerMs: round(oneMs),
        firstListingLargeMs: round(largeFirstMs),
        firstListingGrowth: round(firstGrowth),
        contextsMs: round(contextsSmallMs),
        contextsLargeMs: round(contextsLargeMs),
        contextsGrowth: round(contextsGrowth),
      },
      rows: [
        { metric: `JSON.stringify + SHA-256 of ${tools.length} tools (yardstick)`, value: `${round(times.yardstick, 1)} ms` },
        { metric: `definition + fingerprint of ${tools.length} tools`, value: `${round(times.fingerprint, 1)} ms (${round(fingerprintRatio)}× yardstick)` },
        { metric: `definition + fingerprint + scan of ${tools.length} tools`, value: `${round(times.integrity, 1)} ms (the scan ${round(scanMs / times.yardstick)}× yardstick)` },
        { metric: 'fingerprint + scan / yardstick', value: `${round(ratio)}×`, target: `≤ ${TARGET_RATIO}×`, pass: ratio <= TARGET_RATIO },
        { metric: `first listing of ${tools.length / PER_SERVER} servers: checked, approved, saved`, value: `${round(firstMs, 1)} ms` },
        { metric: `first listing of ${LARGE_SERVERS} servers (${LARGE_SERVERS * PER_SERVER} tools)`, value: `${round(largeFirstMs, 1)} ms (${round(firstGrowth)}× the ${tools.length / PER_SERVER}'s ${round(smallFirstMs, 1)} ms in the same rounds)`, target: `≤ ${GROWTH_TARGET}×`, pass: firstGrowth <= GROWTH_TARGET },
        { metric: `scan contexts of a first listing (made, tables of names built): ${tools.length / PER_SERVER} → ${LARGE_SERVERS} servers`, value: `${round(contextsSmallMs, 1)} → ${round(contextsLargeMs, 1)} ms (${round(contextsGrowth)}×)`, target: `≤ ${CONTEXTS_GROWTH_TARGET}×`, pass: contextsGrowth <= CONTEXTS_GROWTH_TARGET },
        { metric: `steady reconnect of all ${tools.length} tools (fingerprints, no scan)`, value: `${round(allMs, 1)} ms (${round(allMs / times.yardstick)}× yardstick)` },
        { metric: `steady reconnect of one server (${PER_SERVER} tools)`, value: `${round(oneMs, 2)} ms`, target: `< ${ONE_SERVER_TARGET_MS} ms`, pass: oneMs < ONE_SERVER_TARGET_MS },
      ],
    };
  },
};
