// The config store: `config.json` in the user-data folder, written atomically by conf (the
// engine of electron-store; the Electron host passes an electron-store instance, headless hosts
// use conf directly on the same file). The config is read once and kept in memory: conf's own
// `store` getter re-reads the file on every access, which lookups must never do.
import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import type { AppConfig } from '../types/config.js';
import type { NoticeKind } from '../types/ipc.js';
import { isRecord } from '../types/json.js';
import { repairConfig } from './config-repair.js';

export const CONFIG_FILE_NAME = 'config.json';

/** The part of conf / electron-store the store uses. */
export interface ConfigBackend {
  readonly path: string;
  store: Record<string, unknown>;
}

export type BackendFactory = (options: { cwd: string; configName: string }) => ConfigBackend;

export interface StoreNotice {
  kind: Exclude<NoticeKind, 'migration'>;
  message: string;
  /** Where the file as it was before is kept. */
  backupPath?: string;
  details?: string[];
}

export interface ConfigStoreOptions {
  /** The user-data folder; created when missing. */
  userDataDir: string;
  /** Defaults to conf on `<userDataDir>/config.json`; the Electron host passes electron-store. */
  backend?: BackendFactory;
}

const confBackend: BackendFactory = ({ cwd, configName }) =>
  new Conf<Record<string, unknown>>({ cwd, configName, projectName: 'mcp-tool-names' });

/** A file-name-safe timestamp, so side copies sort by time. */
export function fileStamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Why a config file cannot be read as settings ("it is not valid JSON (…)", "it does not hold a
 * settings object"), or null when it can, or does not exist. The store moves such a file aside;
 * `inspect` refuses it.
 */
export function configFileProblem(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? null : 'it does not hold a settings object';
  } catch (error) {
    return `it is not valid JSON (${(error as Error).message})`;
  }
}

/** A config that does not parse as a JSON object is moved aside, never wiped. */
function moveAsideIfCorrupt(file: string): StoreNotice | null {
  const reason = configFileProblem(file);
  if (!reason) return null;
  const backupPath = path.join(path.dirname(file), `config.corrupt-${fileStamp()}.json`);
  fs.renameSync(file, backupPath);
  return {
    kind: 'corrupt',
    message: `Your settings file could not be read because ${reason}. It was moved to ${backupPath} and the app started with default settings.`,
    backupPath,
  };
}

export class ConfigStore {
  readonly path: string;
  readonly notices: StoreNotice[] = [];
  #backend: ConfigBackend;
  #config: AppConfig;

  private constructor(backend: ConfigBackend, config: AppConfig) {
    this.#backend = backend;
    this.path = backend.path;
    this.#config = config;
  }

  static open(options: ConfigStoreOptions): ConfigStore {
    fs.mkdirSync(options.userDataDir, { recursive: true });
    const file = path.join(options.userDataDir, CONFIG_FILE_NAME);
    const corrupt = moveAsideIfCorrupt(file);
    const backend = (options.backend ?? confBackend)({ cwd: options.userDataDir, configName: 'config' });
    const { config, warnings } = repairConfig(backend.store);
    const store = new ConfigStore(backend, config);
    if (corrupt) store.notices.push(corrupt);
    if (warnings.length > 0) {
      const backupPath = store.backup('before-repair');
      store.#write(config);
      store.notices.push({
        kind: 'repaired',
        message: `Your settings file had ${warnings.length} problem(s) that were repaired. The file as it was is kept at ${backupPath}.`,
        backupPath,
        details: warnings,
      });
    }
    return store;
  }

  /** The config in memory. Treat as read-only: change it through `update`. */
  get config(): Readonly<AppConfig> {
    return this.#config;
  }

  /**
   * Computes the next config from a copy and writes it once. If `change` throws, nothing is
   * written and the config in memory is unchanged.
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

  /** Copies config.json to `config.<label>-<timestamp>.json` beside it; returns that path. */
  backup(label: string): string {
    const target = path.join(path.dirname(this.path), `config.${label}-${fileStamp()}.json`);
    if (fs.existsSync(this.path)) fs.copyFileSync(this.path, target);
    else fs.writeFileSync(target, `${JSON.stringify(this.#backend.store, null, '\t')}\n`);
    return target;
  }

  #write(next: AppConfig): void {
    this.#backend.store = next as Record<string, unknown>;
    this.#config = next;
  }
}
