// Accessibility and layout as a gate: axe-core finds no violation on any screen, in the light
// and the dark theme (the OS preference, emulated), and no screen scrolls sideways from 800×600
// up. The screens are shown in the states a user meets: expanded tools, a log, a form with
// errors, an import result, each dialog (the approval before a call and a server's request for
// input among them), a custom selection, the tester with a checked answer (and as a model gets
// it), a notice, the prompt picker and the resource browser; and what servers ask of the app and
// show through it: a URL request and the wait after it, folders in the form and in a server's
// details, its instructions and icons, a call running as a task and the running tasks.
import type { Page } from '@playwright/test';
import { fixtureCommand, startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { CHECKERED_PNG } from '../fixtures/mcp-server.js';
import { fixtureServer, writeConfig } from './host.js';
import { type InstallFixtures, startInstallFixtures, visitInstallScreens } from './install-screens.js';
import { seedReview, visitReviewScreens } from './review-screens.js';
import {
  BETA_UUID,
  expand,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectReady,
  filesServer,
  offeringServers,
  open,
  openModel,
  serverRow,
  test,
} from './fixtures.js';

/** The servers the screens are shown with; `offerings`: also the Writer server (visitOfferingScreens). */
function seed(userDataDir: string, offerings = false): void {
  writeConfig(userDataDir, {
    servers: [
      filesServer(['media', 'elicit'], ['files server starting']),
      fixtureServer({ uuid: BETA_UUID, label: 'Unity', fixture: { id: 'unity', tools: [{ name: 'unity/health', description: 'Is the editor up?' }, 'search'] } }),
      { uuid: 'broken', label: 'Broken', state: 'enabled', type: 'stdio', command: '/nonexistent/mcp-server', args: ['--root', '/home/me/projects/a/very/long/path/that/goes/on/alpha'] },
      { uuid: 'off', label: 'Switched off', state: 'disabled', type: 'stdio', command: '/nonexistent/other' },
      ...(offerings ? offeringServers().servers.slice(0, 1) : []),
    ],
    // A legacy name: the migration notice shows.
    models: [{ engine: 'openai', model: 'gpt-4o', tools: ['read_file', 'gone_tool', 'search___bbbb'] }],
  });
}

/** Every screen in the states worth checking; `check` runs on each. */
async function visitEveryScreen(page: Page, check: (what: string) => Promise<void>): Promise<void> {
  await expect(page.locator('[data-testid="notice"][data-kind="migration"]')).toBeVisible();
  await expectReady(page, 'Files');
  await expectReady(page, 'Unity');
  await expand(page, 'Unity');
  await serverRow(page, 'Files').getByTestId('server-logs').click();
  await expect(serverRow(page, 'Files').getByTestId('log-line').first()).toBeVisible();
  await expect(serverRow(page, 'Broken').getByTestId('server-error')).toBeVisible();
  await check('the servers screen with tools, a log, a failed and a disabled server, and a notice');

  await page.getByTestId('server-add').click();
  await page.getByTestId('server-save').click();
  await expect(page.getByTestId('error-label')).toBeVisible();
  await check('the add form with errors');
  await page.getByTestId('server-cancel').click();

  await page.getByTestId('import-open').click();
  await page.getByTestId('import-json').fill(JSON.stringify({ mcpServers: { unity: fixtureCommand({ id: 'x', transport: 'stdio' }), broken: {} } }));
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result')).toBeVisible();
  await check('the import panel with a result');

  await serverRow(page, 'Unity').getByTestId('server-delete').click();
  await expect(page.getByTestId('delete-dialog')).toBeVisible();
  await check('the delete dialog');
  await page.keyboard.press('Escape');

  const editor = await openModel(page, 'gpt-4o');
  await expect(editor.getByTestId('missing-tool')).toBeVisible();
  await check('the model tools screen with a custom selection');
  await page.locator('[data-testid="tool-checkbox"][data-exposed="unity_health"]').check();
  await page.getByTestId('target-prompt').click();
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await check('the unsaved changes dialog');
  await page.getByTestId('unsaved-discard').click();

  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('read_file');
  // Once the tool's definition is in: until then, its template may still replace what is typed.
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-args').fill('{}');
  await expect(page.getByTestId('tester-args-problem')).toBeVisible();
  await check('the tester with argument problems');
  await page.getByTestId('tester-tool').selectOption('media');
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-args').fill('{}');
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('approval-dialog')).toBeVisible();
  await check('the approval dialog');
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('result-image')).toBeVisible();
  await check('the tester with an answer');
  await page.getByTestId('tester-provider').selectOption('anthropic');
  await expect(page.getByTestId('model-result').getByTestId('model-image')).toBeVisible();
  await check('the tester with an answer as the model gets it');
  await page.getByTestId('tester-provider').selectOption('');

  await page.getByTestId('tester-tool').selectOption('elicit');
  await page.getByTestId('tester-args').fill('{}');
  await page.getByTestId('tester-call').click();
  await page.getByTestId('approval-once').click();
  const form = page.getByTestId('elicitation-dialog');
  await expect(form).toBeVisible();
  await check('a server\'s request for input');
  await form.getByTestId('elicitation-send').click();
  await expect(form.getByTestId('elicitation-problem')).toBeVisible();
  await check('a server\'s request for input with a problem');
  await form.getByTestId('elicitation-cancel').click();
  await expect(form).toBeHidden();
}

