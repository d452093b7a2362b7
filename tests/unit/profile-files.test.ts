// The user-data folder on disk, through both backends (conf, and the real electron-store via the
// electron stub): files 0600 and the folder 0700, side copies pruned to the newest few of each
// kind, temp files of a crash removed, config.json being a folder, and failed writes that leave
// the app running on its in-memory config with a reason naming the file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEEP_COPIES_PER_KIND, surplusCopies } from '../../src/main/profile/copies.js';
import { CONFIG_FILE_NAME, ConfigStore } from '../../src/main/config/store.js';
import { defaultConfig } from '../../src/types/config.js';
import { BACKENDS, flakyBackend } from './helpers/backends.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

afterAll(() => removeTempDirs());

const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;
const filesIn = (dir: string): string[] => fs.readdirSync(dir).sort();
const configIn = (dir: string): string => path.join(dir, CONFIG_FILE_NAME);

describe.each(BACKENDS)('the user-data folder with %s', (_, backend) => {
  const open = (dir: string): ConfigStore => ConfigStore.open({ userDataDir: dir, backend });

  it('creates the folder 0700 and config.json 0600, and the mode survives every atomic write', () => {
    const dir = path.join(tempDir('profile-'), 'new profile');
    const store = open(dir);
    expect(modeOf(dir)).toBe(0o700);
    for (const tools of [['a'], ['b'], []]) {
      store.update((config) => {
        config.prompt.tools = tools;
      });
      expect(modeOf(store.path)).toBe(0o600);
    }
    expect(filesIn(dir)).toEqual([CONFIG_FILE_NAME]);
  });

  it('tightens a config.json and a folder an older version left open to others', () => {
    const dir = tempDir('profile-');
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(configIn(dir), JSON.stringify(defaultConfig()), { mode: 0o644 });
    fs.chmodSync(configIn(dir), 0o644);
    open(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(configIn(dir))).toBe(0o600);
  });

  it('leaves the mode of a shared folder alone (one holding files that are not the app\'s)', () => {
    const dir = tempDir('profile-');
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    open(dir).update((config) => {
      config.prompt.tools = [];
    });
    expect(modeOf(dir)).toBe(0o755);
    expect(modeOf(configIn(dir))).toBe(0o600);
  });

  it('every copy is 0600: the file moved aside, the file before a repair, a backup', () => {
    const dir = tempDir('profile-');
    fs.writeFileSync(configIn(dir), '{ not json', { mode: 0o644 });
    fs.chmodSync(configIn(dir), 0o644);
    const corrupt = open(dir).notices[0]!.backupPath!;
    expect(modeOf(corrupt)).toBe(0o600);
    fs.writeFileSync(configIn(dir), JSON.stringify({ prompt: { tools: 'none' } }), { mode: 0o644 });
    fs.chmodSync(configIn(dir), 0o644);
    const store = open(dir);
    const repaired = store.notices[0]!.backupPath!;
    expect(path.basename(repaired)).toMatch(/^config\.before-repair-/);
    expect(modeOf(repaired)).toBe(0o600);
    expect(modeOf(store.backup('pre-migration'))).toBe(0o600);
  });

  it(`keeps the newest ${KEEP_COPIES_PER_KIND} copies of each kind and never touches other files`, () => {
    const dir = tempDir('profile-');
    // Older copies (as earlier versions left them), of every kind, plus a file of the user's.
    const stamps = Array.from({ length: 7 }, (_, i) => `2020-01-0${i + 1}T00-00-00-000Z`);
    for (const kind of ['corrupt', 'before-repair', 'pre-migration']) {
      for (const stamp of stamps) fs.writeFileSync(path.join(dir, `config.${kind}-${stamp}.json`), kind);
    }
    fs.writeFileSync(path.join(dir, 'config.mine.json'), 'keep me');
    fs.writeFileSync(configIn(dir), JSON.stringify({ realtime: { tools: 'all' } }));
    const store = open(dir);
    const made = store.notices[0]!.backupPath!;
    const names = filesIn(dir);
    // The repair's copy is the newest before-repair copy; four older ones are left.
    expect(names.filter((name) => name.startsWith('config.before-repair-'))).toEqual([
      ...stamps.slice(3).map((stamp) => `config.before-repair-${stamp}.json`),
      path.basename(made),
    ]);
    // The other kinds are pruned the same way as soon as any copy is made.
    expect(names.filter((name) => name.startsWith('config.corrupt-'))).toEqual(stamps.slice(2).map((stamp) => `config.corrupt-${stamp}.json`));
    expect(names).toContain('config.mine.json');
    expect(names).toContain(CONFIG_FILE_NAME);
  });

  it('recreates a user-data folder removed while the app runs, at the next write', () => {
    const dir = path.join(tempDir('profile-'), 'profile');
    const store = open(dir);
    store.update((config) => {
      config.prompt.tools = ['a'];
    });
    fs.rmSync(dir, { recursive: true });
    store.update((config) => {
      config.realtime.tools = [];
    });
    expect(store.saveProblem).toBeNull();
    expect(modeOf(dir)).toBe(0o700);
    expect(JSON.parse(fs.readFileSync(configIn(dir), 'utf8'))).toMatchObject({ prompt: { tools: ['a'] }, realtime: { tools: [] } });
  });

  it('removes temp files a crash left in the middle of a write, and nothing else', () => {
    const dir = tempDir('profile-');
    fs.writeFileSync(configIn(dir), JSON.stringify(defaultConfig()));
    // A copy's too: every private file of the profile is written through a temp file beside it.
    const leftovers = [
      'config.json.tmp-1732300000a1b2c3',
      'config.json.tmp-1732300001ffffff',
      'profile.lock.json.tmp-4242',
      'secrets.json.tmp-0a1b2c3d4e5f',
      'config.pre-migration-2020-01-01T00-00-00-000Z.json.tmp-0a1b2c3d4e5f',
    ];
    for (const name of leftovers) fs.writeFileSync(path.join(dir, name), '{"half":');
    fs.writeFileSync(path.join(dir, 'config.json.tmp.notes'), 'mine');
    const store = open(dir);
    expect(store.notices).toEqual([]);
    expect(filesIn(dir)).toEqual([CONFIG_FILE_NAME, 'config.json.tmp.notes']);
  });

  it('config.json that is a folder: defaults, a notice naming it, nothing moved or deleted, writes refused with the reason', () => {
    const dir = tempDir('profile-');
    fs.mkdirSync(configIn(dir), { mode: 0o755 });
    fs.chmodSync(configIn(dir), 0o755);
    fs.writeFileSync(path.join(configIn(dir), 'inside.txt'), 'mine');
    const store = open(dir);
    expect(modeOf(configIn(dir))).toBe(0o755);
    expect(store.config).toEqual(defaultConfig());
    expect(store.notices).toHaveLength(1);
    expect(store.notices[0]!.kind).toBe('corrupt');
    expect(store.notices[0]!.message).toContain(`${configIn(dir)} could not be read because it is a folder, not a file`);
    expect(store.notices[0]!.message).toContain('nothing was moved or deleted');
    expect(store.saveProblem).toBeNull();
    store.update((config) => {
      config.prompt.tools = ['kept in memory'];
    });
    expect(store.config.prompt.tools).toEqual(['kept in memory']);
    expect(store.saveProblem).toBe(`${configIn(dir)} could not be written (it is a folder, not a file)`);
    expect(filesIn(dir)).toEqual([CONFIG_FILE_NAME]);
    expect(fs.readFileSync(path.join(configIn(dir), 'inside.txt'), 'utf8')).toBe('mine');
    // Once the folder is moved away, the next write saves everything held in memory.
    fs.renameSync(configIn(dir), path.join(dir, 'moved'));
    store.update((config) => {
      config.realtime.tools = [];
    });
    expect(store.saveProblem).toBeNull();
    expect(JSON.parse(fs.readFileSync(configIn(dir), 'utf8'))).toMatchObject({ prompt: { tools: ['kept in memory'] }, realtime: { tools: [] } });
  });
});

