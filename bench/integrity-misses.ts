// Prints a written set's misses and false highs with their texts and findings (a development aid for tuning the scan):
//   npx tsx bench/integrity-misses.ts tests/fixtures/integrity-set-c [poisoned|benign] [class]
import fs from 'node:fs';
import { scanServer, scanTool, hasHigh } from '../src/main/integrity/scan.js';

const folder = process.argv[2] ?? 'tests/fixtures/integrity-set-c';
const which = process.argv[3] ?? 'both';
const classFilter = process.argv[4];
type Item = { id?: string; class?: string; tool?: never; server?: never; others?: never };
const read = (file: string): Item[] => JSON.parse(fs.readFileSync(`${folder}/${file}`, 'utf8')) as Item[];
function findings(item: Item) {
  const context = item.others === undefined ? undefined : { others: item.others };
  return [...(item.tool === undefined ? [] : scanTool(item.tool, context)), ...(item.server === undefined ? [] : scanServer(item.server, context))];
}
for (const [file, wantHigh] of [['poisoned.json', false], ['benign.json', true]] as const) {
  if (which !== 'both' && which !== file.split('.')[0]) continue;
  let n = 0;
  for (const item of read(file)) {
    if (classFilter !== undefined && item.class !== classFilter) continue;
    const found = findings(item);
    if (hasHigh(found) !== wantHigh) continue;
    n++;
    console.log(`=== ${file} ${item.id} ${item.class}`);
    const { id: _id, class: _c, ...rest } = item as Record<string, unknown>;
    console.log(JSON.stringify(rest).slice(0, 2500));
    for (const f of found) console.log('  >', JSON.stringify(f).slice(0, 300));
  }
  console.log(`# ${file}: ${n}`);
}
