// `npm run bench [-- --json] [-- --only naming,…]`: runs the registered sections in order.
// With --json, stdout carries exactly one JSON object (one key per section) so scripts can
// parse it; progress and errors always go to stderr.
import { parseArgs } from 'node:util';
import { dispatch } from './dispatch.js';
import { llmTools } from './llm-tools.js';
import { migration } from './migration.js';
import { naming } from './naming.js';
import type { BenchSection, Json, SectionContext, TableRow } from './section.js';
import { startup } from './startup.js';
import { uiFilter } from './ui-filter.js';
import { exposeGc } from './stats.js';
import { formatTable } from './table.js';

/** Every section, in run order; a new section is one module and one entry here. */
const SECTIONS: BenchSection[] = [naming, startup, dispatch, llmTools, migration, uiFilter];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { json: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const wanted = values.only?.split(',').map((name) => name.trim());
  const unknown = wanted?.filter((name) => !SECTIONS.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(`unknown section(s): ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.name).join(', ')}`);
  }
  const selected = SECTIONS.filter((s) => wanted === undefined || wanted.includes(s.name));

  const gc = exposeGc();
  const log = (message: string): void => void process.stderr.write(`${message}\n`);
  if (gc === undefined) log('bench: no GC could be exposed; runs are not separated by a full GC');
  const ctx: SectionContext = { log, gc: gc ?? (() => undefined) };

  const json: Record<string, Json> = {};
  const rows: Array<TableRow & { section: string }> = [];
  for (const section of selected) {
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
