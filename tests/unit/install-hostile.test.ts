// Hostile bundles, each refused with a clear reason and nothing written outside the bundle's
// folder: paths that leave it (zip-slip), a link out of it, a 2 GB member, a header that lies
// about a file's size, a manifest that does not validate, and user_config values that try to
// get into the command line. Bundles are written by tests/fixtures/bundles/zip.ts, byte by byte.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { checkEntries } from '../../src/main/install/bundle/entries.js';
import { filesystemManifest } from '../fixtures/bundles/pack.js';
import { SYMLINK_MODE, writeZip, type ZipItem } from '../fixtures/bundles/zip.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

const manifest = (options: Parameters<typeof filesystemManifest>[0] = {}): ZipItem => ({ name: 'manifest.json', data: JSON.stringify(filesystemManifest(options)) });
const server: ZipItem = { name: 'server/index.mjs', data: 'console.error("not run")' };

/** Every file and folder under `root`, relative, sorted. */
function tree(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();
}

describe('hostile bundles', () => {
  let parent: string;
  let dir: string;
  let core: Core;
  let values: { allowed_directories: string[] };

  beforeAll(async () => {
    parent = tempDir('hostile-');
    dir = path.join(parent, 'profile');
    fs.mkdirSync(dir);
    values = { allowed_directories: [parent] };
    core = await startCore({ userDataDir: dir, host: 'inspect', log: () => undefined });
  });
  afterAll(async () => {
    await core.close();
    removeTempDirs();
  });

  /** Opens and installs `zip`; returns the reason it was refused. Nothing may change outside bundles/, and bundles/ is left empty. */
  async function refused(zip: Buffer, given: Record<string, string | string[]> = values): Promise<string> {
    const outside = tree(parent).filter((entry) => !entry.startsWith(`profile${path.sep}bundles`));
    const error = await core.installs.bundles.open(zip, 'hostile.mcpb').then((preview) => core.installs.bundles.install(preview.stageId, given)).then(
      () => new Error('installed'),
      (e: unknown) => e as Error,
    );
    expect(tree(parent).filter((entry) => !entry.startsWith(`profile${path.sep}bundles`))).toEqual(outside);
    expect(tree(path.join(dir, 'bundles'))).toEqual([]);
    expect(core.store.config.mcp.servers).toEqual([]);
    return error.message;
  }

  it('zip-slip: a path with .., an absolute path, a drive letter', async () => {
    expect(await refused(writeZip([manifest(), server, { name: '../../escaped.txt', data: 'x' }]))).toBe('The bundle holds a file whose path leaves its folder ("../../escaped.txt"): it was refused.');
    expect(await refused(writeZip([manifest(), server, { name: 'server/../../escaped.txt', data: 'x' }]))).toBe('The bundle holds a file whose path leaves its folder ("server/../../escaped.txt"): it was refused.');
    expect(await refused(writeZip([manifest(), server, { name: `${parent}/escaped.txt`, data: 'x' }]))).toBe(`The bundle holds a file whose path leaves its folder ("${parent}/escaped.txt"): it was refused.`);
    expect(await refused(writeZip([manifest(), server, { name: 'C:\\Windows\\escaped.txt', data: 'x' }]))).toMatch(/^The bundle holds a file whose path leaves its folder \("C:/);
    expect(fs.existsSync(path.join(parent, 'escaped.txt'))).toBe(false);
  });

  it('a symbolic link out of the folder, and a file written through a link', async () => {
    expect(await refused(writeZip([manifest(), server, { name: 'server/out', data: '../../..', mode: SYMLINK_MODE }]))).toBe('The bundle holds a link "server/out" that points outside its folder ("../../.."): it was refused.');
    expect(await refused(writeZip([manifest(), server, { name: 'etc', data: '/etc', mode: SYMLINK_MODE }]))).toBe('The bundle holds a link "etc" that points outside its folder ("/etc"): it was refused.');
    expect(await refused(writeZip([manifest(), server, { name: 'up', data: 'server', mode: SYMLINK_MODE }, { name: 'up/x.txt', data: 'x' }]))).toBe('The bundle holds "up/x.txt" under "up", which is not a folder: it was refused.');
  });

  it('a member of 2 GB once unpacked is refused from the central directory, before anything is written', async () => {
    const zip = writeZip([manifest(), server, { name: 'server/huge.bin', data: Buffer.alloc(1024), declaredSize: 2 * 1024 * 1024 * 1024 }]);
    expect(zip.length).toBeLessThan(10_000);
    expect(await refused(zip)).toBe('The bundle holds a file of 2048 MB once unpacked ("server/huge.bin"); at most 512 MB per file are accepted.');
  });

  it('a header that lies about a size is caught while inflating, and what was unpacked is removed', async () => {
    // 64 MB of zeros deflate to 64 KB; the headers say 1,000 bytes.
    const zip = writeZip([manifest(), server, { name: 'server/bomb.bin', data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1_000 }]);
    expect(zip.length).toBeLessThan(200_000);
    expect(await refused(zip)).toBe('"server/bomb.bin" inflates to more than its declared 1000 bytes: the bundle was refused.');
  });

  it('too many files, and more than the total size, from the declared sizes alone', () => {
    const limits = { maxFileBytes: 1e9, maxEntries: 3, maxEntryBytes: 100, maxTotalBytes: 150, maxManifestBytes: 100 };
    const entry = (name: string, size = 10) => ({ name, uncompressedSize: size, mode: 0o100644, encrypted: false });
    expect(() => checkEntries([entry('a'), entry('b'), entry('c'), entry('d')], limits)).toThrow('The bundle holds 4 files; at most 3 are accepted.');
    expect(() => checkEntries([entry('a', 90), entry('b', 90)], limits)).toThrow('The bundle would take more than 150 bytes once unpacked: it was refused.');
    expect(() => checkEntries([entry('a'), entry('A')], limits)).toThrow('The bundle holds "A" twice: it was refused.');
  });

  it('a manifest that does not validate, or is missing, or is not JSON', async () => {
    const noAuthor = filesystemManifest();
    delete noAuthor.author;
    expect(await refused(writeZip([{ name: 'manifest.json', data: JSON.stringify(noAuthor) }, server]))).toBe("The bundle's manifest.json does not validate: author: Required.");
    expect(await refused(writeZip([{ name: 'manifest.json', data: JSON.stringify({ ...filesystemManifest(), manifest_version: '9.9' }) }, server]))).toBe('The bundle\'s manifest version "9.9" is not one the app knows (0.1, 0.2, 0.3, 0.4).');
    expect(await refused(writeZip([{ name: 'manifest.json', data: JSON.stringify({ ...filesystemManifest(), name: '../../x' }) }, server]))).toMatch(/^The bundle's name "\.\.\/\.\.\/x" cannot name a folder/);
    expect(await refused(writeZip([server]))).toBe('The bundle has no manifest.json at its top: it is not an MCP Bundle.');
    expect(await refused(writeZip([{ name: 'manifest.json', data: '{ nope' }, server]))).toMatch(/^The bundle's manifest\.json is not valid JSON/);
    expect(await refused(Buffer.from('not a zip at all'))).toMatch(/^The file is not a bundle the app can read \(not a valid zip/);
  });

  it('user_config that tries to get into the command line', async () => {
    // A reference to a setting the bundle does not declare.
    const undeclared = manifest({ mcpConfig: { command: 'node', args: ['${__dirname}/server/index.mjs', '${user_config.allowed_directories}', '--extra=${user_config.undeclared}'] } });
    expect(await refused(writeZip([undeclared, server]))).toBe("The bundle's argument refers to ${user_config.undeclared}, which its user_config does not declare: it cannot be installed.");
    // The command taken from a setting.
    const command = manifest({ mcpConfig: { command: '${user_config.note}', args: [] } });
    expect(await refused(writeZip([command, server]))).toBe('The bundle takes its command from a setting; the app runs only the command the bundle names.');
    // A sensitive setting on the command line.
    const secretArg = manifest({ mcpConfig: { command: 'node', args: ['${__dirname}/server/index.mjs', '--token', '${user_config.token}'] } });
    expect(await refused(writeZip([secretArg, server]), { ...values, token: 't' })).toBe('"Token" is secret, but the bundle puts it on the command line, where the app does not keep secrets: it cannot be installed.');
    // A number that is not one.
    const number = manifest({ userConfig: { port: { type: 'number', title: 'Port', description: 'p', min: 1, max: 65535 } }, mcpConfig: { command: 'node', args: ['${__dirname}/server/index.mjs', '--port', '${user_config.port}'] } });
    expect(await refused(writeZip([number, server]), { ...values, port: '80 --inspect=0.0.0.0' })).toBe('"Port" must be a number (got "80 --inspect=0.0.0.0").');
  });

  it('a value with spaces, quotes, $(…) and ${…} stays one argument, read once, never by a shell', async () => {
    const note = manifest({ mcpConfig: { command: 'node', args: ['${__dirname}/server/index.mjs', '--note=${user_config.note}', '${user_config.allowed_directories}'], env: { NOTE: '${user_config.note}' } } });
    const typed = 'a b; rm -rf ~ $(id) `id` "q" ${HOME} ${user_config.token} ${__dirname}';
    const preview = await core.installs.bundles.open(writeZip([note, server]), 'note.mcpb');
    const { server: added } = await core.installs.bundles.install(preview.stageId, { ...values, note: typed });
    expect(added.args).toEqual([path.join(dir, 'bundles/filesystem/2026.8.31/server/index.mjs'), `--note=${typed}`, parent]);
    expect(added.env).toEqual({ NOTE: typed });
    await core.installs.removeServer(added.uuid);
    expect(tree(path.join(dir, 'bundles'))).toEqual([]);
  });
});
