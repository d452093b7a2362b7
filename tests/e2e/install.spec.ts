// Installing servers in one step, end to end: "Browse servers" against a fixture registry (search,
// pages, an entry's form and what will run, add, the update offered later, a deprecated entry's
// message, adding again as an update or as a second server), and MCP Bundles packed by the mcpb
// CLI (picked or dropped, the dialog, install, update, delete with its folder, a bundle for
// another platform installed only with "Install anyway"), in Chromium against the browser host.
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectReady, open, serverRow, test } from './fixtures.js';
import { type InstallFixtures, startInstallFixtures, useRegistry } from './install-screens.js';

let fixtures: InstallFixtures;
test.beforeAll(async () => {
  fixtures = await startInstallFixtures();
});
test.afterAll(async () => {
  await fixtures.stop();
});

test('browse a registry, add a remote with its secret header, then take the update it offers', async ({ page, launch, userDataDir }) => {
  await open(page, await launch(userDataDir));
  await useRegistry(page, fixtures.registry.url);
  await page.getByTestId('registry-query').fill('example');
  await page.getByTestId('registry-search').click();
  await expect(page.getByTestId('registry-result')).toHaveCount(29);
  await expect(page.getByTestId('registry-skipped')).toHaveText('1 entry of the registry could not be read and is left out.');
  await page.getByTestId('registry-more').click();
  await expect(page.getByTestId('registry-result')).toHaveCount(47);
  await expect(page.getByTestId('registry-more')).toHaveCount(0);

  await page.getByTestId('registry-query').fill('notes');
  await page.getByTestId('registry-search').click();
  await page.locator('[data-testid="registry-result"][data-name="com.example/remote-notes"]').getByTestId('registry-pick').click();
  await expect(page.getByTestId('registry-run')).toHaveText(`Streamable HTTP ${fixtures.notes.url.replace(/\/mcp$/, '')}/<path>`);
  // The older version, so that the newer one is offered afterwards.
  await page.getByTestId('registry-version').selectOption('1.5.0');
  await expect(page.getByTestId('registry-run')).toHaveText(`Streamable HTTP ${fixtures.notes.url}`);
  await page.getByTestId('registry-add').click();
  const key = page.locator('[data-testid="install-field"][data-field="X-Api-Key"]');
  await expect(key.getByTestId('install-field-error')).toHaveText('"X-Api-Key" is required.');
  await expect(key.locator('input')).toHaveAttribute('aria-invalid', 'true');
  await key.locator('input').fill('key-1');
  await page.getByTestId('registry-label').fill('My notes');
  await page.getByTestId('registry-add').click();
  await expect(page.getByTestId('registry-done')).toHaveText('Added “My notes”.');
  await expectReady(page, 'My notes');
  await expect(serverRow(page, 'My notes').getByTestId('server-source')).toHaveText('registry 1.5.0');
  expect(fs.readFileSync(path.join(userDataDir, 'config.json'), 'utf8')).not.toContain('key-1');

  await page.getByTestId('registry-browser-close').click();
  const offer = serverRow(page, 'My notes').getByTestId('server-update');
  await expect(offer).toHaveText('Version 2.0.0 available');
  await offer.click();
  await expect(page.getByTestId('registry-entry-installed')).toContainText('Added as “My notes” (version 1.5.0)');
  await expect(page.locator('[data-testid="install-field"][data-field="X-Api-Key"] input')).toHaveAttribute('placeholder', 'Saved; leave empty to keep it');
  await page.getByTestId('registry-add').click();
  await expect(page.getByTestId('registry-done')).toHaveText('Updated “My notes”.');
  await expect(serverRow(page, 'My notes').getByTestId('server-source')).toHaveText('registry 2.0.0');
  await expectReady(page, 'My notes');
  await expect(page.getByTestId('server-row')).toHaveCount(1);
});

