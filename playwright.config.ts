// e2e: Playwright drives Chromium against the browser host, which each test file starts itself
// (tests/e2e/host.ts) on a fresh user-data folder with real fixture MCP servers.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './scripts/browser.js';

const browser = findBrowser();

export default defineConfig({
  testDir: 'tests/e2e',
  // A private Secret Service for the run: the browser hosts the tests start keep secrets in it.
  globalSetup: ['./tests/setup/keyring.ts', './tests/setup/bundles.ts'],
  outputDir: 'test-results',
  // Each test starts its own browser host on a fresh profile, so tests share nothing; two at a
  // time keep both cores busy while one waits on its host or its servers.
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: 'executablePath' in browser ? browser.executablePath : undefined,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
});
