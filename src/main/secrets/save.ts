// Saving a server's settings together with its secrets, so that a failing store (a locked
// keyring, a permission error) loses nothing and leaves no config half-written.
import type { McpServer, ServerSettings } from '../../types/config.js';
import type { SecretRef } from '../../types/secrets.js';
import { planSecrets, withPlannedSecrets } from './refs.js';
import { scrubConfigCopies } from './scrub.js';
import type { SecretStore } from './store.js';
import { messageOf } from '../../types/errors.js';

export type StoredSettings<T extends ServerSettings | McpServer> = ReturnType<typeof withPlannedSecrets<T>>;

/**
 * New secret values go into the store first: if that fails, nothing else happens and the error
 * says why. Then `write` puts the settings (references only) into the config; if it throws, the
 * new entries are deleted again. Then the entries the previous settings referred to and these
 * do not are deleted, and copies of the config that happen to hold a new value (a value the user
 * has just marked secret) are rewritten. Only what changed is written: kept references stay.
 */
export async function saveWithSecrets<T extends ServerSettings | McpServer>(
  secrets: SecretStore,
  uuid: string,
  entered: T,
  previous: McpServer | undefined,
  write: (settings: StoredSettings<T>) => void,
  log: (message: string) => void,
): Promise<void> {
  const plan = planSecrets(entered, previous);
  try {
    await secrets.setAll(uuid, plan.writes);
  } catch (error) {
    throw new Error(`Nothing was saved: ${messageOf(error)}`, { cause: error });
  }
  try {
    write(withPlannedSecrets(entered, plan));
  } catch (error) {
    await secrets.deleteKeys(uuid, plan.writes.map((w) => w.id)).catch(() => undefined);
    throw error;
  }
  await secrets.deleteKeys(uuid, plan.deletes).catch((error: unknown) => {
    log(`A replaced secret could not be deleted from the store and stays there: ${messageOf(error)}`);
  });
  if (plan.writes.length === 0) return;
  const known = new Map<string, SecretRef>(plan.writes.map(({ id, value }) => [value, { secret: id }]));
  await scrubConfigCopies(secrets.userDataDir, known).catch((error: unknown) => {
    log(`A copy of the settings holding a secret could not be rewritten: ${messageOf(error)}`);
  });
}
