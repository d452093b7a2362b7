// The contract between bench/index.ts and each benchmark section, so that a section
// (naming, later startup, dispatch, …) is one module and one line in the registry.

/** What JSON.stringify can print faithfully: keeps `any` out of the section fragments. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface TableRow {
  metric: string;
  value: string;
  /** Human-readable target, e.g. "< 250 ms"; omitted for informational rows. */
  target?: string;
  pass?: boolean;
}

export interface SectionResult {
  /** Printed under the section's name in the `--json` object. */
  json: Json;
  rows: TableRow[];
}

export interface SectionContext {
  /** Progress goes to stderr: stdout is reserved for the table or the single JSON object. */
  log(message: string): void;
  /** A full GC between runs, or a no-op when none could be exposed. */
  gc(): void;
}

export interface BenchSection {
  name: string;
  run(ctx: SectionContext): Promise<SectionResult>;
}
