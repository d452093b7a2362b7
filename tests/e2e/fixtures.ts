// What every e2e spec shares: the test fixtures (a fresh user-data folder, hosts started and
// stopped per test, uncaught page errors failing the test), the servers the tests configure,
// and the steps a user takes (open the app, find a row, expand it, add a server, pick a model),
// plus the accessibility check every screen must pass.
import path from 'node:path';
import axe from 'axe-core';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { FixtureConfig } from '../fixtures/config.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { CHECKERED_PNG } from '../fixtures/mcp-server.js';
import type { McpServer } from '../../src/types/config.js';
import type { ConfigSeed, FixtureServerEntry, HostOptions, RunningHost } from './host.js';
import { fixtureServer, makeUserDataDir, REPO_ROOT, removeUserDataDir, startHost } from './host.js';

export { expect };
/** Every e2e run updates the README's screenshots (a log's timestamps alone change one each time). */
/**
 * Where the README's pictures go: docs/screenshots only when `npm run screenshots` asks for them
 * (WRITE_SCREENSHOTS_ENV=1); any other run takes them into test-results/, so a test run leaves the
 * tracked files as it found them.
 */
export const WRITE_SCREENSHOTS_ENV = 'MCP_WRITE_SCREENSHOTS';
export const SCREENSHOT_DIR = process.env[WRITE_SCREENSHOTS_ENV] === '1' ? path.join(REPO_ROOT, 'docs', 'screenshots') : path.join(REPO_ROOT, 'test-results', 'screenshots');

interface Fixtures {
  /** A fresh, empty user-data folder, removed after the test. */
  userDataDir: string;
  /** Starts the browser host on a folder; every host started is stopped after the test. */
  launch: (userDataDir: string, options?: HostOptions) => Promise<RunningHost>;
  /** Auto: any uncaught error in the page fails the test. */
  pageErrors: void;
}

// Playwright reads a fixture's dependencies from its first parameter, which must be an object
// pattern even when empty; hence the no-empty-pattern exceptions.
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  userDataDir: async ({}, use) => {
    const dir = makeUserDataDir();
    await use(dir);
    removeUserDataDir(dir);
  },
  // eslint-disable-next-line no-empty-pattern
  launch: async ({}, use) => {
    const hosts: RunningHost[] = [];
    await use(async (dir, options) => {
      const host = await startHost(dir, options);
      hosts.push(host);
      return host;
    });
    await Promise.all(hosts.map((host) => host.stop()));
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      await use();
      // Checked after the test body: an event handler cannot fail the test by throwing.
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

// The JSON configs below have no spaces, so they also survive the server form's args field.
export const ALPHA = { id: 'alpha', tools: ['search', 'fetch'] };
export const BETA = { id: 'beta', tools: ['search', 'fetch'] };
export const ALPHA_UUID = '00000000-0000-4000-8000-00000000aaaa';
export const BETA_UUID = '00000000-0000-4000-8000-00000000bbbb';

/**
 * A tool with a real input schema (one required argument, one optional with allowed values) that
 * says it only reads, as a real read_file does: its policy is "allow" without anyone choosing.
 */
export const READ_FILE_TOOL = {
  name: 'read_file',
  description: 'Read a file from the workspace',
  title: 'Read file',
  annotations: { readOnlyHint: true },
  inputSchema: {
    type: 'object' as const,
    properties: {
      path: { type: 'string', description: 'Path of the file, relative to the workspace' },
      encoding: { enum: ['utf8', 'base64'], description: 'How to return the bytes' },
    },
    required: ['path'],
  },
};

/** The "Files" server the screens are shown with: read_file (with its schema), search, `more`; it logs. */
export function filesServer(more: FixtureConfig['tools'] = [], stderr: string[] = []): McpServer {
  return fixtureServer(filesEntry(more, stderr));
}

/** The "Files" server's uuid, label and fixture config (filesServer). */
export function filesEntry(more: FixtureConfig['tools'] = [], stderr: string[] = []): FixtureServerEntry {
  return {
    uuid: ALPHA_UUID,
    label: 'Files',
    fixture: { id: 'files', tools: [READ_FILE_TOOL, { name: 'search', description: 'Search file contents' }, ...(more ?? [])], logging: true, stderr },
  };
}

export function twoServers(extra: Omit<ConfigSeed, 'servers'> = {}): ConfigSeed {
  return {
    servers: [
      fixtureServer({ uuid: ALPHA_UUID, label: 'Alpha', fixture: ALPHA }),
      fixtureServer({ uuid: BETA_UUID, label: 'Beta', fixture: BETA }),
    ],
    ...extra,
  };
}

/** A server with prompts, resources and a template; a second one whose `summarize` becomes `summarize_1`. */
export function offeringServers(): ConfigSeed {
  return {
    servers: [
      fixtureServer({
        uuid: 'writer',
        label: 'Writer',
        fixture: {
          id: 'writer',
          tools: ['echo'],
          prompts: [
            {
              name: 'summarize',
              title: 'Summarize',
              description: 'Summarize a text for a department',
              arguments: [{ name: 'text', required: true, description: 'What to summarize' }, { name: 'department' }],
              completions: { department: ['Engineering', 'Sales', 'Support'] },
            },
            {
              name: 'describe/picture',
              description: 'Describe a picture',
              messages: [
                { role: 'user', content: { type: 'text', text: 'Describe this picture.' } },
                { role: 'user', content: { type: 'image', mimeType: 'image/png', data: CHECKERED_PNG } },
              ],
            },
          ],
          resources: [
            { uri: 'file:///notes.txt', name: 'notes.txt', mimeType: 'text/plain', text: 'Remember the milk' },
            { uri: 'file:///dot.png', name: 'dot.png', mimeType: 'image/png', blob: CHECKERED_PNG },
          ],
          resourceTemplates: [{ uriTemplate: 'file:///logs/{day}', name: 'Daily log', completions: { day: ['monday', 'tuesday'] } }],
        },
      }),
      fixtureServer({ uuid: 'other', label: 'Other', fixture: { id: 'other', prompts: [{ name: 'summarize', description: 'Another summary' }] } }),
    ],
  };
}

/** Opens the host's URL and waits for the first state to load. */
export async function open(page: Page, host: RunningHost): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('nav-servers')).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
}

