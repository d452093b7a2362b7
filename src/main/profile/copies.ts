// Side copies of config.json kept in the user-data folder: the file as it was before a repair, a
// file that could not be read, the settings before the upgrade migration. Each is 0600, named by
// time so names sort by age, and each kind keeps only its newest few.
import fs from 'node:fs';
import path from 'node:path';
import { tightenFile, writePrivateFile } from './files.js';

export const COPY_KINDS = ['corrupt', 'before-repair', 'pre-migration'] as const;
export type CopyKind = (typeof COPY_KINDS)[number];

/** How many copies of each kind are kept; older ones are deleted when a new one is made. */
export const KEEP_COPIES_PER_KIND = 5;

const COPY_NAME = /^config\.(corrupt|before-repair|pre-migration)-(.+?Z)(?:-(\d+))?\.json$/;

/** A file-name-safe timestamp, so side copies sort by time. */
export function fileStamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function copyName(kind: CopyKind, stamp: string, n: number): string {
  return `config.${kind}-${stamp}${n > 1 ? `-${n}` : ''}.json`;
}

/**
 * Pure: the names among `names` (a folder listing) to delete so that each kind keeps only its
 * newest `keep` copies. Other files are never listed.
 */
export function surplusCopies(names: readonly string[], keep = KEEP_COPIES_PER_KIND): string[] {
  const byKind = new Map<string, Array<{ name: string; stamp: string; n: number }>>();
  for (const name of names) {
    const match = COPY_NAME.exec(name);
    if (!match) continue;
    const list = byKind.get(match[1]!) ?? [];
    list.push({ name, stamp: match[2]!, n: Number(match[3] ?? 1) });
    byKind.set(match[1]!, list);
  }
  return [...byKind.values()].flatMap((list) =>
    list
      .sort((a, b) => (a.stamp === b.stamp ? b.n - a.n : a.stamp < b.stamp ? 1 : -1))
      .slice(keep)
      .map((copy) => copy.name),
  );
}

/**
 * Makes a new copy of `kind` in `dir` with `create(target)` (which must create `target` and fail
 * if it exists), makes it 0600, then deletes the kind's older copies beyond the newest few.
 * Returns the copy's path. Throws, leaving no partial copy to count, when `create` fails.
 */
export function keepCopy(dir: string, kind: CopyKind, create: (target: string) => void, now = new Date()): string {
  const stamp = fileStamp(now);
  for (let n = 1; ; n++) {
    const target = path.join(dir, copyName(kind, stamp, n));
    try {
      create(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    tightenFile(target);
    pruneCopies(dir);
    return target;
  }
}

/** A copy of `source` (config.json as it is now): its bytes, or the text `rewrite` gives from its text. */
export function copyBytesOf(source: string, rewrite?: (text: string) => string): (target: string) => void {
  return (target) => {
    const bytes = fs.readFileSync(source);
    writePrivateFile(target, rewrite ? rewrite(bytes.toString('utf8')) : bytes, { create: true });
  };
}

/** Deletes copies beyond the newest few of each kind; a copy that cannot be deleted stays. */
export function pruneCopies(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of surplusCopies(names)) {
    try {
      fs.rmSync(path.join(dir, name), { force: true });
    } catch {
      // Kept: one copy too many is better than a failed start.
    }
  }
}

/** Moves `source` to `target` unless `target` exists (the caller holds the folder's lock). */
export function moveTo(source: string): (target: string) => void {
  return (target) => {
    if (fs.existsSync(target)) throw Object.assign(new Error(`${target} exists`), { code: 'EEXIST' });
    fs.renameSync(source, target);
  };
}
