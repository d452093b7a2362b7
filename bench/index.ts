// `npm run bench [-- --json] [-- --only naming,…]`: runs the registered sections in order.
// With --json, stdout carries exactly one JSON object (one key per section) so scripts can
// parse it; progress and errors always go to stderr.
import { parseArgs } from 'node:util';
import type { BenchSection, Json, SectionContext, TableRow } from './section.js';
import { exposeGc } from './stats.js';
import { formatTable } from './table.js';

/**
 * Every section, in run order; a new section is one module and one entry here. Each is loaded
 * only when it is about to run: a module graph loaded early (the MCP SDK, Playwright) enlarges
 * the heap every full GC between timed runs walks, and that alone made the few-ms naming runs
 * 20% slower, so a section's figures would depend on which other sections exist.
 */
const SECTIONS: Record<string, () => Promise<BenchSection>> = {
  naming: async () => (await import('./naming.js')).naming,
  startup: async () => (await import('./startup.js')).startup,
  dispatch: async () => (await import('./dispatch.js')).dispatch,
  dispatch2026: async () => (await import('./dispatch-2026.js')).dispatch2026,
  notifications: async () => (await import('./notifications.js')).notifications,
  llmTools: async () => (await import('./llm-tools.js')).llmTools,
  migration: async () => (await import('./migration.js')).migration,
  uiFilter: async () => (await import('./ui-filter.js')).uiFilter,
  providers: async () => (await import('./providers.js')).providers,
  providerCache: async () => (await import('./provider-cache.js')).providerCache,
  results: async () => (await import('./results.js')).results,
  appView: async () => (await import('./app-view.js')).appView,
  integrity: async () => (await import('./integrity.js')).integrity,
  integrityScan: async () => (await import('./integrity-scan.js')).integrityScan,

  toolSearch: async () => (await import('./tool-search.js')).toolSearch,
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { json: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const known = Object.keys(SECTIONS);
  const wanted = values.only?.split(',').map((name) => name.trim());
  const unknown = wanted?.filter((name) => !known.includes(name)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown section(s): ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const selected = known.filter((name) => wanted === undefined || wanted.includes(name));

  const gc = exposeGc();
  const log = (message: string): void => void process.stderr.write(`${message}\n`);
  if (gc === undefined) log('bench: no GC could be exposed; runs are not separated by a full GC');
  const ctx: SectionContext = { log, gc: gc ?? (() => undefined) };

  const json: Record<string, Json> = {};
  const rows: Array<TableRow & { section: string }> = [];
  for (const name of selected) {
    const section = await SECTIONS[name]!();
    const result = await section.run(ctx);
    json[section.name] = result.json;
    rows.push(...result.rows.map((row) => ({ ...row, section: section.name })));
  }
  process.stdout.write(values.json ? `${JSON.stringify(json)}\n` : formatTable(rows));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
