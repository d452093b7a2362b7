// The one interface both places secrets can live implement: the OS keyring and the fallback file.

export type SecretStoreKind = 'keyring' | 'file';

/** Entries are filed per server (its uuid) under a key: a reference id, or a name such as `oauth-tokens`. */
export interface SecretBackend {
  readonly kind: SecretStoreKind;
  get(server: string, key: string): Promise<string | null>;
  set(server: string, key: string, value: string): Promise<void>;
  /** True when there was an entry to delete. */
  delete(server: string, key: string): Promise<boolean>;
  /** The keys of one server's entries. */
  keys(server: string): Promise<string[]>;
}

/** The store could not do what was asked; the message says why in words a user can act on. */
export class SecretStoreError extends Error {
  override name = 'SecretStoreError';
}
