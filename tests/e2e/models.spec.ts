// The Model tools screen, end to end: per-model, prompt and realtime selections against real
// fixture servers, across restarts and the upgrade migration, with the same count everywhere,
// select all / none, and unsaved changes that are never thrown away without asking.
import path from 'node:path';
import { fixtureServer, writeConfig } from './host.js';
import { ALPHA_UUID, checkbox, expand, expect, expectAccessible, expectNoSidewaysScroll, expectReady, open, openModel, serverRow, test, toolRow, twoServers } from './fixtures.js';

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
  // Custom from "all" starts with every tool ticked: Select none, then tick search_1.
  await editor.getByTestId('select-none').click();
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

test("a selection is counted with the built-in tools against its engine's provider limit", async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, {
    servers: [fixtureServer({ uuid: '00000000-0000-4000-8000-00000000cccc', label: 'Many', fixture: { id: 'many', generateTools: { prefix: 't_', count: 130 } } })],
    // Loading on demand off: the whole selection goes into every request, so the limit applies.
    // (Automatic would load on demand above the limit, and say so instead: the cost test below.)
    models: [
      { engine: 'openai', model: 'gpt-4o', tools: [], toolLoading: 'off' },
      { engine: 'anthropic', model: 'claude-sonnet-4', tools: null },
      { engine: 'some-gateway', model: 'any-model', tools: null },
    ],
    prompt: null,
  });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Many');
  const editor = await openModel(page, 'gpt-4o');
  await editor.getByTestId('mode-custom').check();
  await editor.getByTestId('group-select-all').click();
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
  // Save stays in view at the end of a long list.
  await checkbox(page, 't_129').scrollIntoViewIfNeeded();
  await expect(editor.getByTestId('selection-save')).toBeInViewport();
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

test('select all / none per server and for the list, and one count in the list and the editor', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers({
    // `gone` no server offers; `fetch_1` is switched off below: neither is a tool the model gets.
    models: [{ engine: 'openai', model: 'gpt-4o', tools: ['search', 'fetch', 'fetch_1', 'gone'] }],
  }));
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Beta');
  await toolRow(await expand(page, 'Beta'), 'fetch_1').getByTestId('tool-toggle').uncheck();
  await expect(toolRow(serverRow(page, 'Beta'), 'fetch_1').getByTestId('tool-off')).toBeVisible();

  const editor = await openModel(page, 'gpt-4o');
  const listed = page.locator('[data-testid="model-row"][data-model="gpt-4o"]').getByTestId('model-count');
  await expect(listed).toHaveText('2 tools');
  await expect(editor.getByTestId('selection-count')).toHaveText('2 tools selected');
  await expect(editor.getByTestId('selection-count-detail')).toHaveText('Not counted: 1 tool switched off on their server, 1 tool no server offers.');

  const beta = editor.locator('[data-testid="selection-group"][data-server-label="Beta"]');
  await beta.getByTestId('group-select-all').click();
  await expect(beta.getByTestId('group-count')).toHaveText('2 / 2 selected');
  await expect(editor.getByTestId('selection-count')).toHaveText('3 tools selected');
  await beta.getByTestId('group-select-none').click();
  await expect(beta.getByTestId('group-count')).toHaveText('0 / 2 selected');
  await expect(editor.getByTestId('selection-count')).toHaveText('2 tools selected');

  // The list's buttons act on what the filter shows, or on everything.
  await editor.getByTestId('tool-filter').fill('fetch');
  await editor.getByTestId('select-all').click();
  await editor.getByTestId('tool-filter').fill('');
  await expect(checkbox(page, 'fetch_1')).toBeChecked();
  await expect(checkbox(page, 'search_1')).not.toBeChecked();
  await editor.getByTestId('select-none').click();
  for (const name of ['search', 'fetch', 'search_1', 'fetch_1']) await expect(checkbox(page, name)).not.toBeChecked();
  await editor.getByTestId('select-all').click();
  await expect(editor.getByTestId('selection-count')).toHaveText('3 tools selected');
  await editor.getByTestId('selection-save').click();
  await expect(editor.getByTestId('selection-saved')).toBeVisible();
  await expect(listed).toHaveText('3 tools');
  // "All tools" says how many that is now, counted the same way.
  await expect(page.getByTestId('target-prompt').getByTestId('target-count')).toHaveText('All tools (3)');
});

test('unsaved changes are kept, saved or discarded as the user says before another selection opens', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers({
    models: [{ engine: 'openai', model: 'gpt-4o', tools: ['search'] }, { engine: 'anthropic', model: 'claude', tools: null }],
  }));
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Beta');
  const editor = await openModel(page, 'gpt-4o');
  await checkbox(page, 'fetch').check();
  await expect(editor.getByTestId('selection-dirty')).toBeVisible();

  const dialog = page.getByTestId('unsaved-dialog');
  const claude = page.locator('[data-testid="model-row"][data-model="claude"]').getByTestId('model-pick');
  await claude.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Save the changes to gpt-4o (openai)?');
  await dialog.getByTestId('unsaved-stay').click();
  await expect(editor).toHaveAttribute('data-target', 'model:openai/gpt-4o');
  await expect(checkbox(page, 'fetch')).toBeChecked();

  // Another screen asks too; Escape keeps editing.
  await page.getByTestId('nav-tester').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(checkbox(page, 'fetch')).toBeChecked();

  await page.getByTestId('target-prompt').click();
  await dialog.getByTestId('unsaved-save').click();
  await expect(editor).toHaveAttribute('data-target', 'prompt');
  await expect(page.locator('[data-testid="model-row"][data-model="gpt-4o"]').getByTestId('model-count')).toHaveText('2 tools');

  await openModel(page, 'gpt-4o');
  await checkbox(page, 'search_1').check();
  await claude.click();
  await dialog.getByTestId('unsaved-discard').click();
  await expect(editor).toHaveAttribute('data-target', 'model:anthropic/claude');
  await openModel(page, 'gpt-4o');
  await expect(checkbox(page, 'search_1')).not.toBeChecked();
  await expect(checkbox(page, 'fetch')).toBeChecked();
});

