// The profile's `bundles/` folder: where bundles are unpacked (`bundles/<name>/<version>/`), the
// values their settings were given (`bundles/<name>/user-config.json`: plain values, and for
// secrets only the environment variable that holds each), and their removal. Every path is
// checked to stay inside `bundles/`, whatever a hand-edited config says.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_FOLDER_PATTERN } from '../../../types/config.js';
import { isRecord } from '../../../types/json.js';
import { writePrivateFile } from '../../profile/files.js';

export const BUNDLES_DIR = 'bundles';
const VALUES_FILE = 'user-config.json';

/** What an install was given, for the next update of the same bundle. */
export interface SavedBundleValues {
  values: Record<string, string | string[]>;
  /** Secret settings: the environment variable that holds each (the value is in the secret store). */
  secrets: Record<string, string>;
}

export class BundleFolders {
  readonly root: string;

  constructor(userDataDir: string) {
    this.root = path.join(userDataDir, BUNDLES_DIR);
  }

  /** The absolute folder of `bundles/<name>/<version>`; throws for anything else. */
  folder(relative: string): string {
    if (!BUNDLE_FOLDER_PATTERN.test(relative)) throw new Error(`"${relative}" is not a bundle folder.`);
    const [, name, version] = relative.split('/');
    return path.join(this.root, name!, version!);
  }

  /** The absolute folder of all versions of bundle `name` (`bundles/<name>`). */
  nameFolder(name: string): string {
    return path.dirname(this.folder(`${BUNDLES_DIR}/${name}/0`));
  }

  /** A new, empty folder inside `bundles/` to unpack into before it is moved in place. */
  stagingFolder(): string {
    fs.mkdirSync(this.root, { recursive: true, mode: 0o755 });
    return path.join(this.root, `.staging-${randomBytes(6).toString('hex')}`);
  }

  /** Moves an unpacked folder to `relative`, replacing what is there (the same version again). */
  moveInto(staged: string, relative: string): void {
    const target = this.folder(relative);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    let old: string | null = null;
    if (fs.existsSync(target)) {
      old = path.join(this.root, `.old-${randomBytes(6).toString('hex')}`);
      fs.renameSync(target, old);
    }
    try {
      fs.renameSync(staged, target);
    } catch (error) {
      if (old) fs.renameSync(old, target);
      throw error;
    }
    if (old) fs.rmSync(old, { recursive: true, force: true });
  }

  /** Removes `bundles/<name>/<version>`, and `bundles/<name>` once no version is left in it. */
  remove(relative: string): void {
    const target = this.folder(relative);
    fs.rmSync(target, { recursive: true, force: true });
    const parent = path.dirname(target);
    const left = fs.existsSync(parent) ? fs.readdirSync(parent).filter((entry) => entry !== VALUES_FILE) : [];
    if (left.length === 0) fs.rmSync(parent, { recursive: true, force: true });
  }

  /** Folders left by an install that stopped half-way (a crash): removed at the next install. */
  removeLeftovers(): void {
    if (!fs.existsSync(this.root)) return;
    for (const entry of fs.readdirSync(this.root)) {
      if (entry.startsWith('.staging-') || entry.startsWith('.old-')) fs.rmSync(path.join(this.root, entry), { recursive: true, force: true });
    }
  }

  readValues(name: string): SavedBundleValues {
    const empty: SavedBundleValues = { values: {}, secrets: {} };
    try {
      const data: unknown = JSON.parse(fs.readFileSync(path.join(this.nameFolder(name), VALUES_FILE), 'utf8'));
      if (!isRecord(data) || !isRecord(data.values) || !isRecord(data.secrets)) return empty;
      const values = Object.fromEntries(Object.entries(data.values).filter((entry): entry is [string, string | string[]] => typeof entry[1] === 'string' || (Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'string'))));
      const secrets = Object.fromEntries(Object.entries(data.secrets).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      return { values, secrets };
    } catch {
      return empty;
    }
  }

  writeValues(name: string, saved: SavedBundleValues): void {
    writePrivateFile(path.join(this.nameFolder(name), VALUES_FILE), `${JSON.stringify(saved, null, 2)}\n`);
  }
}
