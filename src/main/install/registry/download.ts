// The I/O edge that fetches a registry's `mcpb` package: https only (redirects too), a size
// limit checked against the declared length and while reading, a deadline, and the file's SHA-256
// compared with the entry's `fileSha256` before anyone unpacks it (the registry's schema: a
// client MUST check it before running the package). The file stays in memory: nothing is written.
import { createHash } from 'node:crypto';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import tls from 'node:tls';
import { messageOf } from '../../../types/errors.js';

/** How long one download may take, and how long it may stay silent. */
export const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const IDLE_TIMEOUT_MS = 60_000;
const MAX_REDIRECTS = 5;

export interface DownloadOptions {
  /** The most bytes accepted (the bundle size limit). */
  maxBytes: number;
  /**
   * Certificates (PEM) trusted for this download besides Node's own roots. Only the tests set it
   * (a local https server with a certificate they made); the app never does, and TLS checks are
   * never turned off. Unset, Node's roots apply (with NODE_EXTRA_CA_CERTS, Node's own setting).
   */
  trustedCertificates?: readonly string[];
  timeoutMs?: number;
}

export class DownloadError extends Error {}

const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`);

/** The https URL `text` names, or why it cannot be fetched. */
export function httpsUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DownloadError(`${JSON.stringify(text)} is not an address.`);
  }
  if (url.protocol !== 'https:') throw new DownloadError(`The bundle's address ${url.href} is not https: the app downloads bundles only over https.`);
  return url;
}

function get(url: URL, options: DownloadOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const ca = options.trustedCertificates?.length ? [...tls.rootCertificates, ...options.trustedCertificates] : undefined;
  return new Promise((resolve, reject) => {
    const request = https.get(url, { signal, ...(ca ? { ca } : {}), headers: { accept: 'application/octet-stream, */*' } }, resolve);
    request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(new Error(`no data for ${IDLE_TIMEOUT_MS / 1000} s`)));
    request.once('error', reject);
  });
}

/** The body, counted against the limit and hashed while it arrives. */
function readBody(response: IncomingMessage, url: URL, maxBytes: number): Promise<{ content: Buffer; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new DownloadError(`The bundle at ${url.href} is larger than ${sizeText(maxBytes)}, the most the app accepts: it was not downloaded.`));
        return;
      }
      hash.update(chunk);
      chunks.push(chunk);
    });
    response.once('error', reject);
    response.once('end', () => resolve({ content: Buffer.concat(chunks), sha256: hash.digest('hex') }));
  });
}

/**
 * Downloads `address` and checks it against `sha256` (64 hex digits); the file, or DownloadError
 * saying why not (not https, too large, an error status, a hash that does not match).
 */
export async function downloadChecked(address: string, sha256: string, options: DownloadOptions): Promise<Buffer> {
  const expected = sha256.toLowerCase();
  let url = httpsUrl(address);
  const signal = AbortSignal.timeout(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(url, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new DownloadError(`The bundle at ${address} redirects more than ${MAX_REDIRECTS} times: it was not downloaded.`);
        url = httpsUrl(new URL(location, url).href);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new DownloadError(`The bundle at ${url.href} could not be downloaded: the server answered ${status} ${response.statusMessage ?? ''}`.trimEnd() + '.');
      }
      const declared = Number(response.headers['content-length'] ?? '0');
      if (declared > options.maxBytes) {
        response.destroy();
        throw new DownloadError(`The bundle at ${url.href} is ${sizeText(declared)}; at most ${sizeText(options.maxBytes)} are accepted: it was not downloaded.`);
      }
      const { content, sha256: actual } = await readBody(response, url, options.maxBytes);
      if (actual !== expected) {
        throw new DownloadError(`The bundle downloaded from ${url.href} has the SHA-256 ${actual}, but the registry's entry says ${expected} (fileSha256): it is not the file the entry names, and nothing was installed.`);
      }
      return content;
    }
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    const cause = signal.aborted ? `it took longer than ${Math.round((options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS) / 1000)} s` : messageOf(error);
    throw new DownloadError(`The bundle at ${url.href} could not be downloaded (${cause}).`, { cause: error });
  }
}
