// The config store: `config.json` in the user-data folder, written atomically by conf (the
// engine of electron-store; the Electron host passes an electron-store instance, headless hosts
// use conf directly on the same file), 0600 in a 0700 folder. The config is read once and kept in
// memory: conf's own `store` getter re-reads the file on every access, which lookups must never do.
//
// A write that fails (permissions, a full disk, config.json being a folder) never throws: the app
// goes on with the config in memory, and `saveProblem` says why until a later write succeeds.
import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import type { AppConfig } from '../../types/config.js';
import type { NoticeKind } from '../../types/ipc.js';
import { isRecord } from '../../types/json.js';
import { repairConfig } from './repair.js';
import { repairSavedNames } from './name-repair.js';
import type { CopyKind } from '../profile/copies.js';
import { copyBytesOf, keepCopy, moveTo } from '../profile/copies.js';
import {
  CONFIG_FILE_NAME,
  describeFsError,
  preparePrivateFolder,
  PRIVATE_FILE_MODE,
  PRIVATE_FOLDER_MODE,
  removeLeftoverTempFiles,
  tightenFile,
  writePrivateFile,
} from '../profile/files.js';
import { messageOf } from '../../types/errors.js';

export { CONFIG_FILE_NAME };

/** The part of conf / electron-store the store uses. */
export interface ConfigBackend {
  readonly path: string;
  store: Record<string, unknown>;
}

export interface BackendOptions {
  cwd: string;
  configName: string;
  /** The mode config.json is written with: 0600. conf and electron-store take it as is. */
  configFileMode: number;
}

export type BackendFactory = (options: BackendOptions) => ConfigBackend;

export interface StoreNotice {
  kind: Exclude<NoticeKind, 'migration' | 'unsaved'>;
  message: string;
  /** Where the file as it was before is kept. */
  backupPath?: string;
  details?: string[];
}

export interface ConfigStoreOptions {
  /** The user-data folder; created (0700) when missing. */
  userDataDir: string;
  /** Defaults to conf on `<userDataDir>/config.json`; the Electron host passes electron-store. */
  backend?: BackendFactory;
  /** Names of the app's built-in tools: a saved tool name equal to one is repaired on open. */
  reserved?: Iterable<string>;
  /**
   * Repairs are made in memory at open and written by the first write (after a copy of the file
   * as it was), not at open: the start-up writes them with its own changes, once.
   */
  deferRepairs?: boolean;
}

const confBackend: BackendFactory = ({ cwd, configName, configFileMode }) =>
  new Conf<Record<string, unknown>>({ cwd, configName, configFileMode, projectName: 'mcp-tool-names' });

type ConfigRead = { value: unknown } | { missing: true } | { problem: string; folder: boolean };

/** config.json as settings, missing, or why it cannot be read as settings. */
function readConfigFile(file: string): ConfigRead {
  let text: string;
  try {
    if (fs.statSync(file).isDirectory()) return { problem: 'it is a folder, not a file', folder: true };
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { problem: `it cannot be read (${describeFsError(error)})`, folder: false };
  }
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? { value } : { problem: 'it does not hold a settings object', folder: false };
  } catch (error) {
    return { problem: `it is not valid JSON (${messageOf(error)})`, folder: false };
  }
}

/**
 * Why a config file cannot be read as settings ("it is not valid JSON (…)", "it is a folder, not
 * a file"), or null when it can, or does not exist. The store moves such a file aside (a folder
 * it leaves alone); `inspect` refuses it.
 */
export function configFileProblem(file: string): string | null {
  const read = readConfigFile(file);
  return 'problem' in read ? read.problem : null;
}

/** How `ConfigStore.repairedNames` names a tool. */
export function repairedKey(uuid: string, original: string): string {
  return `${uuid}\u0000${original}`;
}

