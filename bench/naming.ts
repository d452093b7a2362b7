// Naming section: assignToolNames at 100k and 200k tools, its heap, and its speed-up over the
// straightforward per-server rebuild at 10k tools.
import { assignToolNames, TOOL_NAME_PATTERN } from '../src/main/naming.js';
import type { NameAssignment, ServerTools } from '../src/main/naming.js';
import { baselineAssignToolNames } from './baseline-naming.js';
import { generateServers, RESERVED } from './naming-input.js';
import type { BenchSection, SectionContext, SectionResult } from './section.js';
import { heapGrowthMB, median, medianMsEach, round } from './stats.js';

const TOOLS_PER_SERVER = 100;
const SHARED_FRACTION = 0.3;
const SEED = 0x5eed;
const TARGET_MS = 250;
const TARGET_RATIO_2X = 2.3;
const TARGET_SPEEDUP = 10;

function input(servers: number): ServerTools[] {
  return generateServers({ servers, toolsPerServer: TOOLS_PER_SERVER, sharedFraction: SHARED_FRACTION, seed: SEED });
}

/** Every tool name into one Set: linear work whose time shows the machine's own scaling. */
function nameSet(servers: readonly ServerTools[]): () => Set<string> {
  return () => {
    const names = new Set<string>();
    for (const server of servers) for (const name of server.tools) names.add(name);
    return names;
  };
}

function countTools(servers: readonly ServerTools[]): number {
  return servers.reduce((sum, s) => sum + new Set(s.tools).size, 0);
}

/**
 * A fast wrong answer is no result: every tool named exactly once, every name valid, unique
 * and not reserved. Throws, so a broken run never prints figures.
 */
function assertValid(label: string, servers: readonly ServerTools[], result: readonly NameAssignment[]): void {
  const fail = (why: string): never => {
    throw new Error(`naming sanity check failed (${label}): ${why}`);
  };
  if (result.length !== countTools(servers)) fail(`${result.length} names for ${countTools(servers)} tools`);
  const reserved = new Set(RESERVED);
  const exposed = new Set<string>();
  const owners = new Set<string>();
  for (const a of result) {
    if (!TOOL_NAME_PATTERN.test(a.exposed)) fail(`invalid name ${JSON.stringify(a.exposed)}`);
    if (reserved.has(a.exposed)) fail(`reserved name ${a.exposed} given to a tool`);
    if (exposed.has(a.exposed)) fail(`duplicate name ${a.exposed}`);
    exposed.add(a.exposed);
    owners.add(`${a.uuid}\u0000${a.original}`);
  }
  if (owners.size !== result.length) fail('a tool was named twice');
}

async function run(ctx: SectionContext): Promise<SectionResult> {
  // Enough warm-up runs for V8 to reach its optimizing tier: a few-ms function called twice is
  // still running unoptimized code, which would measure the JIT rather than the algorithm.
  const timing = { warmup: 10, runs: 15, gc: ctx.gc };
  const ours = (servers: readonly ServerTools[]) => () => assignToolNames(servers, { reserved: RESERVED });

  // The 10k comparison runs first, before the 100k and 200k inputs exist: a heap already holding
  // them slows the few-ms runs of ours by a third, which would measure the previous step.
  const small = input(100);
  assertValid('ours 10k', small, ours(small)());
  assertValid('baseline 10k', small, baselineAssignToolNames(small, RESERVED));
  ctx.log(`naming: baseline vs ours at ${countTools(small)} tools`);
  // Each comparison is timed in interleaved rounds: its ratio is the target, and a busy machine
  // then slows both sides of it rather than one. Runs of a few ms are cheap, so more of them
  // steady the median.
  const small10k = medianMsEach(
    { baseline: () => baselineAssignToolNames(small, RESERVED), ours: ours(small) },
    { ...timing, warmup: 40, runs: 21 },
  );
  const baselineMs = small10k.baseline;
  const oursSmallMs = small10k.ours;

  const big = input(1000);
  const double = input(2000);
  ctx.log(`naming: inputs ${countTools(big)} / ${countTools(double)} tools`);
  assertValid('ours 100k', big, ours(big)());
  assertValid('ours 200k', double, ours(double)());
  ctx.log('naming: timing 100k and 200k');
  // The reference runs in the same rounds: how this machine scales the cheapest linear pass over
  // the same names (one Set insert each), against which the 2× ratio of ours can be read.
  const { ms, ms2x, setMs, setMs2x } = medianMsEach(
    { ms: ours(big), ms2x: ours(double), setMs: nameSet(big), setMs2x: nameSet(double) },
    timing,
  );
  ctx.log('naming: heap at 100k');
  const heap = [0, 1, 2].map(() => heapGrowthMB(ours(big), ctx.gc));
  const heapMB = median(heap.map((h) => h.peakMB));
  const heapRetainedMB = median(heap.map((h) => h.retainedMB));

  const ratio2x = ms2x / ms;
  const setRatio2x = setMs2x / setMs;
  const speedup = baselineMs / oursSmallMs;
  const targets = {
    ms: ms < TARGET_MS,
    ratio2x: ratio2x <= TARGET_RATIO_2X,
    baselineSpeedup: speedup >= TARGET_SPEEDUP,
  };

  return {
    json: {
      tools: countTools(big),
      servers: big.length,
      ms: round(ms),
      ms2x: round(ms2x),
      ratio2x: round(ratio2x),
      heapMB: round(heapMB, 1),
      heapRetainedMB: round(heapRetainedMB, 1),
      baseline: { tools: countTools(small), ms: round(baselineMs), oursMs: round(oursSmallMs) },
      baselineSpeedup: round(speedup, 1),
      reference: { what: 'a Set of every tool name', ms: round(setMs), ms2x: round(setMs2x), ratio2x: round(setRatio2x) },
      targets,
    },
    rows: [
      { metric: `assign ${countTools(big)} tools / ${big.length} servers`, value: `${round(ms)} ms`, target: `< ${TARGET_MS} ms`, pass: targets.ms },
      { metric: `assign ${countTools(double)} tools / ${double.length} servers`, value: `${round(ms2x)} ms` },
      { metric: '2× input time ratio', value: `${round(ratio2x)}×`, target: `≤ ${TARGET_RATIO_2X}×`, pass: targets.ratio2x },
      { metric: 'reference: a Set of the same names, 2× ratio', value: `${round(setRatio2x)}× (${round(setMs)} → ${round(setMs2x)} ms)` },
      { metric: 'heap growth at 100k (peak, before GC)', value: `${round(heapMB, 1)} MB` },
      { metric: 'heap retained at 100k (result)', value: `${round(heapRetainedMB, 1)} MB` },
      { metric: `baseline ${countTools(small)} tools (rebuild per server)`, value: `${round(baselineMs)} ms` },
      { metric: `ours ${countTools(small)} tools`, value: `${round(oursSmallMs)} ms` },
      { metric: 'speed-up over baseline', value: `${round(speedup, 1)}×`, target: `≥ ${TARGET_SPEEDUP}×`, pass: targets.baselineSpeedup },
    ],
  };
}

export const naming: BenchSection = { name: 'naming', run };
