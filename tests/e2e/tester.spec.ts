// The Tool tester, end to end: calls routed to the owning server, help with arguments (the
// tool's description and schema, a template, checks per field before the call), answers shown
// as what they are, progress as it comes, and Cancel reaching the server.
import { fixtureServer, writeConfig } from './host.js';
import { expect, expectReady, open, READ_FILE_TOOL, serverRow, test, twoServers } from './fixtures.js';

test('the tester calls search_1 on the server that owns it, and its picker names each tool\'s server', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers());
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Alpha');
  await expectReady(page, 'Beta');

  await page.getByTestId('nav-tester').click();
  const picker = page.getByTestId('tester-tool');
  await expect(picker.locator('option', { hasText: 'search_1' })).toHaveText('search_1 (search) — Beta');
  await expect(picker.locator('option', { hasText: /^search — / })).toHaveText('search — Alpha');
  // The filter matches the server's label too.
  await page.getByTestId('tester-filter').fill('beta');
  await expect(picker.locator('option:not([disabled])')).toHaveText(['search_1 (search) — Beta', 'fetch_1 (fetch) — Beta']);

  await picker.selectOption('search_1');
  await expect(page.getByTestId('tester-details')).toContainText('search_1 on Beta, where it is named search');
  await page.getByTestId('tester-args').fill('{"q":"hi"}');
  await page.getByTestId('tester-call').click();
  // An unannotated tool asks first (tests/e2e/approvals.spec.ts has the rest of that).
  await page.getByTestId('approval-dialog').getByTestId('approval-once').click();
  await expect(page.getByTestId('result-text')).toHaveText('{"server":"beta","tool":"search","args":{"q":"hi"}}');
  await expect(page.getByTestId('tester-error')).toHaveCount(0);
  const raw = JSON.parse((await page.getByTestId('tester-result').textContent()) ?? 'null') as { content: Array<{ type: string }> };
  expect(raw.content.map((c) => c.type)).toEqual(['text']);
});

test('help with arguments: description, schema, a template of the required ones, checks per field before the call', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, { servers: [fixtureServer({ uuid: 'files', label: 'Files', fixture: { id: 'files', tools: [READ_FILE_TOOL, 'echo'] } })] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Files');
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('read_file');
  await expect(page.getByTestId('tester-description')).toHaveText('Read a file from the workspace');
  await expect(page.getByTestId('tester-param')).toHaveText([/^path required\s*string\s*Path of the file, relative to the workspace$/, /^encoding\s*"utf8" \| "base64"\s*How to return the bytes$/]);
  const args = page.getByTestId('tester-args');
  await expect(args).toHaveValue('{\n  "path": ""\n}');

  await args.fill('{"encoding": "latin1"}');
  const problems = page.getByTestId('tester-args-problem');
  await expect(problems).toHaveText(['path is required', 'encoding must be one of "utf8", "base64"']);
  await expect(args).toHaveAttribute('aria-invalid', 'true');
  // Call does not send arguments that do not fit; the problems stay where they are.
  await page.getByTestId('tester-call').click();
  await expect(args).toBeFocused();
  await expect(page.getByTestId('result-text')).toHaveCount(0);

  await args.fill('{"path": "/notes.txt"}');
  await expect(problems).toHaveCount(0);
  await expect(args).not.toHaveAttribute('aria-invalid');
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('result-text')).toContainText('"args":{"path":"/notes.txt"}');

  // Arguments that do not fit can still be sent on purpose, to see what the server says.
  await args.fill('{"path": 3}');
  await expect(problems).toHaveText(['path must be string']);
  await page.getByTestId('tester-call-anyway').click();
  await expect(page.getByTestId('result-text')).toContainText('"args":{"path":3}');

  // A tool without a schema of its own takes an empty object; the template follows the tool.
  await page.getByTestId('tester-tool').selectOption('echo');
  await expect(page.getByTestId('tester-details')).toContainText('This tool takes no arguments.');
});

