// Secret values out of config.json and its copies (docs/design.md §8): what the start-up
// (at-start.ts) does about them, computed without I/O. config.json holds a secret value in plain
// text at the first start of this version (configs of earlier versions held them all) and after
// a hand edit put one back; the copies beside it are looked at only then, and at the first start.
import type { AppConfig } from '../../types/config.js';
import type { SecretRef } from '../../types/secrets.js';
import type { SecretPlan } from '../secrets/refs.js';
import { holdsPlainSecrets, planSecrets, withPlannedSecrets } from '../secrets/refs.js';
import type { SecretStoreInfo } from '../secrets/store.js';

export const SECRETS_TO_STORE_MIGRATION_ID = '2026-11-secrets-to-store';

export interface SecretsMove {
  /** Per server uuid, the new store entries for the values it holds in plain text. */
  plans: Map<string, SecretPlan>;
  /**
   * Whether the copies of config.json beside it are read for secret values: at the first start
   * of this version (its ledger entry is missing), or when config.json itself held values.
   * Otherwise a copy holds none (every value that ever reached config.json was moved, and its
   * copies scrubbed, at a start that recorded the ledger), and a start reads no copy.
   */
  scanCopies: boolean;
}

export function planSecretsMove(config: AppConfig): SecretsMove {
  const plans = new Map(config.mcp.servers.filter(holdsPlainSecrets).map((server) => [server.uuid, planSecrets(server, server)]));
  return { plans, scanCopies: plans.size > 0 || !(config.migrations ?? []).includes(SECRETS_TO_STORE_MIGRATION_ID) };
}

/** Each moved value and its reference: what the copies get instead of the value. */
export function knownRefs(plans: ReadonlyMap<string, SecretPlan>): Map<string, SecretRef> {
  const known = new Map<string, SecretRef>();
  for (const plan of plans.values()) for (const { id, value } of plan.writes) known.set(value, { secret: id });
  return known;
}

/** `config` with the planned references in place of the values, and the move in the ledger. */
export function withSecretsMoved(config: AppConfig, plans: ReadonlyMap<string, SecretPlan>): AppConfig {
  const ledger = config.migrations ?? [];
  return {
    ...config,
    mcp: {
      ...config.mcp,
      servers: config.mcp.servers.map((server) => {
        const plan = plans.get(server.uuid);
        return plan ? withPlannedSecrets(server, plan) : server;
      }),
    },
    migrations: ledger.includes(SECRETS_TO_STORE_MIGRATION_ID) ? ledger : [...ledger, SECRETS_TO_STORE_MIGRATION_ID],
  };
}

export interface SecretsMigrationResult {
  /** Values moved from config.json into the store. */
  moved: number;
  /** Copies of the config (backups, moved-aside files) rewritten with references. */
  rewrittenCopies: string[];
  /** The copy of config.json taken first, when config.json changed (holding references too). */
  backupPath?: string;
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
