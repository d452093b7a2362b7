// One writer per profile, and a profile that cannot be written, end to end: browser hosts as real
// child processes (one of them killed with SIGKILL), and Chromium on a host run as an
// unprivileged user on a folder it cannot write.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.js';
import { fixtureServer, runHostToExit, writeConfig } from './host.js';

const ECHO = fixtureServer({ uuid: '00000000-0000-4000-8000-0000000000e1', label: 'Echo', fixture: { id: 'echo', tools: ['echo', 'unity/health'] } });

test('a second browser host on the same profile refuses to start and names the first; after a kill -9 of the first it starts', async ({ userDataDir, launch }) => {
  writeConfig(userDataDir, { servers: [] });
  const first = await launch(userDataDir);
  const port = new URL(first.url).port;
  const token = new URL(first.url).hash.replace('#token=', '');

  const second = await runHostToExit(userDataDir);
  expect(second.code).toBe(1);
  expect(second.stdout).toBe('');
  expect(second.stderr.trim()).toBe(
    `web: The profile ${userDataDir} is in use by the browser host (pid ${first.pid}) at http://127.0.0.1:${port}/ (the address with its key is in that host's terminal). ` +
      'One copy of the app writes a profile at a time: use that one, quit it first, or start with another --user-data folder.',
  );
  // The key is in no file of the profile.
  for (const name of fs.readdirSync(userDataDir)) {
    const file = path.join(userDataDir, name);
    if (fs.statSync(file).isFile()) expect(fs.readFileSync(file, 'utf8'), name).not.toContain(token);
  }

  await first.kill();
  const third = await launch(userDataDir);
  expect(third.pid).not.toBe(first.pid);
});

test('a profile the host cannot write: the page loads, with a lasting "Settings cannot be saved" notice naming the file', async ({ page, userDataDir, launch }) => {
  const file = writeConfig(userDataDir, { servers: [ECHO], prompt: ['echo'] });
  // Readable by everyone, writable by root only; the host runs as nobody.
  fs.chmodSync(userDataDir, 0o755);
  fs.chmodSync(file, 0o644);
  const before = fs.readFileSync(file, 'utf8');
  const host = await launch(userDataDir, { asNobody: true });

  await page.goto(host.url);
  const row = page.locator('[data-testid="server-row"][data-server-label="Echo"]');
  await expect(row.getByTestId('server-status')).toHaveAttribute('data-status', 'ready');
  // The names the tools were given could not be saved: the host says so and keeps running.
  const notice = page.locator('[data-testid="notice"][data-kind="unsaved"]');
  await expect(notice).toContainText(`Settings cannot be saved: ${file} could not be written (permission denied).`);
  await expect(notice.getByTestId('notice-dismiss')).toHaveCount(0);
  await page.reload();
  await expect(notice).toBeVisible();
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
  expect(fs.readdirSync(userDataDir)).toEqual(['config.json']);
});

test('a write in the background reaches the page as a state event: the page does not ask for the settings again after status', async ({ page, userDataDir, launch }) => {
  // Its names are saved, so the start writes nothing; add_tool brings a tool whose name must be
  // saved, on a profile the host cannot write: the failed write's notice is the state that changes.
  const lister = fixtureServer({ uuid: '00000000-0000-4000-8000-0000000000e3', label: 'Lister', fixture: { id: 'lister', tools: ['echo'], listChanged: true } });
  const file = writeConfig(userDataDir, { servers: [{ ...lister, toolMappings: { echo: 'echo', add_tool: 'add_tool', remove_tool: 'remove_tool' } }] });
  fs.chmodSync(userDataDir, 0o755);
  fs.chmodSync(file, 0o644);
  const host = await launch(userDataDir, { asNobody: true });
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/getState') reads.push(request.url());
  });

  await page.goto(host.url);
  const row = page.locator('[data-testid="server-row"][data-server-label="Lister"]');
  await expect(row.getByTestId('server-status')).toHaveAttribute('data-status', 'ready');
  const unsaved = page.locator('[data-testid="notice"][data-kind="unsaved"]');
  await expect(unsaved).toHaveCount(0);
  expect(reads).toHaveLength(1);

  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('add_tool');
  // Once the tool's definition is in: until then, its template may land in the middle of what is typed.
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-args').fill('{"name":"fresh"}');
  await page.getByTestId('tester-call').click();
  await page.getByTestId('approval-dialog').getByTestId('approval-once').click();
  await expect(page.getByTestId('tester-tool').locator('option', { hasText: /^fresh — / })).toHaveCount(1);
  // The manager named `fresh` and could not save it: the page hears it from main, unasked.
  await expect(unsaved).toContainText(`Settings cannot be saved: ${file} could not be written (permission denied).`);
  expect(reads).toHaveLength(1);
});
