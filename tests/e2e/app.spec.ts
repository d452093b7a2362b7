// End to end: Chromium against the browser host (a real child process) with real stdio fixture
// MCP servers. Each test gets its own user-data folder, so no test sees another's config, and
// each checks what a user sees: names, badges, ticks, notices, answers.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { fixtureCommand } from '../fixtures/launch.js';
import { checkbox, expand, expect, expectReady, open, openModel, serverRow, test, toolRow } from './app-test.js';
import type { ConfigSeed } from './host.js';
import { fixtureServer, REPO_ROOT, writeConfig } from './host.js';

const SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');

// The JSON configs below have no spaces, so they also survive the server form's args field.
const ALPHA = { id: 'alpha', tools: ['search', 'fetch'] };
const BETA = { id: 'beta', tools: ['search', 'fetch'] };
const ALPHA_UUID = '00000000-0000-4000-8000-00000000aaaa';
const BETA_UUID = '00000000-0000-4000-8000-00000000bbbb';

function twoServers(extra: Omit<ConfigSeed, 'servers'> = {}): ConfigSeed {
  return {
    servers: [
      fixtureServer({ uuid: ALPHA_UUID, label: 'Alpha', fixture: ALPHA }),
      fixtureServer({ uuid: BETA_UUID, label: 'Beta', fixture: BETA }),
    ],
    ...extra,
  };
}

async function addServerThroughForm(page: Page, label: string, fixture: { id: string; tools: string[] }): Promise<void> {
  const { command, args } = fixtureCommand({ ...fixture, transport: 'stdio' });
  await page.getByTestId('server-add').click();
  const form = page.getByTestId('server-form');
  await form.getByTestId('field-label').fill(label);
  await form.getByTestId('field-type').selectOption('stdio');
  await form.getByTestId('field-command').fill(command);
  // One argument per line: several lines are taken verbatim, never split like a shell.
  await form.getByTestId('field-args').fill(args.join('\n'));
  await form.getByTestId('server-save').click();
  await expect(form).toBeHidden();
  await expectReady(page, label);
}

test('two servers with colliding tools: the second search is search_1, with a collision badge', async ({ page, launch, userDataDir }) => {
  const host = await launch(userDataDir);
  await open(page, host);
  await expect(page.getByTestId('servers-empty')).toBeVisible();

  // Alpha is ready before Beta is added, so Alpha is first in config order and keeps `search`.
  await addServerThroughForm(page, 'Alpha', ALPHA);
  await addServerThroughForm(page, 'Beta', BETA);

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

test('a selected search_1 is still selected, under the same name, after a restart', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers());
  const first = await launch(userDataDir);
  await open(page, first);
  await expectReady(page, 'Alpha');
  await expectReady(page, 'Beta');

  await page.getByTestId('nav-models').click();
  await page.getByTestId('field-engine').fill('openai');
  await page.getByTestId('field-model').fill('gpt-4o');
  await page.getByTestId('model-add').click();
  const editor = page.getByTestId('selection-editor');
  await expect(editor).toHaveAttribute('data-target', 'model:openai/gpt-4o');
  await editor.getByTestId('mode-custom').check();
  // Custom from "all" starts with every tool ticked; untick all but search_1.
  for (const name of ['search', 'fetch', 'fetch_1']) await checkbox(page, name).uncheck();
  await checkbox(page, 'search_1').check();
  await editor.getByTestId('selection-save').click();
  await expect(editor.getByTestId('selection-saved')).toBeVisible();
  await expect(page.locator('[data-testid="model-row"][data-model="gpt-4o"]')).toContainText('1 tool');

  await first.stop();
  const second = await launch(userDataDir);
  // A new launch has a new port and token: the old page cannot reach it, the new URL can.
  await open(page, second);
  await expectReady(page, 'Beta');
  const after = await openModel(page, 'gpt-4o');
  await expect(after.getByTestId('mode-custom')).toBeChecked();
  await expect(checkbox(page, 'search_1')).toBeChecked();
  for (const name of ['search', 'fetch', 'fetch_1']) await expect(checkbox(page, name)).not.toBeChecked();
  await expect(after.getByTestId('missing-tool')).toHaveCount(0);
  // Still the second server's search, still under the name the model was given.
  await page.getByTestId('nav-servers').click();
  const beta = await expand(page, 'Beta');
  await expect(toolRow(beta, 'search_1')).toHaveAttribute('data-original', 'search');
});

