// Prompts and resources, end to end: a server's row lists them beside its tools; the prompt
// picker (search, keyboard, the arguments form with the server's suggestions, the messages for a
// chosen provider and what was left out); the resource browser (preview of what the server gives,
// Attach as a provider's user content, a template filled from its variables); a server that asks
// for input while it gives a prompt (the dialog over the picker).
import type { Page } from '@playwright/test';
import { CHECKERED_PNG } from '../fixtures/mcp-server.js';
import { modernCommand } from '../fixtures/modern-launch.js';
import { writeConfig } from './host.js';
import { expand, expect, expectReady, offeringServers, open, serverRow, test } from './fixtures.js';

async function pick(page: Page, testId: 'prompt-option' | 'resource-option', name: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"][data-name="${name}"] input`).check();
}

test('a server\'s row lists its prompts and resources beside its tools', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, offeringServers());
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Writer');
  await expect(serverRow(page, 'Writer').getByTestId('server-counts')).toHaveText('1 tool, 2 prompts, 3 resources');
  const row = await expand(page, 'Writer');
  await expect(row.getByTestId('server-prompt')).toHaveText([/^summarize\s+· text \[department\]\s*Summarize a text for a department$/, /^describe_picture\s+← describe\/picture \(sanitized\)\s*Describe a picture$/]);
  await expect(row.getByTestId('server-resource')).toHaveText([/notes\.txt\s*file:\/\/\/notes\.txt\s*text\/plain/, /dot\.png\s*file:\/\/\/dot\.png\s*image\/png/]);
  await expect(row.getByTestId('server-template')).toHaveText(/Daily log\s*template\s*file:\/\/\/logs\/\{day\}/);
  await expectReady(page, 'Other');
  const other = await expand(page, 'Other');
  await expect(other.getByTestId('server-prompt')).toHaveText(/^summarize_1\s+← summarize \(collision\)/);
});

test('the prompt picker: search, keyboard, arguments with the server\'s suggestions, the messages for a provider', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, offeringServers());
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Writer');
  await expectReady(page, 'Other');
  await page.getByTestId('nav-prompts').click();
  await expect(page.getByTestId('prompt-option')).toHaveCount(3);
  const search = page.getByTestId('prompt-search');
  await search.fill('other');
  await expect(page.getByTestId('prompt-option')).toHaveText([/^summarize_1\s+· Other, where it is named summarize\s*Another summary$/]);
  await search.fill('');

  // From the search, Tab reaches the list; Space picks the prompt that has focus.
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="prompt-option"][data-name="summarize"] input')).toBeFocused();
  await page.keyboard.press('Space');
  const form = page.getByTestId('prompt-form');
  await expect(form).toBeVisible();

  // A required argument left empty is named at its field; nothing is asked of the server.
  await form.getByTestId('prompt-preview').click();
  const text = form.locator('[data-testid="argument-field"][data-name="text"]');
  await expect(text.getByTestId('argument-error')).toHaveText('Required: the prompt cannot be used without it.');
  await expect(text.getByTestId('argument-input')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('prompt-messages')).toHaveCount(0);

  const department = form.locator('[data-testid="argument-field"][data-name="department"]');
  await department.getByTestId('argument-input').fill('S');
  await expect(department.locator('[data-testid="argument-suggestions"] option')).toHaveCount(2);
  expect(await department.locator('[data-testid="argument-suggestions"] option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['Sales', 'Support']);
  await department.getByTestId('argument-input').fill('Sales');
  await text.getByTestId('argument-input').fill('Q3 numbers');
  await expect(text.getByTestId('argument-error')).toHaveCount(0);
  await expect(text.getByTestId('argument-input')).not.toHaveAttribute('aria-invalid');
  await form.getByTestId('offering-provider').selectOption('anthropic');
  await form.getByTestId('prompt-preview').click();
  const messages = page.getByTestId('prompt-message');
  await expect(messages).toHaveCount(1);
  expect(JSON.parse((await messages.first().textContent()) ?? 'null')).toEqual({
    role: 'user',
    content: [{ type: 'text', text: JSON.stringify({ server: 'writer', prompt: 'summarize', args: { text: 'Q3 numbers', department: 'Sales' } }) }],
  });
  await expect(page.getByTestId('live-region')).toHaveText('1 message for Anthropic.');

  // A picture for a provider that takes no images: a note in its place, and the change said.
  await pick(page, 'prompt-option', 'describe_picture');
  await form.getByTestId('offering-provider').selectOption('deepseek');
  await form.getByTestId('prompt-preview').click();
  await expect(page.getByTestId('prompt-changes')).toHaveText('Message 2 (image) was left out: image/png, 24×24, DeepSeek takes no images. The model gets a note in its place.');
  expect(JSON.parse((await messages.first().textContent()) ?? 'null')).toEqual({ role: 'user', content: 'Describe this picture.\n\n[image omitted: image/png, 24×24, DeepSeek takes no images]' });
});

