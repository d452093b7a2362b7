// The start-up step that moves plain-text secrets of earlier versions (and of hand edits) from
// config.json into the keyring, and rewrites every copy of the config beside it: a backup, a file
// moved aside because it did not parse, the copy this step takes first. Real files, the test
// run's real keyring, real servers that need the secrets.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRETS_TO_STORE_MIGRATION_ID } from '../../src/main/migrations/secrets.js';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import type { AppState } from '../../src/types/ipc.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID } from '../../src/types/migration.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { legacyConfig } from './migration-legacy.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, serve, stopServed, tempDir } from './helpers/mcp-env.js';
import { filesHolding, profileFiles, secretsIn } from './helpers/secret-scan.js';
import { keyringEntry, savedConfig, sha256, startApp } from './helpers/secrets.js';

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const API_KEY = `sk-${randomBytes(12).toString('hex')}`;
const OLD_TOKEN = `old-${randomBytes(12).toString('hex')}`;
const SECRETS = [`Bearer ${TOKEN}`, API_KEY, OLD_TOKEN];

const STAMP = '2026-01-02T03-04-05-678Z';
const local = fixtureCommand({ id: 'local', transport: 'stdio', tools: ['search'], requireEnv: { name: 'OPENAI_API_KEY', sha256: sha256(API_KEY) } });

let httpUrl: string;
beforeAll(async () => {
  httpUrl = (await serve({ id: 'remote', transport: 'http', tools: ['lookup'], bearerToken: TOKEN })).url;
});
afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

