// The rules' (main's scan) verdict on every item of sets A, B, D and every held real tool, saved
// with the commit it was measured at: the "rules alone" baseline of the learned-scorer experiment
// (set D's must be main's before the lexicon was tuned on D). Run: npx tsx bench/learned-scorer/baseline.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { hasHigh, scanTool } from '../../src/main/integrity/scan.js';
import { flagged } from '../integrity-sets.js';
import { readSet, realSplit, SET_NAMES } from './data.js';

const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const sets = Object.fromEntries(SET_NAMES.map((name) => [name, readSet(`integrity-set-${name}`).map((item) => flagged(item.definition))]));
const held = realSplit().held.flatMap((server) => server.tools.map((tool) => hasHigh(scanTool(tool))));
fs.writeFileSync(new URL('./rules-baseline.json', import.meta.url), `${JSON.stringify({ commit, measured: new Date().toISOString(), sets, heldRealTools: held })}\n`);
for (const name of SET_NAMES) {
  const items = readSet(`integrity-set-${name}`);
  const poisoned = items.filter((item) => item.poisoned).length;
  const hits = sets[name]!;
  console.log(name, `detected ${hits.slice(0, poisoned).filter(Boolean).length}/${poisoned}`, `false highs ${hits.slice(poisoned).filter(Boolean).length}/${items.length - poisoned}`);
}
console.log('held real tools', held.filter(Boolean).length, '/', held.length);
