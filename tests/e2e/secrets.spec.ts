// End to end: a server that answers 401 without its bearer token, added through the form with a
// secret header, in Chromium against the browser host and the run's keyring (tests/setup). The
// page never holds the value; the form shows "saved" with Replace and Remove; the toggle makes a
// harmless header secret; no file of the user-data folder holds the token.
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { FixtureHandle } from '../fixtures/launch.js';
import { startFixture } from '../fixtures/launch.js';
import { filesHolding } from '../unit/helpers/secret-scan.js';
import type { RunningHost } from './host.js';
import { makeUserDataDir, removeUserDataDir, startHost } from './host.js';

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const WRONG = `wrong-${randomBytes(12).toString('hex')}`;
const ACCEPT = 'application/json, text/event-stream';

// One host for the file's tests, in order: they run in one worker.
test.describe.configure({ mode: 'serial' });

let fixture: FixtureHandle;
let host: RunningHost;
let dir: string;

test.beforeAll(async () => {
  fixture = await startFixture({ id: 'remote', transport: 'http', tools: ['lookup'], bearerToken: TOKEN });
  dir = makeUserDataDir();
  host = await startHost(dir);
});

test.afterAll(async () => {
  await host.stop();
  await fixture.stop();
  removeUserDataDir(dir);
});

const row = (page: Page): Locator => page.locator('[data-testid="server-row"][data-server-label="Remote"]');
const status = (page: Page): Locator => row(page).getByTestId('server-status');

async function expectNoSecretInPage(page: Page): Promise<void> {
  const html = await page.content();
  const values = await page.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(html + values.join('\n')).not.toContain(TOKEN);
  expect(filesHolding(dir, [`Bearer ${TOKEN}`, WRONG])).toEqual([]);
}

test('a server behind a bearer token: added with a secret header, shown as saved, replaced, toggled', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('secret-store')).toHaveAttribute('data-kind', 'keyring');

  await page.getByTestId('server-add').click();
  const form = page.getByTestId('server-form');
  await form.getByTestId('field-label').fill('Remote');
  await form.getByTestId('field-type').selectOption('http');
  await form.getByTestId('field-url').fill(fixture.url!);
  const headers = form.getByTestId('field-headers');
  await headers.getByTestId('pair-add').click();
  const auth = headers.getByTestId('pair-row').nth(0);
  await auth.getByTestId('pair-key').fill('Authorization');
  await auth.getByTestId('pair-value').fill(`Bearer ${TOKEN}`);
  // The rule makes it secret: masked, and the toggle cannot turn that off.
  await expect(auth.getByTestId('pair-value')).toHaveAttribute('type', 'password');
  await expect(auth.getByTestId('pair-secret')).toBeChecked();
  await expect(auth.getByTestId('pair-secret')).toBeDisabled();
  await headers.getByTestId('pair-add').click();
  const accept = headers.getByTestId('pair-row').nth(1);
  await accept.getByTestId('pair-key').fill('Accept');
  await accept.getByTestId('pair-value').fill(ACCEPT);
  await expect(accept.getByTestId('pair-secret')).not.toBeChecked();
  await form.getByTestId('server-save').click();
  await expect(form).toBeHidden();
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  await expectNoSecretInPage(page);

  // Edit: the secret shows as saved; saving without touching it keeps it.
  await row(page).getByTestId('server-edit').click();
  const edit = row(page).getByTestId('server-form');
  const savedAuth = edit.getByTestId('field-headers').getByTestId('pair-row').nth(0);
  await expect(savedAuth.getByTestId('pair-saved')).toHaveText('saved');
  await expect(savedAuth.getByTestId('pair-value')).toHaveCount(0);
  await expect(edit.getByTestId('field-headers').getByTestId('pair-row').nth(1).getByTestId('pair-value')).toHaveValue(ACCEPT);
  await expectNoSecretInPage(page);
  await edit.getByTestId('server-save').click();
  await expect(edit).toBeHidden();
  await expect(status(page)).toHaveAttribute('data-status', 'ready');

  // Replace with a wrong token: refused by the server; then with the right one.
  for (const [token, expected] of [[WRONG, 'failed'], [TOKEN, 'ready']] as const) {
    await row(page).getByTestId('server-edit').click();
    const again = row(page).getByTestId('server-form');
    const first = again.getByTestId('field-headers').getByTestId('pair-row').nth(0);
    await first.getByTestId('pair-replace').click();
    await first.getByTestId('pair-value').fill(`Bearer ${token}`);
    await again.getByTestId('server-save').click();
    await expect(again).toBeHidden();
    await expect(status(page)).toHaveAttribute('data-status', expected);
  }

  // The toggle: a harmless header made secret by the user shows as saved from then on.
  await row(page).getByTestId('server-edit').click();
  const toggle = row(page).getByTestId('server-form');
  const acceptRow = toggle.getByTestId('field-headers').getByTestId('pair-row').nth(1);
  await acceptRow.getByTestId('pair-secret').check();
  await expect(acceptRow.getByTestId('pair-value')).toHaveAttribute('type', 'password');
  await toggle.getByTestId('server-save').click();
  await expect(toggle).toBeHidden();
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  await row(page).getByTestId('server-edit').click();
  const last = row(page).getByTestId('server-form');
  await expect(last.getByTestId('field-headers').getByTestId('pair-saved')).toHaveText(['saved', 'saved']);
  await expectNoSecretInPage(page);

  // Remove: the header is gone, and the server is refused again.
  await last.getByTestId('field-headers').getByTestId('pair-row').nth(0).getByTestId('pair-remove').click();
  await expect(last.getByTestId('field-headers').getByTestId('pair-row')).toHaveCount(1);
  await last.getByTestId('server-save').click();
  await expect(last).toBeHidden();
  await expect(status(page)).toHaveAttribute('data-status', 'failed');
  await expect(row(page).getByTestId('server-error')).toContainText('HTTP 401');
});
