// The settings as this version keeps them, at every start, before any server connects (docs/design.md
// §4 and §8): the repairs made as the store opened, secret values moved into the secret
// store, the tool-name upgrades. Everything is computed in memory; then, when more than the
// ledger changed, ONE copy of config.json is taken and config.json is written ONCE.
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../types/config.js';
import { messageOf } from '../../types/errors.js';
import type { Notice } from '../../types/ipc.js';
import type { SecretPlan } from '../secrets/refs.js';
import { scrubConfigCopies, scrubbedCopy } from '../secrets/scrub.js';
import type { SecretStore, SecretStoreInfo } from '../secrets/store.js';
import type { ConfigStore } from '../config/store.js';
import { planMigrations, renamedByRepairOf } from './index.js';
import type { MigrationOptions } from './index.js';
import { describeSecretsMigration, knownRefs, planSecretsMove, SECRETS_TO_STORE_MIGRATION_ID, withSecretsMoved } from './secrets.js';

export interface StartUpgradeOptions extends MigrationOptions {
  /** Where the secrets go, for the notices. */
  secretStore: SecretStoreInfo;
  log: (message: string) => void;
}

/**
 * Order, so that a failure loses nothing:
 * 1. the secret values go into the store (undone if one fails: they stay in config.json, and the
 *    next start tries again; the other upgrades go on);
 * 2. the one copy of config.json, holding references (`before-repair` when the store repaired
 *    the file as it opened, else `pre-migration`); if it cannot be made, the store's entries are
 *    deleted again and nothing is written: the app runs on the repaired config, and says it
 *    cannot save;
 * 3. the other copies are rewritten with references, when there is reason to look at them;
 * 4. config.json is written once. If that fails, the app runs on the new config in memory with
 *    the lasting "cannot be saved" notice; config.json keeps its values, which the next start
 *    moves again.
 * Returns the notices about secrets for this launch.
 */
export async function upgradeAtStart(store: ConfigStore, secrets: SecretStore, options: StartUpgradeOptions): Promise<Notice[]> {
  const notices: Notice[] = [];
  const move = planSecretsMove(store.config);
  const stored = await storeSecrets(store, secrets, move.plans, options, notices);
  // When the store refused the values, they stay in config.json and everything waits for the next start.
  const scanCopies = move.scanCopies && stored !== null;
  const known = knownRefs(stored ?? new Map());

  let next: AppConfig = scanCopies ? withSecretsMoved(store.config, stored!) : store.config;
  const planned = planMigrations(next, { ...options, renamedByRepair: renamedByRepairOf(store) });
  next = planned.config;
  const changes = known.size > 0 || planned.changes || store.repairsPending;

  let backupPath: string | undefined;
  if (changes) {
    try {
      backupPath = store.backup(store.repairsPending ? 'before-repair' : 'pre-migration', known.size > 0 ? (text) => scrubbedCopy(text, known) ?? text : undefined);
    } catch {
      // The store says why ("a copy of … could not be made"); nothing is changed.
      if (known.size > 0) {
        await deleteStored(secrets, stored!);
        notices.push(notMoved(options, 'a copy of the settings could not be made first'));
      }
      return notices;
    }
    if (planned.report) planned.report.backupPath = backupPath;
  }

  let rewrittenCopies: string[] = [];
  if (scanCopies) {
    try {
      rewrittenCopies = await scrubConfigCopies(secrets.userDataDir, known, backupPath);
    } catch (error) {
      // Looked at again at the next start: the move is not recorded.
      next = { ...next, migrations: (next.migrations ?? []).filter((id) => id !== SECRETS_TO_STORE_MIGRATION_ID) };
      const message = `A copy of the settings could not be checked for secret values (the next start tries again): ${messageOf(error)}`;
      options.log(message);
      notices.push({ kind: 'secrets', message });
    }
  }

  // Only the ledger changed: it goes with the next write (a read-only profile still starts).
  if (changes) store.replace(next);
  else if (next !== store.config) store.adopt(next);

  const moved = [...(stored?.values() ?? [])].reduce((sum, plan) => sum + plan.writes.length, 0);
  if (moved > 0 || rewrittenCopies.length > 0) {
    notices.push({ kind: 'secrets', message: describeSecretsMigration({ moved, rewrittenCopies, ...(moved > 0 && backupPath ? { backupPath } : {}) }, options.secretStore) });
  }
  return notices;
}

/** Step 1: the plans, once the store holds their values; null when it refused one (none is kept). */
async function storeSecrets(
  store: ConfigStore,
  secrets: SecretStore,
  plans: ReadonlyMap<string, SecretPlan>,
  options: StartUpgradeOptions,
  notices: Notice[],
): Promise<ReadonlyMap<string, SecretPlan> | null> {
  if (plans.size === 0) return plans;
  // The keyring files entries under the profile's id: made here, so that it is written with the
  // rest, not on its own when the first entry is stored.
  if (!store.config.profileId) store.adopt({ ...store.config, profileId: randomUUID() });
  const written = new Map<string, SecretPlan>();
  try {
    for (const [uuid, plan] of plans) {
      await secrets.setAll(uuid, plan.writes);
      written.set(uuid, plan);
    }
    return written;
  } catch (error) {
    await deleteStored(secrets, written);
    notices.push(notMoved(options, messageOf(error)));
    return null;
  }
}

async function deleteStored(secrets: SecretStore, stored: ReadonlyMap<string, SecretPlan>): Promise<void> {
  for (const [uuid, plan] of stored) await secrets.deleteKeys(uuid, plan.writes.map((w) => w.id)).catch(() => undefined);
}

function notMoved(options: StartUpgradeOptions, why: string): Notice {
  const message = `Secrets in the settings could not be moved into ${options.secretStore.where} (nothing was lost; the next start tries again): ${why}`;
  options.log(message);
  return { kind: 'secrets', message };
}
