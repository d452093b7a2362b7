// The rules a bundle's file list must meet before anything is unpacked, pure: every path stays
// inside the bundle's folder (no `..`, no absolute path, no drive letter), no two entries land
// on the same file, symbolic links point inside, and the counts and sizes the central directory
// declares stay within the limits. Sizes are checked again while inflating (archive.ts).
import path from 'node:path';

export interface BundleLimits {
  /** The .mcpb file itself. */
  maxFileBytes: number;
  /** Files (and links) in the bundle. */
  maxEntries: number;
  /** One file once unpacked. */
  maxEntryBytes: number;
  /** All files once unpacked. */
  maxTotalBytes: number;
  /** manifest.json. */
  maxManifestBytes: number;
}

export const BUNDLE_LIMITS: BundleLimits = {
  maxFileBytes: 256 * 1024 * 1024,
  maxEntries: 20_000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxManifestBytes: 1024 * 1024,
};

/** One entry as the central directory declares it. */
export interface DeclaredEntry {
  name: string;
  uncompressedSize: number;
  /** The Unix mode in the upper 16 bits of the external attributes, when made on Unix. */
  mode: number;
  encrypted: boolean;
}

export type EntryKind = 'file' | 'directory' | 'symlink';

export interface CheckedEntry {
  /** Relative, `/`-separated, without `.` segments. */
  path: string;
  kind: EntryKind;
  size: number;
  executable: boolean;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

export class BundleRefused extends Error {}

const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB` : `${bytes} bytes`);

/** An entry's name as a path inside the bundle, or why it cannot be one. */
export function entryPath(name: string): string {
  if (name.includes('\u0000')) throw new BundleRefused(`The bundle holds a file name with a NUL character: it was refused.`);
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) throw new BundleRefused(`The bundle holds a file with an absolute path ("${name}"), which would be written outside its folder: it was refused.`);
  const parts = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new BundleRefused(`The bundle holds a file whose path leaves its folder ("${name}"): it was refused.`);
  if (parts.length === 0) throw new BundleRefused(`The bundle holds an entry with an empty name: it was refused.`);
  if (parts.some((part) => part.length > 255) || slashed.length > 4096) throw new BundleRefused(`The bundle holds a file name that is too long ("${name.slice(0, 80)}…"): it was refused.`);
  return parts.join('/');
}

/**
 * The entries to unpack, checked: throws BundleRefused with a reason for the user when one path
 * would leave the folder, two entries collide, or the declared sizes or count are over the limits.
 */
export function checkEntries(declared: readonly DeclaredEntry[], limits: BundleLimits = BUNDLE_LIMITS): CheckedEntry[] {
  if (declared.length > limits.maxEntries) throw new BundleRefused(`The bundle holds ${declared.length} files; at most ${limits.maxEntries} are accepted.`);
  const seen = new Map<string, string>();
  let total = 0;
  const checked = declared.map((entry): CheckedEntry => {
    if (entry.encrypted) throw new BundleRefused(`The bundle holds an encrypted file ("${entry.name}"), which the app cannot unpack.`);
    const relative = entryPath(entry.name);
    const type = entry.mode & S_IFMT;
    const kind: EntryKind = type === S_IFLNK ? 'symlink' : type === S_IFDIR || entry.name.endsWith('/') ? 'directory' : 'file';
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      throw new BundleRefused(`The bundle holds a file of ${sizeText(entry.uncompressedSize)} once unpacked ("${relative}"); at most ${sizeText(limits.maxEntryBytes)} per file are accepted.`);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) throw new BundleRefused(`The bundle would take more than ${sizeText(limits.maxTotalBytes)} once unpacked: it was refused.`);
    // Case folded: on macOS and Windows, `A` and `a` are one file.
    const key = relative.toLowerCase();
    if (seen.has(key) && !(kind === 'directory' && seen.get(key) === 'directory')) throw new BundleRefused(`The bundle holds "${relative}" twice: it was refused.`);
    seen.set(key, kind);
    return { path: relative, kind, size: entry.uncompressedSize, executable: kind === 'file' && (entry.mode & 0o111) !== 0 };
  });
  // A file or link under a path that is itself a file or a link would be written through it.
  for (const entry of checked) {
    const parts = entry.path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const parent = seen.get(parts.slice(0, i).join('/').toLowerCase());
      if (parent !== undefined && parent !== 'directory') throw new BundleRefused(`The bundle holds "${entry.path}" under "${parts.slice(0, i).join('/')}", which is not a folder: it was refused.`);
    }
  }
  return checked;
}

/**
 * A symbolic link's target, checked to stay inside the bundle's folder (`root`); throws
 * BundleRefused when it would point out of it.
 */
export function checkLinkTarget(root: string, linkPath: string, target: string): void {
  const resolvedRoot = path.resolve(root);
  const resolved = path.resolve(path.dirname(path.join(resolvedRoot, linkPath)), target);
  const inside = resolved === resolvedRoot || resolved.startsWith(resolvedRoot + path.sep);
  if (!inside || path.isAbsolute(target) || target.includes('\u0000')) {
    throw new BundleRefused(`The bundle holds a link "${linkPath}" that points outside its folder ("${target}"): it was refused.`);
  }
}
