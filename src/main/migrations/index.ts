// Upgrade migrations, run by every host (Electron, browser host, `inspect`) right after the store
// opens and before any server connects, so no connection ever sees a pre-upgrade name.
import type { AppConfig } from '../../types/config.js';
import type { MigrationReport } from '../../types/migration.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID } from '../../types/migration.js';
import { repairedKey, type ConfigStore } from '../config/store.js';
import { migrateLegacyToolNames } from './legacy-tool-names.js';
import { recordToolAliases } from './tool-aliases.js';

export interface MigrationOptions {
  /** Names of the app's built-in tools: the same set the Mcp manager is given. */
  reserved?: Iterable<string>;
  now?: Date;
}

/** What the tool-name migrations make of a config, in memory. */
export interface PlannedMigrations {
  /** The next config, ledger entries included; the same object when nothing is left to run. */
  config: AppConfig;
  /** More than the ledger changed: a copy is taken and the config written. */
  changes: boolean;
  /**
   * The legacy step's report, also kept in `config.migrationReport`: the caller fills in
   * `backupPath` once it has the copy.
   */
  report: MigrationReport | null;
}

/**
 * Applies each tool-name migration not yet in the ledger, in order, to `config`. Pure.
 *
 * - The alias ledger (tool-aliases.ts) runs first: it reads the names saved before this version
 *   with the rules that gave them, before the legacy step adds names given by today's rules. It
 *   always records itself. Names the store's repair gave as it opened (`renamedByRepair`) are
 *   today's rules'.
 * - The legacy migration neither changes nor marks a config without legacy names: the check is
 *   cheap, and a later start can still find them.
 */
export function planMigrations(
  config: AppConfig,
  options: MigrationOptions & { renamedByRepair?: (uuid: string, original: string) => boolean } = {},
): PlannedMigrations {
  const applied = new Set(config.migrations ?? []);
  let next = config;
  let changes = false;
  if (!applied.has(TOOL_ALIASES_MIGRATION_ID)) {
    const result = recordToolAliases(next, options.renamedByRepair);
    next = result.config;
    changes = result.aliases > 0;
  }
  const legacy = applied.has(LEGACY_TOOL_SUFFIX_MIGRATION_ID) ? null : migrateLegacyToolNames(next, options);
  if (!legacy) return { config: next, changes, report: null };
  const report: MigrationReport = { ...legacy.report };
  return {
    config: { ...legacy.config, migrations: [...(legacy.config.migrations ?? []), LEGACY_TOOL_SUFFIX_MIGRATION_ID], migrationReport: report },
    changes: true,
    report,
  };
}

/**
 * The tool-name migrations on their own (the start-up runs them with the other upgrades, in
 * at-start.ts): returns the legacy step's report, or null when it had already run or there was
 * nothing for it to migrate.
 *
 * The new config is computed in memory first, then a copy of config.json is taken (when a
 * migration changes more than the ledger), then one write. If the backup throws, the error
 * propagates and config.json (and the config in memory) are as before. If the write fails, the
 * app runs on the migrated config in memory, the store says the settings cannot be saved, and
 * config.json is as before. Either way the ledger is not on disk, so the next start tries again.
 * When only the ledger changed, it is not written now (a read-only profile still starts): it is
 * saved with the next write, which is all it guards.
 */
export function runMigrations(store: ConfigStore, options: MigrationOptions = {}): MigrationReport | null {
  const planned = planMigrations(store.config, { ...options, renamedByRepair: renamedByRepairOf(store) });
  if (planned.config === store.config) return null;
  if (!planned.changes) {
    store.adopt(planned.config);
    return null;
  }
  const backupPath = store.backup('pre-migration');
  if (planned.report) planned.report.backupPath = backupPath;
  store.replace(planned.config);
  return planned.report;
}

/** The tools the store's repair renamed as it opened (ConfigStore.repairedNames). */
export function renamedByRepairOf(store: ConfigStore): (uuid: string, original: string) => boolean {
  return (uuid, original) => store.repairedNames.has(repairedKey(uuid, original));
}

/** The report the UI has not shown yet, or null. */
export function pendingMigrationReport(store: ConfigStore): MigrationReport | null {
  const report = store.config.migrationReport;
  return report && !report.shown ? report : null;
}

/** Called once the UI has shown the notice, so it is not shown again; the report itself stays. */
export function markMigrationReportShown(store: ConfigStore): void {
  if (!pendingMigrationReport(store)) return;
  store.update((draft) => {
    if (draft.migrationReport) draft.migrationReport.shown = true;
  });
}
