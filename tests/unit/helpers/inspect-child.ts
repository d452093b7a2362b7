// Runs `npm run inspect` for the tests: in process through `main` with console output captured,
// or the way npm does (node --import tsx src/main/hosts/cli/cli.ts …) as a child process, for a clean
// stdout and for a process with an environment (or a user) of its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { main } from '../../../src/main/hosts/cli/cli.js';
import { asNobody } from '../../fixtures/child-process.js';
import { entryArgs } from '../../fixtures/entry.js';

export const CLI_PATH = fileURLToPath(new URL('../../../src/main/hosts/cli/cli.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
/** What comes after `node` to run the CLI. */
export const CLI_ARGS = entryArgs(CLI_PATH);

export interface InspectRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `main` with console output captured. */
export async function inspect(...argv: string[]): Promise<InspectRun> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  try {
    const code = await main(argv);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    vi.restoreAllMocks();
  }
}

export function inspectChild(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<InspectRun> {
  return runChild(process.execPath, [...CLI_ARGS, ...argv], env);
}

/** The same as the user `nobody`: a profile this user cannot write is then really read-only. */
export function inspectChildAsNobody(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<InspectRun> {
  return runChild(...asNobody([process.execPath, ...CLI_ARGS, ...argv]), env);
}

/** Runs a command from the repository's root and collects its output. */
export function runChild(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<InspectRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
