// Secrets through the app's main side (start-up, IPC handlers, manager) against real fixture
// servers that need them (an HTTP and an SSE server answering 401 without their bearer token, a
// stdio server that exits without its API key) and the test run's real keyring. After each flow
// (add, edit, import, delete) every file of the user-data folder is checked byte by byte, and so
// are the renderer's state and inspect's output (text and --json).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeyringBackend } from '../../src/main/secrets/keyring.js';
import type { McpServer } from '../../src/types/config.js';
import type { AppState, ImportResult } from '../../src/types/ipc.js';
import type { ServerStatus } from '../../src/types/mcp.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, serve, stopServed, tempDir, waitFor } from './helpers/mcp-env.js';
import type { App } from './helpers/secrets.js';
import { filesHolding, secretsIn } from './helpers/secret-scan.js';
import { keyringEntry, savedConfig, sha256, startApp } from './helpers/secrets.js';

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const API_KEY = `sk-${randomBytes(12).toString('hex')}`;
const WRONG_TOKEN = `wrong-${randomBytes(8).toString('hex')}`;
const REGION = `region-${randomBytes(8).toString('hex')}`;
const SECRETS = [`Bearer ${TOKEN}`, API_KEY, WRONG_TOKEN, REGION];

const stdioNeedingKey = fixtureCommand({ id: 'local', transport: 'stdio', tools: ['search'], requireEnv: { name: 'OPENAI_API_KEY', sha256: sha256(API_KEY) } });

