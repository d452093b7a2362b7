// Timing, heap and randomness helpers shared by every section.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A function that collects the heap fully and leaves no collection work behind. `npm run bench`
 * runs under tsx without --expose-gc; V8 lets the flag be set at run time, and a fresh context
 * then sees `gc`, which saves re-spawning the process.
 *
 * One gc() is not enough: V8 sweeps the pages a full GC freed afterwards, on helper threads and
 * on demand, so the next run's first large allocations wait on sweeping the previous run's
 * garbage. Measured at 10k tools, that tripled the naming core's second pass (1.3 → 3.6 ms)
 * whenever it followed the baseline, which leaves ten times more garbage. A second gc() first
 * finishes the sweeping of the first, and has almost nothing to sweep itself.
 */
export function exposeGc(): (() => void) | undefined {
  const collect = findGc();
  if (collect === undefined) return undefined;
  return () => {
    collect();
    collect();
  };
}

function findGc(): (() => void) | undefined {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void gc() : undefined;
  } catch {
    return undefined;
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface TimingOptions {
  warmup: number;
  runs: number;
  gc: () => void;
}

/**
 * Median wall time in ms of each of `fns`, timed in interleaved rounds (a, b, a, b, …) so that
 * a slow spell of a shared machine hits every function alike: their ratio is then the figure
 * that holds, even when the absolute times drift. Warm-up runs let the JIT settle; a GC before
 * each timed run keeps one run's garbage from being collected on the next run's clock.
 */
export function medianMsEach<K extends string>(
  fns: Readonly<Record<K, () => unknown>>,
  { warmup, runs, gc }: TimingOptions,
): Record<K, number> {
  const entries = Object.entries(fns) as Array<[K, () => unknown]>;
  for (let i = 0; i < warmup; i++) for (const [, fn] of entries) fn();
  const times = new Map<K, number[]>(entries.map(([key]) => [key, []]));
  for (let i = 0; i < runs; i++) {
    for (const [key, fn] of entries) {
      gc();
      const start = performance.now();
      fn();
      times.get(key)!.push(performance.now() - start);
    }
  }
  return Object.fromEntries(entries.map(([key]) => [key, median(times.get(key)!)])) as Record<K, number>;
}

/** Median wall time of `fn` alone, in ms: medianMsEach with one function. */
export function medianMs(fn: () => unknown, options: TimingOptions): number {
  return medianMsEach({ fn }, options).fn;
}

/**
 * Heap growth of one call, in MB: heapUsed right after `fn` returns (no GC in between) minus
 * heapUsed after a full GC before it. Everything `fn` built internally is still in the heap at
 * that moment (unreachable but not yet collected), so this is the heap the call needed at its
 * end, plus any of its garbage that young-generation GCs had not yet freed. `retainedMB` is
 * what survives a full GC while the result is still held.
 */
export function heapGrowthMB(
  fn: () => unknown,
  gc: () => void,
): { peakMB: number; retainedMB: number } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const result = fn();
  const after = process.memoryUsage().heapUsed;
  gc();
  const retained = process.memoryUsage().heapUsed;
  keep(result);
  return { peakMB: toMB(after - before), retainedMB: toMB(retained - before) };
}

// Written, never read: a module-level store the optimiser cannot prove dead.
let _sink: unknown;
/** Keeps a value reachable past the point it is measured, so the GC cannot free it early. */
function keep(value: unknown): void {
  _sink = value;
  _sink = undefined;
}

function toMB(bytes: number): number {
  return bytes / (1024 * 1024);
}

/** Rounded for output; full precision buys nothing in a benchmark report. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** mulberry32: a seeded PRNG, so every machine and run benchmarks the same input. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Minor page faults of this process so far: pages the kernel mapped on their first touch. */
export function pageFaults(): number {
  return process.resourceUsage().minorPageFault;
}

/**
 * What one minor page fault costs on this machine now, in ms: fresh memory (a buffer the size
 * of `MB`, from the OS) touched once per page, three times, the median per fault. A run that
 * needs pages back from the OS (V8 returns the pages a full GC emptied) pays this per page;
 * the figure is the machine's, not the code's (15–17 µs on the 2-core VM where the targets
 * were set).
 */
export function pageFaultMs(MB = 32): number {
  const perFault: number[] = [];
  for (let i = 0; i < 3; i++) {
    const buffer = Buffer.allocUnsafeSlow(MB * 1024 * 1024);
    const before = pageFaults();
    const started = performance.now();
    for (let offset = 0; offset < buffer.length; offset += 4096) buffer[offset] = 1;
    const ms = performance.now() - started;
    const faults = pageFaults() - before;
    if (faults > 0) perFault.push(ms / faults);
  }
  return perFault.length === 0 ? 0 : median(perFault);
}

/** The median of `times` (ms) with each run's page faults (`faults`, same order) at `faultMs` each taken out. */
export function medianWithoutFaults(times: readonly number[], faults: readonly number[], faultMs: number): number {
  return median(times.map((ms, i) => ms - faults[i]! * faultMs));
}
