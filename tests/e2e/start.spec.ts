// `npm start` as a child process, where the Electron runtime cannot be downloaded (these machines
// cannot reach GitHub; here a mirror on a closed local port makes the failure certain and fast):
// it says so in one line and starts the browser host, whose page then works; `--browser` starts
// the browser host without trying. ELECTRON_OVERRIDE_DIST_PATH points at an empty folder, so a
// runtime someone installed in node_modules is not launched.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnTracked, stopChild, waitForLine } from '../fixtures/child-process.js';
import { TSX_LOADER_URL } from '../fixtures/entry.js';
import { REPO_ROOT } from './host.js';
import { expect, test } from './fixtures.js';

const START = path.join(REPO_ROOT, 'src/main/hosts/start.ts');
const URL_LINE = /^\s+(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)\s*$/m;

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function start(userDataDir: string, extra: string[]): Promise<{ url: string; stdout: () => string; stop: () => Promise<void> }> {
  const port = await closedPort();
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-electron-'));
  const env = { ...process.env, ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: empty, ELECTRON_OVERRIDE_DIST_PATH: empty };
  const tracked = spawnTracked(process.execPath, ['--import', TSX_LOADER_URL, START, '--user-data', userDataDir, '--port', '0', ...extra], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  tracked.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const url = await waitForLine(tracked, URL_LINE, 'npm start', 30_000);
  return { url, stdout: () => stdout.replace(/#token=[0-9a-f]+/, '#token=…'), stop: () => stopChild(tracked.child, 5_000).finally(() => fs.rmSync(empty, { recursive: true, force: true })) };
}

test('where the runtime cannot be downloaded, npm start says why in one line and the browser host works', async ({ page, userDataDir }) => {
  const app = await start(userDataDir, []);
  try {
    const lines = app.stdout().split('\n');
    expect(lines[0]).toMatch(/^Downloading the Electron runtime \d+\.\d+\.\d+ \(once; later starts use it\)…$/);
    expect(lines[1]).toMatch(/^Starting the browser host: the Electron runtime could not be downloaded \(fetch failed: connect ECONNREFUSED 127\.0\.0\.1:\d+\)\.$/);
    expect(lines[2]).toBe('MCP Tool Names is running. Open this address in your browser (it holds this launch\'s key):');
    await page.goto(app.url);
    await expect(page.getByTestId('servers-empty')).toBeVisible();
  } finally {
    await app.stop();
  }
});

test('npm start -- --browser starts the browser host without trying the download', async ({ page, userDataDir }) => {
  const app = await start(userDataDir, ['--browser']);
  try {
    expect(app.stdout().split('\n')[0]).toBe('Starting the browser host: --browser was given.');
    expect(app.stdout()).not.toContain('Downloading');
    await page.goto(app.url);
    await expect(page.getByTestId('servers-empty')).toBeVisible();
  } finally {
    await app.stop();
  }
});
