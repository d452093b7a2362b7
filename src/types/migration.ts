// What an upgrade migration did, kept in the config so the UI can show it once and `inspect` can
// print it. Shared by main, preload and renderer, so nothing here touches Node or Electron.
import { z } from 'zod';

/** Ledger id of the migration from `<name>___<last 4 of server uuid>` names (docs/design.md §4). */
export const LEGACY_TOOL_SUFFIX_MIGRATION_ID = '2026-11-legacy-tool-suffixes';
/** Ledger id of the migration that records which saved names are user aliases (`aliases`). */
export const TOOL_ALIASES_MIGRATION_ID = '2026-12-tool-aliases';

export const MigrationRewriteSchema = z.object({
  /** The selection: "gpt-4o (openai)", "prompt", "realtime". */
  where: z.string(),
  from: z.string(),
  to: z.string(),
  /** Label and id of the server the saved name pointed at. */
  server: z.string(),
  serverUuid: z.string(),
});

export const MigrationDropSchema = z.object({
  where: z.string(),
  name: z.string(),
  reason: z.string(),
});

export const MigrationAmbiguitySchema = z.object({
  /** The last 4 characters that several server ids share. */
  suffix: z.string(),
  /** Labels of those servers, in config order. */
  servers: z.array(z.string()),
  /** Label of the server the names were resolved to (the first in config order). */
  chosen: z.string(),
});

const count = z.number().int().min(0);

export const MigrationReportSchema = z.object({
  id: z.string(),
  /** When it ran, ISO 8601. */
  at: z.string().datetime(),
  /** All counts are of saved references (one name in one selection), except `selections`. */
  counts: z.object({
    rewritten: count,
    dropped: count,
    /** References whose suffix several servers share (each also counted as rewritten). */
    ambiguous: count,
    /** References that became a duplicate of another name in their selection and were merged. */
    merged: count,
    /** Selections that changed. */
    selections: count,
  }),
  rewrites: z.array(MigrationRewriteSchema),
  drops: z.array(MigrationDropSchema),
  ambiguous: z.array(MigrationAmbiguitySchema),
  /** The copy of config.json taken before the migration wrote anything. */
  backupPath: z.string().optional(),
  /** Set once the UI has shown the notice. */
  shown: z.boolean(),
});

export type MigrationRewrite = z.infer<typeof MigrationRewriteSchema>;
export type MigrationDrop = z.infer<typeof MigrationDropSchema>;
export type MigrationAmbiguity = z.infer<typeof MigrationAmbiguitySchema>;
export type MigrationReport = z.infer<typeof MigrationReportSchema>;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One sentence for the one-time notice: "12 saved tool selections updated …". */
export function summarizeMigrationReport(report: MigrationReport): string {
  const { rewritten, dropped, ambiguous } = report.counts;
  const parts = [`${plural(rewritten, 'saved tool selection', 'saved tool selections')} updated to the new tool names`];
  if (dropped > 0) parts.push(`${plural(dropped, 'selection', 'selections')} of tools from removed servers dropped`);
  if (ambiguous > 0) parts.push(`${plural(ambiguous, 'selection', 'selections')} matched more than one server`);
  const backup = report.backupPath ? ` Your previous settings are kept at ${report.backupPath}.` : '';
  return `${parts.join('; ')}.${backup}`;
}

/** The full report as text lines, for `inspect` and logs. */
export function describeMigrationReport(report: MigrationReport): string[] {
  return [
    `Upgrade ${report.id} (${report.at}): ${summarizeMigrationReport(report)}`,
    ...report.rewrites.map((r) => `  ${r.where}: ${r.from} → ${r.to} (server "${r.server}")`),
    ...report.drops.map((d) => `  ${d.where}: ${d.name} dropped: ${d.reason}`),
    ...report.ambiguous.map(
      (a) => `  servers ${a.servers.map((s) => `"${s}"`).join(', ')} all have ids ending in "${a.suffix}"; names were given to "${a.chosen}"`,
    ),
  ];
}
