// runMigrations against a real config.json in a temp user-data folder: backup first, one write,
// the ledger, a second start that changes nothing, and failures that leave the file untouched.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repairConfig } from '../../src/main/config/repair.js';
import { markMigrationReportShown, pendingMigrationReport, runMigrations } from '../../src/main/migrations/index.js';
import { ConfigStore, type ConfigBackend } from '../../src/main/config/store.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID, describeMigrationReport, summarizeMigrationReport } from '../../src/types/migration.js';
import { MIGRATED_SELECTIONS, RESERVED, legacyConfig, writeConfig } from './migration-legacy.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

const userData = (): string => tempDir('migration-test-');
afterEach(removeTempDirs);

function backups(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => name.startsWith('config.pre-migration-'));
}

/** Reads the real file, refuses every write: a failure right at the write. */
function readOnlyBackend(file: string): ConfigBackend {
  return {
    path: file,
    get store(): Record<string, unknown> {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    },
    set store(_value: Record<string, unknown>) {
      throw new Error('disk full');
    },
  };
}

describe('runMigrations', () => {
  it('backs up the original, writes the migrated config once, and records itself', () => {
    const dir = userData();
    const file = writeConfig(dir, legacyConfig());
    const original = fs.readFileSync(file);
    const store = ConfigStore.open({ userDataDir: dir });
    const report = runMigrations(store, { reserved: RESERVED });

    expect(report?.counts).toMatchObject({ rewritten: 9, dropped: 1 });
    expect(backups(dir)).toHaveLength(1);
    expect(report!.backupPath).toBe(path.join(dir, backups(dir)[0]!));
    expect(fs.readFileSync(report!.backupPath!)).toEqual(original);

    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const { config, warnings } = repairConfig(saved);
    expect(warnings).toEqual([]);
    expect(config.llm.defaults[0]!.tools).toEqual(MIGRATED_SELECTIONS['gpt-4o']);
    expect(config.prompt.tools).toEqual(MIGRATED_SELECTIONS.prompt);
    expect(config.realtime.tools).toEqual(MIGRATED_SELECTIONS.realtime);
    expect(config.mcp.servers[1]!.toolMappings).toEqual({ read_file: 'read_file_1', list_dir: 'list_dir' });
    expect(config.migrations).toEqual([TOOL_ALIASES_MIGRATION_ID, LEGACY_TOOL_SUFFIX_MIGRATION_ID]);
    expect(config.migrationReport).toEqual(report);
    expect(store.config).toEqual(config);
  });

  it('a second start changes nothing, byte for byte', () => {
    const dir = userData();
    const file = writeConfig(dir, legacyConfig());
    expect(runMigrations(ConfigStore.open({ userDataDir: dir }), { reserved: RESERVED })).not.toBeNull();
    const once = fs.readFileSync(file);
    const mtime = fs.statSync(file).mtimeMs;
    expect(runMigrations(ConfigStore.open({ userDataDir: dir }), { reserved: RESERVED })).toBeNull();
    expect(fs.readFileSync(file)).toEqual(once);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(backups(dir)).toHaveLength(1);
  });

  it('takes no backup, writes nothing and does not mark the legacy step for a config without legacy names; the alias ledger goes with the next write', () => {
    const dir = userData();
    const current = legacyConfig();
    current.prompt = { tools: ['read_file', 'search'] };
    current.realtime = { tools: null };
    (current.llm as { defaults: unknown[] }).defaults = [{ engine: 'openai', model: 'gpt-4o', tools: [] }];
    const file = writeConfig(dir, current);
    const before = fs.readFileSync(file);
    const mtime = fs.statSync(file).mtimeMs;
    const store = ConfigStore.open({ userDataDir: dir });
    expect(runMigrations(store, { reserved: RESERVED })).toBeNull();
    expect(backups(dir)).toEqual([]);
    // The ledger is in memory only: no alias was found, so there is nothing worth a write.
    expect(store.config.migrations).toEqual([TOOL_ALIASES_MIGRATION_ID]);
    expect(fs.readFileSync(file)).toEqual(before);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    // The next write saves it with the change.
    store.update((config) => { config.realtime.tools = []; });
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual({ ...JSON.parse(before.toString('utf8')), realtime: { tools: [] }, migrations: [TOOL_ALIASES_MIGRATION_ID] });
    // Later starts leave the file alone.
    const once = fs.readFileSync(file);
    expect(runMigrations(ConfigStore.open({ userDataDir: dir }), { reserved: RESERVED })).toBeNull();
    expect(fs.readFileSync(file)).toEqual(once);
  });

  it('when the write fails: config.json untouched, the app runs migrated in memory and says so, the next start tries again', () => {
    const dir = userData();
    const file = writeConfig(dir, legacyConfig());
    const before = fs.readFileSync(file);
    const store = ConfigStore.open({ userDataDir: dir, backend: () => readOnlyBackend(file) });
    const report = runMigrations(store, { reserved: RESERVED });
    expect(report?.counts.rewritten).toBe(9);
    expect(fs.readFileSync(file)).toEqual(before);
    expect(store.config.prompt.tools).toEqual(MIGRATED_SELECTIONS.prompt);
    expect(store.saveProblem).toBe(`${file} could not be written (disk full)`);

    const retry = runMigrations(ConfigStore.open({ userDataDir: dir }), { reserved: RESERVED });
    expect(retry?.counts.rewritten).toBe(9);
  });

  it('writes nothing when the backup cannot be taken', () => {
    const dir = userData();
    const file = writeConfig(dir, legacyConfig());
    const before = fs.readFileSync(file);
    const store = ConfigStore.open({ userDataDir: dir });
    store.backup = () => {
      throw new Error('backup refused');
    };
    expect(() => runMigrations(store, { reserved: RESERVED })).toThrow('backup refused');
    expect(fs.readFileSync(file)).toEqual(before);
    expect(store.config.migrations).toBeUndefined();
  });

  it('keeps the report until the UI has shown it, then marks it shown once', () => {
    const dir = userData();
    const file = writeConfig(dir, legacyConfig());
    const store = ConfigStore.open({ userDataDir: dir });
    runMigrations(store, { reserved: RESERVED });
    const report = pendingMigrationReport(ConfigStore.open({ userDataDir: dir }));
    expect(report?.shown).toBe(false);
    expect(summarizeMigrationReport(report!)).toMatch(/^9 saved tool selections updated to the new tool names; 1 selection of tools from removed servers dropped\. Your previous settings are kept at /);
    expect(describeMigrationReport(report!)).toContain('  prompt: gone___dd44 dropped: no configured server has an id ending in "dd44" (the server was removed)');

    markMigrationReportShown(store);
    const shown = fs.readFileSync(file);
    expect(pendingMigrationReport(ConfigStore.open({ userDataDir: dir }))).toBeNull();
    markMigrationReportShown(store);
    expect(fs.readFileSync(file)).toEqual(shown);
    expect(store.config.migrationReport?.rewrites).toHaveLength(9);
  });

  it('repair keeps a valid report and drops an unreadable one with a warning', () => {
    const dir = userData();
    writeConfig(dir, legacyConfig());
    const report = runMigrations(ConfigStore.open({ userDataDir: dir }), { reserved: RESERVED });
    expect(repairConfig({ migrationReport: report }).config.migrationReport).toEqual(report);
    const broken = repairConfig({ migrationReport: { ...report, counts: 'many' } });
    expect(broken.config.migrationReport).toBeUndefined();
    expect(broken.warnings).toEqual(['The report of the last upgrade could not be read and was dropped.']);
  });
});