test('install a bundle from the file picker, install it again as an update, delete it with its folder; a hostile one is refused', async ({ page, launch, userDataDir }) => {
  await open(page, await launch(userDataDir));
  await page.getByTestId('bundle-file').setInputFiles(fixtures.bundle);
  const dialog = page.getByTestId('bundle-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Install “Filesystem”');
  await expect(dialog.getByTestId('bundle-signature')).toHaveAttribute('data-status', 'unsigned');
  await expect(dialog.getByTestId('bundle-compatibility')).toHaveText('Runs on macOS, Windows, Linux; needs Node.js >=18.0.0; a node server.');
  await expect(dialog.getByTestId('bundle-cancel')).toBeFocused();
  await dialog.locator('[data-testid="install-field"][data-field="allowed_directories"] textarea').fill(`${fixtures.shared}\nrelative/path`);
  await dialog.getByTestId('bundle-install').click();
  await expect(dialog.getByTestId('install-field-error')).toHaveText('"Allowed folders" must be an absolute path to a folder (got "relative/path").');
  await dialog.locator('[data-testid="install-field"][data-field="allowed_directories"] textarea').fill(fixtures.shared);
  await dialog.getByTestId('bundle-install').click();
  await expect(page.getByTestId('bundle-done')).toHaveText('Installed “Filesystem” (2026.8.31).');
  await expectReady(page, 'Filesystem');
  await expect(serverRow(page, 'Filesystem').getByTestId('server-source')).toHaveText('bundle 2026.8.31');
  expect(fs.existsSync(path.join(userDataDir, 'bundles/filesystem/2026.8.31/manifest.json'))).toBe(true);

  // Dropped on the servers screen: the same bundle again is an update that keeps its settings.
  const bytes = fs.readFileSync(fixtures.bundle).toString('base64');
  const transfer = await page.evaluateHandle((data) => {
    const file = new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'filesystem.mcpb');
    const dt = new DataTransfer();
    dt.items.add(file);
    return dt;
  }, bytes);
  await page.getByTestId('servers-view').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(dialog.getByRole('heading')).toHaveText('Update “Filesystem”');
  await expect(dialog.locator('[data-testid="install-field"][data-field="allowed_directories"] textarea')).toHaveValue(fixtures.shared);
  await dialog.getByTestId('bundle-install').click();
  await expect(page.getByTestId('bundle-done')).toHaveText('Updated “Filesystem” (2026.8.31).');
  await expect(page.getByTestId('server-row')).toHaveCount(1);

  await serverRow(page, 'Filesystem').getByTestId('server-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('servers-empty')).toBeVisible();
  expect(fs.readdirSync(path.join(userDataDir, 'bundles'))).toEqual([]);

  await page.getByTestId('bundle-file').setInputFiles(fixtures.hostile);
  await expect(page.getByTestId('bundle-open-error')).toHaveText('The bundle holds a file whose path leaves its folder ("../../escaped.txt"): it was refused.');
  await expect(dialog).toHaveCount(0);
});

test('a deprecated entry says why beside it; an entry added again updates its server, "Add as another server" adds one; a bundle for another platform needs "Install anyway"', async ({ page, launch, userDataDir }) => {
  await open(page, await launch(userDataDir));
  await useRegistry(page, fixtures.registry.url);
  await page.getByTestId('registry-query').fill('old-files');
  await page.getByTestId('registry-search').click();
  const old = page.locator('[data-testid="registry-result"][data-name="io.github.example/old-files"]');
  await expect(old.getByTestId('registry-result-status')).toHaveText('Deprecated: Use io.github.example/filesystem instead.');

  await page.getByTestId('registry-query').fill('notes');
  await page.getByTestId('registry-search').click();
  const notes = page.locator('[data-testid="registry-result"][data-name="com.example/remote-notes"]');
  await notes.getByTestId('registry-pick').click();
  await expect(page.getByTestId('registry-add-instance')).toHaveCount(0);
  await page.locator('[data-testid="install-field"][data-field="X-Api-Key"] input').fill('key-1');
  await page.getByTestId('registry-add').click();
  await expect(page.getByTestId('registry-done')).toHaveText('Added “Notes (hosted)”.');
  await expectReady(page, 'Notes (hosted)');

  // The same entry again: the main button updates the server; the second one adds another.
  await notes.getByTestId('registry-pick').click();
  await expect(page.getByTestId('registry-entry-installed')).toContainText('Added as “Notes (hosted)” (version 2.0.0). Adding it again updates that server');
  await expect(page.getByTestId('registry-add')).toHaveText('Update “Notes (hosted)”');
  await page.locator('[data-testid="install-field"][data-field="X-Api-Key"] input').fill('key-2');
  await page.getByTestId('registry-label').fill('Notes, work');
  await page.getByTestId('registry-add-instance').click();
  await expect(page.getByTestId('registry-done')).toHaveText('Added “Notes, work”.');
  await expectReady(page, 'Notes, work');
  await expect(page.getByTestId('server-row')).toHaveCount(2);
  await notes.getByTestId('registry-pick').click();
  await page.getByTestId('registry-add').click();
  await expect(page.getByTestId('registry-done')).toHaveText('Updated “Notes (hosted)”.');
  await expect(page.getByTestId('server-row')).toHaveCount(2);
  await page.getByTestId('registry-browser-close').click();

  await page.getByTestId('bundle-file').setInputFiles(fixtures.macBundle);
  const dialog = page.getByTestId('bundle-dialog');
  await expect(dialog.getByTestId('bundle-blockers')).toContainText('The bundle is made for macOS; this machine runs Linux.');
  await expect(dialog.getByTestId('bundle-install')).toHaveCount(0);
  await dialog.locator('[data-testid="install-field"][data-field="allowed_directories"] textarea').fill(fixtures.shared);
  await dialog.getByTestId('bundle-install-anyway').click();
  await expect(page.getByTestId('bundle-done')).toHaveText('Installed “Filesystem” (2026.8.31).');
  await expectReady(page, 'Filesystem');
});
