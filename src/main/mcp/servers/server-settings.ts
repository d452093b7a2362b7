// Saving what a user entered for a server (the form, an import) into the config, with its secret
// values in the secret store first: nothing is half-saved when the store refuses a value.
import { randomUUID } from 'node:crypto';
import type { McpServer, ServerSettings, ServerSettingsInput } from '../../../types/config.js';
import { checkServerSettings, ServerSettingsSchema } from '../../../types/config.js';
import { saveWithSecrets } from '../../secrets/save.js';
import type { SecretStore } from '../../secrets/store.js';
import type { ConfigStore } from '../../config/store.js';
import { messageOf } from '../../../types/errors.js';

/** The settings as checked for use; throws a message for the user when they cannot be used. */
function usableSettings(input: ServerSettingsInput): ServerSettings {
  const checked = checkServerSettings(input);
  if ('problem' in checked) throw new Error(checked.problem);
  return checked.settings;
}

/**
 * New servers, in order, each with a new uuid and its secrets stored; the caller writes them into
 * the config. Throws, storing none, when any settings are unusable or the store refuses a secret.
 */
export async function storeNewServers(secrets: SecretStore, list: readonly ServerSettingsInput[], log: (message: string) => void): Promise<McpServer[]> {
  const entered = list.map((settings) => ({ uuid: randomUUID(), settings: usableSettings(settings) }));
  const servers: McpServer[] = [];
  try {
    for (const { uuid, settings } of entered) {
      await saveWithSecrets(secrets, uuid, settings, undefined, (stored) => { servers.push({ ...stored, uuid }); }, log);
    }
  } catch (error) {
    await Promise.all(servers.map(({ uuid }) => secrets.deleteServer(uuid).catch(() => undefined)));
    throw error;
  }
  return servers;
}

/**
 * Writes an edit of a server's settings: a secret sent back as its reference is kept, a new value
 * replaces it. Every field that is not a user setting (uuid, toolMappings, promptMappings, disabledTools, aliases,
 * toolPolicies, defaultPolicy, and fields unknown to this version, which the store keeps too) is
 * kept; settings the user cleared are not carried over.
 */
export async function storeServerEdit(
  store: ConfigStore,
  secrets: SecretStore,
  previous: McpServer,
  input: ServerSettingsInput,
  log: (message: string) => void,
): Promise<void> {
  const { uuid } = previous;
  await saveWithSecrets(secrets, uuid, usableSettings(input), previous, (stored) => {
    store.update((config) => {
      const at = config.mcp.servers.findIndex((s) => s.uuid === uuid);
      const kept = Object.entries(config.mcp.servers[at]!).filter(([key]) => !Object.hasOwn(ServerSettingsSchema.shape, key));
      config.mcp.servers[at] = { ...Object.fromEntries(kept), ...stored, uuid } as McpServer;
    });
  }, log);
}

/** Deletes a server's secrets; the error says the server was not deleted when the store refuses. */
export async function deleteServerSecrets(secrets: SecretStore, uuid: string): Promise<void> {
  try {
    await secrets.deleteServer(uuid);
  } catch (error) {
    throw new Error(`The server was not deleted, because its secrets could not be: ${messageOf(error)}`, { cause: error });
  }
}
