// The user in the loop, end to end: each tool's annotations and policy on its row, one policy for
// a whole server, which selected tools ask on the model tools screen, the tester's confirmation
// dialog before a tool whose policy is "Ask first" (nothing reaches the server until the user says
// yes; "Allow from now on" sets the policy), and a server's request for input shown as a form.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { fixtureServer, writeConfig } from './host.js';
import { expand, expect, expectReady, open, openModel, test, toolRow } from './fixtures.js';

const NOTES_TOOLS: FixtureConfig['tools'] = [
  { name: 'read_notes', title: 'Read the notes', annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: 'delete_notes', annotations: { destructiveHint: true, idempotentHint: true } },
  'plain',
  'wipe',
  'elicit',
];

function notesServer(recordCalls: string, extra: Partial<McpServer> = {}): McpServer {
  return { ...fixtureServer({ uuid: 'notes', label: 'Notes', fixture: { id: 'notes', tools: NOTES_TOOLS, recordCalls } }), ...extra };
}

function savedServer(userDataDir: string): McpServer {
  const config = JSON.parse(fs.readFileSync(path.join(userDataDir, 'config.json'), 'utf8')) as AppConfig;
  return config.mcp.servers[0]!;
}

/** The tools the fixture server has received calls for, in order. */
function received(file: string): string[] {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { tool: string }).tool) : [];
}

async function pick(page: Page, tool: string, args = '{}'): Promise<void> {
  await page.getByTestId('tester-tool').selectOption(tool);
  await page.getByTestId('tester-args').fill(args);
}

test('tool rows show titles, what the server says about each tool, and its policy; one action sets a whole server', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [notesServer(path.join(userDataDir, 'calls.jsonl'))] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Notes');
  const notes = await expand(page, 'Notes');

  const read = toolRow(notes, 'read_notes');
  await expect(read.getByTestId('tool-title')).toHaveText('Read the notes');
  await expect(read.getByTestId('hint-read-only')).toHaveAttribute('title', /only reads; it changes nothing/);
  await expect(read.getByTestId('hint-destructive')).toHaveCount(0);
  await expect(read.getByTestId('tool-policy')).toHaveValue('');
  await expect(read.getByTestId('tool-policy').locator('option').first()).toHaveText('Default: Allow');
  const del = toolRow(notes, 'delete_notes');
  await expect(del.getByTestId('hint-destructive')).toHaveAttribute('title', /may delete or overwrite/);
  await expect(del.getByTestId('hint-idempotent')).toBeVisible();
  await expect(del.getByTestId('tool-policy').locator('option').first()).toHaveText('Default: Ask first');
  await expect(toolRow(notes, 'plain').getByTestId('hint-no-hints')).toHaveAttribute('title', /says nothing about what this tool does/);
  await expect(notes.getByTestId('server-default-policy')).toHaveText('read-only ones allowed, others ask first');

  await toolRow(notes, 'plain').getByTestId('tool-policy').selectOption('deny');
  await expect(toolRow(notes, 'plain').getByTestId('tool-policy')).toHaveAttribute('data-policy', 'deny');
  await expect.poll(() => savedServer(userDataDir).toolPolicies).toEqual({ plain: 'deny' });

  // Every tool at once: the server's default, choices per tool replaced.
  await notes.getByTestId('bulk-scope').selectOption('all');
  await notes.getByTestId('bulk-policy').selectOption('allow');
  await notes.getByTestId('bulk-apply').click();
  await expect(notes.getByTestId('server-default-policy')).toHaveText('Allow');
  await expect(notes.locator('[data-testid="tool-policy"]:not([data-policy="allow"])')).toHaveCount(0);
  await expect.poll(() => savedServer(userDataDir)).toMatchObject({ defaultPolicy: 'allow' });
  expect(savedServer(userDataDir).toolPolicies).toBeUndefined();

  // The read-only ones: only they change.
  await notes.getByTestId('bulk-policy').selectOption('deny');
  await notes.getByTestId('bulk-scope').selectOption('read-only');
  await notes.getByTestId('bulk-apply').click();
  await expect(read.getByTestId('tool-policy')).toHaveValue('deny');
  await expect(notes.locator('[data-testid="tool-policy"][data-policy="deny"]')).toHaveCount(1);
  await expect.poll(() => savedServer(userDataDir).toolPolicies).toEqual({ read_notes: 'deny' });
});

test('the model tools screen says which selected tools ask first and which are denied', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, {
    servers: [notesServer(path.join(userDataDir, 'calls.jsonl'), { toolPolicies: { wipe: 'deny', elicit: 'allow', plain: 'allow' } })],
    models: [{ engine: 'openai', model: 'gpt-4o', tools: ['read_notes', 'delete_notes', 'wipe', 'plain'] }],
  });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Notes');
  const editor = await openModel(page, 'gpt-4o');
  await expect(editor.locator('[data-testid="tool-checkbox"]:checked')).toHaveCount(4);
  await expect(editor.getByTestId('tool-asks')).toHaveCount(1);
  await expect(editor.locator('label', { has: page.getByTestId('tool-asks') })).toContainText('delete_notes');
  await expect(editor.locator('label', { has: page.getByTestId('tool-denied') })).toContainText('wipe');
  await expect(editor.getByTestId('selection-count')).toHaveText('3 tools selected');
  await expect(editor.getByTestId('selection-count-detail')).toHaveText('Not counted: 1 tool denied by their policy.');
  await expect(editor.getByTestId('selection-asks')).toHaveText('1 of them asks you before it runs.');
});

