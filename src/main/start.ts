// `npm start`: the Electron app where the Electron runtime is installed; otherwise (as on
// machines that cannot download it) the browser host, with a one-line reason and the URL.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runWebHost } from './web.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The Electron binary, or why there is none. */
export function findElectron(): { binary: string } | { reason: string } {
  try {
    // The `electron` package's main export is the path of its downloaded runtime; it throws
    // when the runtime was never downloaded.
    const binary: unknown = createRequire(import.meta.url)('electron');
    if (typeof binary === 'string' && fs.existsSync(binary)) return { binary };
    return { reason: 'the Electron runtime is not installed' };
  } catch (error) {
    return { reason: `the Electron runtime is not installed (${(error as Error).message.split('\n')[0]})` };
  }
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
  const child = spawn(electron.binary, ['dist/main/electron.js', ...argv], { cwd: projectRoot, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(`start: ${(error as Error).message}`);
  process.exit(1);
});
