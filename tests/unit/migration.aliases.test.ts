// The alias ledger upgrade (src/main/migrations/tool-aliases.ts) on a profile saved by the
// previous version: names given under the old rules (non-Latin names hashed or blanked) and
// user aliases, none recorded as such. Through the real start-up (startCore) with real fixture
// servers: nothing is renamed, the aliases are recorded, reasons are right, a second start
// changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../src/main/core.js';
import { runMigrations } from '../../src/main/migrations/index.js';
import { SECRETS_TO_STORE_MIGRATION_ID } from '../../src/main/migrations/secrets.js';
import { recordToolAliases, wasLegacyAlias } from '../../src/main/migrations/tool-aliases.js';
import { ConfigStore } from '../../src/main/config/store.js';
import { defaultConfig, type AppConfig } from '../../src/types/config.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID } from '../../src/types/migration.js';
import { answer, APPROVED, namesOf, removeTempDirs, statusOf, stdioEntry, tempDir } from './helpers/mcp-env.js';

const OLD_TOOLS = ['搜索', '行驶证OCR', '身份证OCR', 'Привет мир', 'search', 'find', 'read file', 'unity/health'];

/** What the previous version saved: its rules' names, two aliases, no `aliases` key. */
const OLD_MAPPINGS: Record<string, string> = {
  搜索: 'tool_0b6efa3b',
  行驶证OCR: '___OCR',
  身份证OCR: '___OCR_1',
  'Привет мир': 'tool_fa52a137',
  search: 'search_7', // numbered like a collision: the old rules showed it as one, so it stays one
  find: 'lookup', // alias
  'read file': 'my_reader', // alias of an invalid original: today's fallback would call it sanitized
  'unity/health': 'unity_health',
};

function oldProfile(dir: string): string {
  const config = {
    mcp: {
      servers: [
        stdioEntry('old', 'Old server', { id: 'old', transport: 'stdio', tools: OLD_TOOLS }, { toolMappings: OLD_MAPPINGS }),
        stdioEntry('new', 'New server', { id: 'new', transport: 'stdio', tools: ['搜索', 'Привет мир', '行驶证OCR'] }),
      ],
    },
    llm: { defaults: [{ engine: 'openai', model: 'gpt-4o', tools: ['tool_0b6efa3b', 'lookup', '___OCR_1'] }] },
    prompt: { tools: null },
    realtime: { tools: [] },
    migrations: [LEGACY_TOOL_SUFFIX_MIGRATION_ID],
  };
  const file = path.join(dir, 'config.json');
  fs.writeFileSync(file, `${JSON.stringify(config, null, '\t')}\n`);
  return file;
}

const started: Core[] = [];
async function start(dir: string): Promise<Core> {
  const core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
  started.push(core);
  return core;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((core) => core.close()));
  removeTempDirs();
});

describe('wasLegacyAlias (the old rules)', () => {
  it.each<[string, string, boolean]>([
    ['搜索', 'tool_0b6efa3b', false],
    ['行驶证OCR', '___OCR', false],
    ['身份证OCR', '___OCR_1', false],
    ['unity/health', 'unity_health', false],
    ['search', 'search_7', false],
    ['search', 'search', false],
    ['搜索', 'sou_suo', true], // the old rules never gave it: a user chose it
    ['find', 'lookup', true],
    ['read file', 'my_reader', true],
  ])('%j → %j: %s', (original, exposed, alias) => {
    expect(wasLegacyAlias(original, exposed)).toBe(alias);
  });

  it('records the ledger entry even when nothing is an alias, and keeps aliases already recorded', () => {
    const config: AppConfig = {
      mcp: { servers: [{ uuid: 's', label: 'S', state: 'enabled', type: 'stdio', command: 'x', toolMappings: { a: 'a', b: 'bee' }, aliases: ['c'] }] },
      llm: { defaults: [] },
      prompt: { tools: null },
      realtime: { tools: null },
    };
    const { config: next, aliases } = recordToolAliases(config);
    expect(aliases).toBe(1);
    expect(next.mcp.servers[0]!.aliases).toEqual(['c', 'b']);
    expect(next.migrations).toEqual([TOOL_ALIASES_MIGRATION_ID]);
    expect(config.mcp.servers[0]!.aliases).toEqual(['c']); // the input is not touched
  });
});