/** A server's prompts and resources, the prompt picker and the resource browser, in the states worth checking. */
async function visitOfferingScreens(page: Page, check: (what: string) => Promise<void>): Promise<void> {
  await page.getByTestId('nav-servers').click();
  await expectReady(page, 'Writer');
  await expand(page, 'Writer');
  await check('a server\'s prompts and resources beside its tools');
  await page.getByTestId('nav-prompts').click();
  await page.locator('[data-testid="prompt-option"][data-name="summarize"] input').check();
  await page.getByTestId('prompt-preview').click();
  await expect(page.getByTestId('argument-error')).toBeVisible();
  await check('the prompt picker with a missing argument');
  await page.locator('[data-testid="argument-field"][data-name="text"] input').fill('Q3');
  await page.getByTestId('prompt-preview').click();
  await expect(page.getByTestId('prompt-message')).toBeVisible();
  await check('the prompt picker with the messages');

  await page.getByTestId('nav-resources').click();
  await page.locator('[data-testid="resource-option"][data-name="dot.png"] input').check();
  await page.getByTestId('resource-preview').click();
  await expect(page.getByTestId('resource-contents')).toBeVisible();
  await check('the resource browser with a preview');
  await page.getByTestId('resource-attach').click();
  await expect(page.getByTestId('resource-items')).toBeVisible();
  await check('the resource browser with an attached resource');
  await page.locator('[data-testid="resource-option"][data-name="Daily log"] input').check();
  await page.getByTestId('resource-attach').click();
  await expect(page.getByTestId('argument-error')).toBeVisible();
  await check('the resource browser with a template\'s missing variable');
}

let linker: InProcessFixture | undefined;
test.afterAll(async () => {
  await linker?.stop();
});

async function seedClientFeatures(userDataDir: string): Promise<void> {
  linker ??= await startFixtureInProcess({ id: 'linker', transport: 'http', tools: ['open_url', 'needs_url'], instructions: 'Sign in before calling open_url.\nThen call it again.' });
  const icon = { src: `data:image/png;base64,${CHECKERED_PNG}` };
  writeConfig(userDataDir, {
    servers: [
      { uuid: 'linker', label: 'Linker', state: 'enabled', type: 'http', url: linker.url, defaultPolicy: 'allow', roots: [userDataDir, '/no/such/folder'] },
      { ...fixtureServer({ uuid: 'worker', label: 'Worker', fixture: { id: 'worker', icons: [icon], tools: [{ name: 'long_job', icons: [icon], execution: { taskSupport: 'required' } }], tasks: {} } }), defaultPolicy: 'allow' },
    ],
  });
}

