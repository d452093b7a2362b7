// Run before the e2e tests: makes sure a Chromium is there, the headless shell when it can be had.
// Where there is none, or only the full browser, it installs Debian's `chromium-headless-shell`
// with apt-get when it can (root, apt present; the package lists are refreshed only when the
// first try fails); with no browser at all and no apt it stops with the exact command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findBrowser, HEADLESS_SHELL } from './browser.js';

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
const found = findBrowser();
if ('executablePath' in found && (found.executablePath === undefined || found.executablePath === HEADLESS_SHELL || found.source === 'CHROMIUM_PATH')) {
  console.error(`e2e: using ${found.source}`);
  process.exit(0);
}
if (!('executablePath' in found) && process.env.CHROMIUM_PATH) {
  console.error(`e2e: ${found.missing}; unset it or point it at a Chromium.`);
  process.exit(1);
}
if (!canApt) {
  if ('executablePath' in found) {
    console.error(`e2e: using ${found.source} (Debian's chromium-headless-shell would take half the CPU time)`);
    process.exit(0);
  }
  console.error('e2e: no Chromium found. Install one with:\n  sudo apt-get update && sudo apt-get install -y chromium-headless-shell\nor set CHROMIUM_PATH to a Chromium or Chrome binary.');
  process.exit(1);
}
console.error("e2e: installing Debian's chromium-headless-shell with apt-get…");
const installed = run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell']) ||
  (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell']));
const after = findBrowser();
if (!('executablePath' in after)) {
  console.error('e2e: apt-get could not install chromium-headless-shell. Run:\n  apt-get update && apt-get install -y chromium-headless-shell');
  process.exit(1);
}
console.error(installed ? `e2e: installed ${after.source}` : `e2e: chromium-headless-shell could not be installed; using ${after.source}`);