test('the tester asks before a tool whose policy is "Ask first": nothing is sent until the user says yes', async ({ page, launch, userDataDir }) => {
  const calls = path.join(userDataDir, 'calls.jsonl');
  writeConfig(userDataDir, { servers: [notesServer(calls, { toolPolicies: { wipe: 'deny' } })] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Notes');
  await page.getByTestId('nav-tester').click();

  // Allowed (read-only): no question.
  await pick(page, 'read_notes');
  await expect(page.getByTestId('tester-asks')).toHaveCount(0);
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('result-text')).toContainText('"tool":"read_notes"');

  await pick(page, 'delete_notes', '{"all": true}');
  await expect(page.getByTestId('tester-asks')).toBeVisible();
  await page.getByTestId('tester-call').click();
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Run delete_notes?');
  await expect(dialog).toContainText('delete_notes on Notes asks before it runs');
  await expect(dialog.getByTestId('hint-destructive')).toBeVisible();
  await expect(dialog.getByTestId('approval-args')).toHaveText('{\n  "all": true\n}');
  // Focus starts on "Don't run"; Escape runs nothing and gives focus back.
  await expect(dialog.getByTestId('approval-cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('tester-call')).toBeFocused();
  await page.getByTestId('tester-call').click();
  await dialog.getByTestId('approval-cancel').click();
  await expect(dialog).toBeHidden();
  expect(received(calls)).toEqual(['read_notes']);

  await page.getByTestId('tester-call').click();
  await dialog.getByTestId('approval-once').click();
  await expect(page.getByTestId('result-text')).toContainText('"tool":"delete_notes"');
  expect(received(calls)).toEqual(['read_notes', 'delete_notes']);

  // Run once does not change the policy: asked again; then allowed from now on.
  await page.getByTestId('tester-call').click();
  await dialog.getByTestId('approval-always').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => received(calls)).toEqual(['read_notes', 'delete_notes', 'delete_notes']);
  await expect(page.getByTestId('tester-asks')).toHaveCount(0);
  await page.getByTestId('tester-call').click();
  await expect.poll(() => received(calls).length).toBe(4);
  await expect(dialog).toBeHidden();
  expect(savedServer(userDataDir).toolPolicies).toEqual({ wipe: 'deny', delete_notes: 'allow' });

  // Denied: said so, and Call is off (the manager's own refusal is tested in mcp-policies.test.ts).
  await pick(page, 'wipe');
  await expect(page.getByTestId('tester-denied')).toBeVisible();
  await expect(page.getByTestId('tester-call')).toBeDisabled();

  // The servers screen shows the choice.
  await page.getByTestId('nav-servers').click();
  const notes = await expand(page, 'Notes');
  await expect(toolRow(notes, 'delete_notes').getByTestId('tool-policy')).toHaveValue('allow');
});

test("a server's request for input is a form built from its schema: defaults filled in, checked, then sent", async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [notesServer(path.join(userDataDir, 'calls.jsonl'), { toolPolicies: { elicit: 'allow' } })] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Notes');
  await page.getByTestId('nav-tester').click();
  await pick(page, 'elicit', '{"message": "Who is this for?"}');
  await page.getByTestId('tester-call').click();

  const form = page.getByTestId('elicitation-dialog');
  await expect(form).toBeVisible();
  await expect(form.getByRole('heading')).toHaveText('Notes asks for input');
  await expect(form.getByTestId('elicitation-message')).toHaveText('Who is this for?');
  await expect(form.getByLabel('Name')).toHaveValue('Ada');
  await expect(form.getByLabel('Age (required)')).toHaveValue('');
  await expect(form.getByLabel('Favourite colour')).toHaveValue('green');
  await expect(form.getByRole('option', { name: 'Blue' })).toHaveCount(1);
  await expect(form.getByLabel('Subscribe to the newsletter')).toBeChecked();
  // The tester waits, and says so.
  await expect(page.getByTestId('tester-progress')).toBeAttached();

  // Checked in main: a missing required field, a number out of bounds.
  await form.getByTestId('elicitation-send').click();
  await expect(form.getByTestId('elicitation-problem')).toHaveText(['Age is required']);
  await expect(form.getByLabel('Age (required)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Age (required)').fill('200');
  await form.getByTestId('elicitation-send').click();
  await expect(form.getByTestId('elicitation-problem')).toHaveText(['Age must be <= 150']);
  await form.getByLabel('Age (required)').fill('42');
  await form.getByLabel('Subscribe to the newsletter').uncheck();
  await form.getByLabel('Name').fill('');
  await form.getByTestId('elicitation-send').click();
  await expect(form).toBeHidden();
  // The emptied name takes its default again (SEP-1034); the rest as entered.
  await expect(page.getByTestId('result-text')).toHaveText('{"action":"accept","content":{"age":42,"colour":"green","subscribe":false,"name":"Ada"}}');

  await page.getByTestId('tester-call').click();
  await form.getByTestId('elicitation-decline').click();
  await expect(page.getByTestId('result-text')).toHaveText('{"action":"decline"}');
  await page.getByTestId('tester-call').click();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('result-text')).toHaveText('{"action":"cancel"}');
});
