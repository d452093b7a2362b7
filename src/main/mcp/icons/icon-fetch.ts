// Getting an icon's bytes: the I/O edge of icons/. A `data:` source is decoded; an `https:` one
// is fetched by main (never by the renderer), with no credentials (no cookies, no auth header,
// none in the URL), no redirect followed (a 3xx is a failure: an icon must be where the server
// said), and at most MAX_ICON_BYTES read: a larger body is cut off while it streams, whatever its
// Content-Length says. node:https rather than fetch: it follows nothing and sends nothing on its
// own, and a test can trust its own certificate authority through `agent`.
//
// An icon of a remote server (addresses.ts) is fetched from public addresses only: an address in
// the URL that is not is refused before anything is sent; a name is resolved and refused when any
// of its addresses is not; and the address the socket actually connected to is checked before the
// request goes out (whatever resolved it, or whichever agent made the connection).
import dns from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { MAX_ICON_BYTES } from '../../../types/icons.js';
import { isPrivateAddress } from './addresses.js';
import { iconSourceProblem } from './icon-refs.js';

/** An icon server that has not answered in this time is given up on. */
export const ICON_TIMEOUT_MS = 10_000;

export interface IconFetchOptions {
  /** The TLS agent (tests give one that trusts their own CA); node's default otherwise. */
  agent?: https.Agent;
  timeoutMs?: number;
  /** Resolves an icon's host name (tests point a name at 127.0.0.1); dns.lookup otherwise. */
  lookup?: LookupFunction;
}

export interface IconSourceOptions extends IconFetchOptions {
  /** The icon is a remote server's: only a public address may be asked for it. */
  publicOnly?: boolean;
}

/** The bytes of `src`, or throws why not (in words for the user). */
export async function iconBytes(src: string, options: IconSourceOptions = {}): Promise<Buffer> {
  const problem = iconSourceProblem(src);
  if (problem) throw new Error(problem);
  return src.slice(0, 5).toLowerCase() === 'data:' ? dataBytes(src) : httpsBytes(new URL(src), options);
}

/** Why a remote server's icon may not be fetched from `address` (reached as `host`). */
function notPublic(host: string, address: string): string {
  return `${host === address ? 'its address' : `${host} is at ${address}, which`} is on this machine or its network, and the server is remote: a remote server's icons are fetched from public addresses only`;
}

/** `lookup`, refusing a name any of whose addresses is not public (so nothing connects to it). */
function publicLookup(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '');
      const addresses = (Array.isArray(found) ? found : [{ address: found, family: isIP(found) }]);
      const refused = addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(Object.assign(new Error(notPublic(hostname, refused.address)), { code: 'EICONADDRESS' }), '');
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** `data:[type][;base64],…`: base64 or percent-encoded, within the size limit. */
function dataBytes(src: string): Buffer {
  const comma = src.indexOf(',');
  if (comma < 0) throw new Error('its data: source has no comma');
  const header = src.slice(5, comma);
  const body = src.slice(comma + 1);
  let bytes: Buffer;
  if (/;base64$/i.test(header)) {
    if (!/^[A-Za-z0-9+/=\s_-]*$/.test(body)) throw new Error('its data: source is not base64');
    bytes = Buffer.from(body, 'base64');
  } else {
    try {
      bytes = Buffer.from(decodeURIComponent(body), 'utf8');
    } catch {
      throw new Error('its data: source is not percent-encoded text');
    }
  }
  if (bytes.length > MAX_ICON_BYTES) throw new Error(`it is ${bytes.length.toLocaleString('en-US')} bytes, more than ${MAX_ICON_BYTES.toLocaleString('en-US')}`);
  return bytes;
}

function httpsBytes(url: URL, options: IconSourceOptions): Promise<Buffer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (options.publicOnly && isIP(host) !== 0 && isPrivateAddress(host)) return Promise.reject(new Error(notPublic(host, host)));
  const lookup = options.publicOnly ? publicLookup(options.lookup ?? (dns.lookup as LookupFunction)) : options.lookup;
  return new Promise<Buffer>((resolve, reject) => {
    const request = https.get(url, {
      agent: options.agent,
      headers: { accept: 'image/png, image/jpeg, image/webp, image/svg+xml', 'accept-encoding': 'identity' },
      timeout: options.timeoutMs ?? ICON_TIMEOUT_MS,
      ...(lookup ? { lookup } : {}),
    }, (response) => {
      const status = response.statusCode ?? 0;
      const fail = (why: string): void => {
        response.destroy();
        reject(new Error(why));
      };
      if (status >= 300 && status < 400) return fail(`${url.host} answered ${status}, a redirect${response.headers.location ? ` (to ${response.headers.location.slice(0, 200)})` : ''}; icons are not followed elsewhere`);
      if (status !== 200) return fail(`${url.host} answered ${status}`);
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_ICON_BYTES) return fail(`it is ${declared.toLocaleString('en-US')} bytes, more than ${MAX_ICON_BYTES.toLocaleString('en-US')}`);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ICON_BYTES) return fail(`it is more than ${MAX_ICON_BYTES.toLocaleString('en-US')} bytes`);
        chunks.push(chunk);
      });
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', (error) => reject(error));
    });
    if (options.publicOnly) {
      // The last word: where the socket is connected, checked before the request is written.
      request.on('socket', (socket: Socket) => {
        const check = (): void => {
          const address = socket.remoteAddress;
          if (address === undefined || isPrivateAddress(address)) request.destroy(new Error(notPublic(host, address ?? 'an unknown address')));
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
    }
    request.on('timeout', () => request.destroy(new Error(`${url.host} did not answer within ${(options.timeoutMs ?? ICON_TIMEOUT_MS) / 1000} s`)));
    request.on('error', (error) => reject(error));
  });
}
