// The OAuth entries of a server in the profile's secret store (src/main/secrets/): the OS keyring,
// or secrets.json where there is none. Filed under the server's uuid as `oauth-<key>`, so
// deleting the server deletes them with its other secrets. Every token and secret read or written
// is handed to the store's redactor, so no log, status or inspect line can print it.
import type { SecretStore } from '../secrets/store.js';
import type { AuthKey, AuthStorage, AuthValue } from './storage.js';
import { authEntryKey, parseAuthValue, serializeAuthValue } from './storage.js';

type Secrets = Pick<SecretStore, 'get' | 'set' | 'delete' | 'redactAlso'>;

/** The secret values inside an entry, for redaction. */
function secretsIn<K extends AuthKey>(key: K, value: AuthValue<K>): string[] {
  const entry: unknown = value;
  if (key === 'clientSecret' && typeof entry === 'string') return [entry];
  if (key === 'tokens') {
    const { tokens } = value as AuthValue<'tokens'>;
    return [tokens.access_token, tokens.refresh_token, tokens.id_token].filter((s): s is string => s !== undefined);
  }
  if (key === 'dpopKey') return [(value as AuthValue<'dpopKey'>).jwk.d];
  if (key === 'client') {
    const secret = (value as AuthValue<'client'>).client_secret;
    return secret === undefined ? [] : [secret];
  }
  return [];
}

export class SecretAuthStorage implements AuthStorage {
  constructor(private readonly secrets: Secrets) {}

  async get<K extends AuthKey>(uuid: string, key: K): Promise<AuthValue<K> | undefined> {
    const text = await this.secrets.get(uuid, authEntryKey(key));
    if (text === null) return undefined;
    const value = parseAuthValue(key, text);
    if (value !== undefined) this.#remember(key, value);
    return value;
  }

  async set<K extends AuthKey>(uuid: string, key: K, value: AuthValue<K>): Promise<void> {
    this.#remember(key, value);
    await this.secrets.set(uuid, authEntryKey(key), serializeAuthValue(key, value));
  }

  async delete(uuid: string, key: AuthKey): Promise<void> {
    await this.secrets.delete(uuid, authEntryKey(key));
  }

  #remember<K extends AuthKey>(key: K, value: AuthValue<K>): void {
    for (const secret of secretsIn(key, value)) this.secrets.redactAlso(secret);
  }
}
