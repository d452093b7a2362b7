// MCP Apps end to end, in Chromium through the browser host: the published app servers, started
// for real (`--stdio`), show their views beside the tester's answer, in a frame of another origin;
// the view's own button calls its server's tool through the bridge (asking first, as the tool's
// policy says) and shows the answer; a tool only for its view is offered to no model.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { McpServer } from '../../src/types/config.js';
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
  await expectAccessible(page, 'the tester with a view shown');
});
