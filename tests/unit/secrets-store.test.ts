// The SecretStore against the real thing: the private gnome-keyring of the test run (see
// tests/setup/keyring.ts). The fallback file and a locked keyring have files of their own: the
// keyring library connects once per process, so each needs a process of its own.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRETS_FILE_NAME } from '../../src/main/secrets/file.js';
import { SecretStore } from '../../src/main/secrets/store.js';
import { ConfigStore } from '../../src/main/config/store.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';
import { keyringEntry } from './helpers/secrets.js';

afterAll(removeTempDirs);

function profile(dir = tempDir('secrets-')): { dir: string; config: ConfigStore; secrets: SecretStore } {
  const config = ConfigStore.open({ userDataDir: dir });
  return { dir, config, secrets: SecretStore.forConfig(config) };
}

describe('SecretStore on the system keyring', () => {
  it('set, get, keys, delete and deleteServer; the profile id is made on the first write and kept', async () => {
    const { dir, config, secrets } = profile();
    expect(await secrets.open()).toEqual({ kind: 'keyring', where: 'the system keyring' });
    expect(secrets.notices).toEqual([]);
    expect(await secrets.get('server-1', 'k')).toBeNull();
    expect(config.config.profileId).toBeUndefined();

    await secrets.set('server-1', 'api', 'value-1');
    await secrets.set('server-1', 'oauth-tokens', '{"access_token":"at"}');
    await secrets.set('server-2', 'api', 'value-2');
    const id = config.config.profileId!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ConfigStore.open({ userDataDir: dir }).config.profileId).toBe(id);
    // Really in the keyring, filed under the profile and the server.
    expect(await keyringEntry(id, 'server-1', 'api').getPassword()).toBe('value-1');
    expect(fs.existsSync(path.join(dir, SECRETS_FILE_NAME))).toBe(false);

    expect(await secrets.get('server-1', 'api')).toBe('value-1');
    expect((await secrets.keys('server-1')).sort()).toEqual(['api', 'oauth-tokens']);
    await secrets.set('server-1', 'api', 'value-1b');
    expect(await secrets.get('server-1', 'api')).toBe('value-1b');
    expect(await secrets.delete('server-1', 'api')).toBe(true);
    expect(await secrets.delete('server-1', 'api')).toBe(false);
    expect(await secrets.deleteServer('server-1')).toBe(1);
    expect(await secrets.keys('server-1')).toEqual([]);
    expect(await secrets.get('server-2', 'api')).toBe('value-2');
  });

  it('two profiles never share or delete each other’s secrets, even for the same server id', async () => {
    const a = profile();
    const b = profile();
    await a.secrets.set('shared-uuid', 'key', 'from a');
    await b.secrets.set('shared-uuid', 'key', 'from b');
    expect(a.config.config.profileId).not.toBe(b.config.config.profileId);
    expect(await a.secrets.get('shared-uuid', 'key')).toBe('from a');
    await b.secrets.deleteServer('shared-uuid');
    expect(await b.secrets.get('shared-uuid', 'key')).toBeNull();
    expect(await a.secrets.get('shared-uuid', 'key')).toBe('from a');
  });

  it('resolve gives the values of a server’s references and names the ones that are gone', async () => {
    const { secrets } = profile();
    await secrets.set('s', 'ref-a', 'Bearer abc-123');
    const resolved = await secrets.resolve({
      uuid: 's',
      env: { PLAIN: 'p' },
      headers: { Authorization: { secret: 'ref-a' }, 'X-Key': { secret: 'gone' } },
    });
    expect(resolved).toEqual({ env: { PLAIN: 'p' }, headers: { Authorization: 'Bearer abc-123' }, missing: [{ field: 'headers', key: 'X-Key' }] });
    expect(secrets.describeMissing(resolved.missing)).toBe(
      "needs its secret again: header X-Key. The saved value is not in the system keyring (was it reset?); enter it again in the server's settings.",
    );
    // What the store has handed out is redacted from then on.
    expect(secrets.redact('server said: Bearer abc-123')).toBe('server said: [redacted]');
  });
});
