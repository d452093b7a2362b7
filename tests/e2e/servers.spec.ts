// The MCP servers screen, end to end: Chromium against the browser host (a real child process)
// with real stdio fixture MCP servers; each test has its own user-data folder and checks what a
// user sees: rows, states, names, badges, dialogs, messages, logs.
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../src/types/config.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { fixtureServer, freePort, writeConfig } from './host.js';
import {
  ALPHA,
  addServerThroughForm,
  BETA,
  checkbox,
  expand,
  expect,
  expectReady,
  expectStatus,
  open,
  openModel,
  serverRow,
  test,
  toolRow,
  twoServers,
} from './fixtures.js';

test('two servers with colliding tools: the second search is search_1, with a collision badge', async ({ page, launch, userDataDir }) => {
  const host = await launch(userDataDir);
  await open(page, host);
  await expect(page.getByTestId('servers-empty')).toBeVisible();

  // Added one after the other: Alpha is first in config order and keeps `search`.
  await addServerThroughForm(page, 'Alpha', ALPHA);
  await addServerThroughForm(page, 'Beta', BETA);
  await expectReady(page, 'Alpha');
  await expectReady(page, 'Beta');

  const alpha = await expand(page, 'Alpha');
  await expect(toolRow(alpha, 'search')).toHaveAttribute('data-original', 'search');
  await expect(toolRow(alpha, 'search').locator('[data-testid^="badge-"]')).toHaveCount(0);

  const beta = await expand(page, 'Beta');
  const renamed = toolRow(beta, 'search_1');
  await expect(renamed).toHaveAttribute('data-original', 'search');
  await expect(renamed.getByTestId('badge-collision')).toBeVisible();
  await expect(toolRow(beta, 'fetch_1').getByTestId('badge-collision')).toBeVisible();
  await expect(toolRow(beta, 'search')).toHaveCount(0);
});

test('adding a server that hangs: the form closes at once, the row says connecting, nothing waits on it', async ({ page, launch, userDataDir }) => {
  await open(page, await launch(userDataDir));
  const { command, args } = fixtureCommand({ id: 'hangs', transport: 'stdio', tools: ['echo'], fault: 'hang-initialize' });
  await page.getByTestId('server-add').click();
  const form = page.getByTestId('server-form');
  await form.getByTestId('field-label').fill('Hangs');
  await form.getByTestId('field-command').fill(command);
  await form.getByTestId('field-args').fill(args.join('\n'));
  await form.getByTestId('field-timeout').fill('600');
  await form.getByTestId('server-save').click();
  // The connect timeout is 10 minutes: the form closing within seconds means it did not wait.
  await expect(form).toBeHidden({ timeout: 5_000 });
  await expectStatus(page, 'Hangs', 'connecting');
  // The screen stays usable: another server is added and ready while the first still hangs.
  await addServerThroughForm(page, 'Alpha', ALPHA);
  await expectReady(page, 'Alpha');
  await expectStatus(page, 'Hangs', 'connecting');
  await expect(serverRow(page, 'Hangs').getByTestId('server-delete')).toBeEnabled();
});

test('the longest call is set in minutes in the form, saved as maxCallMs, shown again on edit; out of bounds it says so', async ({ page, launch, userDataDir }) => {
  await open(page, await launch(userDataDir));
  const { command, args } = fixtureCommand({ ...ALPHA, transport: 'stdio' });
  await page.getByTestId('server-add').click();
  const form = page.getByTestId('server-form');
  await form.getByTestId('field-label').fill('Alpha');
  await form.getByTestId('field-command').fill(command);
  await form.getByTestId('field-args').fill(args.join('\n'));
  await form.getByTestId('field-max-call').fill('2000');
  await form.getByTestId('server-save').click();
  await expect(form.getByTestId('error-maxCall')).toHaveText('Give a number of minutes between 0.1 and 1440.');
  await expect(form.getByTestId('field-max-call')).toHaveAttribute('aria-invalid', 'true');
  await form.getByTestId('field-max-call').fill('90');
  await form.getByTestId('server-save').click();
  await expect(form).toBeHidden();
  await expectReady(page, 'Alpha');
  const saved = JSON.parse(fs.readFileSync(path.join(userDataDir, 'config.json'), 'utf8')) as AppConfig;
  expect(saved.mcp.servers[0]?.maxCallMs).toBe(5_400_000);
  await serverRow(page, 'Alpha').getByTestId('server-edit').click();
  await expect(page.getByTestId('server-form').getByTestId('field-max-call')).toHaveValue('90');
});