/** The client features' screens: a URL request (warnings, a Unicode name), its wait, folders in the form and the details, a task. */
async function visitClientFeatureScreens(page: Page, check: (what: string) => Promise<void>): Promise<void> {
  await expectReady(page, 'Linker');
  await expectReady(page, 'Worker');
  await expand(page, 'Linker');
  await serverRow(page, 'Linker').getByTestId('server-instructions').locator('summary').click();
  await expand(page, 'Worker');
  await check('a server\'s instructions, folders (one missing) and icons');
  await serverRow(page, 'Linker').getByTestId('server-edit').click();
  const editor = serverRow(page, 'Linker').getByTestId('roots-editor');
  await expect(editor.getByTestId('root-missing')).toBeVisible();
  await editor.getByTestId('root-path').fill('relative/path');
  await editor.getByTestId('root-add').click();
  await expect(editor.getByTestId('root-problem')).toBeVisible();
  await check('the server form\'s folders, one missing and one refused');
  await serverRow(page, 'Linker').getByTestId('server-cancel').click();

  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('open_url');
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-args').fill(JSON.stringify({ url: 'http://user@аррӏе.com/login?next=%2Fhome', message: 'Sign in to continue' }));
  await page.getByTestId('tester-call').click();
  const dialog = page.getByTestId('url-elicitation-dialog');
  await expect(dialog.getByTestId('elicitation-host-unicode')).toBeVisible();
  await check('a URL request with warnings');
  await dialog.getByTestId('elicitation-decline').click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('tester-tool').selectOption('needs_url');
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-args').fill(JSON.stringify({ elicitationId: 'a11y', url: 'https://example.invalid/connect' }));
  await page.getByTestId('tester-call').click();
  const tab = page.context().waitForEvent('page');
  await dialog.getByTestId('elicitation-open').click();
  await (await tab).close();
  await expect(dialog.getByTestId('elicitation-retry')).toBeVisible();
  await check('the wait after a URL was opened');
  await dialog.getByTestId('elicitation-stop').click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('tester-tool').selectOption('long_job');
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-args').fill(JSON.stringify({ mode: 'forever' }));
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('tasks-panel')).toBeVisible();
  await expect(page.getByTestId('tester-task')).toBeVisible();
  await check('a call running as a task, and the running tasks');
  await page.getByTestId('task-cancel').click();
  await expect(page.getByTestId('tasks-panel')).toHaveCount(0);
}

