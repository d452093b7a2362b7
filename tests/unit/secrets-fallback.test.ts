// No keyring: this file's process has no D-Bus session to talk to (the keyring library connects
// once per process), so secrets go to `secrets.json` (0600) with a lasting warning. Also: a keyring
// that appears later gets the file's secrets, and a fallback file the user cannot read or write
// refuses the change with the reason (as another user, since root ignores file modes).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECRETS_FILE_NAME } from '../../src/main/secrets/file.js';
import { SecretStore, UNENCRYPTED_WARNING } from '../../src/main/secrets/store.js';
import { ConfigStore } from '../../src/main/config/store.js';
import type { McpServer } from '../../src/types/config.js';
import type { AppState } from '../../src/types/ipc.js';
import { asNobody, NOBODY_ID } from '../fixtures/child-process.js';
import { entryArgs } from '../fixtures/entry.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, serve, stopServed, tempDir } from './helpers/mcp-env.js';
import { filesHolding, secretsIn } from './helpers/secret-scan.js';
import { NO_BUS, savedConfig, startApp, useBus } from './helpers/secrets.js';

/** The run's keyring, for the start on which one has appeared. */
const RUN_BUS = process.env.DBUS_SESSION_BUS_ADDRESS!;
useBus(NO_BUS);
const NO_KEYRING_ENV = { ...process.env, DBUS_SESSION_BUS_ADDRESS: NO_BUS };

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const SECRETS = [`Bearer ${TOKEN}`];
const APP_CALL = fileURLToPath(new URL('../fixtures/app-call.ts', import.meta.url));

let url: string;
beforeAll(async () => {
  url = (await serve({ id: 'remote', transport: 'http', tools: ['lookup'], bearerToken: TOKEN })).url;
});
afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

function profile(dir = tempDir('secrets-file-')): { dir: string; secrets: SecretStore } {
  return { dir, secrets: SecretStore.forConfig(ConfigStore.open({ userDataDir: dir })) };
}

