// What servers ask of the app and show through it, in the browser host and a real Chromium: a URL
// request (the whole URL with its host apart, opened in a new tab only on "Open in browser", the
// wait that ends when the server hears the page was visited; declined or cancelled, no tab at
// all; a -32042 call tried again), the revision each server speaks in its row, folders
// in the server form (a typed path in the browser host; a relative one refused, a missing one
// warned about and kept), a call that runs as a task (its status and time limit where the call
// is shown, listed among the running tasks, cancelled from there; a 2026-07-28 server's too, with
// the question it asks during the task), a server's instructions and
// folders in its details, and icons beside servers and tools, drawn only as images.
import type { Page } from '@playwright/test';
import type { McpServer } from '../../src/types/config.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { CHECKERED_PNG } from '../fixtures/mcp-server.js';
import { modernCommand } from '../fixtures/modern-launch.js';
import { fixtureServer, writeConfig } from './host.js';
import { expand, expect, expectReady, open, serverRow, test, toolRow } from './fixtures.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><script>document.title="svg ran"</script><rect width="16" height="16" fill="teal"/></svg>';
const PNG_ICON = { src: `data:image/png;base64,${CHECKERED_PNG}` };
const SVG_ICON = { src: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}` };

let linker: InProcessFixture;

test.beforeAll(async () => {
  // Over HTTP in this process: it serves the page a URL request names (`/visit/<id>`), which a
  // browser tab loads, completing the request as a user finishing there would.
  linker = await startFixtureInProcess({ id: 'linker', transport: 'http', tools: ['open_url', 'needs_url'], instructions: 'Sign in before calling open_url.' });
});

test.afterAll(async () => {
  await linker?.stop();
});

function linkerServer(): McpServer {
  return { uuid: 'linker', label: 'Linker', state: 'enabled', type: 'http', url: linker.url, defaultPolicy: 'allow' };
}

function workerServer(): McpServer {
  return {
    ...fixtureServer({
      uuid: 'worker',
      label: 'Worker',
      fixture: {
        id: 'worker',
        tools: [{ name: 'long_job', description: 'A job that takes its time', execution: { taskSupport: 'required' }, icons: [PNG_ICON] }, { name: 'quick', icons: [SVG_ICON] }],
        tasks: { pollIntervalMs: 100 },
        icons: [SVG_ICON],
      },
    }),
    defaultPolicy: 'allow',
  };
}

async function call(page: Page, tool: string, args: unknown): Promise<void> {
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption(tool);
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-args').fill(JSON.stringify(args));
  await page.getByTestId('tester-call').click();
}

test('a URL request: the whole URL, its host apart; opened in a new tab only on the user\'s word; the dialog waits until the server hears', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [linkerServer()] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Linker');
  await call(page, 'open_url', { elicitationId: 'e2e-1', message: 'Sign in to Linker', waitForVisit: true });
  const dialog = page.getByTestId('url-elicitation-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('elicitation-message')).toHaveText('Sign in to Linker');
  const href = `${linker.url.replace(/\/mcp$/, '')}/visit/e2e-1`;
  await expect(dialog.getByTestId('elicitation-url')).toHaveText(href);
  await expect(dialog.getByTestId('elicitation-host')).toHaveText(new URL(href).host);
  await expect(dialog.getByTestId('elicitation-url-warning')).toHaveText([/bare IP address/, /not encrypted/]);
  const tab = page.context().waitForEvent('page');
  await dialog.getByTestId('elicitation-open').click();
  const opened = await tab;
  expect(opened.url()).toBe(href);
  await expect(page.getByTestId('tester-answer')).toContainText('"visited":true');
  await expect(dialog).toBeHidden();
  await opened.close();
});

test('a URL request declined or cancelled: the server gets that answer, no tab opens, the dialog closes', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [linkerServer()] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Linker');
  const tabs: string[] = [];
  page.context().on('page', (opened) => void tabs.push(opened.url()));
  const dialog = page.getByTestId('url-elicitation-dialog');
  for (const action of ['decline', 'cancel'] as const) {
    await call(page, 'open_url', { elicitationId: `e2e-${action}`, message: 'Sign in to Linker' });
    await expect(dialog.getByTestId('elicitation-message')).toHaveText('Sign in to Linker');
    await dialog.getByTestId(`elicitation-${action}`).click();
    await expect(page.getByTestId('tester-answer')).toContainText(`"action":"${action}"`);
    await expect(dialog).toHaveCount(0);
  }
  expect(tabs).toEqual([]);
});

test('a call that fails with -32042 shows the URL and is tried again once the page was visited; a javascript: URL is refused without a dialog', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [linkerServer()] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Linker');
  await call(page, 'needs_url', { elicitationId: 'e2e-required' });
  const dialog = page.getByTestId('url-elicitation-dialog');
  await expect(dialog.getByTestId('elicitation-message')).toHaveText('Connect your account first');
  const tab = page.context().waitForEvent('page');
  await dialog.getByTestId('elicitation-open').click();
  await (await tab).close();
  await expect(page.getByTestId('tester-answer')).toContainText('{"done":"e2e-required"}');
  await expect(dialog).toBeHidden();

  // The same URL refused, during a call and as a -32042's: the server gets the reason, nobody is asked.
  await call(page, 'open_url', { url: 'javascript:alert(1)' });
  await expect(page.getByTestId('tester-answer')).toContainText('only http and https URLs are opened');
  await call(page, 'needs_url', { elicitationId: 'e2e-script', url: 'javascript:alert(1)' });
  await expect(page.getByTestId('tester-error')).toContainText('which was refused: only http and https URLs are opened');
  await expect(dialog).toHaveCount(0);
});

test('folders in the server form: a typed path, a relative one refused, a missing one kept with a warning; shown in the server\'s details', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [linkerServer()] });
  await open(page, await launch(userDataDir));
  const row = serverRow(page, 'Linker');
  await row.getByTestId('server-edit').click();
  const editor = row.getByTestId('roots-editor');
  await expect(editor.getByTestId('root-pick')).toHaveCount(0);
  await editor.getByTestId('root-path').fill('projects/site');
  await editor.getByTestId('root-add').click();
  await expect(editor.getByTestId('root-problem')).toContainText('"projects/site" is not an absolute path');
  await editor.getByTestId('root-path').fill(userDataDir);
  await editor.getByTestId('root-path').press('Enter');
  await editor.getByTestId('root-path').fill('/no/such/folder');
  await editor.getByTestId('root-add').click();
  await expect(editor.getByTestId('root-row')).toHaveCount(2);
  await expect(editor.locator('[data-testid="root-row"][data-path="/no/such/folder"]').getByTestId('root-missing')).toBeVisible();
  await row.getByTestId('server-save').click();
  const details = (await expand(page, 'Linker')).getByTestId('server-details');
  await expect(details.getByTestId('server-root')).toHaveCount(2);
  await expect(details.locator('[data-testid="server-root"][data-missing="true"]')).toContainText('/no/such/folder');
  await details.getByTestId('server-instructions').locator('summary').click();
  await expect(details.getByTestId('server-instructions')).toContainText('Sign in before calling open_url.');
  // Only the folders changed: the server was told, not restarted.
  await expect(row.getByTestId('server-status')).toHaveAttribute('data-status', 'ready');
});

test('a call that runs as a task: its status and time limit where the call is shown, listed among running tasks, cancelled from there', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [workerServer()] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Worker');
  await expect(serverRow(page, 'Worker').getByTestId('server-protocol')).toHaveText('MCP 2025-11-25');
  await expect(toolRow(await expand(page, 'Worker'), 'long_job').getByTestId('tool-task')).toBeVisible();
  await call(page, 'long_job', { mode: 'forever' });
  await expect(page.getByTestId('tester-task')).toContainText('Runs as a task on Worker: working');
  await expect(page.getByTestId('tester-task')).toContainText(/time limit 1 h \(set by the server\), ends at/);
  const row = page.getByTestId('tasks-panel').getByTestId('task-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('task-status')).toHaveText('working');
  await row.getByTestId('task-cancel').click();
  await expect(page.getByTestId('tester-error')).toContainText('Cancelled by the user');
  await expect(page.getByTestId('tasks-panel')).toHaveCount(0);
});

test('a 2026-07-28 server\'s task (its tasks extension): the question it asks during the task, then its status, listed and cancelled as any task', async ({ page, launch, userDataDir }) => {
  const { command, args } = modernCommand({ transport: 'stdio', tasks: true });
  writeConfig(userDataDir, { servers: [{ uuid: 'tasker', label: 'Tasker', state: 'enabled', type: 'stdio', command, args, defaultPolicy: 'allow' }] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Tasker');
  // The revision it speaks, in its row of the servers screen.
  await expect(serverRow(page, 'Tasker').getByTestId('server-protocol')).toHaveText('MCP 2026-07-28');
  await call(page, 'confirm_delete', {});
  await expect(page.getByTestId('tester-task')).toContainText('Runs as a task on Tasker');
  await expect(page.getByTestId('tester-task')).toContainText('waiting for a yes');
  const dialog = page.getByTestId('elicitation-dialog');
  await expect(dialog.getByTestId('elicitation-message')).toHaveText('Delete everything?');
  await dialog.locator('[data-testid="elicitation-field"][data-name="confirm"] input').fill('yes');
  await dialog.getByTestId('elicitation-send').click();
  await expect(page.getByTestId('result-text')).toHaveText('deleted');

  await call(page, 'endless_job', {});
  await expect(page.getByTestId('tester-task')).toContainText('Runs as a task on Tasker: working — still going');
  await expect(page.getByTestId('tester-task')).toContainText(/time limit 1 min \(set by the server\), ends at/);
  const row = page.getByTestId('tasks-panel').getByTestId('task-row');
  await expect(row).toHaveCount(1);
  await row.getByTestId('task-cancel').click();
  await expect(page.getByTestId('tester-error')).toContainText('Cancelled by the user');
  await expect(page.getByTestId('tasks-panel')).toHaveCount(0);
});

test('icons beside servers and tools are images of data URLs main checked; an SVG\'s script never runs', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [workerServer()] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Worker');
  const row = serverRow(page, 'Worker');
  await expect(row.getByTestId('mcp-icon').first()).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const tools = await expand(page, 'Worker');
  await expect(toolRow(tools, 'long_job').getByTestId('mcp-icon')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(toolRow(tools, 'quick').getByTestId('mcp-icon')).toHaveAttribute('alt', '');
  expect(await page.title()).not.toBe('svg ran');
  expect(await page.locator('svg script').count()).toBe(0);
});
