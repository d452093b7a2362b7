// The Electron runtime for `npm start`. The `electron` package (45) ships no runtime and runs no
// install script: the runtime is downloaded from GitHub on first use. Here that download is done
// once, up front, with its progress shown: @electron/get (electron's own downloader) fetches the
// zip into its cache, checked against the package's checksums.json, then the package's own
// install script (`install-electron`) unpacks it from the cache and records where the binary is.
// Nothing here imports `electron`: its files are read, and its scripts run in a child process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { messageOf } from '../../types/errors.js';

/** A download that sends nothing for this long is given up. */
export const DOWNLOAD_STALL_MS = 60_000;

export interface ElectronPackage {
  dir: string;
  version: string;
}

/** The installed `electron` package, or null. */
export function electronPackage(from: string = import.meta.url): ElectronPackage | null {
  try {
    const file = createRequire(from).resolve('electron/package.json');
    const { version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string };
    return { dir: path.dirname(file), version };
  } catch {
    return null;
  }
}

/**
 * The runtime's binary, or null when it is not there. Read from the package's files rather than
 * by requiring it: `require('electron')` downloads a missing runtime on the spot, with a stack
 * trace where that fails.
 */
export function electronBinary(pkg: ElectronPackage, env: NodeJS.ProcessEnv = process.env): string | null {
  const pathFile = path.join(pkg.dir, 'path.txt');
  const relative = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : '';
  const binary = path.join(env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(pkg.dir, 'dist'), relative || 'electron');
  return relative && fs.existsSync(binary) ? binary : null;
}

export interface DownloadProgress {
  transferred: number;
  total: number | null;
}

/** What @electron/get is called with (its types are not ours to import: it is electron's dependency). */
interface ElectronGet {
  downloadArtifact(details: {
    version: string;
    artifactName: string;
    platform: string;
    arch: string;
    checksums?: Record<string, string>;
    cacheRoot?: string;
    mirrorOptions?: { mirror?: string };
    downloadOptions?: { quiet?: boolean; signal?: AbortSignal; getProgressCallback?: (progress: DownloadProgress) => Promise<void> };
  }): Promise<string>;
}

/** The platform and architecture to download for, as electron's install script picks them. */
function target(env: NodeJS.ProcessEnv): { platform: string; arch: string } {
  return {
    platform: env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
    arch: env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
  };
}

/** An error in one line a user can act on: the cause's code and message, no stack. */
export function oneLine(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const text = cause && !messageOf(error).includes(cause.message) ? `${messageOf(error)}: ${cause.message}` : messageOf(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

function runInstallScript(pkg: ElectronPackage, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(pkg.dir, 'install.js')], { cwd: pkg.dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) return resolve();
      // Its first line is the error's message; the rest is a stack.
      const first = stderr.split('\n').find((line) => line.trim() !== '') ?? `exit code ${code}`;
      reject(new Error(`unpacking the runtime failed (${first.trim()})`));
    });
  });
}

/**
 * Downloads and unpacks the runtime of `pkg`; resolves with the binary, rejects with a one-line
 * reason. `env` carries electron's own settings (ELECTRON_MIRROR, electron_config_cache, …).
 */
export async function downloadElectron(pkg: ElectronPackage, onProgress: (progress: DownloadProgress) => void, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { platform, arch } = target(env);
  const require = createRequire(path.join(pkg.dir, 'package.json'));
  const get = (await import(pathToFileURL(require.resolve('@electron/get')).href)) as ElectronGet;
  const checksums = JSON.parse(fs.readFileSync(path.join(pkg.dir, 'checksums.json'), 'utf8')) as Record<string, string>;
  const stall = new AbortController();
  let timer = setTimeout(() => stall.abort(new Error(`no data for ${DOWNLOAD_STALL_MS / 1000} s`)), DOWNLOAD_STALL_MS);
  try {
    await get.downloadArtifact({
      version: pkg.version,
      artifactName: 'electron',
      platform,
      arch,
      checksums,
      ...(env.electron_config_cache ? { cacheRoot: env.electron_config_cache } : {}),
      ...(env.ELECTRON_MIRROR ? { mirrorOptions: { mirror: env.ELECTRON_MIRROR } } : {}),
      downloadOptions: {
        quiet: true,
        signal: stall.signal,
        getProgressCallback: async (progress) => {
          clearTimeout(timer);
          timer = setTimeout(() => stall.abort(new Error(`no data for ${DOWNLOAD_STALL_MS / 1000} s`)), DOWNLOAD_STALL_MS);
          onProgress(progress);
        },
      },
    });
  } catch (error) {
    throw new Error(oneLine(stall.signal.aborted ? stall.signal.reason : error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
  // The zip is in the cache now: the install script unpacks it from there, downloading nothing.
  await runInstallScript(pkg, { ...env, ELECTRON_INSTALL_PLATFORM: platform, ELECTRON_INSTALL_ARCH: arch });
  const binary = electronBinary(pkg, env);
  if (!binary) throw new Error('the runtime was unpacked, but its binary is not where the package says');
  return binary;
}
