// Plain-text table for `npm run bench`: padded columns, no dependency.
import type { TableRow } from './section.js';

export function formatTable(rows: ReadonlyArray<TableRow & { section: string }>): string {
  const header = ['section', 'metric', 'value', 'target', 'pass'];
  const cells = rows.map((r) => [
    r.section,
    r.metric,
    r.value,
    r.target ?? '',
    r.pass === undefined ? '' : r.pass ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string => c.map((text, i) => text.padEnd(widths[i]!)).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...cells.map(line)].join('\n') + '\n';
}