test('importing the same Claude Desktop JSON twice adds each server once and says which were already there', async ({ page, launch, userDataDir }) => {
  await open(page, await launch(userDataDir));
  const json = JSON.stringify({ mcpServers: { alpha: fixtureCommand({ ...ALPHA, transport: 'stdio' }), beta: fixtureCommand({ ...BETA, transport: 'stdio' }) } });
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-json').fill(json);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result')).toContainText('Added 2 servers: alpha, beta.');
  await expectReady(page, 'alpha');
  await expectReady(page, 'beta');

  await page.getByTestId('import-submit').click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('No server added.');
  await expect(result.getByTestId('import-already-item')).toHaveText(['alpha: already added as “alpha”', 'beta: already added as “beta”']);
  await expect(page.getByTestId('server-row')).toHaveCount(2);
  // No tool got a second name: there is still one search and one search_1.
  await expect(toolRow(await expand(page, 'beta'), 'search_1')).toBeVisible();
});

test('the delete dialog is modal: focus inside and trapped, Escape and the backdrop close it, focus returns', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers({ models: [{ engine: 'openai', model: 'gpt-4o', tools: ['search', 'search_1', 'fetch_1'] }], prompt: ['fetch_1'] }));
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Alpha');
  await expectReady(page, 'Beta');
  const deleteButton = serverRow(page, 'Beta').getByTestId('server-delete');
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('delete-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(page.getByRole('dialog', { name: 'Delete “Beta”?' })).toBeVisible();
  await expect(dialog.getByTestId('cancel-delete')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('confirm-delete')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('cancel-delete')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByTestId('confirm-delete')).toBeFocused();
  // The page behind takes no focus and no clicks.
  await expect(page.locator('#app')).toHaveAttribute('inert', '');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();
  await expect(page.locator('#app')).not.toHaveAttribute('inert');

  await deleteButton.click();
  await expect(dialog).toBeVisible();
  await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toHaveCount(0);
  await expect(serverRow(page, 'Beta')).toHaveCount(1);

  // And it still deletes, after listing what each saved selection loses.
  await deleteButton.click();
  const uses = dialog.getByTestId('delete-uses');
  await expect(uses.locator('li')).toHaveCount(2);
  await expect(uses.locator('li', { hasText: 'gpt-4o (openai)' })).toContainText('search_1, fetch_1');
  await expect(uses.locator('li', { hasText: 'prompt' })).toContainText('fetch_1');
  await dialog.getByTestId('confirm-delete').click();
  await expect(dialog).toHaveCount(0);
  await expect(serverRow(page, 'Beta')).toHaveCount(0);

  const model = await openModel(page, 'gpt-4o');
  await expect(model.getByTestId('mode-custom')).toBeChecked();
  await expect(checkbox(page, 'search')).toBeChecked();
  await expect(checkbox(page, 'search_1')).toHaveCount(0);
  // Removed from the saved selection, not merely hidden: nothing is reported missing.
  await expect(model.getByTestId('missing-tool')).toHaveCount(0);
  await expect(model.getByTestId('selection-count')).toHaveText('1 tool selected');
  await expect(page.locator('[data-testid="model-row"][data-model="gpt-4o"]')).toContainText('1 tool');
});