/** A config as earlier versions saved it: secrets in plain text. */
function earlierConfig(): AppConfig {
  return {
    mcp: {
      servers: [
        { uuid: 'remote-1', label: 'Remote', state: 'enabled', type: 'http', url: httpUrl, headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json, text/event-stream' } },
        { uuid: 'local-1', label: 'Local', state: 'enabled', type: 'stdio', ...local, env: { OPENAI_API_KEY: API_KEY, LOG_LEVEL: 'debug' } },
      ],
    },
    llm: { defaults: [] },
    prompt: { tools: null },
    realtime: { tools: null },
  };
}

function write(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const read = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
const serverOf = (config: unknown, uuid: string): McpServer => (config as AppConfig).mcp.servers.find((s) => s.uuid === uuid)!;

describe('moving secrets out of config.json at start', () => {
  it('moves them into the keyring, rewrites every copy, the servers still connect; a second start changes nothing', async () => {
    const dir = tempDir('secrets-migration-');
    const config = earlierConfig();
    write(dir, 'config.json', JSON.stringify(config, null, 2));
    const older = structuredClone(config);
    older.mcp.servers.push({ uuid: 'deleted-1', label: 'Gone', state: 'enabled', type: 'stdio', command: 'x', env: { GONE_TOKEN: OLD_TOKEN } });
    const beforeRepair = write(dir, `config.before-repair-${STAMP}.json`, JSON.stringify(older));
    const corrupt = write(dir, `config.corrupt-${STAMP}.json`, `${JSON.stringify(config).slice(0, -20)} "note": "${API_KEY}`);

    const app = await startApp(dir);
    try {
      const state = await app.call<AppState>('getState');
      const notice = state.notices.find((n) => n.kind === 'secrets');
      expect(notice?.message).toMatch(/^2 secrets \(API keys, tokens, passwords\) were moved from config\.json into the system keyring; 2 copies of the settings rewritten to hold references instead of values\. The settings as they were \(with references\) are kept at .*config\.pre-migration-.*\.json\.$/);
      expect(app.core.mcp.getStatus().map((s) => [s.label, s.status])).toEqual([['Remote', 'ready'], ['Local', 'ready']]);

      const saved = savedConfig(dir);
      expect(saved.migrations).toEqual([SECRETS_TO_STORE_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID]);
      const auth = serverOf(saved, 'remote-1').headers!.Authorization as { secret: string };
      const key = serverOf(saved, 'local-1').env!.OPENAI_API_KEY as { secret: string };
      expect(serverOf(saved, 'remote-1').headers!.Accept).toBe('application/json, text/event-stream');
      expect(serverOf(saved, 'local-1').env!.LOG_LEVEL).toBe('debug');
      expect(await keyringEntry(saved.profileId!, 'remote-1', auth.secret).getPassword()).toBe(`Bearer ${TOKEN}`);
      expect(await keyringEntry(saved.profileId!, 'local-1', key.secret).getPassword()).toBe(API_KEY);

      // Every copy points at the same entries; a value the config no longer holds at nothing.
      const preMigration = fs.readdirSync(dir).filter((name) => name.startsWith('config.pre-migration-'));
      expect(preMigration).toHaveLength(1);
      expect(serverOf(read(path.join(dir, preMigration[0]!)), 'remote-1').headers!.Authorization).toEqual(auth);
      expect(serverOf(read(beforeRepair), 'local-1').env!.OPENAI_API_KEY).toEqual(key);
      const gone = serverOf(read(beforeRepair), 'deleted-1').env!.GONE_TOKEN as { secret: string };
      expect(await keyringEntry(saved.profileId!, 'deleted-1', gone.secret).getPassword()).toBeNull();
      expect(fs.readFileSync(corrupt, 'utf8')).toContain(`"Authorization":${JSON.stringify(auth)}`);
      expect(fs.readFileSync(corrupt, 'utf8')).toContain('"note": "[redacted]');
      for (const file of [beforeRepair, corrupt]) expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      expect(filesHolding(dir, SECRETS)).toEqual([]);
      expect(secretsIn(JSON.stringify(state), SECRETS)).toEqual([]);
    } finally {
      await app.stop();
    }

    const files = profileFiles(dir);
    const again = await startApp(dir);
    try {
      expect((await again.call<AppState>('getState')).notices.filter((n) => n.kind === 'secrets')).toEqual([]);
      expect(again.core.mcp.getStatus().map((s) => s.status)).toEqual(['ready', 'ready']);
    } finally {
      await again.stop();
    }
    expect(profileFiles(dir)).toEqual(files);
  });

  it('repair: a hand edit that broke the file and typed a token in is repaired, the token moved, the copy rewritten', async () => {
    const dir = tempDir('secrets-repair-');
    const config = earlierConfig() as unknown as Record<string, unknown>;
    write(dir, 'config.json', JSON.stringify({ ...config, realtime: [], migrations: [SECRETS_TO_STORE_MIGRATION_ID] }));
    const logs: string[] = [];
    const app = await startApp(dir, logs);
    try {
      const notices = (await app.call<AppState>('getState')).notices;
      expect(notices.map((n) => n.kind)).toEqual(['repaired', 'secrets']);
      const copies = fs.readdirSync(dir).filter((name) => name.startsWith('config.before-repair-'));
      expect(copies).toHaveLength(1);
      expect(serverOf(read(path.join(dir, copies[0]!)), 'remote-1').headers!.Authorization).toEqual(serverOf(savedConfig(dir), 'remote-1').headers!.Authorization);
      expect(app.core.mcp.getStatus().map((s) => s.status)).toEqual(['ready', 'ready']);
      expect(filesHolding(dir, SECRETS)).toEqual([]);
      expect(secretsIn(JSON.stringify(notices) + logs.join('\n'), SECRETS)).toEqual([]);
    } finally {
      await app.stop();
    }
  });

  it('together with the tool-name upgrade: both run, every copy holds references only, inspect prints none', async () => {
    const dir = tempDir('secrets-legacy-');
    write(dir, 'config.json', JSON.stringify(legacyConfig(() => ({ type: 'stdio', command: 'node', args: ['server.js'], env: { GITHUB_TOKEN: OLD_TOKEN } }))));
    const run = await inspectChild(['--user-data', dir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/3 secrets \(API keys, tokens, passwords\) were moved from config\.json into the system keyring/);
    expect(run.stderr).toMatch(/saved tool selections updated/);
    expect(savedConfig(dir).migrations).toEqual([SECRETS_TO_STORE_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID, LEGACY_TOOL_SUFFIX_MIGRATION_ID]);
    // One copy for both, taken before anything changed.
    expect(fs.readdirSync(dir).filter((name) => /^config\..+\.json$/.test(name))).toEqual([expect.stringMatching(/^config\.pre-migration-/)]);
    expect(filesHolding(dir, SECRETS)).toEqual([]);
    expect(secretsIn(run.stdout + run.stderr, SECRETS)).toEqual([]);
  });
});
