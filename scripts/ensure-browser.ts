// Run before the e2e tests: makes sure a Chromium is there. Where none is found it installs
// Debian's `chromium` with apt-get when it can (root, apt present); otherwise it stops with the
// exact command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findBrowser } from './browser.js';

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

const found = findBrowser();
if ('executablePath' in found) {
  console.error(`e2e: using ${found.source}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`e2e: ${found.missing}; unset it or point it at a Chromium.`);
  process.exit(1);
}
const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
if (!canApt) {
  console.error('e2e: no Chromium found. Install one with:\n  sudo apt-get update && sudo apt-get install -y chromium\nor set CHROMIUM_PATH to a Chromium or Chrome binary.');
  process.exit(1);
}
console.error("e2e: no Chromium found; installing Debian's chromium with apt-get…");
if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'])) {
  console.error('e2e: apt-get could not install chromium. Run:\n  apt-get update && apt-get install -y chromium');
  process.exit(1);
}
const after = findBrowser();
if (!('executablePath' in after)) {
  console.error('e2e: chromium was installed but not found at /usr/bin/chromium; set CHROMIUM_PATH.');
  process.exit(1);
}
console.error(`e2e: installed ${after.source}`);
