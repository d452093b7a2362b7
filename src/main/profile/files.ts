// The user-data folder's files on disk: private modes on POSIX (files 0600, the folder 0700),
// temp files a crash left behind, and file-system errors described in words a user can act on.
import { randomBytes } from 'node:crypto';
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
 * rename it over config.json; `writePrivateFile` writes every other file of the profile the same
 * way (the lock's holder, secrets.json, the copies of config.json). secrets.json's and a copy's
 * matter most: a crash mid-write must not leave a second plain copy of a secret.
 */
const LEFTOVER_TEMP_FILE = /^(?:config(?:\.[^/]+)?\.json|profile\.lock\.json|secrets\.json)\.tmp-/;

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

export interface PrivateWrite {
  /** `file` must not exist yet: the write fails with EEXIST instead of replacing it. */
  create?: boolean;
}

/**
 * Writes `data` to `file` atomically, readable by its owner only: a temp file beside it is created
 * 0600 before any byte is written (so no one else ever reads it), then renamed to `file`, so a
 * crash leaves the old file or the new one, never half of one. With `create`, an existing `file`
 * fails the write (EEXIST): the caller holds the folder's lock, so no one creates it in between.
 */
export function writePrivateFile(file: string, data: string | Buffer, options: PrivateWrite = {}): void {
  // Named like every temp file of the profile, so that one a crash leaves is removed at the next start.
  const temp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    fs.writeFileSync(temp, data, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    if (options.create && fs.existsSync(file)) throw Object.assign(new Error(`${file} exists`), { code: 'EEXIST' });
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
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
