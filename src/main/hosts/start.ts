// `npm start`: the Electron app. Where its runtime is missing (electron 45 downloads it on first
// use), it is downloaded first, once, with its progress shown; where that download fails (a
// machine that cannot reach GitHub), the browser host starts instead, saying why in one line.
// `--browser` starts the browser host straight away.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runWebHost } from './web.js';
import { messageOf } from '../../types/errors.js';
import { answerOrFail } from './exit-guard.js';
import type { DownloadProgress } from './electron-runtime.js';
import { downloadElectron, electronBinary, electronPackage } from './electron-runtime.js';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const BROWSER_FLAG = '--browser';

/** Download progress on stderr: in place on a terminal, otherwise a line every tenth. */
function progressPrinter(version: string): { show: (progress: DownloadProgress) => void; end: () => void } {
  const tty = process.stderr.isTTY === true;
  let shownTenth = -1;
  let drawn = false;
  const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return {
    show({ transferred, total }) {
      const text = total ? `${Math.floor((transferred / total) * 100)}% of ${mb(total)}` : mb(transferred);
      const tenth = total ? Math.floor((transferred / total) * 10) : Math.floor(transferred / (10 * 1024 * 1024));
      if (tty) {
        process.stderr.write(`\rDownloading the Electron runtime ${version}: ${text}   `);
        drawn = true;
      } else if (tenth !== shownTenth) {
        shownTenth = tenth;
        process.stderr.write(`Downloading the Electron runtime ${version}: ${text}\n`);
      }
    },
    end() {
      if (drawn) process.stderr.write('\n');
    },
  };
}

/** The Electron binary, downloading the runtime first where it is missing; or why there is none. */
async function findOrDownload(): Promise<{ binary: string } | { reason: string }> {
  const pkg = electronPackage();
  if (!pkg) return { reason: 'the electron package is not installed (run npm ci)' };
  const present = electronBinary(pkg);
  if (present) return { binary: present };
  console.log(`Downloading the Electron runtime ${pkg.version} (once; later starts use it)…`);
  const printer = progressPrinter(pkg.version);
  try {
    const binary = await downloadElectron(pkg, printer.show);
    printer.end();
    return { binary };
  } catch (error) {
    printer.end();
    return { reason: `the Electron runtime could not be downloaded (${messageOf(error)})` };
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const browser = args.includes(BROWSER_FLAG);
  const argv = args.filter((arg) => arg !== BROWSER_FLAG);
  const electron = browser ? { reason: `${BROWSER_FLAG} was given` } : await findOrDownload();
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
