// Runs one conformance client scenario: the suite (on Node 22, from tools/conformance) starts its
// scripted server and runs tests/conformance/client.ts against it; the checks it recorded come
// back with what the client printed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryArgs } from '../fixtures/entry.js';
import { CONFORMANCE_CLIENT_METADATA_URL } from './scenarios.js';
import { CONFORMANCE, NODE_22 } from './suite.js';

const CLIENT = fileURLToPath(new URL('./client.ts', import.meta.url));

export interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  description: string;
}

export interface ScenarioRun {
  checks: Check[];
  /** The client's output (stdout.txt, stderr.txt), and the suite's, for a failure's message. */
  output: string;
}

/** The protocol revision a scenario runs at: the suite's `--spec-version` (each revision's wire). */
export type SpecVersion = '2025-03-26' | '2025-11-25' | '2026-07-28';

export async function runScenario(scenario: string, specVersion: SpecVersion = '2025-11-25', timeoutMs = 180_000): Promise<ScenarioRun> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-out-'));
  // The suite splits the command on spaces and runs it in a shell: no path here may hold one.
  const command = [process.execPath, ...entryArgs(CLIENT)].join(' ');
  try {
    const suite = await new Promise<string>((resolve, reject) => {
      const child = spawn(NODE_22, [CONFORMANCE, 'client', '--scenario', scenario, '--spec-version', specVersion, '--command', command, '-o', out, '--timeout', String(timeoutMs)], {
        env: { ...process.env, MCP_OAUTH_CLIENT_METADATA_URL: CONFORMANCE_CLIENT_METADATA_URL },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', () => resolve(text));
    });
    const files = fs.readdirSync(out, { recursive: true, encoding: 'utf8' });
    const checksFile = files.find((file) => path.basename(file) === 'checks.json');
    if (!checksFile) return { checks: [], output: suite };
    const dir = path.join(out, path.dirname(checksFile));
    const read = (name: string): string => (fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), 'utf8') : '');
    return {
      checks: JSON.parse(read('checks.json')) as Check[],
      output: `client stdout:\n${read('stdout.txt')}\nclient stderr:\n${read('stderr.txt')}`,
    };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
