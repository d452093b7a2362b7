// One writer per profile, and a profile that cannot be written, end to end: browser hosts as real
// child processes (one of them killed with SIGKILL), and Chromium on a host run as an
// unprivileged user on a folder it cannot write.
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { RunningHost } from './host.js';
import { fixtureServer, makeUserDataDir, removeUserDataDir, runHostToExit, startHost, writeConfig } from './host.js';

interface Fixtures {
  userDataDir: string;
  /** Hosts started in a test, stopped after it. */
  hosts: RunningHost[];
}

// Playwright reads a fixture's dependencies from its first parameter, which must be an object
// pattern even when empty.
const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  userDataDir: async ({}, use) => {
    const dir = makeUserDataDir();
    await use(dir);
    removeUserDataDir(dir);
  },
  // eslint-disable-next-line no-empty-pattern
  hosts: async ({}, use) => {
    const hosts: RunningHost[] = [];
    await use(hosts);
    await Promise.all(hosts.map((host) => host.stop()));
  },
});

const ECHO = fixtureServer({ uuid: '00000000-0000-4000-8000-0000000000e1', label: 'Echo', fixture: { id: 'echo', tools: ['echo', 'unity/health'] } });

test('a second browser host on the same profile refuses to start and names the first; after a kill -9 of the first it starts', async ({ userDataDir, hosts }) => {
  writeConfig(userDataDir, { servers: [] });
  const first = await startHost(userDataDir);
  hosts.push(first);
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
  const third = await startHost(userDataDir);
  hosts.push(third);
  expect(third.pid).not.toBe(first.pid);
});

test('a profile the host cannot write: the page loads, with a lasting "Settings cannot be saved" notice naming the file', async ({ page, userDataDir, hosts }) => {
  const file = writeConfig(userDataDir, { servers: [ECHO], prompt: ['echo'] });
  // Readable by everyone, writable by root only; the host runs as nobody.
  fs.chmodSync(userDataDir, 0o755);
  fs.chmodSync(file, 0o644);
  const before = fs.readFileSync(file, 'utf8');
  const host = await startHost(userDataDir, { asNobody: true });
  hosts.push(host);

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
