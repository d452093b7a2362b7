// End to end, what reaches each provider: a tool's row says for which providers its definition
// was adapted and what changed; the tester previews one provider's definition and calls with
// that provider's argument conversion; a server's malformed tools are listed with the reason.
import { expand, expect, expectReady, open, serverRow, test, toolRow } from './fixtures.js';
import { fixtureServer, writeConfig } from './host.js';

const SHAPES = {
  id: 'shapes',
  tools: [
    // Gemini takes string enums only; strict mode makes `note` required and nullable.
    {
      name: 'set_level',
      description: 'Sets the level.',
      inputSchema: { type: 'object' as const, properties: { level: { type: 'integer', enum: [1, 2, 3] }, note: { type: 'string' } }, required: ['level'] },
    },
    // Only Gemini needs a change here.
    { name: 'pick', description: 'Picks one.', inputSchema: { type: 'object' as const, properties: { n: { type: 'integer', enum: [1, 2] } }, required: ['n'] } },
    // Every provider takes this as it is.
    { name: 'ping', description: 'Answers.', inputSchema: { type: 'object' as const, properties: { q: { type: 'string' } }, required: ['q'] } },
  ],
  malformedTools: [{ name: 'broken', inputSchema: { type: 'object', properties: { x: true } } }],
};

test.beforeEach(({ userDataDir }) => {
  // The user allowed this server's tools: the tester calls them without asking each time.
  const shapes = fixtureServer({ uuid: '00000000-0000-4000-8000-0000000051a9', label: 'Shapes', fixture: SHAPES });
  writeConfig(userDataDir, { servers: [{ ...shapes, defaultPolicy: 'allow' }] });
});

test('a tool adapted for some providers says which, and what changed; one taken as it is says nothing', async ({ page, launch, userDataDir }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/getProvider')) requests.push(pathname);
  });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Shapes');
  const shapes = await expand(page, 'Shapes');

  const setLevel = toolRow(shapes, 'set_level');
  await expect(setLevel.getByTestId('provider-adapted')).toHaveText('adapted for 2 providers');
  await expect(setLevel.getByTestId('provider-adapted')).toHaveAttribute('title', /Google Gemini.*strict|strict.*Google Gemini/);
  await expect(setLevel.getByTestId('provider-unsendable')).toHaveCount(0);
  await setLevel.getByTestId('provider-adapted').click();
  const gemini = setLevel.locator('[data-testid="provider-note"][data-provider="gemini"]');
  await expect(gemini).toBeVisible();
  await expect(gemini).toHaveAttribute('data-status', 'adapted');
  await expect(gemini).toContainText('Gemini takes string enums only');
  await expect(setLevel.locator('[data-testid="provider-note"][data-provider="openai-strict"]')).toContainText('nullable');

  await expect(toolRow(shapes, 'pick').getByTestId('provider-adapted')).toHaveText('adapted for Google Gemini');
  await expect(toolRow(shapes, 'ping').getByTestId('provider-notes')).toHaveCount(0);
  // The notes of all nine providers come in one request per change, not one per provider.
  expect(requests.length).toBeGreaterThan(0);
  expect(new Set(requests)).toEqual(new Set(['/api/getProviderReports']));

  // The malformed tool is shown on its server, the others work.
  const skipped = serverRow(page, 'Shapes').getByTestId('skipped-tool');
  await expect(skipped).toHaveCount(1);
  await expect(skipped).toHaveAttribute('data-name', 'broken');
  await expect(skipped).toContainText('inputSchema.properties.x: expected a schema object, received true');
});

test("the tester previews a provider's definition and calls with its argument conversion", async ({ page, launch, userDataDir }) => {
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Shapes');
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('set_level');
  await page.getByTestId('tester-provider').selectOption('gemini');
  const definition = page.getByTestId('preview-definition');
  await expect(definition).toContainText('"name": "set_level"');
  await expect(definition).toContainText('"1",');
  await expect(page.getByTestId('preview-status')).toHaveAttribute('data-status', 'adapted');
  await expect(page.getByTestId('preview-changes')).toContainText('Gemini takes string enums only');

  // What a Gemini model sends: the level as a string. The server gets the number.
  await page.getByTestId('tester-args').fill('{"level": "2"}');
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('tester-result')).toContainText('\\"args\\":{\\"level\\":2}');

  // OpenAI strict mode: the null of the optional note is removed.
  await page.getByTestId('tester-provider').selectOption('openai-strict');
  await expect(definition).toContainText('"additionalProperties": false');
  await page.getByTestId('tester-args').fill('{"level": 3, "note": null}');
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('tester-result')).toContainText('\\"args\\":{\\"level\\":3}');

  // No provider: the arguments go as typed, and there is no preview. The string does not fit the
  // server's schema, which the tester says; "Call anyway" sends it regardless.
  await page.getByTestId('tester-provider').selectOption('');
  await expect(definition).toHaveCount(0);
  await page.getByTestId('tester-args').fill('{"level": "2"}');
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('tester-args-problem').first()).toContainText('level');
  await page.getByTestId('tester-call-anyway').click();
  await expect(page.getByTestId('tester-result')).toContainText('\\"args\\":{\\"level\\":\\"2\\"}');
});

test('asking first, the tester shows the arguments as the server gets them from the model\'s form', async ({ page, launch, userDataDir }) => {
  const shapes = fixtureServer({ uuid: '00000000-0000-4000-8000-0000000051a9', label: 'Shapes', fixture: SHAPES });
  writeConfig(userDataDir, { servers: [{ ...shapes, defaultPolicy: 'ask' }] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Shapes');
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('set_level');
  await page.getByTestId('tester-provider').selectOption('gemini');
  await page.getByTestId('tester-args').fill('{"level": "2"}');
  await page.getByTestId('tester-call').click();
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toContainText('as the server gets them');
  await expect(dialog.getByTestId('approval-args')).toHaveText(JSON.stringify({ level: 2 }, null, 2));
  await dialog.getByTestId('approval-once').click();
  await expect(page.getByTestId('tester-result')).toContainText('\\"args\\":{\\"level\\":2}');

  // Without a provider the dialog shows the arguments as typed, and says nothing of a conversion.
  await page.getByTestId('tester-provider').selectOption('');
  await page.getByTestId('tester-args').fill('{"level": 1}');
  await page.getByTestId('tester-call').click();
  await expect(dialog.getByTestId('approval-args')).toHaveText(JSON.stringify({ level: 1 }, null, 2));
  await expect(dialog).not.toContainText('as the server gets them');
  await dialog.getByTestId('approval-cancel').click();
  await expect(dialog).toHaveCount(0);
});
