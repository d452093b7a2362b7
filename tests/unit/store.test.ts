// ConfigStore on real files in fresh temp folders, through both backends (conf, and the real
// electron-store via the electron stub): writes, round trips, a file that does not parse or is
// not an object (moved aside, defaults, a notice), hand-edited values (repaired with a backup),
// and hand-edited tool names repaired by the manager with the rest of the config intact.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAME, ConfigStore } from '../../src/main/config/store.js';
import type { AppConfig } from '../../src/types/config.js';
import { defaultConfig } from '../../src/types/config.js';
import { startFixtureInProcess } from '../fixtures/launch.js';
import { Mcp } from '../../src/main/mcp.js';
import { BACKENDS } from './helpers/backends.js';
import { answer, APPROVED, namesOf, removeTempDirs, tempDir } from './helpers/mcp-env.js';

afterAll(() => removeTempDirs());

function write(dir: string, text: string): string {
  const file = path.join(dir, CONFIG_FILE_NAME);
  fs.writeFileSync(file, text);
  return file;
}

const readJson = (file: string): AppConfig => JSON.parse(fs.readFileSync(file, 'utf8')) as AppConfig;
const filesIn = (dir: string): string[] => fs.readdirSync(dir).sort();

describe.each(BACKENDS)('ConfigStore with %s', (_, backend) => {
  const open = (dir: string): ConfigStore => ConfigStore.open({ userDataDir: dir, backend });

  it('starts on defaults in an empty folder and writes config.json there', () => {
    const dir = tempDir('store-');
    const store = open(dir);
    expect(store.path).toBe(path.join(dir, CONFIG_FILE_NAME));
    expect(store.config).toEqual(defaultConfig());
    expect(store.notices).toEqual([]);
    store.update((config) => {
      config.prompt.tools = ['read_file'];
    });
    expect(readJson(store.path)).toEqual({ ...defaultConfig(), prompt: { tools: ['read_file'] } });
    // Atomic writes leave no temp files behind.
    expect(filesIn(dir)).toEqual([CONFIG_FILE_NAME]);
  });

  it('creates a missing user-data folder', () => {
    const dir = path.join(tempDir('store-'), 'nested', 'user data');
    open(dir).update((config) => {
      config.realtime.tools = [];
    });
    expect(readJson(path.join(dir, CONFIG_FILE_NAME)).realtime.tools).toEqual([]);
  });

  it('round-trips a full config, `__proto__` / `constructor` tool names included', () => {
    const dir = tempDir('store-');
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const mappings = Object.fromEntries([
      ['__proto__', '__proto__'],
      ['constructor', 'constructor'],
      ['toString', 'toString_1'],
      ['read_file', 'read_file'],
    ]);
    open(dir).update((config) => {
      config.mcp.servers.push({ uuid: 's1', label: 'S', state: 'enabled', type: 'stdio', command: 'x', toolMappings: mappings, disabledTools: ['constructor'] });
      config.llm.defaults.push({ engine: 'openai', model: 'gpt-4o', tools: ['__proto__', 'constructor'] });
    });
    const file = readJson(path.join(dir, CONFIG_FILE_NAME));
    expect(Object.keys(file.mcp.servers[0]!.toolMappings!)).toEqual(['__proto__', 'constructor', 'toString', 'read_file']);

    const reopened = open(dir);
    expect(reopened.notices).toEqual([]);
    const got = reopened.config.mcp.servers[0]!.toolMappings!;
    expect(Object.getOwnPropertyDescriptor(got, '__proto__')?.value).toBe('__proto__');
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.entries(got)).toEqual(Object.entries(mappings));
    // And once more through update's copy and write.
    reopened.update((config) => {
      config.prompt.tools = ['toString_1'];
    });
    const third = open(dir).config.mcp.servers[0]!.toolMappings!;
    expect(Object.entries(third)).toEqual(Object.entries(mappings));
    // Nothing leaked onto Object.prototype on the way (a `__proto__` key assigned, not defined).
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(Object.getPrototypeOf(third)).toBe(Object.prototype);
  });

  it('a valid file opens without notices and is not rewritten', () => {
    const dir = tempDir('store-');
    const text = `${JSON.stringify({ ...defaultConfig(), theme: 'dark' }, null, 2)}\n`;
    const file = write(dir, text);
    const store = open(dir);
    expect(store.notices).toEqual([]);
    expect(store.config).toMatchObject({ theme: 'dark' });
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it.each([
    ['does not parse', '{"mcp": {"servers": [ {"label": "half written'],
    ['is empty', ''],
    ['is a JSON array', '[{"mcp": {"servers": []}}]'],
    ['is JSON null', 'null'],
    ['is a JSON string', '"settings"'],
  ])('a config.json that %s is moved aside with its bytes, defaults are used, the user is told', (_, text) => {
    const dir = tempDir('store-');
    write(dir, text);
    const store = open(dir);
    expect(store.config).toEqual(defaultConfig());
    expect(store.notices).toHaveLength(1);
    const [notice] = store.notices;
    expect(notice!.kind).toBe('corrupt');
    expect(notice!.backupPath).toMatch(/config\.corrupt-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
    expect(path.dirname(notice!.backupPath!)).toBe(dir);
    expect(fs.readFileSync(notice!.backupPath!, 'utf8')).toBe(text);
    expect(notice!.message).toContain(notice!.backupPath!);
    expect(notice!.message).toMatch(/could not be read.*default settings/);
    // The app goes on writing a valid file beside the kept copy.
    store.update((config) => {
      config.prompt.tools = [];
    });
    expect(readJson(store.path).prompt.tools).toEqual([]);
    expect(fs.readFileSync(notice!.backupPath!, 'utf8')).toBe(text);
    expect(filesIn(dir)).toEqual([path.basename(notice!.backupPath!), CONFIG_FILE_NAME].sort());
  });

  it('hand-edited values are repaired field by field: the file as it was is kept, unknown fields stay', () => {
    const dir = tempDir('store-');
    const text = JSON.stringify({
      theme: 'dark',
      mcp: {
        servers: [
          { uuid: 's1', label: 'Files', type: 'stdio', command: 'x', toolMappings: 'oops', icon: 'f.png' },
          { uuid: 's2', label: 'Web', type: 'http', url: 'https://example.com/mcp', toolMappings: { fetch: 'fetch' } },
        ],
      },
      llm: { defaults: [{ engine: 'openai', model: 'gpt-4o', tools: ['fetch', 7] }] },
      prompt: { tools: ['fetch'] },
      realtime: { tools: null },
    });
    write(dir, text);
    const store = open(dir);
    expect(store.notices).toHaveLength(1);
    const [notice] = store.notices;
    expect(notice).toMatchObject({ kind: 'repaired' });
    expect(notice!.details).toEqual(['Server 1 tool names was not an object and was reset.', 'Model entry 1 tools: 1 non-text item(s) dropped.']);
    expect(fs.readFileSync(notice!.backupPath!, 'utf8')).toBe(text);
    expect(path.basename(notice!.backupPath!)).toMatch(/^config\.before-repair-.*\.json$/);
    const expected = {
      theme: 'dark',
      mcp: {
        servers: [
          { uuid: 's1', label: 'Files', state: 'enabled', type: 'stdio', command: 'x', icon: 'f.png' },
          { uuid: 's2', label: 'Web', state: 'enabled', type: 'http', url: 'https://example.com/mcp', toolMappings: { fetch: 'fetch' } },
        ],
      },
      llm: { defaults: [{ engine: 'openai', model: 'gpt-4o', tools: ['fetch'] }] },
      prompt: { tools: ['fetch'] },
      realtime: { tools: null },
    };
    expect(store.config).toEqual(expected);
    expect(readJson(store.path)).toEqual(expected);
    // Opening again finds nothing to repair.
    expect(open(dir).notices).toEqual([]);
  });

  it('update: a change that throws writes nothing and leaves the config in memory as it was', () => {
    const dir = tempDir('store-');
    const store = open(dir);
    store.update((config) => {
      config.prompt.tools = ['a'];
    });
    const before = fs.readFileSync(store.path, 'utf8');
    expect(() =>
      store.update((config) => {
        config.prompt.tools = ['b'];
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(store.config.prompt.tools).toEqual(['a']);
    expect(fs.readFileSync(store.path, 'utf8')).toBe(before);
  });

  it('backup copies config.json beside it', () => {
    const dir = tempDir('store-');
    const store = open(dir);
    store.update((config) => {
      config.prompt.tools = ['x'];
    });
    const copy = store.backup('before-repair');
    expect(path.dirname(copy)).toBe(dir);
    expect(fs.readFileSync(copy, 'utf8')).toBe(fs.readFileSync(store.path, 'utf8'));
  });
});

describe('hand-edited tool names', () => {
  it('are repaired when the settings open, like every other repair: a copy first, a notice naming each change', async () => {
    const fixture = await startFixtureInProcess({ id: 'F', transport: 'http', tools: ['good', 'bad', 'dup1', 'dup2', '__proto__', 'fresh'] });
    const dir = tempDir('store-');
    const raw = {
      theme: 'dark',
      mcp: {
        servers: [
          {
            uuid: 'f',
            label: 'Fixture',
            state: 'enabled',
            type: 'http',
            url: fixture.url,
            icon: 'f.png',
            // A hand edit: an invalid name, two tools on one name, a reserved built-in name.
            toolMappings: Object.fromEntries([
              ['good', 'good'],
              ['bad', 'bad name!'],
              ['dup1', 'shared'],
              ['dup2', 'shared'],
              ['__proto__', '__proto__'],
              ['fresh', 'web_search'],
            ]),
          },
          // Offline (never answers): its names are kept as they are.
          { uuid: 'off', label: 'Offline', state: 'enabled', type: 'http', url: 'http://127.0.0.1:9/mcp', connectTimeoutMs: 1_000, toolMappings: { search: 'search' } },
        ],
      },
      llm: { defaults: [{ engine: 'openai', model: 'gpt-4o', tools: ['good', 'shared', 'search', 'bad name!'], temperature: 0.3 }] },
      prompt: { tools: null },
      realtime: { tools: ['search'] },
    };
    const text = JSON.stringify(raw);
    write(dir, text);
    const repaired = Object.fromEntries([
      ['good', 'good'],
      ['bad', 'bad'],
      ['dup1', 'shared'],
      ['dup2', 'dup2'],
      ['__proto__', '__proto__'],
      ['fresh', 'fresh'],
    ]);

    const store = ConfigStore.open({ userDataDir: dir, reserved: ['web_search'] });
    // Before any server connects: the notice, the copy, and the repaired file.
    expect(store.notices).toHaveLength(1);
    const [notice] = store.notices;
    expect(notice!.kind).toBe('repaired');
    expect(notice!.details).toEqual([
      'Server "Fixture", tool "bad": "bad name!" → "bad" (not a valid tool name).',
      'Server "Fixture", tool "dup2": "shared" → "dup2" (already the name of tool "dup1" of server "Fixture").',
      'Server "Fixture", tool "fresh": "web_search" → "fresh" (the name of a built-in tool).',
      'Tool selection of gpt-4o (openai): "bad name!" → "bad", following its tool.',
    ]);
    expect(path.basename(notice!.backupPath!)).toMatch(/^config\.before-repair-.*\.json$/);
    expect(fs.readFileSync(notice!.backupPath!, 'utf8')).toBe(text);
    const onDisk = readJson(store.path) as AppConfig & { theme: string };
    expect(Object.entries(onDisk.mcp.servers[0]!.toolMappings!)).toEqual(Object.entries(repaired));
    expect(onDisk.llm.defaults[0]!.tools).toEqual(['good', 'shared', 'search', 'bad']);
    // Everything else is as the user left it.
    const { toolMappings: _a, ...restOfServer } = onDisk.mcp.servers[0]!;
    const { toolMappings: _b, ...restOfRaw } = raw.mcp.servers[0]!;
    expect(restOfServer).toEqual(restOfRaw);
    expect(onDisk.mcp.servers[1]).toEqual(raw.mcp.servers[1]);
    expect(onDisk.theme).toBe('dark');
    expect(onDisk.llm.defaults[0]).toMatchObject({ engine: 'openai', model: 'gpt-4o', temperature: 0.3 });
    expect(onDisk.realtime).toEqual(raw.realtime);
    expect(onDisk.prompt).toEqual(raw.prompt);

    // Connected, the tools hold exactly those names, route home, and nothing more is renamed.
    const logs: string[] = [];
    const mcp = new Mcp({ store, reserved: ['web_search'], log: (line) => logs.push(line) });
    await mcp.start();
    try {
      expect(namesOf(mcp, 'f')).toEqual(repaired);
      expect(namesOf(mcp, 'off')).toEqual({ search: 'search' });
      expect(answer(await mcp.callTool('shared', {}, APPROVED))).toMatchObject({ server: 'F', tool: 'dup1' });
      expect(answer(await mcp.callTool('dup2', {}, APPROVED))).toMatchObject({ server: 'F', tool: 'dup2' });
      expect(answer(await mcp.callTool('bad', {}, APPROVED))).toMatchObject({ server: 'F', tool: 'bad' });
      expect(logs.filter((line) => line.includes('was invalid or taken'))).toEqual([]);
      expect(Object.entries(readJson(store.path).mcp.servers[0]!.toolMappings!)).toEqual(Object.entries(repaired));
    } finally {
      await mcp.stop();
      await fixture.stop();
    }
    // The next start finds nothing to repair.
    expect(ConfigStore.open({ userDataDir: dir, reserved: ['web_search'] }).notices).toEqual([]);
  });
});