test('long tool names are cut with an ellipsis, the full name on hover, the checkbox whole', async ({ page, launch, userDataDir }) => {
  const long = `a_tool_with_a_very_long_generated_name_${'x'.repeat(25)}`;
  writeConfig(userDataDir, {
    servers: [fixtureServer({ uuid: 'long', label: 'Long', fixture: { id: 'long', tools: [long, 'short'] } })],
    models: [{ engine: 'openai', model: 'gpt-4o', tools: [long] }],
  });
  await page.setViewportSize({ width: 800, height: 600 });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Long');
  await openModel(page, 'gpt-4o');
  const box = checkbox(page, long);
  const label = page.locator('label.tool', { has: box });
  await expect(label).toHaveAttribute('title', long);
  expect((await box.boundingBox())?.width).toBe((await checkbox(page, 'short').boundingBox())?.width);
  expect(await label.locator('.name').evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
});

test('the model tools screen shows what a request costs, and which loading applies and why', async ({ page, launch, userDataDir }) => {
  // 140 tools: over OpenAI's limit of 128 per request, so Automatic loads them on demand.
  const tools = Array.from({ length: 140 }, (_, i) => ({ name: `tool_${i}`, description: `Tool number ${i}: does one thing with one argument.`, inputSchema: { type: 'object' as const, properties: { value: { type: 'string', description: 'What it works on.' } } } }));
  writeConfig(userDataDir, {
    servers: [fixtureServer({ uuid: ALPHA_UUID, label: 'Many', fixture: { id: 'many', tools } })],
    models: [{ engine: 'openai', model: 'gpt-4o', tools: null }],
  });
  await page.setViewportSize({ width: 800, height: 600 });
  const host = await launch(userDataDir);
  await open(page, host);
  await expectReady(page, 'Many');
  const editor = await openModel(page, 'gpt-4o');

  const cost = editor.getByTestId('tool-cost');
  await expect(cost).toContainText(/≈ \d{1,3}(,\d{3})* tokens of tool definitions in every request/);
  await expect(cost).toContainText('OpenAI (Chat Completions), counted');
  const allTokens = Number(await cost.getAttribute('data-tokens'));
  expect(allTokens).toBeGreaterThan(140 * 20);
  const reason = editor.getByTestId('loading-reason');
  await expect(editor.getByTestId('loading-auto')).toBeChecked();
  await expect(reason).toHaveAttribute('data-loading', 'on-demand');
  await expect(reason).toContainText('145 tools are over the limit of 128 per request of OpenAI (Chat Completions)');
  await expect(editor.getByTestId('on-demand-cost')).toContainText('140 tools wait until the model finds them with the app’s find_tools');
  // On demand the tool limit does not bind: no warning to pick fewer.
  await expect(editor.getByTestId('selection-warning')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Off: every tool is sent, and the limit warning is back.
  await editor.getByTestId('loading-off').check();
  await expect(reason).toHaveText('Off: every selected tool is sent in every request.');
  await expect(editor.getByTestId('selection-warning')).toBeVisible();

  // A smaller draft costs less, before it is saved; Automatic then sends all of them. The loading
  // setting is saved at once: its round trip ends (the radios enabled again) before the draft changes.
  await editor.getByTestId('loading-auto').check();
  await expect(reason).toHaveAttribute('data-loading', 'on-demand');
  await expect(editor.getByTestId('loading-auto')).toBeEnabled();
  await editor.getByTestId('mode-custom').check();
  await expect(editor.getByTestId('select-none')).toBeEnabled();
  await editor.getByTestId('select-none').click();
  await checkbox(page, 'tool_1').check();
  await checkbox(page, 'tool_2').check();
  await expect(reason).toHaveAttribute('data-loading', 'all');
  await expect(reason).toContainText('within the budget of 20,000');
  expect(Number(await cost.getAttribute('data-tokens'))).toBeLessThan(allTokens / 20);

  // A budget below what the draft costs turns Automatic to on demand; a budget out of range is refused.
  const budget = editor.getByTestId('token-budget');
  await budget.fill('12');
  await budget.press('Enter');
  await expect(editor.getByTestId('budget-error')).toContainText('between 500 and 2,000,000');
  await budget.fill('500');
  await budget.press('Enter');
  await expect(editor.getByTestId('budget-error')).toHaveCount(0);
  await expect(reason).toHaveAttribute('data-loading', 'all');

  // A pinned tool stays loaded on demand, and is saved with the model.
  await editor.getByTestId('loading-on').check();
  await expect(reason).toHaveText('On: the model gets a search tool and loads the tools it finds.');
  await editor.getByTestId('pin-add').selectOption('tool_2');
  await expect(editor.getByTestId('pin')).toHaveText(['tool_2 ×']);
  await expect(editor.getByTestId('on-demand-cost')).toContainText('1 tools wait');
  await editor.getByTestId('selection-save').click();
  await expect(editor.getByTestId('selection-saved')).toBeVisible();
  await page.reload();
  const again = await openModel(page, 'gpt-4o');
  await expect(again.getByTestId('loading-on')).toBeChecked();
  await expect(again.getByTestId('pin')).toHaveText(['tool_2 ×']);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the model tools screen with loading on demand');
});
