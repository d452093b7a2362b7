// `npm start`'s download of the Electron runtime, for real against a local mirror (the machines
// here cannot reach GitHub): electron's own downloader fetches the zip (progress reported,
// checked against the package's checksums), electron's own install script unpacks it, and the
// binary runs. The package is a copy in a temp folder, so the repo's node_modules stay as they
// are. A mirror that fails gives a one-line reason.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadProgress, ElectronPackage } from '../../src/main/hosts/electron-runtime.js';
import { downloadElectron, electronBinary, electronPackage } from '../../src/main/hosts/electron-runtime.js';
import { REPO_ROOT } from '../fixtures/entry.js';
import { writeZip } from '../fixtures/bundles/zip.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

const real = electronPackage()!;
const zipName = `electron-v${real.version}-${process.platform}-${process.arch}.zip`;
const runtime = writeZip([
  { name: 'electron', data: '#!/bin/sh\necho "fake electron $@"\n', mode: 0o100755 },
  { name: 'version', data: real.version },
]);

/** A copy of the electron package whose checksums.json knows `zip`, with its dependencies linked. */
function packageCopy(zip: Buffer): ElectronPackage {
  const root = tempDir('electron-pkg-');
  const dir = path.join(root, 'node_modules', 'electron');
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['package.json', 'install.js', 'index.js', 'cli.js']) fs.copyFileSync(path.join(real.dir, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, 'checksums.json'), JSON.stringify({ [zipName]: createHash('sha256').update(zip).digest('hex') }));
  for (const scope of ['@electron', '@electron-internal']) fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', scope), path.join(root, 'node_modules', scope));
  return { dir, version: real.version };
}

describe('downloading the Electron runtime', () => {
  let mirror: Server;
  let url: string;
  const served: string[] = [];
  let reply: (file: string) => { status: number; body: Buffer } = () => ({ status: 200, body: runtime });

  beforeAll(async () => {
    mirror = createServer((req, res) => {
      served.push(req.url ?? '');
      const { status, body } = req.url === `/v${real.version}/${zipName}` ? reply(zipName) : { status: 404, body: Buffer.from('Not Found') };
      res.writeHead(status, { 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => mirror.close(resolve));
    removeTempDirs();
  });

  it('downloads with progress, unpacks with the package\'s install script, and the binary runs; the next start finds it', async () => {
    const pkg = packageCopy(runtime);
    expect(electronBinary(pkg)).toBeNull();
    const progress: DownloadProgress[] = [];
    const env = { ...process.env, ELECTRON_MIRROR: url, electron_config_cache: tempDir('electron-cache-') };
    const binary = await downloadElectron(pkg, (p) => progress.push(p), env);
    expect(binary).toBe(path.join(pkg.dir, 'dist', 'electron'));
    expect(progress.at(-1)).toEqual({ transferred: runtime.length, total: runtime.length, percent: 1 });
    expect(served).toEqual([`/v${real.version}/${zipName}`]);
    expect(execFileSync(binary, ['--version'], { encoding: 'utf8' })).toBe('fake electron --version\n');
    expect(electronBinary(pkg)).toBe(binary);
  });

  it('a mirror that fails, or a zip that does not match its checksum, gives a one-line reason and no binary', async () => {
    const env = { ...process.env, ELECTRON_MIRROR: url, electron_config_cache: tempDir('electron-cache-') };
    reply = () => ({ status: 404, body: Buffer.from('Not Found') });
    const missing = packageCopy(runtime);
    await expect(downloadElectron(missing, () => undefined, env)).rejects.toThrow(`Response code 404 (Not Found) for ${url}v${real.version}/${zipName}`);
    expect(electronBinary(missing)).toBeNull();
    reply = () => ({ status: 200, body: Buffer.concat([runtime, Buffer.from('x')]) });
    const tampered = packageCopy(runtime);
    const error = await downloadElectron(tampered, () => undefined, env).then(() => new Error('downloaded'), (e: unknown) => e as Error);
    expect(error.message).toMatch(/checksum/i);
    expect(error.message).not.toContain('\n');
    expect(electronBinary(tampered)).toBeNull();
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    await expect(downloadElectron(packageCopy(runtime), () => undefined, { ...env, ELECTRON_MIRROR: `http://127.0.0.1:${port}/` })).rejects.toThrow(new Error(`fetch failed: connect ECONNREFUSED 127.0.0.1:${port}`));
  });
});