export class ConfigStore {
  readonly path: string;
  readonly notices: StoreNotice[] = [];
  /**
   * The tools whose saved names were repaired at this open (`repairedKey`): names today's rules
   * gave, which the alias upgrade must not take for a user's aliases.
   */
  repairedNames: ReadonlySet<string> = new Set();
  #dir: string;
  #factory: BackendFactory;
  /** Made at the first write, so that a file conf cannot read never stops the app starting. */
  #backend: ConfigBackend | null = null;
  #config: AppConfig;
  #saveProblem: string | null = null;
  /** Set while an unreadable config.json could not be moved aside: nothing is written over it. */
  #unreadable: string | null = null;
  #writeListeners = new Set<() => void>();
  /** Repairs made at open and not written yet, and the copy taken before them once there is one. */
  #repairs: { warnings: string[]; backupPath?: string } | null = null;

  private constructor(dir: string, factory: BackendFactory, config: AppConfig) {
    this.#dir = dir;
    this.#factory = factory;
    this.path = path.join(dir, CONFIG_FILE_NAME);
    this.#config = config;
  }

  static open(options: ConfigStoreOptions): ConfigStore {
    const dir = options.userDataDir;
    const file = path.join(dir, CONFIG_FILE_NAME);
    let folderProblem: string | null = null;
    try {
      preparePrivateFolder(dir);
    } catch (error) {
      folderProblem = `the folder ${dir} cannot be created (${describeFsError(error)})`;
    }
    removeLeftoverTempFiles(dir);
    tightenFile(file);
    const read = readConfigFile(file);
    const { config, warnings } = repairConfig('value' in read ? read.value : {});
    const repaired = new Set<string>();
    warnings.push(...repairSavedNames(config, options.reserved, (uuid, original) => repaired.add(repairedKey(uuid, original))));
    const store = new ConfigStore(dir, options.backend ?? confBackend, config);
    store.repairedNames = repaired;
    store.#saveProblem = folderProblem;
    if ('problem' in read) store.#setAside(read.problem, read.folder);
    if (warnings.length > 0) store.#repairs = { warnings };
    if (warnings.length > 0 && !options.deferRepairs) store.#write(config);
    return store;
  }

  /**
   * Called after every write, the one point where the settings change (whether the file took
   * them or not: `saveProblem` says): the hosts tell the page.
   */
  onWrite(listener: () => void): () => void {
    this.#writeListeners.add(listener);
    return () => this.#writeListeners.delete(listener);
  }

  /** Repairs made at open wait for the first write (`deferRepairs`). */
  get repairsPending(): boolean {
    return this.#repairs !== null;
  }

  /** The config in memory. Treat as read-only: change it through `update`. */
  get config(): Readonly<AppConfig> {
    return this.#config;
  }

  /**
   * Why the settings cannot be saved ("/x/config.json could not be written (permission denied)"),
   * or null. Set by a failed write, cleared by the next one that succeeds.
   */
  get saveProblem(): string | null {
    return this.#saveProblem;
  }

