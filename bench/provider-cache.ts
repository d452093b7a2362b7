// The manager's side of the provider adapters (src/main/mcp/for-providers/provider-tools.ts): the same 10,000
// tools as the `providers` section, offered through the cache Mcp.getProviderTools reads. What it
// saves: after a switch-off or a relist that brings equal tools as new objects, nothing is
// adapted again, and all nine lists are assembled from what is kept. Targets as for the
// adapters: the nine lists under 200 ms, a selection under 5 ms.
import type { McpServer } from '../src/types/config.js';
import { PROVIDER_IDS } from '../src/types/providers.js';
import type { SourceTool } from '../src/main/providers/index.js';
import type { ListedTool } from '../src/main/mcp/connection/connection.js';
import { ProviderToolCache } from '../src/main/mcp/for-providers/provider-tools.js';
import type { IndexEntry } from '../src/main/mcp/names/tool-index.js';
import { toolListText } from './providers.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, medianMs, medianMsEach, medianWithoutFaults, pageFaultMs, pageFaults, round } from './stats.js';

const TARGET_MS = 200;
const SELECTION = 100;
const SELECTION_TARGET_MS = 5;
const COLD_WARMUP = 2;
const COLD_RUNS = 7;

interface Offer {
  enabled: IndexEntry[];
  servers: McpServer[];
}

/** The bench's tools as the index holds them, each with its own listed object. */
function offer(text: string): Offer {
  const tools = JSON.parse(text) as SourceTool[];
  const servers = new Map<string, McpServer>();
  const enabled = tools.map((tool): IndexEntry => {
    if (!servers.has(tool.server.uuid)) servers.set(tool.server.uuid, { uuid: tool.server.uuid, label: tool.server.label, state: 'enabled', type: 'stdio', command: 'x' });
    const listed: ListedTool = { name: tool.original, description: tool.description, inputSchema: tool.inputSchema, annotations: {}, definition: { name: tool.original, description: tool.description, inputSchema: tool.inputSchema } };
    return {
      uuid: tool.server.uuid, original: tool.original, exposed: tool.name, reasons: [], live: true, switchedOff: false, enabled: true, tool: listed,
      policy: 'ask', policySource: 'annotations', verdict: undefined, held: false,
    };
  });
  return { enabled, servers: [...servers.values()] };
}

function allLists(cache: ProviderToolCache): number {
  let definitions = 0;
  for (const provider of PROVIDER_IDS) definitions += cache.get(provider).tools.length;
  return definitions;
}

export const providerCache: BenchSection = {
  name: 'providerCache',
  async run(ctx): Promise<SectionResult> {
    const text = toolListText();
    const base = offer(text);
    const count = base.enabled.length;
    ctx.log(`providerCache: ${count} tools, cold / switch-off / relist`);

    // Cold: a new cache over fresh objects (parsed before the clock starts), every tool adapted
    // for every provider.
    const colds: number[] = [];
    const coldFaults: number[] = [];
    for (let run = 0; run < COLD_WARMUP + COLD_RUNS; run++) {
      const fresh = offer(text);
      ctx.gc();
      const faulted = pageFaults();
      const started = performance.now();
      allLists(new ProviderToolCache(() => fresh));
      if (run >= COLD_WARMUP) {
        colds.push(performance.now() - started);
        coldFaults.push(pageFaults() - faulted);
      }
    }
    const coldMs = median(colds);
    // What this machine adds: the pages the kept adaptations take, one page fault each (see the
    // providers section).
    const faultMs = pageFaultMs();
    const faults = median(coldFaults);
    const coldMsWithout = medianWithoutFaults(colds, coldFaults, faultMs);
    // A switch-off (one tool fewer, then back): the nine lists assembled from what is kept.
    const withoutOne: Offer = { enabled: base.enabled.filter((_, i) => i !== 7), servers: base.servers };
    let switched = base;
    const switchCache = new ProviderToolCache(() => switched);
    if (allLists(switchCache) !== count * PROVIDER_IDS.length) throw new Error('providerCache: not every tool reached every provider');
    const switchOff = (): number => {
      switched = switched === base ? withoutOne : base;
      switchCache.invalidate();
      return allLists(switchCache);
    };
    // A relist: equal tools as new objects (compared by description and schema), then the lists.
    const listings = [offer(text), offer(text)];
    let listing = 0;
    const relistCache = new ProviderToolCache(() => listings[listing]!);
    allLists(relistCache);
    const relist = (): number => {
      listing = 1 - listing;
      relistCache.invalidate();
      return allLists(relistCache);
    };
    const times = medianMsEach({ switchOff, relist }, { warmup: 3, runs: 11, gc: ctx.gc });
    const names = base.enabled.map((entry) => entry.exposed);
    const selection = Array.from({ length: SELECTION }, (_, i) => names[Math.floor((i * names.length) / SELECTION)]!);
    if (relistCache.get('gemini', selection).tools.length !== SELECTION) throw new Error('providerCache: the selection did not pick its tools');
    const selectionMs = medianMs(() => relistCache.get('gemini', selection), { warmup: 20, runs: 50, gc: ctx.gc });
    const targets = { coldMs: coldMs < TARGET_MS, switchOffMs: times.switchOff < TARGET_MS, selectionMs: selectionMs < SELECTION_TARGET_MS };
    return {
      json: { tools: count, providers: PROVIDER_IDS.length, coldMs: round(coldMs), coldPageFaults: { faults, usEach: round(faultMs * 1000, 1), coldMsWithout: round(coldMsWithout) }, switchOffMs: round(times.switchOff), relistMs: round(times.relist), selectionMs: round(selectionMs, 4), targets },
      rows: [
        { metric: `getProviderTools, all ${PROVIDER_IDS.length} providers, ${count} tools, nothing kept`, value: `${round(coldMs)} ms`, target: `< ${TARGET_MS} ms`, pass: targets.coldMs },
        { metric: '  page faults in it (median), and their time here', value: `${faults}, ${round(faultMs * 1000, 1)} µs each: ${round(faults * faultMs)} ms (without them: ${round(coldMsWithout)} ms)` },
        { metric: '  after a switch-off (nothing re-adapted)', value: `${round(times.switchOff)} ms`, target: `< ${TARGET_MS} ms`, pass: targets.switchOffMs },
        { metric: '  after a relist of equal tools as new objects', value: `${round(times.relist)} ms` },
        { metric: `  select ${SELECTION} of ${count} (gemini)`, value: `${round(selectionMs, 4)} ms`, target: `< ${SELECTION_TARGET_MS} ms`, pass: targets.selectionMs },
      ],
    };
  },
};
