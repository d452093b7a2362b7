// The packaging config (electron-builder.yml), read and validated by electron-builder's own code
// against its schema, as `npm run package` would: the Electron fuses the app ships with.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

interface BuilderConfig {
  asar?: boolean;
  electronFuses?: Record<string, boolean>;
}
// electron-builder's config loader and validator (CommonJS, typed here by what the test uses).
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('electron-builder.yml', () => {
  it('is valid for electron-builder and flips the fuses: no Node mode, NODE_OPTIONS or inspector; cookies encrypted; asar only, checked', async () => {
    const config = await getConfig(ROOT, 'electron-builder.yml', null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
    // The schema check is real: a misspelt fuse is refused.
    const typo = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(typo, new DebugLogger(false))).rejects.toThrow(/does not match the API schema/);
  });
});
