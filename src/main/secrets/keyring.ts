// The OS secret store through @napi-rs/keyring: Secret Service on Linux, Keychain on macOS,
// Credential Manager on Windows. Entries are filed under a service name per profile and server,
// so two profiles (or two servers) never read or delete each other's secrets.
import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring';
import type { EntryOptions } from '@napi-rs/keyring';
import type { SecretBackend } from './backend.js';
import { SecretStoreError } from './backend.js';
import { messageOf } from '../../types/errors.js';

/**
 * On Linux the library falls back to the kernel keyring when the Secret Service is missing; that
 * one is emptied at logout or reboot, so secrets would vanish. Pinned: no Secret Service means
 * no keyring, and the fallback file (with its warning) is used instead.
 */
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

/** Long enough for a Keychain prompt the user must answer; a hung D-Bus call ends with an error. */
const KEYRING_TIMEOUT_MS = 60_000;
const SERVICE_PREFIX = 'mcp-tool-names';

/** Where the profile id comes from: read it, or create (and persist) it on the first write. */
export interface ProfileIds {
  get(): string | undefined;
  create(): string;
}

/** The error of the keyring library in words a user can act on. */
export function explainKeyringError(error: unknown, action: string): SecretStoreError {
  const message = messageOf(error);
  if (/locked|unlock prompt/i.test(message)) {
    return new SecretStoreError(`The system keyring is locked, so it could not ${action}. Unlock it (log in again, or open your keyring app) and retry. (${message})`);
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new SecretStoreError(`The system keyring did not answer within ${KEYRING_TIMEOUT_MS / 1000} s, so it could not ${action}.`);
  }
  return new SecretStoreError(`The system keyring could not ${action}: ${message}`);
}

/**
 * Null when the keyring can be used, else why not. A lookup of an entry that does not exist: it
 * needs a reachable Secret Service (or Keychain, Credential Manager) but no unlocked keyring, so
 * a locked keyring counts as present (its operations then say it is locked) rather than as none.
 */
export async function keyringProblem(): Promise<string | null> {
  try {
    await new AsyncEntry(`${SERVICE_PREFIX}/probe`, 'probe', ENTRY_OPTIONS).getPassword(AbortSignal.timeout(10_000));
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

export class KeyringBackend implements SecretBackend {
  readonly kind = 'keyring';

  constructor(private readonly profile: ProfileIds) {}

  async get(server: string, key: string): Promise<string | null> {
    const service = this.#service(server, false);
    if (!service) return null;
    try {
      return await new AsyncEntry(service, key, ENTRY_OPTIONS).getPassword(AbortSignal.timeout(KEYRING_TIMEOUT_MS));
    } catch (error) {
      throw explainKeyringError(error, 'read a saved secret');
    }
  }

  async set(server: string, key: string, value: string): Promise<void> {
    const service = this.#service(server, true)!;
    try {
      await new AsyncEntry(service, key, ENTRY_OPTIONS).setPassword(value, AbortSignal.timeout(KEYRING_TIMEOUT_MS));
    } catch (error) {
      throw explainKeyringError(error, 'save the secret');
    }
  }

  async delete(server: string, key: string): Promise<boolean> {
    const service = this.#service(server, false);
    if (!service) return false;
    try {
      return await new AsyncEntry(service, key, ENTRY_OPTIONS).deleteCredential(AbortSignal.timeout(KEYRING_TIMEOUT_MS));
    } catch (error) {
      throw explainKeyringError(error, 'delete a saved secret');
    }
  }

  async keys(server: string): Promise<string[]> {
    const service = this.#service(server, false);
    if (!service) return [];
    try {
      const found = await findCredentialsAsync(service, undefined, AbortSignal.timeout(KEYRING_TIMEOUT_MS));
      return found.map((credential) => credential.account);
    } catch (error) {
      throw explainKeyringError(error, "list a server's secrets");
    }
  }

  /** Null before the profile has an id: nothing of it can be in the keyring yet. */
  #service(server: string, create: boolean): string | null {
    const profile = this.profile.get() ?? (create ? this.profile.create() : undefined);
    return profile ? `${SERVICE_PREFIX}/${profile}/${server}` : null;
  }
}
