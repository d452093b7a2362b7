// Runs one conformance client scenario: the suite (on Node 22, from tools/conformance) starts its
// scripted server and runs tests/conformance/client.ts against it; the checks it recorded come
// back with what the client printed. And one server scenario against a server of the tests
// (`runServerScenario`: the task scenarios, against the 2026-07-28 fixture).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryArgs } from '../fixtures/entry.js';
import type { Wire } from './scenarios.js';
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
  /**
   * How the client ended, as the suite judged it: `ok`, or `error` (a non-zero exit the scenario
   * does not allow: the scenarios where the app must refuse allow one) or `timeout`.
   */
  clientExit: 'ok' | 'error' | 'timeout';
  /** The client's output (stdout.txt, stderr.txt), and the suite's, for a failure's message. */
  output: string;
}

/** What the suite printed about the client's exit (runner/client.ts, printClientResults). */
function clientExitOf(suiteOutput: string): ScenarioRun['clientExit'] {
  if (suiteOutput.includes('CLIENT TIMED OUT')) return 'timeout';
  return suiteOutput.includes('CLIENT EXITED WITH ERROR') ? 'error' : 'ok';
}

/** Runs one scenario at `wire` (the suite's default for the scenario when undefined). */
export async function runScenario(scenario: string, wire?: Wire, timeoutMs = 180_000): Promise<ScenarioRun> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-out-'));
  // The suite splits the command on spaces and runs it in a shell: no path here may hold one.
  const command = [process.execPath, ...entryArgs(CLIENT)].join(' ');
  try {
    const suite = await new Promise<string>((resolve, reject) => {
      // `--force`: a requirements list decides which wire a scenario runs at, as the suite's own
      // `--requirements` does (the 2026-07-28 list names scenarios of earlier revisions).
      const at = wire === undefined ? [] : ['--spec-version', wire, '--force'];
      const child = spawn(NODE_22, [CONFORMANCE, 'client', '--scenario', scenario, ...at, '--command', command, '-o', out, '--timeout', String(timeoutMs)], {
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
    if (!checksFile) return { checks: [], clientExit: clientExitOf(suite), output: suite };
    const dir = path.join(out, path.dirname(checksFile));
    const read = (name: string): string => (fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), 'utf8') : '');
    return {
      checks: JSON.parse(read('checks.json')) as Check[],
      clientExit: clientExitOf(suite),
      output: `client stdout:\n${read('stdout.txt')}\nclient stderr:\n${read('stderr.txt')}\nthe suite's last lines:\n${suite.split('\n').slice(-25).join('\n')}`,
    };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** Runs server scenario `scenario` against the server at `url` at `wire`; its checks, and the suite's last lines. */
export async function runServerScenario(scenario: string, url: string, wire: Wire): Promise<{ checks: Check[]; output: string }> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-server-'));
  try {
    const suite = await new Promise<string>((resolve, reject) => {
      const child = spawn(NODE_22, [CONFORMANCE, 'server', '--url', url, '--scenario', scenario, '--spec-version', wire, '--force', '-o', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', () => resolve(text));
    });
    const checksFile = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).find((file) => path.basename(file) === 'checks.json');
    const checks = checksFile ? (JSON.parse(fs.readFileSync(path.join(out, checksFile), 'utf8')) as Check[]) : [];
    return { checks, output: suite.split('\n').slice(-40).join('\n') };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
