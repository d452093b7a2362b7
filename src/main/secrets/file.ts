// The fallback where no keyring can be reached: `secrets.json` in the user-data folder, readable
// by its owner only (0600), written atomically (a temp file, then a rename), removed when empty.
import fs from 'node:fs/promises';
import path from 'node:path';
import { isRecord, setOwn } from '../../types/json.js';
import { writePrivateFile } from '../profile/files.js';
import type { SecretBackend } from './backend.js';
import { SecretStoreError } from './backend.js';
import { messageOf } from '../../types/errors.js';

export const SECRETS_FILE_NAME = 'secrets.json';

const NOTE = 'Secrets of MCP Tool Names, unencrypted: no keyring was available. Keep this file private; do not share it.';

type Entries = Map<string, Map<string, string>>;

export class FileBackend implements SecretBackend {
  readonly kind = 'file';
  readonly path: string;
  /** One read-change-write at a time, so concurrent saves never drop each other's entries. */
  #queue: Promise<unknown> = Promise.resolve();
  /**
   * The file's entries, read once and then kept in step with this backend's own writes (one
   * process writes a profile). A read that failed is not kept: the next lookup tries again.
   */
  #entries: Promise<Entries> | null = null;

  constructor(userDataDir: string) {
    this.path = path.join(userDataDir, SECRETS_FILE_NAME);
  }

  async get(server: string, key: string): Promise<string | null> {
    return (await this.#read()).get(server)?.get(key) ?? null;
  }

  async set(server: string, key: string, value: string): Promise<void> {
    await this.#change((entries) => {
      let perServer = entries.get(server);
      if (!perServer) entries.set(server, (perServer = new Map()));
      perServer.set(key, value);
    });
  }

  async delete(server: string, key: string): Promise<boolean> {
    let deleted = false;
    await this.#change((entries) => {
      const perServer = entries.get(server);
      deleted = perServer?.delete(key) ?? false;
      if (perServer?.size === 0) entries.delete(server);
    });
    return deleted;
  }

  async keys(server: string): Promise<string[]> {
    return [...((await this.#read()).get(server)?.keys() ?? [])];
  }

  /** Every entry, for moving them into a keyring that has become available. */
  async all(): Promise<Array<{ server: string; key: string; value: string }>> {
    return [...(await this.#read())].flatMap(([server, perServer]) => [...perServer].map(([key, value]) => ({ server, key, value })));
  }

  async remove(): Promise<void> {
    await fs.rm(this.path, { force: true });
    this.#entries = Promise.resolve(new Map());
  }

  #read(): Promise<Entries> {
    const entries = (this.#entries ??= this.#load());
    entries.catch(() => {
      if (this.#entries === entries) this.#entries = null;
    });
    return entries;
  }

  async #load(): Promise<Entries> {
    let text: string;
    try {
      text = await fs.readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw new SecretStoreError(`${this.path} could not be read: ${messageOf(error)}`);
    }
    let root: unknown;
    try {
      root = JSON.parse(text);
    } catch (error) {
      throw new SecretStoreError(`${this.path} is not valid JSON (${messageOf(error)}); fix it, or delete it and enter the secrets again.`);
    }
    const servers = isRecord(root) && isRecord(root.servers) ? root.servers : null;
    if (!servers) throw new SecretStoreError(`${this.path} does not hold saved secrets; fix it, or delete it and enter the secrets again.`);
    const entries: Entries = new Map();
    for (const [server, values] of Object.entries(servers)) {
      if (!isRecord(values)) continue;
      entries.set(server, new Map(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
    }
    return entries;
  }

  #change(change: (entries: Entries) => void): Promise<void> {
    const next = this.#queue.then(async () => {
      // A copy: what is kept changes only once the file has.
      const entries: Entries = new Map([...(await this.#read())].map(([server, perServer]) => [server, new Map(perServer)]));
      change(entries);
      await this.#write(entries);
      this.#entries = Promise.resolve(entries);
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #write(entries: Entries): Promise<void> {
    if (entries.size === 0) {
      await this.remove();
      return;
    }
    const servers: Record<string, Record<string, string>> = {};
    for (const [server, perServer] of entries) {
      setOwn(servers, server, Object.fromEntries(perServer));
    }
    try {
      writePrivateFile(this.path, `${JSON.stringify({ note: NOTE, servers }, null, 2)}\n`);
    } catch (error) {
      throw new SecretStoreError(`The secret could not be saved to ${this.path}: ${messageOf(error)}`);
    }
  }
}