  /**
   * Computes the next config from a copy and writes it once. If `change` throws, nothing is
   * written and the config in memory is unchanged. If the write fails, the config in memory is
   * the new one and `saveProblem` says why it is not on disk.
   */
  update(change: (draft: AppConfig) => void): void {
    const draft = structuredClone(this.#config);
    change(draft);
    this.#write(draft);
  }

  /**
   * Writes a config computed elsewhere, as is: for a caller that already built a new config
   * without mutating the current one (the upgrade migration), a second deep copy buys nothing.
   */
  replace(next: AppConfig): void {
    this.#write(next);
  }

  /**
   * Takes a config into memory without writing it, for a change that need not reach the disk on
   * its own (a migration's ledger entry when it changed nothing else): every write saves the
   * whole config, so it goes there with the next one.
   */
  adopt(next: AppConfig): void {
    this.#config = next;
  }

  /**
   * Copies config.json (or, when there is none, the config in memory) to
   * `config.<kind>-<timestamp>.json` beside it, 0600; older copies of the kind beyond the newest
   * few are deleted. `rewrite` gives the copy's text from the file's (secret values replaced by
   * their references). Returns the copy's path; repairs waiting to be written are told as kept
   * there. Throws when the copy cannot be made; what it was for is then not written, `saveProblem`
   * says why, and waiting repairs hold for this session only.
   */
  backup(kind: CopyKind, rewrite?: (text: string) => string): string {
    const create = fs.existsSync(this.path)
      ? copyBytesOf(this.path, rewrite)
      : (target: string) => writePrivateFile(target, `${JSON.stringify(this.#config, null, '\t')}\n`, { create: true });
    let backupPath: string;
    try {
      backupPath = keepCopy(this.#dir, kind, create);
    } catch (error) {
      this.#saveProblem = `a copy of ${this.path} could not be made before changing it (${describeFsError(error)})`;
      this.#repairsNotSaved();
      throw error;
    }
    if (this.#repairs) this.#repairs.backupPath ??= backupPath;
    return backupPath;
  }

  /** config.json cannot be read: moved aside (a folder is left alone), and the user is told. */
  #setAside(problem: string, folder: boolean): void {
    const file = this.path;
    if (folder) {
      this.notices.push({
        kind: 'corrupt',
        message: `Your settings file ${file} could not be read because ${problem}. The app started with default settings; nothing was moved or deleted, and settings cannot be saved until that folder is moved away.`,
      });
      return;
    }
    try {
      const backupPath = keepCopy(this.#dir, 'corrupt', moveTo(file));
      this.notices.push({
        kind: 'corrupt',
        message: `Your settings file could not be read because ${problem}. It was moved to ${backupPath} and the app started with default settings.`,
        backupPath,
      });
    } catch (error) {
      this.#unreadable = `${file} could not be read because ${problem}, and could not be moved aside (${describeFsError(error)}); it is left as it is, and nothing is written over it`;
      this.notices.push({
        kind: 'corrupt',
        message: `Your settings file ${file} could not be read because ${problem}. It could not be moved aside (${describeFsError(error)}), so it is left untouched and the app started with default settings.`,
      });
    }
  }

  /** The copy before the repairs could not be made: they hold in memory, config.json stays as it is. */
  #repairsNotSaved(): void {
    if (!this.#repairs) return;
    const { warnings } = this.#repairs;
    this.#repairs = null;
    this.#saveProblem += ', so the repairs were not saved';
    this.notices.push({
      kind: 'repaired',
      message: `Your settings file had ${warnings.length} problem(s), repaired for this session only: the file was left as it is.`,
      details: warnings,
    });
  }

  /** Repairs are written only after a copy of the file as it was is kept: by the first write. */
  #writeRepairs(): boolean {
    if (!this.#repairs) return true;
    try {
      this.#repairs.backupPath ??= this.backup('before-repair');
    } catch {
      return false;
    }
    const { warnings, backupPath } = this.#repairs;
    this.#repairs = null;
    this.notices.push({
      kind: 'repaired',
      message: `Your settings file had ${warnings.length} problem(s) that were repaired. The file as it was is kept at ${backupPath}.`,
      backupPath,
      details: warnings,
    });
    return true;
  }

  #write(next: AppConfig): void {
    this.#config = next;
    if (this.#writeRepairs()) this.#save(next);
    for (const listener of this.#writeListeners) listener();
  }

  #save(next: AppConfig): void {
    try {
      if (this.#unreadable) this.#retrySetAside();
      // The folder may have been removed meanwhile; then a refused write fails fast here, where
      // conf's atomic write would retry it for a second.
      fs.mkdirSync(this.#dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      fs.accessSync(this.#dir, fs.constants.W_OK);
      this.#backend ??= this.#factory({ cwd: this.#dir, configName: 'config', configFileMode: PRIVATE_FILE_MODE });
      this.#backend.store = next as Record<string, unknown>;
      this.#saveProblem = null;
    } catch (error) {
      this.#saveProblem = this.#unreadable ?? `${this.path} could not be written (${describeFsError(error)})`;
    }
  }

  /** Another try at moving an unreadable config.json aside; throws while it still cannot be. */
  #retrySetAside(): void {
    if (configFileProblem(this.path) !== null) keepCopy(this.#dir, 'corrupt', moveTo(this.path));
    this.#unreadable = null;
  }
}
