// MCP Apps end to end, in Chromium through the browser host: the published app servers, started
// for real (`--stdio`), show their views beside the tester's answer, in a frame of another origin;
// the view's own button calls its server's tool through the bridge (asking first, as the tool's
// policy says) and shows the answer; a tool only for its view is offered to no model.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { McpServer } from '../../src/types/config.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { writeConfig } from './host.js';
import { expect, expectAccessible, expectReady, open, test } from './fixtures.js';

const require = createRequire(import.meta.url);

/** A published app server (`@modelcontextprotocol/<pkg>`, 2.0.x) as a user adds it: node, its bin script, `--stdio`. */
export function appServer(uuid: string, label: string, pkg: string): McpServer {
  const script = path.join(path.dirname(require.resolve(`@modelcontextprotocol/${pkg}`)), 'index.js');
  return { uuid, label, state: 'enabled', type: 'stdio', command: process.execPath, args: [script, '--stdio'] };
}

/** Calls `tool` in the tester, saying yes to its approval; resolves once the answer is shown. */
async function callInTester(page: Page, tool: string): Promise<void> {
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption(tool);
  await page.getByTestId('tester-call').click();
  await page.getByTestId('approval-dialog').getByTestId('approval-once').click();
  await expect(page.getByTestId('tester-answer')).toBeVisible();
}

test("a published server's view renders beside the answer, and its own button calls its tool through the bridge", async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [appServer('basic', 'Basic', 'server-basic-vanillajs')] });
  const host = await launch(userDataDir);
  await open(page, host);
  await expectReady(page, 'Basic');
  await callInTester(page, 'get-time');

  const view = page.getByTestId('tool-view');
  await expect(view).toHaveAttribute('data-state', 'showing');
  const frame = page.getByTestId('tool-view-frame');
  // Another origin than the app's page: the sandbox's own loopback port.
  const appOrigin = new URL(host.url).origin;
  const sandboxUrl = new URL((await frame.getAttribute('src')) ?? '');
  expect(sandboxUrl.origin).not.toBe(appOrigin);
  expect(sandboxUrl.hostname).toBe('127.0.0.1');
  // The page may frame that origin, and no other.
  const pageHeaders = (await page.request.get(`${appOrigin}/`)).headers();
  expect(pageHeaders['content-security-policy']).toContain(`frame-src ${sandboxUrl.origin};`);

  const inner = page.frameLocator('[data-testid="tool-view-frame"]').frameLocator('iframe');
  const time = inner.locator('#server-time');
  // The view got the call's result (ui/notifications/tool-result) and shows it.
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/);
  const first = await time.textContent();

  // Its own button: a tools/call through the bridge, under the tool's policy (Ask first).
  await inner.getByRole('button', { name: 'Get Server Time' }).click();
  const approval = page.getByTestId('approval-dialog');
  await expect(approval).toContainText('get-time');
  await approval.getByTestId('approval-once').click();
  await expect(time).not.toHaveText(first ?? '');
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/);
  // ui/message: handed to the chat app (the tester shows it).
  await inner.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('view-message')).toHaveText('This is message text.');
  await expectAccessible(page, 'the tester with a view shown');

  // The view follows the app's theme (ui/notifications/host-context-changed) and its colours.
  const root = inner.locator('html');
  await expect(root).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => root.evaluate((element) => getComputedStyle(element).getPropertyValue('--color-background-primary').trim())).toBe('#1a1f26');
  await expectAccessible(page, 'the tester with a view shown, dark');

  // Closing it tears it down; it can be shown again, with the same call's input and result.
  await page.getByTestId('tool-view-close').click();
  await expect(page.getByTestId('tool-view')).toHaveCount(0);
  await page.getByTestId('tool-view-show').click();
  await expect(inner.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);
});

test('a tool only for its view is listed as such, offered to no model, and not called from the tester', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [appServer('monitor', 'Monitor', 'server-system-monitor')] });
  const host = await launch(userDataDir);
  await open(page, host);
  await expectReady(page, 'Monitor');
  const row = page.locator('[data-testid="server-row"][data-server-label="Monitor"]');
  await row.getByTestId('server-expand').click();
  await expect(row.locator('[data-testid="tool-row"][data-exposed="poll-system-stats"]').getByTestId('tool-view-only')).toHaveText('used by its view');
  await expect(row.locator('[data-testid="tool-row"][data-exposed="get-system-info"]').getByTestId('tool-has-view')).toHaveText('has a view');
  // Every provider's tools, as the chat app asks the browser host for them: the view-only tool in none.
  const url = new URL(host.url);
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  for (const provider of PROVIDER_IDS) {
    const reply = await page.request.post(`${url.origin}/api/getProviderTools`, { headers: { Authorization: `Bearer ${token}` }, data: { input: { provider } } });
    const text = await reply.text();
    expect(text, provider).toContain('get-system-info');
    expect(text, provider).not.toContain('poll-system-stats');
  }
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('poll-system-stats');
  await expect(page.getByTestId('tester-view-only')).toBeVisible();
  await expect(page.getByTestId('tester-call')).toBeDisabled();
});
