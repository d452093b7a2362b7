// The first start of this version on a profile of an earlier one (docs/design.md §4): plain
// secrets, legacy `name___ab12` selections, aliases to record and a broken setting to repair are
// all computed in memory, then ONE copy of config.json is taken and config.json is written ONCE.
// And the failures: the copy cannot be made (nothing changes), the write fails (the app runs on
// the new config in memory and says so; the next start tries again). Real files, the run's real
// keyring, real servers that need the secrets.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCore } from '../../src/main/core.js';
import { SECRETS_TO_STORE_MIGRATION_ID } from '../../src/main/migrations/secrets.js';
import type { BackendFactory } from '../../src/main/config/store.js';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import type { AppState } from '../../src/types/ipc.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID } from '../../src/types/migration.js';
import { flakyBackend } from './helpers/backends.js';
import { removeTempDirs, serve, stdioEntry, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';
import { filesHolding, profileFiles } from './helpers/secret-scan.js';
import { keyringEntry, savedConfig, sha256, startApp } from './helpers/secrets.js';
import type { App } from './helpers/secrets.js';

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
const API_KEY = `sk-${randomBytes(12).toString('hex')}`;
const SECRETS = [`Bearer ${TOKEN}`, API_KEY];
const LOCAL = '5d0c0a3e-1b1f-4c55-9a64-0c1f6f2eaa11';
const REMOTE = '9b7f2d44-3c2a-4d1e-8f0a-6e5b4c3dbb22';

let remoteUrl: string;
beforeAll(async () => {
  remoteUrl = (await serve({ id: 'remote', transport: 'http', tools: ['lookup'], bearerToken: TOKEN })).url;
});
afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

/**
 * A profile of an earlier version: secret values in plain text; saved selections under legacy
 * names; `docs`, a name the rules of that version never gave, which it showed as the user's
 * alias; and a realtime setting that is not an object, to repair.
 */
function earlierProfile(dir: string, state: McpServer['state'] = 'enabled'): string {
  const local = stdioEntry(LOCAL, 'Local', { id: 'local', transport: 'stdio', tools: ['read_file', 'search_docs'], requireEnv: { name: 'OPENAI_API_KEY', sha256: sha256(API_KEY) } }, {
    state,
    env: { OPENAI_API_KEY: API_KEY, LOG_LEVEL: 'debug' },
    toolMappings: { search_docs: 'docs' },
  });
  const remote = urlEntry(REMOTE, 'Remote', 'http', remoteUrl, { state, headers: { Authorization: `Bearer ${TOKEN}` } });
  const file = path.join(dir, 'config.json');
  fs.writeFileSync(file, JSON.stringify({
    mcp: { servers: [local, remote] },
    llm: { defaults: [{ engine: 'openai', model: 'gpt-4o', tools: ['read_file___aa11', 'docs', 'lookup___bb22'] }] },
    prompt: { tools: ['lookup___bb22'] },
    realtime: [],
  }, null, 2));
  return file;
}

/** conf on config.json, as the store's default, counting the writes the store makes through it. */
function countingBackend(): { factory: BackendFactory; writes: () => number } {
  let writes = 0;
  const factory: BackendFactory = ({ cwd, configName, configFileMode }) => {
    const conf = new Conf<Record<string, unknown>>({ cwd, configName, configFileMode, projectName: 'mcp-tool-names' });
    return {
      path: conf.path,
      get store() {
        return conf.store;
      },
      set store(value) {
        writes++;
        conf.store = value;
      },
    };
  };
  return { factory, writes: () => writes };
}

/** Renames onto config.json, seen by the file system itself (inotify), whoever makes them. */
function watchConfigRenames(dir: string): { count: () => Promise<number>; stop: () => void } {
  let renames = 0;
  const watcher = fs.watch(dir, (event, name) => {
    if (event === 'rename' && name === 'config.json' && fs.existsSync(path.join(dir, 'config.json'))) renames++;
  });
  return {
    // Events arrive in order: once a later file's event is in, every earlier one is.
    count: async () => {
      const marker = `marker-${randomBytes(4).toString('hex')}`;
      const seen = new Promise<void>((resolve) => {
        const check = fs.watch(dir, (_, name) => {
          if (name === marker) {
            check.close();
            resolve();
          }
        });
      });
      fs.writeFileSync(path.join(dir, marker), '');
      await seen;
      fs.rmSync(path.join(dir, marker));
      return renames;
    },
    stop: () => watcher.close(),
  };
}

const copiesIn = (dir: string): string[] => fs.readdirSync(dir).filter((name) => /^config\..+\.json$/.test(name));

async function startWith(dir: string, backend: BackendFactory): Promise<App['core']> {
  return startCore({ userDataDir: dir, host: 'web', backend, log: () => undefined });
}

describe('the first start of this version on an earlier profile', () => {
  it('moves the secrets, migrates the names, records the aliases and repairs the file with one copy and one write', async () => {
    const dir = tempDir('upgrade-once-');
    earlierProfile(dir);
    const counting = countingBackend();
    const watch = watchConfigRenames(dir);
    const core = await startWith(dir, counting.factory);
    try {
      expect(counting.writes()).toBe(1);
      expect(await watch.count()).toBe(1);
      const copies = copiesIn(dir);
      expect(copies).toHaveLength(1);
      expect(copies[0]).toMatch(/^config\.before-repair-/);

      const saved = savedConfig(dir);
      expect(saved.migrations).toEqual([SECRETS_TO_STORE_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID, LEGACY_TOOL_SUFFIX_MIGRATION_ID]);
      expect(saved.realtime).toEqual({ tools: [] });
      expect(saved.llm.defaults[0]!.tools).toEqual(['read_file', 'docs', 'lookup']);
      expect(saved.prompt.tools).toEqual(['lookup']);
      expect(saved.mcp.servers[0]!.aliases).toEqual(['search_docs']);
      const key = saved.mcp.servers[0]!.env!.OPENAI_API_KEY as { secret: string };
      const auth = saved.mcp.servers[1]!.headers!.Authorization as { secret: string };
      expect(saved.mcp.servers[0]!.env!.LOG_LEVEL).toBe('debug');
      expect(await keyringEntry(saved.profileId!, LOCAL, key.secret).getPassword()).toBe(API_KEY);
      expect(await keyringEntry(saved.profileId!, REMOTE, auth.secret).getPassword()).toBe(`Bearer ${TOKEN}`);

      // The copy is the file as it was, with references in place of the values.
      const copy = JSON.parse(fs.readFileSync(path.join(dir, copies[0]!), 'utf8')) as { mcp: AppConfig['mcp']; realtime: unknown };
      expect(copy.realtime).toEqual([]);
      expect(copy.mcp.servers[0]!.env).toEqual({ OPENAI_API_KEY: key, LOG_LEVEL: 'debug' });
      expect(copy.mcp.servers[1]!.headers).toEqual({ Authorization: auth });
      expect(filesHolding(dir, SECRETS)).toEqual([]);

      // Every notice points at that one copy.
      const notices = core.notices();
      expect(notices.map((n) => n.kind)).toEqual(['repaired', 'secrets', 'migration']);
      for (const notice of notices) expect(`${notice.message}\n${(notice.details ?? []).join('\n')}`).not.toMatch(/config\.pre-migration-/);
      expect(notices[0]!.message).toContain(copies[0]);
      expect(notices[1]!.message).toContain(copies[0]);
      expect(notices[2]!.message).toContain(copies[0]);

      // The servers work with the moved secrets, and the names they list need no further write.
      await core.ready;
      expect(core.mcp.getStatus().map((s) => [s.label, s.status])).toEqual([['Local', 'ready'], ['Remote', 'ready']]);
      expect(counting.writes()).toBe(1);
    } finally {
      watch.stop();
      await core.close();
    }

    const files = profileFiles(dir);
    const again = countingBackend();
    const second = await startWith(dir, again.factory);
    await second.close();
    expect(again.writes()).toBe(0);
    expect(profileFiles(dir)).toEqual(files);
  });

  it('when the copy cannot be made: nothing changes, not config.json, not the keyring; the app runs on the repaired settings and says it cannot save', async () => {
    const dir = tempDir('upgrade-once-nocopy-');
    // Switched off: servers that list tools have their names saved, which is not the upgrade.
    const file = earlierProfile(dir, 'disabled');
    const before = fs.readFileSync(file, 'utf8');
    const write = fs.writeFileSync;
    const refuse = vi.spyOn(fs, 'writeFileSync').mockImplementation((target, ...rest) => {
      if (/config\.[a-z-]+-\d{4}-.*\.json\.tmp-/.test(String(target))) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      write(target, ...rest);
    });
    const app = await startApp(dir);
    try {
      refuse.mockRestore();
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
      expect(copiesIn(dir)).toEqual([]);
      expect(app.core.store.config.realtime).toEqual({ tools: [] });
      expect(app.core.store.config.migrations).toBeUndefined();
      // The values stayed where they were, and nothing is left in the store under them.
      expect(await app.core.secrets.keys(LOCAL)).toEqual([]);
      expect(await app.core.secrets.keys(REMOTE)).toEqual([]);
      const state = await app.call<AppState>('getState');
      expect(state.notices.find((n) => n.kind === 'unsaved')?.message).toMatch(/^Settings cannot be saved: a copy of .*config\.json could not be made before changing it \(permission denied\), so the repairs were not saved\.$/);
      expect(state.notices.find((n) => n.kind === 'secrets')?.message).toMatch(/could not be moved into the system keyring \(nothing was lost; the next start tries again\): a copy of the settings could not be made first$/);
    } finally {
      refuse.mockRestore();
      await app.stop();
    }
  });

  it('when the write fails: config.json is as it was, the app runs upgraded in memory with the lasting notice, and the next start does it all again', async () => {
    const dir = tempDir('upgrade-once-nowrite-');
    const file = earlierProfile(dir);
    const before = fs.readFileSync(file, 'utf8');
    const flaky = flakyBackend('ENOSPC');
    const core = await startWith(dir, flaky.factory);
    try {
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
      expect(core.store.config.prompt.tools).toEqual(['lookup']);
      expect(core.store.config.mcp.servers[0]!.env!.OPENAI_API_KEY).toEqual({ secret: expect.any(String) as string });
      expect(core.notices().find((n) => n.kind === 'unsaved')).toMatchObject({ lasting: true, message: expect.stringMatching(/could not be written/) as string });
      await core.ready;
      expect(core.mcp.getStatus().map((s) => s.status)).toEqual(['ready', 'ready']);
    } finally {
      await core.close();
    }
    const counting = countingBackend();
    const next = await startWith(dir, counting.factory);
    await next.close();
    expect(counting.writes()).toBe(1);
    expect(savedConfig(dir).prompt.tools).toEqual(['lookup']);
    expect(filesHolding(dir, SECRETS)).toEqual([]);
  });
});