test('a legacy config is migrated: notice once, selections point at the same tools', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers({
    models: [{ engine: 'openai', model: 'gpt-4o', tools: ['search___bbbb'] }],
    prompt: ['search___aaaa', 'search___bbbb'],
  }));
  const host = await launch(userDataDir);
  await open(page, host);

  const notice = page.locator('[data-testid="notice"][data-kind="migration"]');
  await expect(notice).toBeVisible();

  await expectReady(page, 'Alpha');
  await expectReady(page, 'Beta');
  const model = await openModel(page, 'gpt-4o');
  await expect(model.getByTestId('mode-custom')).toBeChecked();
  // `search___bbbb` was Beta's search, which is `search_1` now; Alpha's keeps `search`.
  await expect(checkbox(page, 'search_1')).toBeChecked();
  await expect(checkbox(page, 'search')).not.toBeChecked();
  await expect(model.getByTestId('missing-tool')).toHaveCount(0);

  await page.getByTestId('target-prompt').click();
  await expect(page.getByTestId('selection-editor')).toHaveAttribute('data-target', 'prompt');
  await expect(checkbox(page, 'search')).toBeChecked();
  await expect(checkbox(page, 'search_1')).toBeChecked();

  await notice.getByTestId('notice-dismiss').click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(serverRow(page, 'Beta')).toBeVisible(); // the state has loaded, notices with it
  await expect(page.getByTestId('notice')).toHaveCount(0);

  // Shown once means once: a new launch on the same folder does not show it again.
  await host.stop();
  const again = await launch(userDataDir);
  await open(page, again);
  await expect(serverRow(page, 'Beta')).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  const reopened = await openModel(page, 'gpt-4o');
  await expect(checkbox(page, 'search_1')).toBeChecked();
  await expect(reopened.getByTestId('missing-tool')).toHaveCount(0);
});

test('deleting a server lists the selections that lose tools, then removes them', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers({
    models: [{ engine: 'openai', model: 'gpt-4o', tools: ['search', 'search_1', 'fetch_1'] }],
    prompt: ['fetch_1'],
  }));
  const host = await launch(userDataDir);
  await open(page, host);
  // Beta's names exist only once it has listed its tools; before that no selection holds them.
  await expectReady(page, 'Alpha');
  await expectReady(page, 'Beta');

  await serverRow(page, 'Beta').getByTestId('server-delete').click();
  const dialog = page.getByTestId('delete-dialog');
  await expect(dialog).toBeVisible();
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

test('the tester calls search_1 on the server that owns it', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers());
  const host = await launch(userDataDir);
  await open(page, host);
  await expectReady(page, 'Alpha');
  await expectReady(page, 'Beta');

  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('search_1');
  await page.getByTestId('tester-args').fill('{"q":"hi"}');
  await page.getByTestId('tester-call').click();
  const result = page.getByTestId('tester-result');
  await expect(result).toContainText('beta');
  await expect(page.getByTestId('tester-error')).toHaveCount(0);

  // The fixture answers with its own id, the original tool name and the args it received.
  const parsed = JSON.parse(await result.innerText()) as { content: Array<{ type: string; text?: string }> };
  const first = parsed.content[0];
  expect(first?.type).toBe('text');
  expect(JSON.parse(first?.text ?? 'null')).toEqual({ server: 'beta', tool: 'search', args: { q: 'hi' } });
});

/**
 * The top bar shows the user-data folder, a fresh random temp path on every run: painted over in
 * the bar's own white so the README shows no throwaway path and the PNGs do not change between
 * runs when the screen has not.
 */
function screenshotOptions(page: Page): { mask: Locator[]; maskColor: string; animations: 'disabled' } {
  return { mask: [page.getByText(/^Browser host · /)], maskColor: '#ffffff', animations: 'disabled' };
}

test('README screenshots: servers with renamed tools, and a custom model selection', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, {
    servers: [
      fixtureServer({
        uuid: ALPHA_UUID,
        label: 'Files',
        fixture: {
          id: 'files',
          tools: [
            { name: 'read_file', description: 'Read a file from the workspace' },
            { name: 'search', description: 'Search file contents' },
            { name: 'list_dir', description: 'List a folder' },
          ],
        },
      }),
      fixtureServer({
        uuid: BETA_UUID,
        label: 'Unity',
        fixture: {
          id: 'unity',
          tools: [
            { name: 'unity/health', description: 'Is the Unity editor up and responding?' },
            { name: 'admin.tools.list', description: 'List the editor tools an admin can run' },
            { name: 'search', description: 'Search the project assets' },
            { name: 'read_file', description: 'Read an asset file' },
            { name: 'scene_open', description: 'Open a scene by path' },
          ],
        },
      }),
    ],
    models: [
      { engine: 'openai', model: 'gpt-4o', tools: ['read_file', 'search', 'unity_health', 'search_1', 'admin_tools_list'] },
      { engine: 'anthropic', model: 'claude-sonnet-4', tools: null },
    ],
    prompt: null,
    realtime: [],
  });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const host = await launch(userDataDir);
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, host);
  await expectReady(page, 'Files');
  await expectReady(page, 'Unity');

  const unity = await expand(page, 'Unity');
  await expect(toolRow(unity, 'unity_health').getByTestId('badge-sanitized')).toBeVisible();
  await expect(toolRow(unity, 'admin_tools_list').getByTestId('badge-sanitized')).toBeVisible();
  await expect(toolRow(unity, 'search_1').getByTestId('badge-collision')).toBeVisible();
  await expect(toolRow(unity, 'read_file_1').getByTestId('badge-collision')).toBeVisible();
  await page.mouse.move(0, 0); // no hover highlight in the picture
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'servers.png'), ...screenshotOptions(page) });

  const model = await openModel(page, 'gpt-4o');
  await expect(model.getByTestId('mode-custom')).toBeChecked();
  await expect(checkbox(page, 'unity_health')).toBeChecked();
  await expect(checkbox(page, 'read_file_1')).not.toBeChecked();
  await expect(model.getByTestId('selection-count')).toHaveText('5 tools selected');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'model-tools.png'), ...screenshotOptions(page) });
});

