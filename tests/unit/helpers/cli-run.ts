// Runs `npm run inspect` for the CLI tests: in process through `main` with console output
// captured, or as a child process for a stdout that holds exactly what the CLI printed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { main } from '../../../src/main/hosts/cli.js';
import { TSX_LOADER_URL } from './mcp-env.js';

const CLI_PATH = fileURLToPath(new URL('../../../src/main/hosts/cli.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `main` with console output captured. */
export async function inspect(...argv: string[]): Promise<Run> {
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

/** Runs the CLI as `node --import tsx src/main/hosts/cli.ts …`, as `npm run inspect` does. */
export function inspectChild(...argv: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER_URL, CLI_PATH, ...argv], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