describe('an old profile on its first start with transliteration', () => {
  it('renames nothing, records the aliases, explains every name, and a second start changes nothing', async () => {
    const dir = tempDir('alias-migration-');
    const file = oldProfile(dir);
    const core = await start(dir);
    const { mcp, store } = core;

    expect(namesOf(mcp, 'old')).toEqual(OLD_MAPPINGS);
    expect(store.config.mcp.servers[0]!.toolMappings).toEqual(OLD_MAPPINGS);
    expect(store.config.mcp.servers[0]!.aliases).toEqual(['find', 'read file']);
    expect(store.config.migrations).toEqual([LEGACY_TOOL_SUFFIX_MIGRATION_ID, SECRETS_TO_STORE_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID]);
    expect(store.config.llm.defaults[0]!.tools).toEqual(['tool_0b6efa3b', 'lookup', '___OCR_1']);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('config.pre-migration-'))).toHaveLength(1);

    const reasons = Object.fromEntries(statusOf(mcp, 'old').tools.map((t) => [t.original, t.reasons]));
    expect(reasons).toEqual({
      搜索: ['sanitized'],
      行驶证OCR: ['sanitized'],
      身份证OCR: ['sanitized', 'collision'],
      'Привет мир': ['sanitized'],
      search: ['collision'],
      find: ['alias'],
      'read file': ['alias'],
      'unity/health': ['sanitized'],
    });
    // New tools get today's readable names; the old names still route to the old server.
    expect(namesOf(mcp, 'new')).toEqual({ 搜索: 'sou_suo', 'Привет мир': 'Privet_mir', 行驶证OCR: 'xing_shi_zheng_OCR' });
    expect(answer(await mcp.callTool('tool_0b6efa3b', {}, APPROVED))).toMatchObject({ server: 'old', tool: '搜索' });
    expect(answer(await mcp.callTool('sou_suo', {}, APPROVED))).toMatchObject({ server: 'new', tool: '搜索' });

    await core.close();
    const once = fs.readFileSync(file);
    const again = await start(dir);
    expect(namesOf(again.mcp, 'old')).toEqual(OLD_MAPPINGS);
    expect(fs.readFileSync(file)).toEqual(once);
  });

  it('an alias shaped like a numbered name, set now, shows as an alias and stays one across restarts', async () => {
    const dir = tempDir('alias-shape-');
    oldProfile(dir);
    const core = await start(dir);
    expect(core.mcp.setAlias('old', 'unity/health', 'search_9')).toBe('search_9');
    expect(statusOf(core.mcp, 'old').tools.find((t) => t.original === 'unity/health')?.reasons).toEqual(['alias']);
    await core.close();

    const again = await start(dir);
    expect(again.store.config.mcp.servers[0]!.aliases).toEqual(['find', 'read file', 'unity/health']);
    expect(statusOf(again.mcp, 'old').tools.find((t) => t.original === 'unity/health')).toMatchObject({ exposed: 'search_9', reasons: ['alias'] });
    // Reset: the rules' name comes back and the alias is no longer recorded.
    expect(again.mcp.setAlias('old', 'unity/health', null)).toBe('unity_health');
    expect(again.store.config.mcp.servers[0]!.aliases).toEqual(['find', 'read file']);
    expect(statusOf(again.mcp, 'old').tools.find((t) => t.original === 'unity/health')?.reasons).toEqual(['sanitized']);
  });

  it('an alias that a hand edit made invalid is repaired and no longer recorded', async () => {
    const dir = tempDir('alias-repair-');
    const file = oldProfile(dir);
    const config = JSON.parse(fs.readFileSync(file, 'utf8')) as AppConfig;
    config.mcp.servers[0]!.toolMappings!.find = 'not valid!';
    config.mcp.servers[0]!.aliases = ['find'];
    config.migrations = [LEGACY_TOOL_SUFFIX_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID];
    fs.writeFileSync(file, JSON.stringify(config));
    const core = await start(dir);
    expect(statusOf(core.mcp, 'old').tools.find((t) => t.original === 'find')).toMatchObject({ exposed: 'find', reasons: [] });
    expect(core.store.config.mcp.servers[0]).not.toHaveProperty('aliases');
  });

  it('a name the repair gives on the first start is today\'s rules\' name, not taken for an alias', () => {
    const dir = tempDir('alias-first-repair-');
    const config = defaultConfig();
    config.mcp.servers = [{ uuid: 'hand', label: 'Hand', state: 'enabled', type: 'stdio', command: 'x', toolMappings: { 搜索: 'bad name!', find: 'lookup' } }];
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
    const store = ConfigStore.open({ userDataDir: dir });
    runMigrations(store);
    const server = store.config.mcp.servers[0]!;
    expect(server.toolMappings).toEqual({ 搜索: 'sou_suo', find: 'lookup' });
    expect(server.aliases).toEqual(['find']);
    expect(store.config.migrations).toContain(TOOL_ALIASES_MIGRATION_ID);
  });
});
