// The rules' (main's scan) verdict on every item of sets A, B, D and every held real tool, saved
// with the commit it was measured at: the "rules alone" baseline of the learned-scorer experiment
// (set D's must be main's before the lexicon was tuned on D). Run: npx tsx bench/learned-scorer/baseline.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { hasHigh, scanServer, scanTool } from '../../src/main/integrity/scan.js';
import type { Finding } from '../../src/types/integrity.js';
import { flagged } from '../integrity-sets.js';
import { indexedServers, readSet, SET_NAMES } from './data.js';

// The last commit that changed the scan's source: the rules measured.
const commit = execFileSync('git', ['log', '-1', '--format=%H', '--', 'src/main/integrity'], { encoding: 'utf8' }).trim();
const sets = Object.fromEntries(SET_NAMES.map((name) => [name, readSet(`integrity-set-${name}`).map((item) => flagged(item.definition))]));
// Any finding (low, medium or high): what "rules medium AND scorer" (a gated combination) needs.
const anyFinding = (findings: readonly Finding[]): boolean => findings.length > 0;
const mediumSets = Object.fromEntries(
  SET_NAMES.map((name) => [name, readSet(`integrity-set-${name}`).map((item) => anyFinding([...(item.definition.tool === undefined ? [] : scanTool(item.definition.tool, item.definition.context)), ...(item.definition.server === undefined ? [] : scanServer(item.definition.server, item.definition.context))]))]),
);
const realFindings = indexedServers().flatMap((server) => server.tools.map((tool) => scanTool(tool)));
const real = realFindings.map(hasHigh);
const realAny = realFindings.map(anyFinding);
fs.writeFileSync(new URL('./rules-baseline.json', import.meta.url), `${JSON.stringify({ commit, measured: new Date().toISOString(), sets, real, findings: { sets: mediumSets, real: realAny } })}\n`);
for (const name of SET_NAMES) {
  const items = readSet(`integrity-set-${name}`);
  const poisoned = items.filter((item) => item.poisoned).length;
  const hits = sets[name]!;
  console.log(name, `detected ${hits.slice(0, poisoned).filter(Boolean).length}/${poisoned}`, `false highs ${hits.slice(poisoned).filter(Boolean).length}/${items.length - poisoned}`);
}
console.log('real tools with a high finding', real.filter(Boolean).length, '/', real.length, '; with any finding', realAny.filter(Boolean).length);
