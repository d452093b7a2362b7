import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/setup/sequencer.js';

export default defineConfig({
  resolve: {
    // The Electron runtime cannot run here; main-process code never imports it outside the
    // Electron host, and anything that does gets this small stub under test.
    alias: { electron: fileURLToPath(new URL('./tests/stubs/electron.ts', import.meta.url)) },
  },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // A private Secret Service for the run: the secret store is tested against a real keyring.
    globalSetup: ['tests/setup/keyring.ts', 'tests/setup/bundles.ts'],
    // electron-store is ESM that imports `electron`; inlining it lets the alias reach it, so the
    // real store writes real files in a temp folder.
    server: { deps: { inline: ['electron-store'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most test time is waiting on child processes (servers, inspect, the keyring), not CPU:
    // vitest's default on 2 cores is 1 worker. The conformance suite starts first (sequencer.ts)
    // and runs beside the rest.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