test('bad JSON is said once, under the arguments, and nothing is called', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, twoServers());
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Alpha');
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('search');
  await page.getByTestId('tester-args').fill('{"q": ');
  await expect(page.getByTestId('tester-args-error')).toContainText('Not valid JSON');
  await page.getByTestId('tester-call').click();
  await expect(page.getByText(/Not valid JSON/)).toHaveCount(1);
  await expect(page.getByTestId('tester-error')).toHaveCount(0);
  await page.getByTestId('tester-args').fill('[1]');
  await expect(page.getByTestId('tester-args-error')).toHaveText('Arguments must be a JSON object, like {"query": "hello"}.');
});

test('answers are shown as what they are: text, an image, a link, an embedded resource', async ({ page, launch, userDataDir }) => {
  // The user allowed this server's tools: no confirmation before each call.
  writeConfig(userDataDir, { servers: [{ ...fixtureServer({ uuid: 'media', label: 'Media', fixture: { id: 'media', tools: ['media'] } }), defaultPolicy: 'allow' }] });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Media');
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('media');
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('result-text')).toHaveText('Here is a picture.');
  const image = page.getByTestId('result-image').locator('img');
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(image).toHaveAttribute('alt', 'Image returned by the tool (image/png)');
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  const link = page.getByTestId('result-link').getByRole('link', { name: 'report.pdf' });
  await expect(link).toHaveAttribute('href', 'https://example.com/report.pdf');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByTestId('result-resource')).toContainText('Embedded notes');
  // No base64 on the screen: it is only in the raw answer, folded away.
  await expect(page.getByTestId('tester-result')).toBeHidden();
  await expect(page.getByText(/iVBORw0KGgo/)).toBeHidden();
});

test('a long call shows its progress as it comes and Cancel stops it on the server', async ({ page, launch, userDataDir }) => {
  writeConfig(userDataDir, {
    servers: [{ ...fixtureServer({ uuid: 'slow', label: 'Slow', fixture: { id: 'slow', tools: ['progress', 'cancelled'] } }), callTimeoutMs: 1_000, defaultPolicy: 'allow' }],
  });
  await open(page, await launch(userDataDir));
  await expectReady(page, 'Slow');
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('progress');
  // 4 reports 400 ms apart outlast the 1 s call timeout, which each report restarts.
  await page.getByTestId('tester-args').fill('{"steps": 4, "intervalMs": 400}');
  await page.evaluate(() => {
    // Every text the progress line shows, in order, however briefly.
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="tester-progress"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('tester-call').click();
  const progress = page.getByTestId('tester-progress');
  await expect(progress.locator('progress')).toHaveAttribute('max', '4');
  await expect(page.getByTestId('result-text')).toContainText('"tool":"progress"');
  await expect(progress).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.filter((text) => text.startsWith('step'))).toEqual(['step 1 of 4', 'step 2 of 4', 'step 3 of 4', 'step 4 of 4']);

  await page.getByTestId('tester-args').fill('{"steps": 200, "intervalMs": 200}');
  await page.getByTestId('tester-call').click();
  await expect(progress).toContainText('step 2 of 200');
  await expect(page.getByTestId('tester-call')).toBeDisabled();
  await page.getByTestId('tester-cancel').click();
  await expect(page.getByTestId('tester-error')).toHaveText('The call was cancelled.');
  await expect(progress).toHaveCount(0);

  // The server itself says it received notifications/cancelled, with our reason.
  await page.getByTestId('tester-tool').selectOption('cancelled');
  await page.getByTestId('tester-args').fill('{}');
  await page.getByTestId('tester-call').click();
  await expect(page.getByTestId('result-text')).toContainText('"reason":"Cancelled by the user"');
  // And its log has what it wrote to stderr about it.
  await page.getByTestId('nav-servers').click();
  await serverRow(page, 'Slow').getByTestId('server-logs').click();
  await expect(serverRow(page, 'Slow').getByTestId('log-line').filter({ hasText: 'cancelled: Cancelled by the user' })).toHaveCount(1);
});