describe('SecretStore without a keyring', () => {
  it('secrets.json, 0600, written atomically, with the lasting warning; removed when empty', async () => {
    const { dir, secrets } = profile();
    const info = await secrets.open();
    expect(info.kind).toBe('file');
    expect(info.where).toBe(path.join(dir, SECRETS_FILE_NAME));
    expect(info.keyringProblem).toMatch(/nonexistent/);
    expect(secrets.notices).toEqual([{ kind: 'unencrypted-secrets', message: UNENCRYPTED_WARNING, lasting: true }]);
    expect(UNENCRYPTED_WARNING).toBe('Secrets are stored unencrypted on this machine: no keyring available');

    await Promise.all([secrets.set('s1', 'a', 'value a'), secrets.set('s1', '__proto__', 'value p'), secrets.set('s2', 'b', 'value b')]);
    const file = path.join(dir, SECRETS_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { servers: Record<string, Record<string, string>> };
    expect(Object.entries(saved.servers.s1!)).toEqual([['a', 'value a'], ['__proto__', 'value p']]);
    expect(await secrets.get('s1', '__proto__')).toBe('value p');
    expect((await secrets.keys('s1')).sort()).toEqual(['__proto__', 'a']);
    // No temp file left behind by the atomic writes.
    expect(fs.readdirSync(dir)).toEqual([SECRETS_FILE_NAME]);

    expect(await secrets.deleteServer('s1')).toBe(2);
    expect(await secrets.delete('s2', 'b')).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reads secrets.json once, then answers from memory, in step with its own writes', async () => {
    const { dir, secrets } = profile();
    const file = path.join(dir, SECRETS_FILE_NAME);
    fs.writeFileSync(file, JSON.stringify({ servers: { s1: { a: 'value a' } } }), { mode: 0o600 });
    const reads = vi.spyOn(fsp, 'readFile');
    try {
      for (let i = 0; i < 5; i++) expect(await secrets.get('s1', 'a')).toBe('value a');
      await secrets.set('s1', 'b', 'value b');
      expect(await secrets.get('s1', 'b')).toBe('value b');
      expect(await secrets.delete('s1', 'a')).toBe(true);
      expect(await secrets.get('s1', 'a')).toBeNull();
      expect(await secrets.keys('s1')).toEqual(['b']);
      expect(reads.mock.calls.filter(([read]) => String(read) === file)).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
    expect((JSON.parse(fs.readFileSync(file, 'utf8')) as { servers: unknown }).servers).toEqual({ s1: { b: 'value b' } });
  });

  it('a secrets.json that does not parse is never overwritten: every operation says what to do', async () => {
    const { dir, secrets } = profile();
    fs.writeFileSync(path.join(dir, SECRETS_FILE_NAME), '{ half');
    await expect(secrets.set('s', 'k', 'v')).rejects.toThrow(/secrets\.json is not valid JSON .*fix it, or delete it/);
    await expect(secrets.get('s', 'k')).rejects.toThrow(/not valid JSON/);
    expect(fs.readFileSync(path.join(dir, SECRETS_FILE_NAME), 'utf8')).toBe('{ half');
  });
});

describe('the app without a keyring', () => {
  const dir = tempDir('secrets-file-app-');
  let remote: McpServer;

  it('says so in a notice that cannot be dismissed and in its state; secrets.json is the only file with the secret', async () => {
    const app = await startApp(dir);
    try {
      remote = await app.call<McpServer>('addServer', { label: 'Remote', type: 'http', url, headers: { Authorization: { secretValue: `Bearer ${TOKEN}` } } });
      expect((await app.settled(0)).status).toBe('ready');
      await app.call('dismissNotice', { kind: 'unencrypted-secrets' });
      const state = await app.call<AppState>('getState');
      expect(state.secretStore).toEqual({ kind: 'file', where: path.join(dir, SECRETS_FILE_NAME) });
      expect(state.notices).toEqual([{ kind: 'unencrypted-secrets', message: UNENCRYPTED_WARNING, lasting: true }]);
      expect(secretsIn(JSON.stringify(state), SECRETS)).toEqual([]);
      expect(filesHolding(dir, SECRETS)).toEqual([SECRETS_FILE_NAME]);
      expect(fs.statSync(path.join(dir, SECRETS_FILE_NAME)).mode & 0o777).toBe(0o600);
    } finally {
      await app.stop();
    }
  });

  it('inspect prints the warning on stderr, the listing on stdout, no secret', async () => {
    const run = await inspectChild(['--user-data', dir, '--json'], NO_KEYRING_ENV);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.split('\n')).toContain('Secrets are stored unencrypted on this machine: no keyring available');
    expect((JSON.parse(run.stdout) as { servers: Array<{ status: string }> }).servers[0]!.status).toBe('ready');
    expect(secretsIn(run.stdout + run.stderr, SECRETS)).toEqual([]);
  });

  it('once a keyring is available, the secrets move into it, the file goes, and the server still connects', async () => {
    const run = await inspectChild(['--user-data', dir, '--json'], { ...process.env, DBUS_SESSION_BUS_ADDRESS: RUN_BUS });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`A keyring is available now: 1 saved secret was moved into it from ${path.join(dir, SECRETS_FILE_NAME)}, which was deleted.`);
    expect(run.stderr).not.toContain(UNENCRYPTED_WARNING);
    expect((JSON.parse(run.stdout) as { servers: Array<{ uuid: string; status: string }> }).servers).toMatchObject([{ uuid: remote.uuid, status: 'ready' }]);
    expect(fs.existsSync(path.join(dir, SECRETS_FILE_NAME))).toBe(false);
    expect(filesHolding(dir, SECRETS)).toEqual([]);
  });

  it('the start-up move of an earlier config goes to the file', async () => {
    const earlier = tempDir('secrets-file-earlier-');
    fs.writeFileSync(path.join(earlier, 'config.json'), JSON.stringify({ mcp: { servers: [{ uuid: 'r', label: 'Remote', state: 'enabled', type: 'http', url, headers: { Authorization: `Bearer ${TOKEN}` } }] } }));
    const app = await startApp(earlier);
    try {
      expect((await app.settled(0)).status).toBe('ready');
      expect((await app.call<AppState>('getState')).notices.find((n) => n.kind === 'secrets')?.message).toMatch(/^1 secret .* was moved from config\.json into .*secrets\.json/);
      expect(savedConfig(earlier).mcp.servers[0]!.headers!.Authorization).toEqual({ secret: expect.any(String) as string });
      expect(filesHolding(earlier, SECRETS)).toEqual([SECRETS_FILE_NAME]);
    } finally {
      await app.stop();
    }
  });
});

/** Runs one IPC call in a child as user nobody, with no keyring. */
function callAsNobody(dir: string, channel: string, input: unknown): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(...asNobody([process.execPath, ...entryArgs(APP_CALL), dir, channel, JSON.stringify(input)]), {
      env: { ...NO_KEYRING_ENV, HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => {
      try {
        resolve(JSON.parse(stdout) as { ok: boolean; error?: string });
      } catch {
        reject(new Error(`app-call printed no answer.\nstdout: ${stdout}\nstderr: ${stderr}`));
      }
    });
  });
}

describe('a fallback file that cannot be used', () => {
  it('refuses to add a server with a secret, with the reason, and writes nothing', async () => {
    const dir = tempDir('secrets-file-denied-');
    fs.writeFileSync(path.join(dir, 'config.json'), `${JSON.stringify({ mcp: { servers: [] }, llm: { defaults: [] }, prompt: { tools: null }, realtime: { tools: null } }, null, '\t')}\n`);
    // The folder and config are the user's; secrets.json is not readable by them.
    fs.writeFileSync(path.join(dir, SECRETS_FILE_NAME), '{"servers": {}}', { mode: 0o600 });
    execFileSync('chown', [`${NOBODY_ID}:${NOBODY_ID}`, dir, path.join(dir, 'config.json')]);
    const before = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
    const answer = await callAsNobody(dir, 'addServer', { label: 'Remote', type: 'http', url, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatch(/^Nothing was saved: .*secrets\.json could not be read: EACCES: permission denied/);
    expect(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')).toBe(before);
    expect(filesHolding(dir, SECRETS)).toEqual([]);
  });
});