describe('a write that fails', () => {
  it.each([
    ['ENOSPC', 'the disk is full'],
    ['EACCES', 'permission denied'],
    ['EROFS', 'the disk is read-only'],
  ])('with %s keeps the change in memory and says why, naming the file, until a write succeeds', (code, reason) => {
    const dir = tempDir('profile-');
    fs.writeFileSync(configIn(dir), JSON.stringify(defaultConfig()));
    const before = fs.readFileSync(configIn(dir), 'utf8');
    const { factory, failing } = flakyBackend(code);
    const store = ConfigStore.open({ userDataDir: dir, backend: factory });
    expect(() =>
      store.update((config) => {
        config.prompt.tools = ['a'];
      }),
    ).not.toThrow();
    expect(store.config.prompt.tools).toEqual(['a']);
    expect(store.saveProblem).toBe(`${configIn(dir)} could not be written (${reason})`);
    expect(fs.readFileSync(configIn(dir), 'utf8')).toBe(before);
    failing.on = false;
    store.update((config) => {
      config.realtime.tools = [];
    });
    expect(store.saveProblem).toBeNull();
    expect(JSON.parse(fs.readFileSync(configIn(dir), 'utf8'))).toMatchObject({ prompt: { tools: ['a'] }, realtime: { tools: [] } });
  });
});

describe('surplusCopies', () => {
  it('lists, per kind, all but the newest few by the time in their names; same-time copies by their number', () => {
    const names = [
      'config.corrupt-2024-01-01T00-00-00-000Z.json',
      'config.corrupt-2024-01-02T00-00-00-000Z.json',
      'config.corrupt-2024-01-02T00-00-00-000Z-2.json',
      'config.corrupt-2023-12-31T23-59-59-999Z.json',
      'config.pre-migration-2024-01-01T00-00-00-000Z.json',
      'config.json',
      'config.backup.json',
      'profile.lock.json',
    ];
    expect(surplusCopies(names, 2).sort()).toEqual(['config.corrupt-2023-12-31T23-59-59-999Z.json', 'config.corrupt-2024-01-01T00-00-00-000Z.json']);
    expect(surplusCopies(names, 0).sort()).toEqual(names.filter((name) => /corrupt|pre-migration/.test(name)).sort());
    expect(surplusCopies(names)).toEqual([]);
  });
});
