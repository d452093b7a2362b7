// The Playwright test with this suite's fixtures (a fresh user-data folder, hosts started and
// stopped, uncaught page errors failing the test) and the page helpers the specs share.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { RunningHost } from './host.js';
import { makeUserDataDir, removeUserDataDir, startHost } from './host.js';

export { expect };

export interface Fixtures {
  /** A fresh, empty user-data folder, removed after the test. */
  userDataDir: string;
  /** Starts the browser host on a folder; every host started is stopped after the test. */
  launch: (userDataDir: string) => Promise<RunningHost>;
  /** Auto: any uncaught error in the page fails the test. */
  pageErrors: void;
}

// Playwright reads a fixture's dependencies from its first parameter, which must be an object
// pattern even when empty; hence the no-empty-pattern exceptions.
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  userDataDir: async ({}, use) => {
    const dir = makeUserDataDir();
    await use(dir);
    removeUserDataDir(dir);
  },
  // eslint-disable-next-line no-empty-pattern
  launch: async ({}, use) => {
    const hosts: RunningHost[] = [];
    await use(async (dir) => {
      const host = await startHost(dir);
      hosts.push(host);
      return host;
    });
    await Promise.all(hosts.map((host) => host.stop()));
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      await use();
      // Checked after the test body: an event handler cannot fail the test by throwing.
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens the host's URL and waits for the first state to load. */
export async function open(page: Page, host: RunningHost): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('nav-servers')).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
}

export function serverRow(page: Page, label: string): Locator {
  return page.locator(`[data-testid="server-row"][data-server-label="${label}"]`);
}

export function toolRow(scope: Locator, exposed: string): Locator {
  return scope.locator(`[data-testid="tool-row"][data-exposed="${exposed}"]`);
}

export function checkbox(page: Page, exposed: string): Locator {
  return page.locator(`[data-testid="tool-checkbox"][data-exposed="${exposed}"]`);
}

export async function expectReady(page: Page, label: string): Promise<void> {
  await expect(serverRow(page, label).getByTestId('server-status')).toHaveAttribute('data-status', 'ready');
}

export async function expand(page: Page, label: string): Promise<Locator> {
  const row = serverRow(page, label);
  const caret = row.getByTestId('server-expand');
  if ((await caret.getAttribute('aria-expanded')) !== 'true') await caret.click();
  await expect(row.getByTestId('server-tools')).toBeVisible();
  return row;
}

export async function openModel(page: Page, model: string): Promise<Locator> {
  await page.getByTestId('nav-models').click();
  const row = page.locator(`[data-testid="model-row"][data-model="${model}"]`);
  await row.getByTestId('model-pick').click();
  const editor = page.getByTestId('selection-editor');
  await expect(editor).toHaveAttribute('data-target', new RegExp(`/${model}$`));
  return editor;
}
