// What the install e2e specs share: a fixture registry (its remote entry pointing at a fixture MCP
// server over Streamable HTTP), a bundle packed by the mcpb CLI from the published filesystem
// server (and the same made for macOS only), a hostile bundle, and a walk through the install
// screens in the states worth checking.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { writeZip } from '../fixtures/bundles/zip.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { registryEntries } from '../fixtures/registry/entries.js';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/server.js';
import { expect, expectReady } from './fixtures.js';

export interface InstallFixtures {
  registry: FixtureRegistry;
  notes: InProcessFixture;
  /** filesystem.mcpb, and a folder it may use. */
  bundle: string;
  shared: string;
  /** The same bundle, made for macOS only: not for this machine. */
  macBundle: string;
  /** A bundle with a file whose path leaves its folder. */
  hostile: string;
  stop(): Promise<void>;
}

export async function startInstallFixtures(): Promise<InstallFixtures> {
  const notes = await startFixtureInProcess({ id: 'notes', transport: 'http', tools: ['add_note', 'list_notes'] });
  const registry = await startFixtureRegistry(registryEntries(notes.url, notes.url));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-install-'));
  const bundle = await packFilesystemBundle(work, 'filesystem');
  const macBundle = await packFilesystemBundle(work, 'mac-only', { extra: { compatibility: { platforms: ['darwin'] } } });
  const shared = path.join(work, 'shared');
  fs.mkdirSync(shared);
  const hostile = path.join(work, 'hostile.mcpb');
  fs.writeFileSync(hostile, writeZip([{ name: 'manifest.json', data: fs.readFileSync(path.join(work, 'filesystem/manifest.json')) }, { name: '../../escaped.txt', data: 'x' }]));
  return {
    registry,
    notes,
    bundle,
    shared,
    macBundle,
    hostile,
    async stop() {
      await Promise.all([registry.close(), notes.stop()]);
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Points the app at the fixture registry through "Browse servers" → Change. */
export async function useRegistry(page: Page, url: string): Promise<void> {
  await page.getByTestId('registry-open').click();
  await page.getByTestId('registry-address-edit').click();
  await page.getByTestId('registry-address-input').fill(url);
  await page.getByTestId('registry-address-save').click();
  await expect(page.getByTestId('registry-address')).toHaveText(url);
}

/** Every install screen, in the states a user meets; `check` runs on each. Adds one server from each. */
export async function visitInstallScreens(page: Page, fixtures: InstallFixtures, check: (what: string) => Promise<void>): Promise<void> {
  await useRegistry(page, fixtures.registry.url);
  await check('"Browse servers" before a search');
  await page.getByTestId('registry-query').fill('old-files');
  await page.getByTestId('registry-search').click();
  await expect(page.getByTestId('registry-result-status')).toBeVisible();
  await check('a deprecated entry with its message');
  await page.getByTestId('registry-query').fill('example');
  await page.getByTestId('registry-search').click();
  await expect(page.getByTestId('registry-result').first()).toBeVisible();
  await expect(page.getByTestId('registry-more')).toBeVisible();
  await check('registry search results, one page of several');
  await page.locator('[data-testid="registry-result"][data-name="io.github.example/database"]').getByTestId('registry-pick').click();
  await expect(page.getByTestId('registry-run')).toContainText('docker run -i --rm');
  await page.getByTestId('registry-add').click();
  await expect(page.getByTestId('install-field-error').first()).toBeVisible();
  await check('a registry entry (oci) with its form\'s problems');
  await page.getByTestId('registry-entry-close').click();
  await page.getByTestId('registry-query').fill('notes');
  await page.getByTestId('registry-search').click();
  await page.locator('[data-testid="registry-result"][data-name="com.example/remote-notes"]').getByTestId('registry-pick').click();
  await page.locator('[data-testid="install-field"][data-field="X-Api-Key"] input').fill('key-1');
  await page.getByTestId('registry-add').click();
  await expect(page.getByTestId('registry-done')).toHaveText('Added “Notes (hosted)”.');
  await expectReady(page, 'Notes (hosted)');
  await check('a server added from a registry');
  await page.getByTestId('registry-browser-close').click();

  await page.getByTestId('bundle-file').setInputFiles(fixtures.bundle);
  const dialog = page.getByTestId('bundle-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('bundle-install').click();
  await expect(dialog.getByTestId('install-field-error')).toBeVisible();
  await check('the bundle dialog with a problem');
  await dialog.locator('[data-testid="install-field"][data-field="allowed_directories"] textarea').fill(fixtures.shared);
  await dialog.getByTestId('bundle-install').click();
  await expect(page.getByTestId('bundle-done')).toHaveText('Installed “Filesystem” (2026.8.31).');
  await expectReady(page, 'Filesystem');
  await page.getByTestId('bundle-file').setInputFiles(fixtures.macBundle);
  await expect(dialog.getByTestId('bundle-blockers')).toBeVisible();
  await check('a bundle for another platform');
  await dialog.getByTestId('bundle-cancel').click();
  await page.getByTestId('bundle-file').setInputFiles(fixtures.hostile);
  await expect(page.getByTestId('bundle-open-error')).toBeVisible();
  await check('a refused bundle, and an installed one');
}
