// Global set-up of vitest and Playwright: one esbuild bundle per entry point the tests start as a
// process (tests/fixtures/entry.ts says why), built fresh at the start of every run so a bundle
// never lags its sources. Children find them through the environment variable it sets.
//
// A bundle behaves as its sources run by tsx: each file's `import.meta.url` stays the URL of the
// source file (paths computed from it point where they do in the repo), and the bundle sets
// `process.argv[1]` to the entry's source path first, so an "am I the entry module" check agrees.
import { build, type Plugin } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_DIR, BUNDLES_ENV, bundlePath, REPO_ROOT, TEST_ENTRIES } from '../fixtures/entry.js';

const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.readFile(file, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)), loader: 'ts' };
    });
  },
};

/** Packages with native code: loaded from node_modules as the app loads them; everything else is in the bundle. */
const NATIVE_PACKAGES = ['@napi-rs/keyring', 'sharp', 'electron'];
/** CommonJS packages inside an ES module bundle call `require` for Node's built-ins. */
const REQUIRE_SHIM = "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);\n";

export default async function setup(): Promise<void> {
  // MCP_TEST_BUNDLES=off runs every entry point from its sources through tsx instead.
  if (process.env[BUNDLES_ENV] === 'off') return;
  await fs.rm(BUNDLE_DIR, { recursive: true, force: true });
  await Promise.all(
    TEST_ENTRIES.map((relative) => {
      const entry = path.join(REPO_ROOT, relative);
      return build({
        entryPoints: [entry],
        outfile: bundlePath(entry),
        banner: { js: `${REQUIRE_SHIM}process.argv[1] = ${JSON.stringify(entry)};` },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external: NATIVE_PACKAGES,
        plugins: [sourceUrls],
        logLevel: 'warning',
      });
    }),
  );
  process.env[BUNDLES_ENV] = BUNDLE_DIR;
}