export function serverRow(page: Page, label: string): Locator {
  return page.locator(`[data-testid="server-row"][data-server-label="${label}"]`);
}

export function toolRow(scope: Locator, exposed: string): Locator {
  return scope.locator(`[data-testid="tool-row"][data-exposed="${exposed}"]`);
}

export function checkbox(page: Page, exposed: string): Locator {
  return page.locator(`[data-testid="tool-checkbox"][data-exposed="${exposed}"]`);
}

export async function expectStatus(page: Page, label: string, status: string): Promise<void> {
  await expect(serverRow(page, label).getByTestId('server-status')).toHaveAttribute('data-status', status);
}

export async function expectReady(page: Page, label: string): Promise<void> {
  await expectStatus(page, label, 'ready');
}

export async function expand(page: Page, label: string): Promise<Locator> {
  const row = serverRow(page, label);
  const caret = row.getByTestId('server-expand');
  if ((await caret.getAttribute('aria-expanded')) !== 'true') await caret.click();
  await expect(row.getByTestId('server-tools')).toBeVisible();
  return row;
}

/** Fills the add form for a stdio fixture and submits it; the form closes at once. */
export async function addServerThroughForm(page: Page, label: string, fixture: Omit<FixtureConfig, 'transport'>): Promise<void> {
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
}

export async function openModel(page: Page, model: string): Promise<Locator> {
  await page.getByTestId('nav-models').click();
  const row = page.locator(`[data-testid="model-row"][data-model="${model}"]`);
  await row.getByTestId('model-pick').click();
  const editor = page.getByTestId('selection-editor');
  await expect(editor).toHaveAttribute('data-target', new RegExp(`/${model}$`));
  return editor;
}

/** The screen scrolls sideways neither as a page nor in its content area. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const content = document.querySelector('.content');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      content: content ? content.scrollWidth - content.clientWidth : 0,
    };
  });
  expect(overflow).toEqual({ page: 0, content: 0 });
}

/**
 * axe-core over what the page shows now: no violation of any rule, each reported with its nodes.
 * axe runs in the page itself, put there once per page load. `AxeBuilder.analyze()` of
 * @axe-core/playwright took about 2 s a scan here against 0.2 s for this: it evaluates axe's
 * 550 kB source again on every call and finishes each scan in a new blank page, a dance for
 * cross-origin frames. The app's only frames are tool views (MCP Apps): another origin, and a
 * page the server wrote, not the app; the frame element itself (its title) is checked.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { iframes: false });
    return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  });
  expect(violations, `axe violations on ${what}`).toEqual([]);
}

/**
 * The top bar shows the user-data folder, a fresh random temp path on every run: painted over in
 * the bar's own colour so the README shows no throwaway path and the PNGs do not change between
 * runs when the screen has not.
 */
export function screenshotOptions(page: Page, dark = false): { mask: Locator[]; maskColor: string; animations: 'disabled' } {
  return { mask: [page.getByText(/^Browser host · /)], maskColor: dark ? '#1a1f26' : '#ffffff', animations: 'disabled' };
}
