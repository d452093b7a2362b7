// One writer per user-data folder (docs/design.md §9): the browser host, `inspect` and the
// Electron host (besides Electron's own single-instance lock) take this lock before opening the
// settings. It is proper-lockfile's lock directory `profile.lock`, with the holder described in
// `profile.lock.json` beside it. A lock whose holder is dead (a kill -9) is taken over at once,
// without waiting for proper-lockfile's stale timeout; a live holder's lock never is.
//
// Every step that reads or changes the lock and its holder file runs under a short-lived gate
// lock, so two starts never both decide to take over the same dead lock, and no start ever sees
// a lock whose new holder has not written its file yet.
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { describeFsError, preparePrivateFolder, writePrivateFile } from './files.js';
import type { HostKind, LockHolder } from './holder.js';
import { addressWithoutKey, lockedMessage, parseHolder } from './holder.js';

export const LOCK_NAME = 'profile.lock';
export const HOLDER_FILE_NAME = 'profile.lock.json';
const GATE_NAME = 'profile.lock.gate';
const GATE_ATTEMPTS = 40;

/** A second start on a held profile: the message names the holder. */
export class ProfileLockedError extends Error {
  constructor(readonly holder: LockHolder | null, dir: string) {
    super(lockedMessage(dir, holder));
  }
}

export interface ProfileLock {
  /**
   * False when the folder could not be locked because it cannot be written (read-only, not
   * ours, a full disk): nothing can be saved there either, so there is nothing to protect.
   */
  readonly held: boolean;
  /** Why the lock is not held, when it is not. */
  readonly problem: string | null;
  /** Records the browser host's address (its key is stripped) for a second start's message. */
  setAddress(url: string): void;
  release(): Promise<void>;
}

export interface LockOptions {
  host: HostKind;
  /** Told when the lock is lost while held (the folder removed, the process stalled for long). */
  log?: (message: string) => void;
}

/** Folders this process holds: its own pid in a holder file means held only if listed here. */
const heldHere = new Set<string>();

/** Errors that mean "this folder cannot be written", not "someone else holds it". */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'ENOENT']);

function isAlive(pid: number, dir: string): boolean {
  if (pid === process.pid) return heldHere.has(dir);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The gate: held for milliseconds, so a busy gate is waited for (up to a few seconds); one left by
 * a kill goes stale after proper-lockfile's minimum of 2 s. Only "busy" is retried: any other
 * error (a folder that cannot be written) is final at once.
 */
async function takeGate(key: string, gatePath: string): Promise<() => Promise<void>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lockfile.lock(key, { realpath: false, lockfilePath: gatePath, stale: 2_000, onCompromised: () => undefined });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || attempt === GATE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

export async function lockProfile(userDataDir: string, options: LockOptions): Promise<ProfileLock> {
  const dir = path.resolve(userDataDir);
  const lockPath = path.join(dir, LOCK_NAME);
  const holderPath = path.join(dir, HOLDER_FILE_NAME);
  const log = options.log ?? ((message: string) => console.warn(message));
  const take = (): Promise<() => Promise<void>> =>
    lockfile.lock(dir, {
      realpath: false,
      lockfilePath: lockPath,
      onCompromised: (error) => log(`The lock on ${dir} was lost (${error.message}); another copy of the app may now start on it.`),
    });

  let releaseGate: () => Promise<void>;
  try {
    preparePrivateFolder(dir);
    releaseGate = await takeGate(lockPath, path.join(dir, GATE_NAME));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ELOCKED') throw new ProfileLockedError(null, dir);
    if (UNWRITABLE.has(code)) return unheld(`${dir} cannot be locked (${describeFsError(error)})`);
    throw error;
  }

  try {
    let release: () => Promise<void>;
    try {
      release = await take();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const holder = parseHolder(readText(holderPath));
      if (!holder || isAlive(holder.pid, dir)) throw new ProfileLockedError(holder, dir);
      // Its holder is gone (killed, crashed): the lock is taken over now, not when it goes stale.
      fs.rmSync(lockPath, { recursive: true, force: true });
      release = await take().catch((again: unknown) => {
        throw (again as NodeJS.ErrnoException).code === 'ELOCKED' ? new ProfileLockedError(null, dir) : again;
      });
    }
    heldHere.add(dir);
    const holder: LockHolder = { pid: process.pid, host: options.host, since: new Date().toISOString() };
    const describe = (): void => {
      try {
        writePrivateFile(holderPath, `${JSON.stringify(holder)}\n`);
      } catch {
        // Still held (a full disk, say): a second start is told only that the profile is in use,
        // and the settings' own writes report the problem.
      }
    };
    describe();
    return held(dir, holderPath, holder, release, describe);
  } finally {
    await releaseGate();
  }
}

function held(dir: string, holderPath: string, holder: LockHolder, releaseLock: () => Promise<void>, describe: () => void): ProfileLock {
  let released = false;
  return {
    held: true,
    problem: null,
    setAddress(url) {
      if (released) return;
      holder.address = addressWithoutKey(url);
      describe();
    },
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(dir);
      await releaseLock().catch(() => undefined);
      // After the lock: a lock directory is never left without its holder file. A new holder may
      // have written its own file meanwhile; only ours is removed.
      try {
        if (parseHolder(readText(holderPath))?.pid === process.pid) fs.rmSync(holderPath, { force: true });
      } catch {
        // Left behind: a holder file without its lock directory names no holder.
      }
    },
  };
}

function unheld(problem: string): ProfileLock {
  return { held: false, problem, setAddress: () => undefined, release: async () => undefined };
}
