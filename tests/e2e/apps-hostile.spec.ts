// A hostile MCP App view (tests/fixtures/apps/hostile-view.html), in Chromium through the browser
// host. Once shown it tries, and must fail, to: read the app page's DOM, its token or any storage;
// reach the app's API; call another server's tool, or its own server's tool for models only;
// navigate the app away; open a popup without the user; load a script from an origin it did not
// declare (one it declared loads: the policy is its declaration, not a blanket refusal). A link
// opens only after consent, in a tab cut off from the app. What ui/initialize tells it (theme,
// display mode, box, locale, colours) is checked, and its size-changed sets the frame's height
// within bounds. Then it floods the page with 10,000 messages: the app stays
// responsive, and the view is closed.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureServer, writeConfig } from './host.js';
import { expect, expectAccessible, expectReady, open, serverRow, test } from './fixtures.js';

const HOSTILE_VIEW = fileURLToPath(new URL('../fixtures/apps/hostile-view.html', import.meta.url));
const READ_ONLY = { readOnlyHint: true };

/** A loopback server answering `/<name>.js` with a script that sets `window.<flag>`. */
async function scriptServer(name: string, flag: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === `/${name}.js` ? 200 : 404, { 'Content-Type': 'text/javascript' });
    res.end(`window.${flag} = 'ran';`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a hostile view reaches nothing it may not, and its flood leaves the app responsive', async ({ page, launch, userDataDir }) => {
  const declared = await scriptServer('ok', 'declaredScript');
  const undeclared = await scriptServer('evil', 'undeclaredScript');
  const viewFile = path.join(userDataDir, 'hostile-view.html');
  fs.writeFileSync(viewFile, fs.readFileSync(HOSTILE_VIEW, 'utf8').replaceAll('%DECLARED%', declared.origin).replaceAll('%UNDECLARED%', undeclared.origin));
  const otherCalls = path.join(userDataDir, 'other-calls.jsonl');
  const hostileCalls = path.join(userDataDir, 'hostile-calls.jsonl');
  writeConfig(userDataDir, {
    servers: [
      fixtureServer({
        uuid: 'hostile',
        label: 'Hostile',
        fixture: {
          id: 'hostile',
          recordCalls: hostileCalls,
          tools: [
            { name: 'hostile_view', annotations: READ_ONLY, _meta: { ui: { resourceUri: 'ui://hostile/view.html' } } },
            { name: 'hostile_refresh', annotations: READ_ONLY, _meta: { ui: { visibility: ['app'] } } },
            { name: 'model_secret', annotations: READ_ONLY, _meta: { ui: { visibility: ['model'] } } },
            { name: 'slow', annotations: READ_ONLY, _meta: { ui: { resourceUri: 'ui://hostile/view.html' } } },
          ],
          resources: [{ uri: 'ui://hostile/view.html', name: 'view', mimeType: 'text/html;profile=mcp-app', textFile: viewFile, _meta: { ui: { csp: { resourceDomains: [declared.origin] }, permissions: { clipboardWrite: {} } } } }],
        },
      }),
      fixtureServer({ uuid: 'other', label: 'Other', fixture: { id: 'other', recordCalls: otherCalls, tools: [{ name: 'echo', annotations: READ_ONLY }] } }),
    ],
  });
  const host = await launch(userDataDir);
  /** The view asks for the clipboard before it is shown: the user allows it. */
  const allowFeatures = async (): Promise<void> => {
    const consent = page.getByTestId('view-consent');
    await expect(consent.getByTestId('view-consent-item')).toHaveText(['clipboard-write']);
    await consent.getByTestId('view-consent-yes').click();
  };
  const popups: string[] = [];
  page.context().on('page', (opened) => popups.push(opened.url()));
  await open(page, host);
  await expectReady(page, 'Hostile');
  await expectReady(page, 'Other');
  // The tool only for its view is listed as such, and no model is offered it.
  await serverRow(page, 'Hostile').getByTestId('server-expand').click();
  await expect(serverRow(page, 'Hostile').locator('[data-testid="tool-row"][data-exposed="hostile_refresh"]').getByTestId('tool-view-only')).toHaveText('used by its view');

  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('hostile_view');
  await page.getByTestId('tester-args').fill('{"x": 1}');
  await page.getByTestId('tester-call').click();
  await allowFeatures();
  const view = page.frameLocator('[data-testid="tool-view-frame"]').frameLocator('iframe');
  // What the user allowed is what both frames may use (Permissions Policy), and nothing else.
  await expect(page.getByTestId('tool-view-frame')).toHaveAttribute('allow', 'clipboard-write');
  await expect(page.frameLocator('[data-testid="tool-view-frame"]').locator('iframe')).toHaveAttribute('allow', 'clipboard-write');
  await expect(view.locator('#done')).toHaveText('done');
  const outcome = async (id: string): Promise<string> => (await view.locator(`#${id}`).textContent()) ?? '';
  // The host told it the call's input and result.
  expect(await outcome('tool-input')).toBe('{"x":1}');
  await expect(view.locator('#tool-result')).toHaveText('result');

  expect(await outcome('parent-dom')).toBe('blocked: SecurityError');
  expect(await outcome('top-dom')).toBe('blocked: SecurityError');
  expect(await outcome('parent-token')).toBe('blocked: SecurityError');
  expect(await outcome('own-storage')).toBe('blocked: SecurityError');
  expect(await outcome('cookie')).toBe('blocked: SecurityError');
  expect(await outcome('referrer')).toBe('got: (none)');
  expect(await outcome('fetch-app')).toBe('blocked: TypeError');
  expect(await outcome('own-app-tool')).toContain('called: [{"type":"text","text":"{\\"server\\":\\"hostile\\",\\"tool\\":\\"hostile_refresh\\"');
  expect(await outcome('other-server-tool')).toMatch(/^refused: .*has no tool "echo"/);
  expect(await outcome('model-only-tool')).toMatch(/^refused: .*for models only/);
  expect(await outcome('top-navigation')).toMatch(/^blocked: /);
  expect(await outcome('popup')).toBe('got: null');
  expect(await outcome('declared-script')).toBe('loaded: ran');
  expect(await outcome('undeclared-script')).toBe('blocked: undefined');
  expect(await outcome('model-context')).toBe('kept');
  // What ui/initialize told it of the app: its theme, the one display mode, its box, the page's locale and colours.
  const locale = await page.evaluate(() => navigator.language);
  expect(await outcome('host-context')).toBe(`light inline inline maxHeight 800 width locale ${locale} colours`);
  expect(page.url()).toBe(`${new URL(host.url).origin}/`);
  expect(popups).toEqual([]);
  const recorded = (file: string): string[] => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { tool: string }).tool) : []);
  expect(recorded(otherCalls)).toEqual([]);
  expect(recorded(hostileCalls)).toEqual(['hostile_view', 'hostile_refresh']);

  // What the view left for the model goes with the result, as the model's next request takes it.
  await page.getByTestId('tester-provider').selectOption('anthropic');
  await expect(page.getByTestId('model-change').filter({ hasText: 'From its view' })).toHaveCount(1);
  await expect(page.getByTestId('model-items')).toContainText("[Context from the tool's view:]");
  await expect(page.getByTestId('model-items')).toContainText('The user picked row 3.');

  // A link: the full address, and nothing opens without a yes.
  await view.locator('#link-button').click();
  const consent = page.getByTestId('view-consent');
  await expect(consent.getByTestId('view-consent-item')).toHaveText('https://example.com/some/page?x=1');
  await consent.getByTestId('view-consent-no').click();
  await expect(view.locator('#open-link')).toHaveText('refused: Link opening denied by user');
  expect(popups).toEqual([]);
  // With a yes, it opens in a tab of its own that cannot reach back to the app (noopener).
  const opened = page.context().waitForEvent('page');
  await view.locator('#link-local-button').click();
  await expect(consent.getByTestId('view-consent-item')).toHaveText(`${declared.origin}/opened-page`);
  await consent.getByTestId('view-consent-yes').click();
  await expect(view.locator('#open-local-link')).toHaveText('opened');
  const tab = await opened;
  await tab.waitForURL(`${declared.origin}/opened-page`);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
  popups.length = 0;

  // ui/notifications/size-changed sets the frame's height, within 40 to 800 px; a height that is no number changes nothing.
  const frameHeight = (): Promise<string> => page.getByTestId('tool-view-frame').evaluate((frame) => (frame as HTMLElement).style.height);
  for (const [button, height] of [['Size 345', '345px'], ['Size 100000', '800px'], ['Size -50', '40px'], ['Size 345', '345px'], ['Size tall', '345px']] as const) {
    await view.getByRole('button', { name: button, exact: true }).click();
    if (button !== 'Size tall') await expect.poll(frameHeight, button).toBe(height);
  }
  // The last one had time to arrive (a message after it is answered), and was ignored.
  await view.locator('#link-button').click();
  await consent.getByTestId('view-consent-no').click();
  expect(await frameHeight()).toBe('345px');
  await expectAccessible(page, 'the tester with a hostile view shown');

  // Closing it: the view is told (ui/resource-teardown) and may answer first; then main refuses it.
  const sandboxPage = (await page.getByTestId('tool-view-frame').getAttribute('src')) ?? '';
  await page.getByTestId('tool-view-close').click();
  await expect(page.getByTestId('view-message')).toHaveText(['torn down']);
  await expect(page.getByTestId('tool-view')).toHaveCount(0);
  expect((await page.request.get(sandboxPage)).status()).toBe(404);
  await page.getByTestId('tool-view-show').click();
  await allowFeatures();
  await expect(view.locator('#done')).toHaveText('done');

  // 10,000 messages: the excess is dropped unread, the view closed, the page still answers at once.
  await view.locator('#flood-button').click();
  await expect(page.getByTestId('tool-view-error')).toHaveText('The view sent too many messages, so it was closed.');
  const lag = await page.evaluate(() => new Promise<number>((resolve) => {
    const start = performance.now();
    setTimeout(() => resolve(performance.now() - start), 0);
  }));
  expect(lag).toBeLessThan(250);
  await page.getByTestId('nav-servers').click();
  await expectReady(page, 'Other');

  // A call cancelled while its view shows: the view is told why.
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('slow');
  await page.getByTestId('tester-args').fill('{"ms": 30000}');
  await page.getByTestId('tester-call').click();
  await allowFeatures();
  await expect(view.locator('#tool-input')).toHaveText('{"ms":30000}');
  await page.getByTestId('tester-cancel').click();
  await expect(view.locator('#tool-cancelled')).toHaveText('The call was cancelled.');
  const calls = recorded(hostileCalls).filter((tool) => tool === 'hostile_refresh').length;
  expect(calls).toBeLessThan(300);
  await declared.close();
  await undeclared.close();
});
