// A failing store loses nothing: a locked keyring (a private gnome-keyring of this file's own,
// locked over D-Bus, so the rest of the run keeps its unlocked one) refuses every read and write,
// and each flow says so clearly and leaves config.json as it was.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyringSession } from '../../scripts/keyring-session.js';
import { startKeyringSession } from '../../scripts/keyring-session.js';
import { SECRETS_TO_STORE_MIGRATION_ID } from '../../src/main/migrations/secrets.js';
import { UNMOVED_SECRET } from '../../src/main/secrets/refs.js';
import type { McpServer } from '../../src/types/config.js';
import type { AppState } from '../../src/types/ipc.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, serve, stopServed, tempDir } from './helpers/mcp-env.js';
import type { App } from './helpers/secrets.js';
import { filesHolding, secretsIn } from './helpers/secret-scan.js';
import { savedConfig, settingsFiles, startApp, useBus } from './helpers/secrets.js';

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const OTHER = `other-${randomBytes(12).toString('hex')}`;
const SECRETS = [`Bearer ${TOKEN}`, OTHER];
/** The run's unlocked keyring, for "the next start tries again". */
const RUN_BUS = process.env.DBUS_SESSION_BUS_ADDRESS!;

describe('a locked keyring', () => {
  let session: KeyringSession;
  let dir: string;
  let app: App;
  let url: string;
  let remote: McpServer;
  const bytes = (): string => fs.readFileSync(path.join(dir, 'config.json'), 'utf8');

  beforeAll(async () => {
    session = await startKeyringSession();
    useBus(session.address);
    url = (await serve({ id: 'remote', transport: 'http', tools: ['lookup'], bearerToken: TOKEN })).url;
    dir = tempDir('secrets-locked-');
    app = await startApp(dir);
    remote = await app.call<McpServer>('addServer', { label: 'Remote', type: 'http', url, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect((await app.settled(0)).status).toBe('ready');
    execFileSync('dbus-send', [
      '--session', '--print-reply', '--dest=org.freedesktop.secrets', '/org/freedesktop/secrets',
      'org.freedesktop.Secret.Service.Lock', 'array:objpath:/org/freedesktop/secrets/collection/login',
    ], { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: session.address }, stdio: 'ignore' });
  });

  afterAll(async () => {
    await app.stop();
    await session.stop();
    await stopServed();
    removeTempDirs();
  });

  it('add: refused with the reason, nothing written; a server without secrets is still added', async () => {
    const before = bytes();
    await expect(app.call('addServer', { label: 'New', type: 'http', url, headers: { Authorization: { secretValue: `Bearer ${OTHER}` } } }))
      .rejects.toThrow(/^Nothing was saved: The system keyring is locked, so it could not save the secret\. Unlock it/);
    expect(bytes()).toBe(before);
    expect(settingsFiles(dir)).toEqual(['config.json']);
    const plain = await app.call<McpServer>('addServer', { label: 'Plain', type: 'stdio', command: '/nonexistent/server', env: { LOG_LEVEL: 'debug' } });
    expect(savedConfig(dir).mcp.servers.map((s) => s.label)).toEqual(['Remote', 'Plain']);
    await app.call('removeServer', { uuid: plain.uuid });
  });

  it('edit: replacing a secret is refused and changes nothing; an edit that keeps it works', async () => {
    const before = bytes();
    const auth = savedConfig(dir).mcp.servers[0]!.headers!.Authorization;
    await expect(app.call('updateServer', { uuid: remote.uuid, settings: { label: 'Remote', type: 'http', url, headers: { Authorization: { secretValue: `Bearer ${OTHER}` } } } }))
      .rejects.toThrow(/^Nothing was saved: The system keyring is locked/);
    expect(bytes()).toBe(before);
    expect((await app.settled(0)).status).toBe('ready');
    await app.call('updateServer', { uuid: remote.uuid, settings: { label: 'Renamed', type: 'http', url, headers: { Authorization: auth } } });
    expect(savedConfig(dir).mcp.servers[0]).toMatchObject({ label: 'Renamed', headers: { Authorization: auth } });
  });

  it('a connect that cannot read its secret fails with the reason, not a 401', async () => {
    // The edit above restarted the server, which had to read the locked keyring.
    expect(await app.settled(0)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^The system keyring is locked, so it could not read a saved secret/) as string });
  });

  it('delete: refused while its secrets cannot be deleted; the server stays', async () => {
    await expect(app.call('removeServer', { uuid: remote.uuid })).rejects.toThrow(/^The server was not deleted, because its secrets could not be: The system keyring is locked/);
    expect(savedConfig(dir).mcp.servers.map((s) => s.uuid)).toEqual([remote.uuid]);
  });

  it('the start-up move fails: config.json keeps its values, the renderer gets none, the next start moves them', async () => {
    const earlier = tempDir('secrets-locked-start-');
    const text = JSON.stringify({ mcp: { servers: [{ uuid: 'r', label: 'Remote', state: 'enabled', type: 'http', url, headers: { Authorization: `Bearer ${TOKEN}` } }] } });
    fs.writeFileSync(path.join(earlier, 'config.json'), text);
    const started = await startApp(earlier);
    try {
      const state = await started.call<AppState>('getState');
      expect(state.notices.find((n) => n.kind === 'secrets')?.message).toMatch(
        /^Secrets in the settings could not be moved into the system keyring \(nothing was lost; the next start tries again\): The system keyring is locked/,
      );
      // Still there (the manager has since saved the server's tool names beside it), not marked done.
      expect(savedConfig(earlier).mcp.servers[0]!.headers).toEqual({ Authorization: `Bearer ${TOKEN}` });
      expect(savedConfig(earlier).migrations ?? []).not.toContain(SECRETS_TO_STORE_MIGRATION_ID);
      expect(settingsFiles(earlier)).toEqual(['config.json']);
      // The server still works with the value where it is; the renderer sees only a mask.
      expect((await started.settled(0)).status).toBe('ready');
      expect(state.config.mcp.servers[0]!.headers).toEqual({ Authorization: UNMOVED_SECRET });
      expect(secretsIn(JSON.stringify(state), SECRETS)).toEqual([]);
    } finally {
      await started.stop();
    }
    const next = await inspectChild(['--user-data', earlier, '--json'], { ...process.env, DBUS_SESSION_BUS_ADDRESS: RUN_BUS });
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toMatch(/1 secret \(API key, token, password\) was moved from config\.json into the system keyring/);
    expect((JSON.parse(next.stdout) as { servers: Array<{ status: string }> }).servers[0]!.status).toBe('ready');
    expect(filesHolding(earlier, SECRETS)).toEqual([]);
  });
});
