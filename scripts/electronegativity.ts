// Part of `npm test`: Doyensec's Electronegativity over src/, with the project's Electron version.
// Fails on any finding of medium severity or above that docs/security.md does not list as accepted (in
// its "Accepted Electronegativity findings" table, with the reason), and on a listed finding that
// no longer occurs, so the page stays true.
//
//   npx tsx scripts/electronegativity.ts [DIR]     (DIR defaults to src)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEntryModule } from '../src/main/profile/paths.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the accepted findings are listed, with a reason each. */
export const ACCEPTED_FILE = 'docs/security.md';
const README_SECTION = 'Accepted Electronegativity findings';
/** Medium and high; low and informational findings are not reported. */
const MIN_SEVERITY = 2;
/**
 * Skipped: it downloads Electron's release list from GitHub to say whether a newer Electron has
 * security fixes; the test machines cannot reach GitHub, and it judges the version, not the code.
 */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

export interface Finding {
  id: string;
  /** Relative to the repository (`src/main/hosts/electron.ts`), or `N/A` for a global finding. */
  file: string;
  line: number;
  severity: string;
  description: string;
}

export interface AcceptedFinding {
  id: string;
  file: string;
  reason: string;
}

interface RawIssue {
  id: string;
  file: string;
  location: { line: number };
  severity: { value: number; name: string };
  description: unknown;
}

interface ScanResult {
  issues: RawIssue[];
  errors: Array<{ file: string; message: string; tolerable: boolean }>;
}

type Run = (options: Record<string, unknown>, forCli: boolean) => Promise<ScanResult>;

/** The Electron version the project builds with: package.json's devDependency, without a range. */
export function projectElectronVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return pkg.devDependencies.electron!.replace(/^[\^~]/, '');
}

/** Runs Electronegativity over `dir`; findings of medium severity and above, and parse errors. */
export async function scan(dir: string, electronVersion: string): Promise<{ findings: Finding[]; errors: string[] }> {
  // CommonJS without types: what it returns is checked by the shape above, nothing more.
  const run = createRequire(import.meta.url)('@doyensec/electronegativity') as Run;
  const log = console.log;
  // It prints progress (and that it cannot fetch translations) even when not run as a CLI.
  console.log = () => undefined;
  let result: ScanResult;
  try {
    result = await run({ input: dir, electronVersionOverride: electronVersion, isRelative: true, excludeFromScan: EXCLUDED_CHECKS.map((c) => c.toLowerCase()) }, false);
  } finally {
    console.log = log;
  }
  const base = path.relative(ROOT, path.resolve(dir));
  const findings = result.issues
    .filter((issue) => issue.severity.value >= MIN_SEVERITY)
    .map((issue) => ({
      id: issue.id,
      file: issue.file === 'N/A' ? 'N/A' : path.posix.join(base.split(path.sep).join('/'), issue.file.split(path.sep).join('/')),
      line: issue.location.line,
      severity: issue.severity.name,
      description: typeof issue.description === 'string' ? issue.description : JSON.stringify(issue.description),
    }));
  const errors = result.errors.filter((error) => !error.tolerable).map((error) => `${error.file}: ${error.message}`);
  return { findings, errors };
}

/** The security page's table of accepted findings: `| \`CHECK_ID\` | \`path\` | reason |` rows. */
export function parseAccepted(readme: string): AcceptedFinding[] {
  const start = readme.indexOf(`### ${README_SECTION}`);
  if (start < 0) return [];
  const rest = readme.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => line.startsWith('#'));
  const cells = (line: string): string[] => line.split('|').slice(1, -1).map((cell) => cell.trim().replace(/^`|`$/g, ''));
  return (end < 0 ? rest : rest.slice(0, end))
    .filter((line) => line.startsWith('|'))
    .map(cells)
    .filter((row) => row.length === 3 && /^[A-Z_]+$/.test(row[0]!))
    .map(([id, file, reason]) => ({ id: id!, file: file!, reason: reason! }));
}

/** Findings no accepted row covers, and accepted rows (with a reason) that match no finding. */
export function judge(findings: readonly Finding[], accepted: readonly AcceptedFinding[]): { unaccepted: Finding[]; stale: AcceptedFinding[]; unexplained: AcceptedFinding[] } {
  const covers = (a: AcceptedFinding, f: Finding): boolean => a.id === f.id && a.file === f.file;
  return {
    unaccepted: findings.filter((f) => !accepted.some((a) => covers(a, f) && a.reason.length > 0)),
    stale: accepted.filter((a) => !findings.some((f) => covers(a, f))),
    unexplained: accepted.filter((a) => a.reason.length === 0),
  };
}

async function main(): Promise<number> {
  const dir = process.argv[2] ?? path.join(ROOT, 'src');
  const version = projectElectronVersion();
  const { findings, errors } = await scan(dir, version);
  const { unaccepted, stale, unexplained } = judge(findings, parseAccepted(fs.readFileSync(path.join(ROOT, ACCEPTED_FILE), 'utf8')));
  for (const error of errors) console.error(`electronegativity: could not parse ${error}`);
  for (const f of unaccepted) console.error(`electronegativity: ${f.severity} ${f.id} at ${f.file}:${f.line}: ${f.description}`);
  for (const a of stale) console.error(`electronegativity: ${ACCEPTED_FILE} accepts ${a.id} in ${a.file}, which is no longer found: remove the row`);
  for (const a of unexplained) console.error(`electronegativity: ${ACCEPTED_FILE} accepts ${a.id} in ${a.file} without a reason`);
  const failed = errors.length + unaccepted.length + stale.length + unexplained.length > 0;
  console.error(
    failed
      ? `electronegativity: ${unaccepted.length} finding(s) of medium severity or above not accepted in ${ACCEPTED_FILE} ("${README_SECTION}")`
      : `electronegativity: Electron ${version}, ${findings.length} finding(s) of medium severity or above, all accepted in ${ACCEPTED_FILE}`,
  );
  return failed ? 1 : 0;
}

if (isEntryModule(import.meta.url)) process.exitCode = await main();