describe('secrets through the app', () => {
  let dir: string;
  let app: App;
  const logs: string[] = [];
  let httpUrl: string;
  let sseUrl: string;
  // What the renderer gets, once the server's connect has settled.
  const status = async (uuid: string): Promise<ServerStatus> => {
    await app.settled(uuid);
    return (await app.call<ServerStatus[]>('getStatus')).find((s) => s.uuid === uuid)!;
  };
  const profileId = (): string => savedConfig(dir).profileId!;
  const refOf = (uuid: string, field: 'env' | 'headers', key: string): string => {
    const value = savedConfig(dir).mcp.servers.find((s) => s.uuid === uuid)![field]![key];
    if (typeof value !== 'object') throw new Error(`${field}.${key} of ${uuid} is not a reference: ${JSON.stringify(value)}`);
    return value.secret;
  };

  /** No file, no renderer state, no status, no log and no inspect output holds a secret. */
  async function expectNoSecretAnywhere(): Promise<void> {
    expect(filesHolding(dir, SECRETS)).toEqual([]);
    expect(secretsIn(JSON.stringify(await app.call<AppState>('getState')), SECRETS)).toEqual([]);
    expect(secretsIn(JSON.stringify(await app.call('getStatus')), SECRETS)).toEqual([]);
    expect(secretsIn(logs.join('\n'), SECRETS)).toEqual([]);
  }

  beforeAll(async () => {
    dir = tempDir('secrets-flows-');
    httpUrl = (await serve({ id: 'remote-http', transport: 'http', tools: ['lookup'], bearerToken: TOKEN })).url;
    sseUrl = (await serve({ id: 'remote-sse', transport: 'sse', tools: ['lookup'], bearerToken: TOKEN })).url;
    app = await startApp(dir, logs);
  });

  afterAll(async () => {
    await app.stop();
    await stopServed();
    removeTempDirs();
  });

  let http: McpServer;
  let sse: McpServer;
  let local: McpServer;

  it('add: an HTTP and an SSE server are ready through a secret header, a stdio server through a secret env value', async () => {
    http = await app.call<McpServer>('addServer', { label: 'HTTP', type: 'http', url: httpUrl, headers: { Authorization: { secretValue: `Bearer ${TOKEN}` }, Accept: 'application/json, text/event-stream' } });
    // Plain text under a name the rule calls secret goes to the store all the same.
    sse = await app.call<McpServer>('addServer', { label: 'SSE', type: 'sse', url: sseUrl, headers: { Authorization: `Bearer ${TOKEN}` } });
    local = await app.call<McpServer>('addServer', { label: 'Local', type: 'stdio', ...stdioNeedingKey, env: { OPENAI_API_KEY: API_KEY, LOG_LEVEL: 'debug' } });
    const without = await app.call<McpServer>('addServer', { label: 'No token', type: 'http', url: httpUrl });

    expect((await status(http.uuid)).status).toBe('ready');
    expect((await status(sse.uuid)).status).toBe('ready');
    expect((await status(local.uuid)).status).toBe('ready');
    // The fixtures really need them.
    expect(await status(without.uuid)).toMatchObject({ status: 'failed', error: expect.stringContaining('HTTP 401') as string });

    const saved = savedConfig(dir);
    expect(saved.mcp.servers[0]!.headers).toEqual({ Authorization: { secret: refOf(http.uuid, 'headers', 'Authorization') }, Accept: 'application/json, text/event-stream' });
    expect(saved.mcp.servers[2]!.env).toEqual({ OPENAI_API_KEY: { secret: refOf(local.uuid, 'env', 'OPENAI_API_KEY') }, LOG_LEVEL: 'debug' });
    expect(http.headers!.Authorization).toEqual({ secret: refOf(http.uuid, 'headers', 'Authorization') });
    expect(await keyringEntry(profileId(), http.uuid, refOf(http.uuid, 'headers', 'Authorization')).getPassword()).toBe(`Bearer ${TOKEN}`);
    expect(await keyringEntry(profileId(), local.uuid, refOf(local.uuid, 'env', 'OPENAI_API_KEY')).getPassword()).toBe(API_KEY);
    await app.call('removeServer', { uuid: without.uuid });
    await expectNoSecretAnywhere();
  });

  it('inspect, text and --json, lists them ready and prints no secret', async () => {
    await app.stop();
    // One after the other: each takes the profile's lock.
    const json = await inspectChild(['--user-data', dir, '--json']);
    const text = await inspectChild(['--user-data', dir]);
    app = await startApp(dir, logs);
    expect(json.code, json.stderr).toBe(0);
    const listing = JSON.parse(json.stdout) as { servers: Array<{ label: string; status: string }> };
    expect(listing.servers.map((s) => [s.label, s.status])).toEqual([['HTTP', 'ready'], ['SSE', 'ready'], ['Local', 'ready']]);
    expect(text.stdout).toContain('HTTP [ready]');
    expect(secretsIn(json.stdout + json.stderr + text.stdout + text.stderr, SECRETS)).toEqual([]);
    await expectNoSecretAnywhere();
  });

  it('edit: a reference sent back keeps the secret; Replace writes a new entry and deletes the old; Remove deletes it', async () => {
    const auth = refOf(http.uuid, 'headers', 'Authorization');
    const settings = { label: 'HTTP 2', type: 'http', url: httpUrl, headers: { Authorization: { secret: auth } } };
    await app.call('updateServer', { uuid: http.uuid, settings });
    expect(refOf(http.uuid, 'headers', 'Authorization')).toBe(auth);
    expect((await status(http.uuid)).status).toBe('ready');

    await app.call('updateServer', { uuid: http.uuid, settings: { ...settings, headers: { Authorization: { secretValue: `Bearer ${WRONG_TOKEN}` } } } });
    const replaced = refOf(http.uuid, 'headers', 'Authorization');
    expect(replaced).not.toBe(auth);
    expect(await keyringEntry(profileId(), http.uuid, auth).getPassword()).toBeNull();
    expect(await status(http.uuid)).toMatchObject({ status: 'failed', error: expect.stringContaining('HTTP 401') as string });
    await expectNoSecretAnywhere();

    await app.call('updateServer', { uuid: http.uuid, settings: { ...settings, headers: { Authorization: { secretValue: `Bearer ${TOKEN}` } } } });
    expect((await status(http.uuid)).status).toBe('ready');
    expect(await keyringEntry(profileId(), http.uuid, replaced).getPassword()).toBeNull();

    // The toggle: a value no rule calls secret, marked secret by the user.
    await app.call('updateServer', { uuid: local.uuid, settings: { label: 'Local', type: 'stdio', ...stdioNeedingKey, env: { OPENAI_API_KEY: { secret: refOf(local.uuid, 'env', 'OPENAI_API_KEY') }, REGION: { secretValue: REGION } } } });
    expect(savedConfig(dir).mcp.servers[2]!.env!.REGION).toEqual({ secret: refOf(local.uuid, 'env', 'REGION') });
    expect((await status(local.uuid)).status).toBe('ready');
    await expectNoSecretAnywhere();

    // Remove: the header goes, and so does its entry.
    const before = refOf(http.uuid, 'headers', 'Authorization');
    await app.call('updateServer', { uuid: http.uuid, settings: { ...settings, headers: {} } });
    expect(await app.core.secrets.keys(http.uuid)).toEqual([]);
    expect(await keyringEntry(profileId(), http.uuid, before).getPassword()).toBeNull();
    expect((await status(http.uuid)).status).toBe('failed');
    await app.call('updateServer', { uuid: http.uuid, settings: { ...settings, headers: { Authorization: { secretValue: `Bearer ${TOKEN}` } } } });
    expect((await status(http.uuid)).status).toBe('ready');
    await expectNoSecretAnywhere();
  });

  it("edit: a server cannot be pointed at another server's secret", async () => {
    const before = JSON.stringify(savedConfig(dir));
    const foreign = { secret: refOf(http.uuid, 'headers', 'Authorization') };
    await expect(app.call('updateServer', { uuid: sse.uuid, settings: { label: 'SSE', type: 'sse', url: sseUrl, headers: { Authorization: foreign } } }))
      .rejects.toThrow('The header Authorization refers to a saved secret this server does not have; enter the value again.');
    expect(JSON.stringify(savedConfig(dir))).toBe(before);
  });

  it('import: Claude Desktop secrets go straight into the store', async () => {
    const json = JSON.stringify({
      mcpServers: {
        // Another URL than the configured HTTP server's: the same URL would be "already added".
        'Imported HTTP': { type: 'http', url: `${httpUrl}?from=import`, headers: { Authorization: `Bearer ${TOKEN}` } },
        'Imported local': { ...stdioNeedingKey, env: { OPENAI_API_KEY: API_KEY } },
      },
    });
    const configured = new Set(savedConfig(dir).mcp.servers.map((server) => server.uuid));
    const resolves = vi.spyOn(app.core.secrets, 'resolve');
    // The configured servers' secrets read (the added servers read theirs to connect).
    const readForComparing = (): string[] => resolves.mock.calls.map(([server]) => server.uuid).filter((uuid) => configured.has(uuid));
    const result = await app.call<ImportResult>('importClaudeDesktop', { json });
    // No configured server could be one of these by its values (other URLs; Local has other env
    // names): none of their secrets was read to compare.
    expect(readForComparing()).toEqual([]);
    expect(result.added.map((s) => s.label)).toEqual(['Imported HTTP', 'Imported local']);
    expect(secretsIn(JSON.stringify(result), SECRETS)).toEqual([]);
    for (const server of result.added) expect((await status(server.uuid)).status).toBe('ready');
    expect(await keyringEntry(profileId(), result.added[0]!.uuid, refOf(result.added[0]!.uuid, 'headers', 'Authorization')).getPassword()).toBe(`Bearer ${TOKEN}`);
    await expectNoSecretAnywhere();

    // The same command, arguments and env names as Local: its values decide, read once.
    const again = await app.call<ImportResult>('importClaudeDesktop', { json: JSON.stringify({ mcpServers: { 'Local again': { ...stdioNeedingKey, env: { OPENAI_API_KEY: API_KEY, REGION } } } }) });
    expect(again).toMatchObject({ added: [], alreadyAdded: [{ name: 'Local again', label: 'Local' }] });
    expect(readForComparing()).toEqual([local.uuid]);
    resolves.mockRestore();
  });

  it('a secret gone from the keyring (a reset) shows "needs its secret again" naming the field; entering it again fixes it', async () => {
    const ref = refOf(sse.uuid, 'headers', 'Authorization');
    expect(await keyringEntry(profileId(), sse.uuid, ref).deleteCredential()).toBe(true);
    await app.call('restartServer', { uuid: sse.uuid });
    expect(await status(sse.uuid)).toMatchObject({
      status: 'needs-secret',
      error: "needs its secret again: header Authorization. The saved value is not in the system keyring (was it reset?); enter it again in the server's settings.",
      missingSecrets: [{ field: 'headers', key: 'Authorization' }],
    });
    await app.stop();
    const run = await inspectChild(['--user-data', dir, '--json']);
    app = await startApp(dir, logs);
    expect((JSON.parse(run.stdout) as { servers: Array<{ label: string; status: string; error?: string }> }).servers[1]).toMatchObject({ label: 'SSE', status: 'needs-secret', error: expect.stringContaining('header Authorization') as string });

    await app.call('updateServer', { uuid: sse.uuid, settings: { label: 'SSE', type: 'sse', url: sseUrl, headers: { Authorization: { secretValue: `Bearer ${TOKEN}` } } } });
    expect((await status(sse.uuid)).status).toBe('ready');
  });

  it('what a server prints about its secrets is redacted from its status and the log', async () => {
    // The fixture quotes the key it got on stderr and exits when it is not the one it wants.
    const careless = await app.call<McpServer>('addServer', { label: 'Careless', type: 'stdio', ...stdioNeedingKey, env: { OPENAI_API_KEY: WRONG_TOKEN } });
    await waitFor('the careless server to fail', () => app.core.mcp.getStatus().find((s) => s.uuid === careless.uuid)?.status === 'failed');
    const failed = await status(careless.uuid);
    expect(failed.error).toContain('wrong OPENAI_API_KEY: [redacted]');
    await expectNoSecretAnywhere();
  });

  it('delete: the server’s secrets leave the store', async () => {
    const refs = [refOf(local.uuid, 'env', 'OPENAI_API_KEY'), refOf(local.uuid, 'env', 'REGION')];
    expect(await app.core.secrets.keys(local.uuid)).toHaveLength(2);
    const listings = vi.spyOn(KeyringBackend.prototype, 'keys');
    await app.call('removeServer', { uuid: local.uuid });
    // Listed once: every entry filed under the server, its sign-in's too, goes in that one pass.
    expect(listings.mock.calls).toEqual([[local.uuid]]);
    listings.mockRestore();
    expect(await app.core.secrets.keys(local.uuid)).toEqual([]);
    for (const ref of refs) expect(await keyringEntry(profileId(), local.uuid, ref).getPassword()).toBeNull();
    await expectNoSecretAnywhere();
  });
});