test("a selection is counted with the built-in tools against its engine's provider limit", async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, {
    servers: [fixtureServer({ uuid: '00000000-0000-4000-8000-00000000cccc', label: 'Many', fixture: { id: 'many', generateTools: { prefix: 't_', count: 130 } } })],
    models: [
      { engine: 'openai', model: 'gpt-4o', tools: [] },
      { engine: 'anthropic', model: 'claude-sonnet-4', tools: null },
      { engine: 'some-gateway', model: 'any-model', tools: null },
    ],
    prompt: null,
  });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Many');
  const editor = await openModel(page, 'gpt-4o');
  await editor.getByTestId('mode-custom').check();
  await editor.getByTestId('group-select-all').check();
  await expect(checkbox(page, 't_129')).toBeChecked();
  // 130 MCP tools and the 5 built-in ones go into one request: OpenAI's 128 is exceeded.
  const warning = editor.getByTestId('selection-warning');
  await expect(warning).toContainText('135 tools per request (130 MCP + 5 built-in)');
  await expect(warning).toContainText('OpenAI (Chat Completions) accepts at most 128 tools per request');
  // 124 + 5 = 129: still over; 123 + 5 = 128: at the limit, no warning.
  for (let i = 0; i < 6; i++) await checkbox(page, `t_${i}`).uncheck();
  await expect(warning).toContainText('129 tools per request');
  await checkbox(page, 't_6').uncheck();
  await expect(warning).toHaveCount(0);
  await editor.getByTestId('selection-save').click();
  await expect(editor.getByTestId('selection-saved')).toBeVisible();

  // Anthropic documents no tool limit, and an engine the app does not know has none it knows of.
  for (const model of ['claude-sonnet-4', 'any-model']) {
    const other = await openModel(page, model);
    await expect(other.getByTestId('selection-count')).toHaveText('130 tools selected');
    await expect(other.getByTestId('selection-warning')).toHaveCount(0);
  }
  // The prompt selection goes to whatever model is in use: counted against the strictest limit.
  await page.getByTestId('target-prompt').click();
  await expect(editor.getByTestId('selection-warning')).toContainText('135 tools per request');
});

test('tools of an offline server can still be selected, under their saved names', async ({ page, launch, userDataDir }) => {
  const gone = { ...fixtureServer({ uuid: '00000000-0000-4000-8000-00000000dddd', label: 'Gone', fixture: { id: 'gone', tools: [] } }) };
  gone.command = path.join(userDataDir, 'no-such-mcp-server');
  gone.toolMappings = { search: 'search', 'unity/health': 'unity_health' };
  writeConfig(userDataDir, { servers: [gone], models: [{ engine: 'openai', model: 'gpt-4o', tools: [] }] });
  await open(page, await launch(userDataDir));
  await expect(serverRow(page, 'Gone').getByTestId('server-status')).toHaveAttribute('data-status', 'failed');
  const editor = await openModel(page, 'gpt-4o');
  await editor.getByTestId('mode-custom').check();
  await expect(editor.getByTestId('group-offline')).toBeVisible();
  await checkbox(page, 'unity_health').check();
  await editor.getByTestId('selection-save').click();
  await expect(editor.getByTestId('selection-saved')).toBeVisible();
  await page.reload();
  const again = await openModel(page, 'gpt-4o');
  await expect(checkbox(page, 'unity_health')).toBeChecked();
  await expect(checkbox(page, 'search')).not.toBeChecked();
  await expect(again.getByTestId('selection-missing')).toHaveCount(0);
});

test('the alias editor refuses a built-in or taken name and pins a free one', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers());
  await open(page, await launch(userDataDir));
  const beta = await expand(page, 'Beta');
  const row = toolRow(beta, 'search_1');
  for (const [alias, why] of [['web_search', 'built-in'], ['search', 'already the name of tool'], ['bad name!', 'not a valid tool name']]) {
    await row.getByTestId('alias-input').fill(alias!);
    await row.getByTestId('alias-save').click();
    await expect(row.getByTestId('alias-error')).toContainText(why!);
  }
  await row.getByTestId('alias-input').fill('beta_search');
  await row.getByTestId('alias-save').click();
  const pinned = toolRow(beta, 'beta_search');
  await expect(pinned).toHaveAttribute('data-original', 'search');
  await expect(pinned.getByTestId('badge-alias')).toBeVisible();
});
