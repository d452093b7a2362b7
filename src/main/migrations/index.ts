// Upgrade migrations, run by every host (Electron, browser host, `inspect`) right after the store
// opens and before any server connects, so no connection ever sees a pre-upgrade name.
import type { AppConfig } from '../../types/config.js';
import type { MigrationReport } from '../../types/migration.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID } from '../../types/migration.js';
import { repairedKey, type ConfigStore } from '../store.js';
import { migrateLegacyToolNames } from './legacy-tool-names.js';
import { recordToolAliases } from './tool-aliases.js';

export interface MigrationOptions {
  /** Names of the app's built-in tools: the same set the Mcp manager is given. */
  reserved?: Iterable<string>;
  now?: Date;
}

/**
 * Applies each migration not yet in the ledger, in order, and returns the report of the legacy
 * tool-name migration, or null when it had already run or there was nothing for it to migrate.
 *
 * - The alias ledger (tool-aliases.ts) runs first: it reads the names saved before this version
 *   with the rules that gave them, before the legacy step adds names given by today's rules. It
 *   always records itself; when it found no alias, the record is saved with the next write.
 *   Names the store's repair gave as it opened (ConfigStore.repairedNames) are today's rules'.
 * - The legacy migration neither writes nor marks a config without legacy names: the check is
 *   cheap, and a later start can still find them.
 *
 * Order matters: the new config is computed in memory first, then a copy of config.json is taken
 * (when a migration changes more than the ledger), then one write. If the backup throws, the
 * error propagates and config.json (and the config in memory) are as before; the host should log
 * it and carry on with the unmigrated config rather than refuse to start. If the write fails, the
 * app runs on the migrated config in memory, the store says the settings cannot be saved, and
 * config.json is as before. Either way the ledger is not on disk, so the next start tries again.
 */
export function runMigrations(store: ConfigStore, options: MigrationOptions = {}): MigrationReport | null {
  const applied = new Set(store.config.migrations ?? []);
  let config = store.config as AppConfig;
  let changesNames = false;
  if (!applied.has(TOOL_ALIASES_MIGRATION_ID)) {
    const result = recordToolAliases(config, (uuid, original) => store.repairedNames.has(repairedKey(uuid, original)));
    config = result.config;
    changesNames = result.aliases > 0;
  }
  const legacy = applied.has(LEGACY_TOOL_SUFFIX_MIGRATION_ID) ? null : migrateLegacyToolNames(config, options);
  if (config === store.config && !legacy) return null;
  const backupPath = changesNames || legacy ? store.backup('pre-migration') : undefined;
  if (!legacy) {
    // Only the ledger changed: it need not be written now (a profile that is read-only, or whose
    // file cannot be written, still starts), and it is saved with the first names this version
    // writes, which is all it guards.
    if (changesNames) store.replace(config);
    else store.adopt(config);
    return null;
  }
  const report: MigrationReport = { ...legacy.report, backupPath };
  store.replace({
    ...legacy.config,
    migrations: [...(legacy.config.migrations ?? []), LEGACY_TOOL_SUFFIX_MIGRATION_ID],
    migrationReport: report,
  });
  return report;
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
