// Runs `npm run inspect` the way npm does (node --import tsx src/main/hosts/cli.ts …) as a child
// process, for a clean stdout and for a process with an environment of its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TSX_LOADER_URL } from '../../fixtures/launch.js';

const CLI_PATH = fileURLToPath(new URL('../../../src/main/hosts/cli.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

export interface InspectRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function inspectChild(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<InspectRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER_URL, CLI_PATH, ...argv], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
