// `npm start`: the Electron app where the Electron runtime is installed; otherwise (as on
// machines that cannot download it) the browser host, with a one-line reason and the URL.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWebHost } from './web.js';
import { messageOf } from '../../types/errors.js';
import { answerOrFail } from './exit-guard.js';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The Electron binary, or why there is none. Read from the package's files rather than by
 * requiring it: `require('electron')` tries to download a missing runtime on the spot, which
 * fails (with a stack trace) on machines that cannot reach GitHub.
 */
function findElectron(): { binary: string } | { reason: string } {
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const relative = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : '';
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(packageDir, 'dist');
  const binary = path.join(dist, relative || 'electron');
  if (relative && fs.existsSync(binary)) return { binary };
  return { reason: 'the Electron runtime is not installed (`npx install-electron` downloads it where GitHub is reachable)' };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const electron = findElectron();
  if ('reason' in electron) {
    console.log(`Starting the browser host: ${electron.reason}.`);
    await runWebHost(argv);
    return;
  }
  const build = spawnSync('npm', ['run', 'build:electron'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the Electron host failed');
  const child = spawn(electron.binary, ['dist/main/hosts/electron.js', ...argv], { cwd: projectRoot, stdio: 'inherit' });
  child.on('error', (error) => {
    console.error(`start: the Electron app could not be started: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code) => process.exit(code ?? 0));
}

answerOrFail('start', main).catch((error: unknown) => {
  console.error(`start: ${messageOf(error)}`);
  process.exit(1);
});
