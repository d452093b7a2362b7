// End to end: a server behind OAuth (the SDK's mcpAuthRouter over an in-memory provider, with a
// consent page), added through the form in Chromium against the browser host: "needs sign-in",
// Sign in opens the consent page in a new tab, Approve, the tab says it can be closed, the server
// is ready with its tools, a tool is called from the tester; then Sign out. The page and the
// user-data folder never hold a token.
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { OAuthFixture } from '../fixtures/oauth/server.js';
import { startOAuthFixture } from '../fixtures/oauth/server.js';
import { filesHolding } from '../unit/helpers/secret-scan.js';
import type { RunningHost } from './host.js';
import { expectAccessible } from './fixtures.js';
import { makeUserDataDir, removeUserDataDir, startHost, writeConfig } from './host.js';

// One host for the file's tests, in order: they run in one worker.
test.describe.configure({ mode: 'serial' });

let fixture: OAuthFixture;
let host: RunningHost;
let dir: string;

test.beforeAll(async () => {
  fixture = await startOAuthFixture({ id: 'oauth-remote', tools: ['lookup', 'search'], consent: 'page', scopesSupported: ['tools:read'] });
  dir = makeUserDataDir();
  host = await startHost(dir);
});

test.afterAll(async () => {
  await host.stop();
  await fixture.close();
  removeUserDataDir(dir);
});

const row = (page: Page): Locator => page.locator('[data-testid="server-row"][data-server-label="Remote"]');

test('add a server that needs sign-in, sign in through the consent page, call one of its tools, sign out', async ({ page, context }) => {
  await page.goto(host.url);
  await page.getByTestId('server-add').click();
  const form = page.getByTestId('server-form');
  await form.getByTestId('field-label').fill('Remote');
  await form.getByTestId('field-type').selectOption('http');
  await form.getByTestId('field-url').fill(fixture.url);
  await form.getByTestId('server-save').click();

  await expect(row(page).getByTestId('server-status')).toHaveAttribute('data-status', 'needs-sign-in');
  await expect(row(page).getByTestId('server-status')).toHaveText('needs sign-in');
  await expect(row(page).getByTestId('sign-in-reason')).toHaveText('the server asks you to sign in');
  await expectAccessible(page, 'a server that needs sign-in');

  const [consent] = await Promise.all([context.waitForEvent('page'), row(page).getByTestId('sign-in-button').click()]);
  await consent.waitForLoadState();
  await expect(consent.getByRole('heading', { name: 'Sign in to the fixture' })).toBeVisible();
  await expect(consent.getByText('asks for: tools:read')).toBeVisible();
  await expect(row(page).getByTestId('sign-in-waiting')).toBeVisible();
  await consent.getByRole('button', { name: 'Approve' }).click();
  await expect(consent.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(consent.getByText('You can close this tab.')).toBeVisible();
  expect(new URL(consent.url()).origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await consent.close();

  await expect(row(page).getByTestId('server-status')).toHaveAttribute('data-status', 'ready');
  await expect(row(page).getByTestId('server-counts')).toHaveText('2 tools');
  await expect(row(page).getByTestId('signed-in')).toBeVisible();
  await row(page).getByTestId('server-edit').click();
  await expect(row(page).getByTestId('field-oauth-client-id')).toBeVisible();
  await expectAccessible(page, 'a signed-in server, its form open');
  await row(page).getByTestId('server-cancel').click();

  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('lookup');
  await page.getByTestId('tester-args').fill('{"q":"hi"}');
  await page.getByTestId('tester-call').click();
  // An unannotated tool asks first: the user allows this one call.
  await page.getByTestId('approval-dialog').getByTestId('approval-once').click();
  await expect(page.getByTestId('tester-result')).toContainText('oauth-remote');
  await expect(page.getByTestId('tester-error')).toHaveCount(0);

  await page.getByTestId('nav-servers').click();
  await row(page).getByTestId('sign-out-button').click();
  await expect(row(page).getByTestId('signed-out')).toContainText('the server revoked the sign-in');
  await expect(row(page).getByTestId('server-status')).toHaveAttribute('data-status', 'needs-sign-in');
  await expect(row(page).getByTestId('server-counts')).toHaveText('2 tools');

  expect(fixture.provider.issuedTokens.length).toBeGreaterThan(0);
  const html = await page.content();
  for (const token of fixture.provider.issuedTokens) expect(html).not.toContain(token);
  expect(filesHolding(dir, fixture.provider.issuedTokens)).toEqual([]);
});

test('declining at the consent page leaves the server waiting for a sign-in, with the reason', async ({ page, context }) => {
  const own = makeUserDataDir();
  writeConfig(own, { servers: [{ uuid: '00000000-0000-4000-8000-0000000000e1', label: 'Remote', state: 'enabled', type: 'http', url: fixture.url }] });
  const declining = await startHost(own);
  try {
    await page.goto(declining.url);
    await declineAndCheck(page, context);
  } finally {
    await declining.stop();
    removeUserDataDir(own);
  }
});

async function declineAndCheck(page: Page, context: BrowserContext): Promise<void> {
  await expect(row(page).getByTestId('server-status')).toHaveAttribute('data-status', 'needs-sign-in');
  const [consent] = await Promise.all([context.waitForEvent('page'), row(page).getByTestId('sign-in-button').click()]);
  await consent.getByRole('button', { name: 'Deny' }).click();
  await expect(consent.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await consent.close();
  await expect(row(page).getByTestId('sign-in-reason')).toHaveText('Sign-in failed: access was declined at the sign-in page: The user declined.');
  await expect(row(page).getByTestId('server-status')).toHaveAttribute('data-status', 'needs-sign-in');
}
