// The secret store of one profile: the OS keyring where one can be reached, else the fallback
// file with a lasting warning. Every host opens it the same way, so one profile works from the
// Electron app, the browser host and `inspect` alike. Values are remembered only to be redacted.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { McpServer } from '../../types/config.js';
import type { SecretField } from '../../types/secrets.js';
import { describeSecretField, isSecretByRule } from '../../types/secrets.js';
import type { SecretBackend, SecretStoreKind } from './backend.js';
import { SecretStoreError } from './backend.js';
import { FileBackend, SECRETS_FILE_NAME } from './file.js';
import type { ProfileIds } from './keyring.js';
import { KeyringBackend, keyringProblem } from './keyring.js';
import { Redactor } from './redact.js';
import type { ConfigStore } from '../config/store.js';
import { messageOf } from '../../types/errors.js';
import { setOwn } from '../../types/json.js';

export const UNENCRYPTED_WARNING = 'Secrets are stored unencrypted on this machine: no keyring available';

export interface SecretStoreOptions {
  userDataDir: string;
  profile: ProfileIds;
}

export interface SecretStoreInfo {
  kind: SecretStoreKind;
  /** Where, in words: "the system keyring", or the fallback file's path. */
  where: string;
  /** Why no keyring is used (file only). */
  keyringProblem?: string;
}

export interface SecretNotice {
  kind: 'unencrypted-secrets' | 'secrets';
  message: string;
  /** Shown on every launch until its cause is gone; the user cannot dismiss it. */
  lasting?: boolean;
}

/** A server's env and headers with every reference replaced by its value, for its transport only. */
export interface ResolvedSecrets {
  env: Record<string, string>;
  headers: Record<string, string>;
  /** References whose entry is gone (a keyring reset): the server needs those secrets again. */
  missing: SecretField[];
}

export class SecretStore {
  readonly notices: SecretNotice[] = [];
  readonly #redactor = new Redactor();
  readonly #options: SecretStoreOptions;
  #opened: Promise<{ backend: SecretBackend; info: SecretStoreInfo }> | null = null;
  #info: SecretStoreInfo | null = null;

  /** Cheap: nothing is probed until the first use or `open()`. */
  constructor(options: SecretStoreOptions) {
    this.#options = options;
  }

  /** The store of the profile whose config this is: same folder, profile id kept in the config. */
  static forConfig(config: ConfigStore): SecretStore {
    const create = (): string => {
      const existing = config.config.profileId;
      if (existing) return existing;
      const id = randomUUID();
      config.update((draft) => { draft.profileId = id; });
      return id;
    };
    return new SecretStore({ userDataDir: path.dirname(config.path), profile: { get: () => config.config.profileId, create } });
  }

  get userDataDir(): string {
    return this.#options.userDataDir;
  }

