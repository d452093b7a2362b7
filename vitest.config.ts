import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { SlowFirstSequencer } from './tests/setup/sequencer.js';

/**
 * Files that point the keyring at another D-Bus session (a locked keyring, none at all): the
 * secret store keeps what it learned of the keyring for its process, so each of these runs in a
 * process of its own. Every other file shares its worker's modules with the files run before it:
 * loading the SDK, zod, ajv and the app's modules again for every file was a sixth of the unit
 * tests' CPU time (68 s of 452 s), and the files keep no state beyond their own hooks.
 */
const OWN_PROCESS = ['tests/unit/secrets-fallback.test.ts', 'tests/unit/secrets-locked.test.ts'];

/** What both projects share; the global set-up stays in the root config, so it runs once. */
const shared = {
  resolve: {
    // The Electron runtime cannot run here; main-process code never imports it outside the
    // Electron host, and anything that does gets this small stub under test.
    alias: { electron: fileURLToPath(new URL('./tests/stubs/electron.ts', import.meta.url)) },
  },
  test: {
    // electron-store is ESM that imports `electron`; inlining it lets the alias reach it, so the
    // real store writes real files in a temp folder.
    server: { deps: { inline: ['electron-store'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    projects: [
      { ...shared, test: { ...shared.test, name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: OWN_PROCESS, isolate: false } },
      { ...shared, test: { ...shared.test, name: 'own-process', include: OWN_PROCESS } },
    ],
    // A private Secret Service for the run: the secret store is tested against a real keyring.
    globalSetup: ['tests/setup/keyring.ts', 'tests/setup/bundles.ts'],
    // Most test time is waiting on child processes (servers, inspect, the keyring), not CPU:
    // vitest's default on 2 cores is 1 worker. The conformance suite starts first (sequencer.ts)
    // and runs beside the rest. Three workers took 182–210 s against 210–224 s, but one of four
    // such runs lost an in-process HTTP fixture mid-call (ECONNRESET: the fixture's idle-socket
    // timer on a stalled loop, see tests/fixtures/http-server.ts); not measured again since.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
