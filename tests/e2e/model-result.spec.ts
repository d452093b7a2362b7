// "As the model gets it" in the tester, end to end: a real fixture server answers with a BMP,
// audio, a link, a part for the user only and a PDF; for the provider picked, the page shows what
// was converted, left out and why, the images the model gets, and the request's items.
import { fixtureServer, writeConfig } from './host.js';
import { expect, expectReady, open, test } from './fixtures.js';

test('the tester shows a result as each provider\'s model gets it', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [fixtureServer({ uuid: 'kinds', label: 'Kinds', fixture: { id: 'kinds', resultKinds: true } })] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Kinds');
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('kinds_mixed');
  await expect(page.getByTestId('tester-schema')).toBeVisible();
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('result-text').first()).toHaveText('Here is what I found.');
  await expect(page.getByTestId('model-result-hint')).toBeVisible();

  await page.getByTestId('tester-provider').selectOption('anthropic');
  const panel = page.getByTestId('model-result');
  await expect(panel.getByRole('heading', { name: 'As the model gets it (Anthropic)' })).toBeVisible();
  await expect(panel.getByTestId('model-summary')).toContainText('1 image, 1 document');
  const changes = panel.getByTestId('model-change');
  await expect(changes.filter({ hasText: 'Converted:' })).toContainText('converted from BMP to PNG');
  await expect(changes.filter({ hasText: 'Left out:' })).toContainText('audio');
  await expect(changes.filter({ hasText: 'For you only:' })).toContainText('Content 5 (text) is for the user only');
  await expect(panel.getByTestId('model-image')).toHaveCount(1);
  await expect(panel.getByTestId('model-image').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const items = panel.getByTestId('model-items');
  await expect(items).toContainText('"type": "tool_result"');
  await expect(items).toContainText('"tool_use_id": "call_tester"');
  await expect(items).not.toContainText('A note for you only.');

  await panel.getByTestId('model-text-only').check();
  await expect(panel.getByTestId('model-summary')).toContainText('0 images, 0 documents');
  await expect(panel.getByTestId('model-image')).toHaveCount(0);
  await expect(items).toContainText('only text was asked for');

  await page.getByTestId('tester-provider').selectOption('deepseek');
  await expect(panel.getByRole('heading', { name: 'As the model gets it (DeepSeek)' })).toBeVisible();
  await expect(items).toContainText('"role": "tool"');
  await expect(items).toContainText('[image omitted: image/bmp, 40×30, only text was asked for]');
  await panel.getByTestId('model-text-only').uncheck();
  await expect(items).toContainText('[image omitted: image/bmp, 40×30, DeepSeek takes no images]');
});