test('a server log: stderr lines, connect attempts, log messages, live while open, copied with a button', async ({ page, context, launch, userDataDir }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  writeConfig(userDataDir, {
    servers: [
      fixtureServer({ uuid: 'talks', label: 'Talks', fixture: { id: 'talker', tools: ['log'], logging: true, stderr: ['hello from stderr'] } }),
      { uuid: 'missing', label: 'Missing', state: 'enabled', type: 'stdio', command: '/nonexistent/mcp-server' },
    ],
  });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Talks');
  const row = serverRow(page, 'Talks');
  await row.getByTestId('server-logs').click();
  const lines = row.getByTestId('log-line');
  await expect(lines.filter({ hasText: 'hello from stderr' })).toHaveAttribute('data-source', 'stderr');
  await expect(lines.filter({ hasText: 'Connected to talker 1.0.0: 1 tools listed' })).toHaveCount(1);
  await expect(lines.first().locator('time')).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);

  // New lines arrive while the log is open: a restart, and a message the server logs.
  await row.getByTestId('server-restart').click();
  await expect(lines.filter({ hasText: 'Stopped, to reconnect' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Connected to talker' })).toHaveCount(2);

  await row.getByTestId('logs-copy').click();
  await expect(row.getByTestId('logs-copied')).toHaveText(/^Copied \d+ lines\.$/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toContainEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z stderr info hello from stderr$/));

  // A failed server offers its log next to the error.
  const missing = serverRow(page, 'Missing');
  await missing.getByTestId('server-error-logs').click();
  await expect(missing.getByTestId('log-line').last()).toContainText('Failed: command not found: /nonexistent/mcp-server');
});

test('searching the servers screen finds servers by name and command, and tools by name, server or description', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, {
    servers: [
      fixtureServer({ uuid: 'files', label: 'Files', fixture: { id: 'files', tools: [{ name: 'read_file', description: 'Read a file from the workspace' }, 'list_dir'] } }),
      fixtureServer({ uuid: 'unity', label: 'Unity', fixture: { id: 'unity', tools: [{ name: 'scene_open', description: 'Open a scene by path' }] } }),
    ],
  });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Unity');
  const search = page.getByTestId('servers-search');
  await search.fill('workspace');
  await expect(page.getByTestId('server-row')).toHaveCount(1);
  const files = serverRow(page, 'Files');
  await expect(files.getByTestId('tool-row')).toHaveCount(1);
  await expect(toolRow(files, 'read_file')).toBeVisible();
  await search.fill('scene path');
  await expect(page.getByTestId('server-row')).toHaveCount(1);
  await expect(toolRow(serverRow(page, 'Unity'), 'scene_open')).toBeVisible();
  // The label matches Unity itself (and so all of its tools); no tool of Files mentions it.
  await search.fill('unity');
  await expect(page.getByTestId('server-row')).toHaveCount(1);
  await expect(serverRow(page, 'Unity')).toBeVisible();
  await search.fill('nothing like this');
  await expect(page.getByTestId('servers-no-match')).toBeVisible();
  await search.fill('');
  await expect(page.getByTestId('server-row')).toHaveCount(2);
});

test('alias messages name the server holding a taken name, give lengths, and clear when the input changes', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers());
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Alpha');
  const beta = await expand(page, 'Beta');
  const row = toolRow(beta, 'search_1');
  const input = row.getByTestId('alias-input');
  // Empty unless the tool has an alias: the current name is only the placeholder.
  await expect(input).toHaveValue('');
  await expect(input).toHaveAttribute('placeholder', 'search_1');
  for (const [alias, message] of [
    ['web_search', '"web_search" is the name of a built-in tool.'],
    ['search', '"search" is already the name of search on Alpha.'],
    ['bad name!', '"bad name!" has characters model APIs refuse (space, "!"): use letters, digits, "_" or "-".'],
    ['a'.repeat(65), `"${'a'.repeat(20)}…" is too long (65 characters, at most 64).`],
  ]) {
    await input.fill(alias!);
    await row.getByTestId('alias-save').click();
    await expect(row.getByTestId('alias-error')).toHaveText(message!);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAttribute('aria-describedby', (await row.getByTestId('alias-error').getAttribute('id'))!);
  }
  await input.press('End');
  await input.press('Backspace');
  await expect(row.getByTestId('alias-error')).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-invalid');

  await input.fill('beta_search');
  await row.getByTestId('alias-save').click();
  const pinned = toolRow(beta, 'beta_search');
  await expect(pinned).toHaveAttribute('data-original', 'search');
  await expect(pinned.getByTestId('badge-alias')).toBeVisible();
  await expect(pinned.getByTestId('alias-input')).toHaveValue('beta_search');
  // Only the aliased row shows a value.
  await expect(toolRow(beta, 'fetch_1').getByTestId('alias-input')).toHaveValue('');
});

