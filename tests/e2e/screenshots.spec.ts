// The README's screenshots (written to docs/screenshots only by `npm run screenshots`; every e2e
// run takes them into test-results/ and checks them), from a realistic config: servers with renamed tools and their badges, a server's log, a
// custom model selection, the tester with an answer, and the dark theme. Each picture is checked
// for what it must show before it is taken.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { picturedServer, writeConfig } from './host.js';
import { BETA_UUID, checkbox, expand, expect, expectReady, filesEntry, open, openModel, SCREENSHOT_DIR, screenshotOptions, serverRow, test, toolRow } from './fixtures.js';
import { startInstallFixtures, useRegistry } from './install-screens.js';
import { changeTools, seedReview, waitForHeld } from './review-screens.js';

/**
 * The servers as a user's config would hold them: started as `node <script> <arguments>` from a
 * folder of their own, so the pictures show command lines a reader recognizes.
 */
function seed(userDataDir: string): void {
  const dir = path.join(userDataDir, 'mcp-servers');
  const files = filesEntry([{ name: 'list_dir', description: 'List a folder' }], [
    'Secure MCP Filesystem Server running on stdio',
    'Allowed directories: [ "/home/me/projects" ]',
  ]);
  writeConfig(userDataDir, {
    servers: [
      picturedServer(files, dir, 'server-filesystem.mjs', ['/home/me/projects']),
      picturedServer(
        {
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
        },
        dir,
        'unity-mcp.mjs',
        ['--project', '/home/me/games/orbit'],
      ),
    ],
    models: [
      { engine: 'openai', model: 'gpt-4o', tools: ['read_file', 'search', 'unity_health', 'search_1', 'admin_tools_list'] },
      { engine: 'anthropic', model: 'claude-sonnet-4', tools: null },
    ],
    prompt: null,
    realtime: [],
  });
}

async function shoot(page: Page, name: string, dark = false, mask: Locator[] = []): Promise<void> {
  await page.mouse.move(0, 0); // no hover highlight in the picture
  const options = screenshotOptions(page, dark);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), ...options, mask: [...options.mask, ...mask] });
}

test('user guide screenshots: a registry entry ready to add, and a bundle before it is installed', async ({ page, launch, userDataDir }) => {
  const fixtures = await startInstallFixtures();
  try {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await open(page, await launch(userDataDir));
    await useRegistry(page, fixtures.registry.url);
    await page.getByTestId('registry-query').fill('filesystem');
    await page.getByTestId('registry-search').click();
    await page.getByTestId('registry-pick').click();
    await expect(page.getByTestId('registry-run')).toHaveText('npx -y @modelcontextprotocol/server-filesystem@2026.8.31 <allowed_dir>');
    await page.locator('[data-testid="install-field"][data-field="allowed_dir"] input').fill('/home/me/projects');
    // The fixture registry's address changes every run (a random port): painted over.
    await shoot(page, 'browse.png', false, [page.getByTestId('registry-address')]);
    await page.getByTestId('registry-browser-close').click();

    await page.getByTestId('bundle-file').setInputFiles(fixtures.bundle);
    const dialog = page.getByTestId('bundle-dialog');
    await expect(dialog.getByTestId('bundle-signature')).toHaveAttribute('data-status', 'unsigned');
    await dialog.locator('[data-testid="install-field"][data-field="allowed_directories"] textarea').fill('/home/me/projects');
    // The profile is a fresh temp folder: shown as the usual one on Linux.
    await dialog.getByTestId('bundle-run').evaluate((element, dir) => {
      element.textContent = (element.textContent ?? '').replace(dir, '~/.config/MCP Tool Names');
    }, userDataDir);
    await shoot(page, 'bundle.png');
  } finally {
    await fixtures.stop();
  }
});

test('user guide screenshot: the Review panel of a tool whose description changed, with a finding', async ({ page, launch, userDataDir }) => {
  const toolsFile = seedReview(userDataDir, true);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Notes');
  changeTools(toolsFile);
  await waitForHeld(page);
  const notes = await expand(page, 'Notes');
  await toolRow(notes, 'search').getByTestId('tool-review').click();
  const dialog = page.getByTestId('review-dialog');
  await expect(dialog.getByTestId('review-tool')).toHaveAttribute('data-exposed', 'search');
  await expect(dialog.getByTestId('diff-added')).toBeVisible();
  await expect(dialog.getByTestId('review-spells')).toBeVisible();
  await expect(dialog.locator('[data-testid="finding"][data-kind="hidden-characters"]')).toBeVisible();
  await shoot(page, 'review.png');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`README screenshots, ${colorScheme} theme`, async ({ page, launch, userDataDir }) => {
    const dark = colorScheme === 'dark';
    const suffix = dark ? '-dark' : '';
    seed(userDataDir);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme });
    await open(page, await launch(userDataDir));
    await expectReady(page, 'Files');
    await expectReady(page, 'Unity');

    const unity = await expand(page, 'Unity');
    await expect(toolRow(unity, 'unity_health').getByTestId('badge-sanitized')).toBeVisible();
    await expect(toolRow(unity, 'admin_tools_list').getByTestId('badge-sanitized')).toBeVisible();
    await expect(toolRow(unity, 'search_1').getByTestId('badge-collision')).toBeVisible();
    await expect(toolRow(unity, 'read_file_1').getByTestId('badge-collision')).toBeVisible();
    await shoot(page, `servers${suffix}.png`, dark);
    if (dark) return; // One dark picture is enough to show the theme.

    await unity.getByTestId('server-expand').click();
    const files = serverRow(page, 'Files');
    await files.getByTestId('server-logs').click();
    await expect(files.getByTestId('log-line').filter({ hasText: 'Allowed directories' })).toBeVisible();
    await expect(files.getByTestId('log-line').filter({ hasText: 'Connected to files' })).toBeVisible();
    // The log's times are this run's: shifted to start at 09:30 so the picture only changes when
    // the screen does (the gaps between lines are kept).
    await files.locator('time').evaluateAll((times) => {
      const start = Date.parse(times[0]?.getAttribute('datetime') ?? '');
      for (const time of times) {
        const offset = new Date(Date.UTC(2026, 0, 1, 9, 30) + Date.parse(time.getAttribute('datetime') ?? '') - start);
        time.textContent = offset.toISOString().slice(11, 23);
      }
    });
    await shoot(page, 'logs.png');

    const model = await openModel(page, 'gpt-4o');
    await expect(model.getByTestId('mode-custom')).toBeChecked();
    await expect(checkbox(page, 'unity_health')).toBeChecked();
    await expect(checkbox(page, 'read_file_1')).not.toBeChecked();
    await expect(model.getByTestId('selection-count')).toHaveText('5 tools selected');
    await shoot(page, 'model-tools.png');

    await page.getByTestId('nav-tester').click();
    await page.getByTestId('tester-tool').selectOption('read_file');
    await expect(page.getByTestId('tester-args')).toHaveValue('{\n  "path": ""\n}');
    await page.getByTestId('tester-args').fill('{\n  "path": "notes/todo.md"\n}');
    await page.getByTestId('tester-call').click();
    await expect(page.getByTestId('result-text')).toContainText('notes/todo.md');
    await shoot(page, 'tester.png');
  });
}
