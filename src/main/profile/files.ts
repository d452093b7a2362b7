// The user-data folder's files on disk: private modes on POSIX (files 0600, the folder 0700),
// temp files a crash left behind, and file-system errors described in words a user can act on.
import fs from 'node:fs';
import path from 'node:path';
import { messageOf } from '../../types/errors.js';

export const CONFIG_FILE_NAME = 'config.json';
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

const POSIX = process.platform !== 'win32';
const GROUP_OR_OTHER = 0o077;

/**
 * Temp files of an interrupted atomic write: conf/atomically write `config.json.tmp-<id>` and
 * rename it over config.json; the lock's holder file is written the same way.
 */
// secrets.json's: a crash mid-write must not leave a second plain copy of the fallback store.
const LEFTOVER_TEMP_FILE = /^(?:config\.json|profile\.lock\.json|secrets\.json)\.tmp-/;

/** Files whose presence says a folder is an app profile. */
const PROFILE_MARKERS = [CONFIG_FILE_NAME, 'profile.lock', 'profile.lock.json'];

/**
 * Creates the user-data folder 0700 when missing. An existing folder open to others is tightened
 * only when it looks like the app's own (empty, or holding config.json or the profile's lock): a
 * `--user-data` pointing at a shared folder must not have that folder's mode changed under the
 * user. Throws when the folder cannot be created.
 */
export function preparePrivateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!POSIX) return;
  try {
    if ((fs.statSync(dir).mode & GROUP_OR_OTHER) === 0) return;
    const entries = fs.readdirSync(dir);
    if (entries.length === 0 || PROFILE_MARKERS.some((name) => entries.includes(name))) fs.chmodSync(dir, PRIVATE_FOLDER_MODE);
  } catch {
    // Another owner's folder, or a read-only one: the files in it are still 0600.
  }
}

/**
 * Makes an existing regular file 0600 when others may read it (written by an older version, or
 * by hand). Anything else (a folder where config.json should be) is left as it is.
 */
export function tightenFile(file: string): void {
  if (!POSIX) return;
  try {
    const stat = fs.lstatSync(file);
    if (stat.isFile() && (stat.mode & GROUP_OR_OTHER) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch {
    // Missing, or not ours: nothing to tighten.
  }
}

/** Creates `file` (never overwriting one) with `data`, readable by its owner only. */
export function writePrivateFile(file: string, data: string | Buffer): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
}

/** Removes the temp files of writes a crash interrupted. Only the holder of the folder's lock may. */
export function removeLeftoverTempFiles(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => LEFTOVER_TEMP_FILE.test(name));
  } catch {
    return [];
  }
  return names.filter((name) => {
    try {
      fs.rmSync(path.join(dir, name), { force: true });
      return true;
    } catch {
      return false;
    }
  });
}

const FS_ERROR_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of its path is not a folder',
  ENOENT: 'its folder does not exist',
  EMFILE: 'too many files are open',
  EBUSY: 'it is in use',
};

/** A file-system error as a short reason: "permission denied", "the disk is full". */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && Object.hasOwn(FS_ERROR_REASONS, code)) return FS_ERROR_REASONS[code]!;
  return messageOf(error);
}