test('a tab of an earlier launch says the app was restarted and where its new address is', async ({ page, launch, userDataDir }) => {
  const port = await freePort();
  const first = await launch(userDataDir, { port });
  await open(page, first);
  await first.stop();
  await launch(userDataDir, { port });
  // Same address, new key: the old tab's key is refused.
  await page.reload();
  const stale = page.getByTestId('stale-launch');
  await expect(stale).toHaveText('The app was restarted, so this page no longer reaches it. Open its new address, printed in the terminal where the app runs.');
  await expect(stale).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('load-error')).toContainText('The app was restarted');
  await expect(page.getByText('Missing or wrong token')).toHaveCount(0);
});

test('small things: command lines cut in the middle, form errors by field name and tied to fields, status read out', async ({ page, launch, userDataDir }) => {
  const base = fixtureServer({ uuid: 'x', label: 'x', fixture: { id: 'x', tools: [] } });
  const folder = (name: string): string => `/home/someone/work/projects/customer-portal/${name}`;
  writeConfig(userDataDir, {
    servers: [
      { ...base, uuid: 'one', label: 'Project A', command: '/nonexistent/bin/mcp-server-filesystem', args: ['--read-only', folder('frontend')] },
      { ...base, uuid: 'two', label: 'Project B', command: '/nonexistent/bin/mcp-server-filesystem', args: ['--read-only', folder('backend')] },
    ],
  });
  await page.setViewportSize({ width: 800, height: 600 });
  await open(page, await launch(userDataDir));
  for (const [label, end] of [['Project A', 'frontend'], ['Project B', 'backend']]) {
    const where = serverRow(page, label!).getByTestId('server-where');
    await expect(where).toHaveAttribute('title', new RegExp(`${end}$`));
    // The end is shown in full; only the middle is cut.
    await expect(where.locator('.where-tail')).toHaveText(new RegExp(`/${end}$`));
    const cut = await where.locator('.where-head').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(true);
    expect(await where.locator('.where-tail').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }

  await page.getByTestId('server-add').click();
  const form = page.getByTestId('server-form');
  await form.getByTestId('server-save').click();
  await expect(form.getByTestId('error-label')).toHaveText('A server needs a name');
  await expect(form.getByTestId('error-command')).toHaveText('A stdio server needs a command.');
  await expect(form.getByTestId('form-error')).toHaveText('2 settings need fixing: Name, Command.');
  await expect(form).not.toContainText('label:');
  const name = form.getByTestId('field-label');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute('aria-describedby', (await form.getByTestId('error-label').getAttribute('id'))!);
  await name.fill('Alpha');
  await expect(form.getByTestId('error-label')).toHaveCount(0);
  // An environment value without a name: the error goes once the name is typed into its row.
  const env = form.getByTestId('field-env');
  await env.getByTestId('pair-add').click();
  await env.getByTestId('pair-value').fill('1');
  await form.getByTestId('server-save').click();
  await expect(form.getByTestId('error-env')).toHaveText('Environment, row 1: a value needs a name.');
  await env.getByTestId('pair-key').fill('LEVEL');
  await expect(form.getByTestId('error-env')).toHaveCount(0);
  await form.getByTestId('server-cancel').click();

  await addServerThroughForm(page, 'Alpha', ALPHA);
  await expect(page.getByTestId('live-region')).toContainText('Alpha is ready.');
  await expect(page.getByTestId('live-region')).toHaveAttribute('aria-live', 'polite');
});
