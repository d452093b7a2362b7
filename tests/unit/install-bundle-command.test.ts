// A bundle's command from its manifest's mcp_config, pure: this platform's overrides, the
// variables filled in one pass, several values as several arguments, an empty optional setting
// dropping what it is in, and a sensitive one going to the secret store.
import { describe, expect, it } from 'vitest';
import { bundleCommand, bundleRun, envHoldingOnly } from '../../src/main/install/bundle/command.js';
import { manifestFields, parseManifest } from '../../src/main/install/bundle/manifest.js';
import { filesystemManifest } from '../fixtures/bundles/pack.js';

const folders = { HOME: '/home/me', DESKTOP: '/home/me/Desktop', DOCUMENTS: '/home/me/Documents', DOWNLOADS: '/home/me/Downloads' };
const manifest = parseManifest(JSON.stringify(filesystemManifest({
  mcpConfig: {
    command: 'node',
    args: ['${__dirname}${/}server${/}index.mjs', '${user_config.allowed_directories}', '--log=${DOCUMENTS}/${user_config.note}.log'],
    env: { TOKEN: '${user_config.token}', GREETING: 'hi ${user_config.note}', PLAIN: 'x' },
    platform_overrides: { win32: { command: 'node.exe', env: { TOKEN: '${user_config.token}' } } },
  },
})));
const fields = manifestFields(manifest, (text) => text);

describe('a bundle\'s command', () => {
  it('fills the variables once, and expands a setting that takes several values', () => {
    const values = new Map<string, string | string[]>([['allowed_directories', ['/a', '/b c']], ['note', '${HOME}'], ['token', 't0k']]);
    expect(bundleCommand(manifest, fields, values, { dir: '/p/bundles/fs/1', platform: 'linux', folders, separator: '/' })).toEqual({
      command: 'node',
      args: ['/p/bundles/fs/1/server/index.mjs', '/a', '/b c', '--log=/home/me/Documents/${HOME}.log'],
      env: { TOKEN: { secretValue: 't0k' }, GREETING: 'hi ${HOME}', PLAIN: 'x' },
    });
    expect(envHoldingOnly(manifest, 'linux', 'token')).toBe('TOKEN');
    expect(envHoldingOnly(manifest, 'linux', 'note')).toBeUndefined();
  });

  it('applies the platform\'s overrides, and drops what an empty optional setting is in', () => {
    const values = new Map<string, string | string[]>([['allowed_directories', ['C:\\\\data']]]);
    expect(bundleCommand(manifest, fields, values, { dir: 'C:\\\\p', platform: 'win32', folders, separator: '\\\\' })).toEqual({
      command: 'node.exe',
      args: ['C:\\\\p\\\\server\\\\index.mjs', 'C:\\\\data'],
      env: {},
    });
  });

  it('shows what will run with a placeholder for each setting', () => {
    expect(bundleRun(manifest, { dir: '/p', platform: 'linux', folders, separator: '/' })).toEqual({
      type: 'stdio', command: 'node', args: ['/p/server/index.mjs', '<allowed_directories>', '--log=/home/me/Documents/<note>.log'], env: ['TOKEN', 'GREETING', 'PLAIN'],
    });
  });
});