let install: InstallFixtures | undefined;
/** The registry and bundles of the install screens, made once per worker that needs them. */
async function installFixtures(): Promise<InstallFixtures> {
  install ??= await startInstallFixtures();
  return install;
}
test.afterAll(async () => {
  await install?.stop();
  install = undefined;
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no axe-core violation on what servers ask of the app and show through it, ${colorScheme} theme`, async ({ page, launch, userDataDir }) => {
    test.setTimeout(120_000);
    await seedClientFeatures(userDataDir);
    await page.emulateMedia({ colorScheme });
    await open(page, await launch(userDataDir));
    await visitClientFeatureScreens(page, (what) => expectAccessible(page, `${what} (${colorScheme})`));
  });

  test(`no axe-core violation on installing (browse a registry, an entry, a bundle), ${colorScheme} theme`, async ({ page, launch, userDataDir }) => {
    test.setTimeout(120_000);
    const fixtures = await installFixtures();
    await page.emulateMedia({ colorScheme });
    await open(page, await launch(userDataDir));
    await visitInstallScreens(page, fixtures, (what) => expectAccessible(page, `${what} (${colorScheme})`));
  });

  test(`no axe-core violation on any screen, ${colorScheme} theme`, async ({ page, launch, userDataDir }) => {
    test.setTimeout(120_000);
    seed(userDataDir);
    await page.emulateMedia({ colorScheme });
    await open(page, await launch(userDataDir));
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe(colorScheme === 'dark' ? 'rgb(17, 20, 24)' : 'rgb(246, 247, 249)');
    await visitEveryScreen(page, (what) => expectAccessible(page, `${what} (${colorScheme})`));
  });

  test(`no axe-core violation on reviewing changed tools (the notice, the badges, the Review panel), ${colorScheme} theme`, async ({ page, launch, userDataDir }) => {
    const toolsFile = seedReview(userDataDir);
    await page.emulateMedia({ colorScheme });
    await open(page, await launch(userDataDir));
    await visitReviewScreens(page, toolsFile, (what) => expectAccessible(page, `${what} (${colorScheme})`));
  });

  test(`no axe-core violation on the prompt picker and the resource browser, ${colorScheme} theme`, async ({ page, launch, userDataDir }) => {
    test.setTimeout(120_000);
    writeConfig(userDataDir, offeringServers());
    await page.emulateMedia({ colorScheme });
    await open(page, await launch(userDataDir));
    await visitOfferingScreens(page, (what) => expectAccessible(page, `${what} (${colorScheme})`));
  });
}

test('the check finds what axe finds: an image with no text alternative fails it, naming the rule and the node', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1><img src="data:," id="bare"></main></html>');
  const failure = await expectAccessible(page, 'a page with a bare image').then(() => null, (error: unknown) => String(error));
  expect(failure).toContain('image-alt (critical)');
  expect(failure).toContain('#bare');
});

test('the install screens are usable at 800×600: nothing scrolls sideways', async ({ page, launch, userDataDir }) => {
  test.setTimeout(120_000);
  const fixtures = await installFixtures();
  await page.setViewportSize({ width: 800, height: 600 });
  await open(page, await launch(userDataDir));
  await visitInstallScreens(page, fixtures, async () => expectNoSidewaysScroll(page));
});

test('every screen is usable at 800×600: nothing scrolls sideways', async ({ page, launch, userDataDir }) => {
  test.setTimeout(180_000);
  seed(userDataDir, true);
  await page.setViewportSize({ width: 800, height: 600 });
  await open(page, await launch(userDataDir));
  await visitEveryScreen(page, async () => expectNoSidewaysScroll(page));
  await visitOfferingScreens(page, async () => expectNoSidewaysScroll(page));
  // The status badge and the tool count sit side by side, never on top of each other.
  await page.getByTestId('nav-servers').click();
  const row = serverRow(page, 'Unity');
  const badge = await row.getByTestId('server-status').boundingBox();
  const counts = await row.getByTestId('server-counts').boundingBox();
  expect(badge && counts && (badge.x + badge.width <= counts.x || counts.y >= badge.y + badge.height)).toBe(true);
});

test('reviewing changed tools is usable at 800×600: nothing scrolls sideways, the panel\'s buttons stay in view', async ({ page, launch, userDataDir }) => {
  const toolsFile = seedReview(userDataDir);
  await page.setViewportSize({ width: 800, height: 600 });
  await open(page, await launch(userDataDir));
  await visitReviewScreens(page, toolsFile, async () => {
    await expectNoSidewaysScroll(page);
    const dialog = page.getByTestId('review-dialog');
    if (await dialog.isVisible()) {
      expect(await dialog.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
      for (const button of ['review-keep', 'review-approve-all', 'review-approve']) await expect(dialog.getByTestId(button)).toBeInViewport({ ratio: 1 });
    }
  });
});

test('what servers ask of the app is usable at 800×600: nothing scrolls sideways', async ({ page, launch, userDataDir }) => {
  test.setTimeout(120_000);
  await seedClientFeatures(userDataDir);
  await page.setViewportSize({ width: 800, height: 600 });
  await open(page, await launch(userDataDir));
  await visitClientFeatureScreens(page, async () => expectNoSidewaysScroll(page));
});