test('the resource browser: preview what the server gives, attach it as a provider takes it, fill a template', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, offeringServers());
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Writer');
  await page.getByTestId('nav-resources').click();
  await expect(page.getByTestId('resource-option')).toHaveCount(3);
  await page.getByTestId('resource-search').fill('png');
  await expect(page.getByTestId('resource-option')).toHaveCount(1);
  await page.getByTestId('resource-search').fill('');

  await pick(page, 'resource-option', 'notes.txt');
  await page.getByTestId('resource-preview').click();
  await expect(page.getByTestId('resource-contents').getByTestId('result-resource')).toContainText('Remember the milk');

  await pick(page, 'resource-option', 'dot.png');
  await page.getByTestId('resource-preview').click();
  await expect(page.getByTestId('resource-contents').getByTestId('result-image').locator('img')).toHaveAttribute('alt', 'Image of the resource (image/png)');
  await page.getByTestId('offering-provider').selectOption('gemini');
  await page.getByTestId('resource-attach').click();
  const items = page.getByTestId('resource-items');
  expect(JSON.parse((await items.textContent()) ?? 'null')).toEqual([{ inlineData: { mimeType: 'image/png', data: CHECKERED_PNG } }]);
  await expect(page.getByTestId('resource-attached')).toContainText('Attached for Google Gemini');

  await pick(page, 'resource-option', 'Daily log');
  const day = page.locator('[data-testid="argument-field"][data-name="day"]');
  await page.getByTestId('resource-attach').click();
  await expect(day.getByTestId('argument-error')).toHaveText('Required: the URI cannot be made without it.');
  await day.getByTestId('argument-input').fill('t');
  await expect(day.locator('[data-testid="argument-suggestions"] option')).toHaveCount(1);
  await day.getByTestId('argument-input').fill('tuesday');
  await page.getByTestId('offering-provider').selectOption('openai');
  await page.getByTestId('resource-attach').click();
  const attached = JSON.parse((await items.textContent()) ?? 'null') as Array<{ type: string; text: string }>;
  expect(attached).toHaveLength(1);
  expect(attached[0]!.type).toBe('text');
  expect(attached[0]!.text).toMatch(/^\[Resource "file:\/\/\/logs\/tuesday" \(application\/json\)\]\n/);
});

test('a 2026-07-28 server that asks for input while it gives a prompt: the dialog over the picker, and the prompt once answered', async ({ page, launch, userDataDir }) => {
  const { command, args } = modernCommand({ transport: 'stdio' });
  writeConfig(userDataDir, { servers: [{ uuid: 'modern', label: 'Modern', state: 'enabled', type: 'stdio', command, args }] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Modern');
  await page.getByTestId('nav-prompts').click();
  await pick(page, 'prompt-option', 'greet');
  await page.getByTestId('offering-provider').selectOption('anthropic');
  await page.getByTestId('prompt-preview').click();
  const dialog = page.getByTestId('elicitation-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('elicitation-message')).toHaveText('Whom to greet?');
  await expect(dialog).toContainText('While getting the prompt greet.');
  await dialog.locator('[data-testid="elicitation-field"][data-name="value"] input').fill('Ada');
  await dialog.getByTestId('elicitation-send').click();
  await expect(dialog).toBeHidden();
  const messages = page.getByTestId('prompt-message');
  await expect(messages).toHaveCount(1);
  expect(JSON.parse((await messages.first().textContent()) ?? 'null')).toEqual({ role: 'user', content: [{ type: 'text', text: 'Greet Ada' }] });
});