  /** Picks the store (once), moving secrets out of the fallback file when a keyring has appeared. */
  async open(): Promise<SecretStoreInfo> {
    return (await this.#backend()).info;
  }

  async get(server: string, key: string): Promise<string | null> {
    const value = await (await this.#store()).get(server, key);
    if (value !== null) this.#redactor.add(value);
    return value;
  }

  async set(server: string, key: string, value: string): Promise<void> {
    this.#redactor.add(value);
    await (await this.#store()).set(server, key, value);
  }

  async delete(server: string, key: string): Promise<boolean> {
    return (await this.#store()).delete(server, key);
  }

  /** The keys of one server's entries. */
  async keys(server: string): Promise<string[]> {
    return (await this.#store()).keys(server);
  }

  /** Deletes every entry of a server (a deleted server's references and anything else filed under it). */
  async deleteServer(server: string): Promise<number> {
    const store = await this.#store();
    let deleted = 0;
    for (const key of await store.keys(server)) if (await store.delete(server, key)) deleted++;
    return deleted;
  }

  /** Writes several entries; if one fails, the ones written are deleted again and the error thrown. */
  async setAll(server: string, entries: ReadonlyArray<{ id: string; value: string }>): Promise<void> {
    const written: string[] = [];
    try {
      for (const { id, value } of entries) {
        await this.set(server, id, value);
        written.push(id);
      }
    } catch (error) {
      await this.deleteKeys(server, written).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes the given keys; the first failure is thrown after trying every key. */
  async deleteKeys(server: string, keys: readonly string[]): Promise<void> {
    let failure: unknown = null;
    for (const key of keys) await this.delete(server, key).catch((error: unknown) => void (failure ??= error));
    if (failure) throw failure;
  }

  /** The values behind a server's references, for its transport; throws when the store fails. */
  async resolve(server: Pick<McpServer, 'uuid' | 'env' | 'headers'>): Promise<ResolvedSecrets> {
    const resolved: ResolvedSecrets = { env: {}, headers: {}, missing: [] };
    for (const field of ['env', 'headers'] as const) {
      for (const [key, value] of Object.entries(server[field] ?? {})) {
        // A secret still in plain text (its move into the store failed) is redacted all the same.
        if (typeof value === 'string' && isSecretByRule(field, key)) this.#redactor.add(value);
        const text = typeof value === 'string' ? value : await this.get(server.uuid, value.secret);
        if (text === null) resolved.missing.push({ field, key });
        else setOwn(resolved[field], key, text);
      }
    }
    return resolved;
  }

  /** Why a server with `missing` references cannot start, naming the fields. */
  describeMissing(missing: readonly SecretField[]): string {
    const fields = missing.map(describeSecretField).join(', ');
    const where = this.#info?.kind === 'file'
      ? `${this.#info.where}, and no keyring is available here to look in`
      : 'the system keyring (was it reset?)';
    return `needs its secret again: ${fields}. The saved value is not in ${where}; enter it again in the server's settings.`;
  }

  /** Known secret values taken out of text the app prints or shows. */
  redact(text: string): string {
    return this.#redactor.redact(text);
  }

  /** Redacts a secret held inside an entry's value too (an OAuth token inside a JSON entry). */
  redactAlso(value: string): void {
    this.#redactor.add(value);
  }

  async #store(): Promise<SecretBackend> {
    return (await this.#backend()).backend;
  }

  #backend(): Promise<{ backend: SecretBackend; info: SecretStoreInfo }> {
    this.#opened ??= this.#choose().then((chosen) => {
      this.#info = chosen.info;
      return chosen;
    });
    return this.#opened;
  }

  async #choose(): Promise<{ backend: SecretBackend; info: SecretStoreInfo }> {
    const file = new FileBackend(this.#options.userDataDir);
    const problem = await keyringProblem();
    if (problem !== null) {
      this.notices.push({ kind: 'unencrypted-secrets', message: UNENCRYPTED_WARNING, lasting: true });
      return { backend: file, info: { kind: 'file', where: file.path, keyringProblem: problem } };
    }
    const keyring = new KeyringBackend(this.#options.profile);
    const moved = await this.#moveIntoKeyring(file, keyring);
    if (!moved) return { backend: file, info: { kind: 'file', where: file.path, keyringProblem: 'the secrets could not be moved into it' } };
    return { backend: keyring, info: { kind: 'keyring', where: 'the system keyring' } };
  }

  /**
   * A keyring is there and the fallback file (from a start without one) holds secrets: they move
   * into the keyring, all or none, under the same keys, so config.json needs no change. True
   * when the keyring can be used from now on.
   */
  async #moveIntoKeyring(file: FileBackend, keyring: KeyringBackend): Promise<boolean> {
    let entries: Awaited<ReturnType<FileBackend['all']>>;
    try {
      entries = await file.all();
    } catch (error) {
      this.notices.push({ kind: 'secrets', message: `Saved secrets could not be read from ${SECRETS_FILE_NAME}: ${messageOf(error)}` });
      return true;
    }
    if (entries.length === 0) return true;
    const moved: typeof entries = [];
    try {
      for (const entry of entries) {
        this.#redactor.add(entry.value);
        await keyring.set(entry.server, entry.key, entry.value);
        if ((await keyring.get(entry.server, entry.key)) !== entry.value) throw new SecretStoreError('the keyring did not keep a value it was given');
        moved.push(entry);
      }
      await file.remove();
    } catch (error) {
      for (const entry of moved) await keyring.delete(entry.server, entry.key).catch(() => undefined);
      this.notices.push({ kind: 'unencrypted-secrets', message: UNENCRYPTED_WARNING, lasting: true });
      this.notices.push({
        kind: 'secrets',
        message: `A keyring is available, but the secrets in ${file.path} could not be moved into it (${messageOf(error)}); they stay in the file, and the next start tries again.`,
      });
      return false;
    }
    this.notices.push({
      kind: 'secrets',
      message: `A keyring is available now: ${entries.length} saved ${entries.length === 1 ? 'secret was' : 'secrets were'} moved into it from ${file.path}, which was deleted.`,
    });
    return true;
  }
}
