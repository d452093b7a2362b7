// The I/O edge of a bundle's zip (yauzl): the central directory read and checked by
// entries.ts, manifest.json read, and the files unpacked into a new folder. Sizes are
// counted while inflating too, so a header that lies about a file's size stops the unpacking at
// the declared size (yauzl's own check, and ours against the limit).
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { messageOf } from '../../../types/errors.js';
import type { BundleLimits, CheckedEntry } from './entries.js';
import { BUNDLE_LIMITS, BundleRefused, checkEntries, checkLinkTarget } from './entries.js';

export interface ReadBundle {
  entries: CheckedEntry[];
  manifestText: string;
  /** Files (not folders) and their declared bytes. */
  files: number;
  bytes: number;
}

function openZip(content: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error) reject(new BundleRefused(`The file is not a bundle the app can read (not a valid zip: ${error.message}).`));
      else resolve(zip);
    });
  });
}

/** Every entry of the central directory, in order; a name yauzl refuses (absolute, `..`) refuses the bundle. */
function listEntries(zip: ZipFile, limits: BundleLimits): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > limits.maxEntries) {
        zip.close();
        reject(new BundleRefused(`The bundle holds more than ${limits.maxEntries} files; at most ${limits.maxEntries} are accepted.`));
        return;
      }
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => reject(nameError(error)));
    zip.readEntry();
  });
}

/** yauzl's words for a path that leaves the folder, in the user's. */
function nameError(error: Error): BundleRefused {
  const found = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message);
  if (found) return new BundleRefused(`The bundle holds a file whose path leaves its folder ("${found[1]}"): it was refused.`);
  return new BundleRefused(`The bundle could not be read: ${error.message}.`);
}

function declared(entries: readonly Entry[]): Parameters<typeof checkEntries>[0] {
  return entries.map((entry) => ({
    name: entry.fileName,
    uncompressedSize: entry.uncompressedSize,
    // Made on Unix (3): the upper 16 bits are its mode; elsewhere there is no mode.
    mode: entry.versionMadeBy >> 8 === 3 ? entry.externalFileAttributes >>> 16 : 0,
    encrypted: entry.isEncrypted(),
  }));
}

const oversize = (name: string, limit: number): string => `"${name}" inflates to more than its declared ${limit} bytes: the bundle was refused.`;

/** A stream that fails once more than `limit` bytes passed, naming the file. */
function byteLimit(limit: number, name: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new BundleRefused(oversize(name, limit)));
      else done(null, chunk);
    },
  });
}

function readStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(new BundleRefused(`"${entry.fileName}" could not be read: ${error.message}.`)) : resolve(stream)));
  });
}

async function readText(zip: ZipFile, entry: Entry, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline(await readStream(zip, entry), byteLimit(Math.min(limit, entry.uncompressedSize), entry.fileName), collect);
  return Buffer.concat(chunks).toString('utf8');
}

/** The central directory checked, and manifest.json: nothing is written. */
export async function readBundle(content: Buffer, limits: BundleLimits = BUNDLE_LIMITS): Promise<ReadBundle> {
  const zip = await openZip(content);
  try {
    const raw = await listEntries(zip, limits);
    const entries = checkEntries(declared(raw), limits);
    const at = entries.findIndex((entry) => entry.path === 'manifest.json' && entry.kind === 'file');
    if (at === -1) throw new BundleRefused('The bundle has no manifest.json at its top: it is not an MCP Bundle.');
    if (entries[at]!.size > limits.maxManifestBytes) throw new BundleRefused(`The bundle's manifest.json is larger than ${limits.maxManifestBytes} bytes.`);
    const manifestText = await readText(zip, raw[at]!, limits.maxManifestBytes);
    const files = entries.filter((entry) => entry.kind !== 'directory');
    return { entries, manifestText, files: files.length, bytes: files.reduce((sum, entry) => sum + entry.size, 0) };
  } catch (error) {
    throw error instanceof BundleRefused ? error : nameError(error as Error);
  } finally {
    zip.close();
  }
}

/** The first `bytes` bytes of the file at `relative` (a checked path), or null when the bundle holds no such file. */
export async function readEntryHead(content: Buffer, relative: string, bytes: number, limits: BundleLimits = BUNDLE_LIMITS): Promise<Buffer | null> {
  const zip = await openZip(content);
  try {
    const raw = await listEntries(zip, limits);
    const entries = checkEntries(declared(raw), limits);
    const at = entries.findIndex((entry) => entry.path === relative && entry.kind === 'file');
    if (at === -1) return null;
    const stream = await readStream(zip, raw[at]!);
    return await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (): void => {
        stream.removeAllListeners('data');
        resolve(Buffer.concat(chunks).subarray(0, bytes));
      };
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= bytes) {
          done();
          (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
        }
      });
      stream.once('end', done);
      stream.once('error', (error: Error) => reject(new BundleRefused(`"${relative}" could not be read: ${error.message}.`)));
    });
  } finally {
    zip.close();
  }
}

/**
 * Unpacks the bundle into `dest`, which must not exist (it is created): files are written with
 * O_EXCL and O_NOFOLLOW, links last and only where they point inside. On any failure `dest` is
 * removed again and the error says why.
 */
export async function unpackBundle(content: Buffer, dest: string, limits: BundleLimits = BUNDLE_LIMITS): Promise<void> {
  fs.mkdirSync(dest, { recursive: false, mode: 0o755 });
  const root = fs.realpathSync(dest);
  const zip = await openZip(content);
  try {
    const raw = await listEntries(zip, limits);
    const entries = checkEntries(declared(raw), limits);
    let total = 0;
    const links: Array<{ path: string; target: string }> = [];
    for (const [i, entry] of entries.entries()) {
      const target = path.join(root, ...entry.path.split('/'));
      if (entry.kind === 'directory') {
        fs.mkdirSync(target, { recursive: true, mode: 0o755 });
        continue;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
      if (entry.kind === 'symlink') {
        links.push({ path: entry.path, target: await readText(zip, raw[i]!, 4096) });
        continue;
      }
      const limit = Math.min(entry.size, limits.maxEntryBytes, limits.maxTotalBytes - total);
      const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);
      const out = fs.createWriteStream('', { fd: fs.openSync(target, flags, entry.executable ? 0o755 : 0o644) });
      await pipeline(await readStream(zip, raw[i]!), byteLimit(limit, entry.path), out).catch((error: unknown) => {
        // yauzl's own count (validateEntrySizes) may see the lie first: the same reason, in words.
        if (error instanceof Error && /too many bytes in the stream/.test(error.message)) throw new BundleRefused(oversize(entry.path, limit));
        throw error;
      });
      total += entry.size;
    }
    for (const link of links) {
      checkLinkTarget(root, link.path, link.target);
      const at = path.join(root, ...link.path.split('/'));
      fs.symlinkSync(link.target, at);
      // The link as the file system resolves it (through other links too) stays inside.
      let real: string | null = null;
      try {
        real = fs.realpathSync(at);
      } catch {
        real = null;
      }
      if (real !== null && real !== root && !real.startsWith(root + path.sep)) throw new BundleRefused(`The bundle holds a link "${link.path}" that points outside its folder: it was refused.`);
    }
  } catch (error) {
    fs.rmSync(dest, { recursive: true, force: true });
    if (error instanceof BundleRefused) throw error;
    throw new BundleRefused(`The bundle could not be unpacked: ${messageOf(error)}.`);
  } finally {
    zip.close();
  }
}
