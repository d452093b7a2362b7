// `tsx scripts/run-parallel.ts SCRIPT…`: runs the named npm scripts at the same time and fails if
// any fails. `npm test` starts with lint, the typecheck and the Electron security scan, each
// mostly one core's work: side by side on two cores they take the time of the longest (lint,
// about 40 s) instead of their sum (about 60 s). Each script's output is held and printed whole
// when it ends, so lines of different scripts never interleave.
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  output: string;
  seconds: number;
}

function runScript(script: string): Promise<Outcome> {
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (code: number, extra = ''): void => resolve({ script, code, output: output + extra, seconds: (performance.now() - started) / 1000 });
    child.once('error', (error) => done(1, `${error.message}\n`));
    child.once('close', (code) => done(code ?? 1));
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts SCRIPT…');
  process.exit(2);
}
const outcomes = await Promise.all(
  scripts.map(async (script) => {
    const outcome = await runScript(script);
    const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
    process.stderr.write(`${outcome.output}${outcome.output && !outcome.output.endsWith('\n') ? '\n' : ''}── npm run ${script}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n`);
    return outcome;
  }),
);
const failed = outcomes.filter((outcome) => outcome.code !== 0).map((outcome) => outcome.script);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
