// Upgrade migrations, run by every host (Electron, browser host, `inspect`) right after the store
// opens and before any server connects, so no connection ever sees a pre-upgrade name.
import type { MigrationReport } from '../../types/migration.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID } from '../../types/migration.js';
import type { ConfigStore } from '../store.js';
import { migrateLegacyToolNames } from './legacy-tool-names.js';

export interface MigrationOptions {
  /** Names of the app's built-in tools: the same set the Mcp manager is given. */
  reserved?: Iterable<string>;
  now?: Date;
}

/**
 * Applies the legacy tool-name migration once. Returns its report, or null when it had already
 * run or there was nothing to migrate. A config without legacy names is neither written nor
 * marked: the check is cheap, and not writing keeps the user's file exactly as it was.
 *
 * Order matters: the new config is computed in memory first, then a copy of config.json is taken,
 * then one write. If the backup throws, the error propagates and config.json (and the config in
 * memory) are as before; the host should log it and carry on with the unmigrated config rather
 * than refuse to start. If the write fails, the app runs on the migrated config in memory, the
 * store says the settings cannot be saved, and config.json is as before. Either way the ledger is
 * not on disk, so the next start tries again.
 */
export function runMigrations(store: ConfigStore, options: MigrationOptions = {}): MigrationReport | null {
  if (store.config.migrations?.includes(LEGACY_TOOL_SUFFIX_MIGRATION_ID)) return null;
  const result = migrateLegacyToolNames(store.config, options);
  if (!result) return null;
  const backupPath = store.backup('pre-migration');
  const report: MigrationReport = { ...result.report, backupPath };
  store.replace({
    ...result.config,
    migrations: [...(result.config.migrations ?? []), LEGACY_TOOL_SUFFIX_MIGRATION_ID],
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
