// Secret values out of config.json and its copies (DESIGN.md section 8). Runs at every start,
// before anything connects, and writes only when config.json holds a secret value in plain text
// or a copy beside it does: at the first start of this version (configs of earlier versions held
// them all), and after a hand edit put one back. Recorded in the ledger the first time.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../types/config.js';
import type { SecretRef } from '../../types/secrets.js';
import { holdsPlainSecrets, planSecrets, withPlannedSecrets } from '../secrets/refs.js';
import type { SecretWrite } from '../secrets/refs.js';
import { configCopies, scrubConfigCopies, scrubbedCopy } from '../secrets/scrub.js';
import type { SecretStore, SecretStoreInfo } from '../secrets/store.js';
import type { ConfigStore } from '../store.js';

export const SECRETS_TO_STORE_MIGRATION_ID = '2026-11-secrets-to-store';

export interface SecretsMigrationResult {
  /** Values moved from config.json into the store. */
  moved: number;
  /** Copies of the config (backups, moved-aside files) rewritten with references. */
  rewrittenCopies: string[];
  /** The copy of config.json taken first, when config.json changed (rewritten with references too). */
  backupPath?: string;
}

async function copiesHoldSecrets(userDataDir: string): Promise<boolean> {
  for (const file of await configCopies(userDataDir)) {
    if (scrubbedCopy(await fs.readFile(file, 'utf8'), new Map()) !== null) return true;
  }
  return false;
}

/**
 * Order, so that a failing store loses nothing: (1) the values go into the store (undone if one
 * fails; config.json is untouched and the next start tries again); (2) the copy of config.json;
 * (3) every copy is rewritten with references, this one included; (4) config.json is written
 * once. A failure after (1) leaves config.json with its values, and copies that point at entries
 * that exist; the next start moves the values again.
 */
export async function moveSecretsToStore(store: ConfigStore, secrets: SecretStore): Promise<SecretsMigrationResult | null> {
  const userDataDir = path.dirname(store.path);
  const servers = store.config.mcp.servers;
  const plans = new Map(servers.filter(holdsPlainSecrets).map((server) => [server.uuid, planSecrets(server, server)]));
  if (plans.size === 0 && !(await copiesHoldSecrets(userDataDir))) return null;

  const written: Array<[string, SecretWrite[]]> = [];
  try {
    for (const [uuid, plan] of plans) {
      await secrets.setAll(uuid, plan.writes.map(({ id, value }) => ({ id, value })));
      written.push([uuid, plan.writes]);
    }
  } catch (error) {
    for (const [uuid, writes] of written) await secrets.deleteKeys(uuid, writes.map((w) => w.id)).catch(() => undefined);
    throw error;
  }
  const known = new Map<string, SecretRef>();
  for (const plan of plans.values()) for (const { id, value } of plan.writes) known.set(value, { secret: id });

  const backupPath = plans.size > 0 ? store.backup('pre-migration') : undefined;
  const rewrittenCopies = await scrubConfigCopies(userDataDir, known);
  const ledger = store.config.migrations ?? [];
  if (plans.size > 0 || !ledger.includes(SECRETS_TO_STORE_MIGRATION_ID)) {
    const next: AppConfig = {
      ...store.config,
      mcp: {
        ...store.config.mcp,
        servers: servers.map((server) => {
          const plan = plans.get(server.uuid);
          return plan ? withPlannedSecrets(server, plan) : server;
        }),
      },
      migrations: ledger.includes(SECRETS_TO_STORE_MIGRATION_ID) ? ledger : [...ledger, SECRETS_TO_STORE_MIGRATION_ID],
    };
    store.replace(next);
  }
  return { moved: written.reduce((sum, [, writes]) => sum + writes.length, 0), rewrittenCopies, ...(backupPath ? { backupPath } : {}) };
}

/** One sentence for the notice and inspect's stderr. */
export function describeSecretsMigration(result: SecretsMigrationResult, store: SecretStoreInfo): string {
  const parts: string[] = [];
  if (result.moved > 0) {
    parts.push(`${result.moved} ${result.moved === 1 ? 'secret (API key, token, password) was' : 'secrets (API keys, tokens, passwords) were'} moved from config.json into ${store.where}`);
  }
  if (result.rewrittenCopies.length > 0) {
    parts.push(`${result.rewrittenCopies.length} ${result.rewrittenCopies.length === 1 ? 'copy' : 'copies'} of the settings rewritten to hold references instead of values`);
  }
  const backup = result.backupPath ? ` The settings as they were (with references) are kept at ${result.backupPath}.` : '';
  return `${parts.join('; ')}.${backup}`;
}
