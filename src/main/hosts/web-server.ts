// The browser host's HTTP server: the renderer's static files and the IPC contract over HTTP on
// 127.0.0.1. Its handlers spawn processes, so it answers only the page it launched:
//   - a per-launch random token, required on every API request (Bearer header, or `token` query
//     for the event stream, which EventSource cannot give headers);
//   - a Host check (127.0.0.1 / localhost with our port), which defeats DNS rebinding;
//   - no CORS headers, and any request whose Origin is not our own is refused;
//   - JSON bodies only, with a size limit.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { IpcServer } from '../ipc.js';
import { IpcInputError } from '../ipc.js';
import { IPC_EVENTS } from '../../types/ipc.js';
import { MAX_INPUT_BYTES } from '../../types/ipc-size.js';
import { messageOf } from '../../types/errors.js';

/**
 * The largest body read: the largest input the contract takes (MAX_INPUT_BYTES), its envelope
 * (`{"input": …}`) and room for spacing. An input over the contract's limit is refused by the
 * contract, with its message; this host refuses only bodies no client of the contract sends.
 */
export const MAX_BODY_BYTES = MAX_INPUT_BYTES + 64 * 1024;

export interface WebServerOptions {
  ipc: IpcServer;
  /** The built renderer (dist/renderer). */
  staticDir: string;
  port?: number;
  /** For tests only; a fresh random token otherwise. */
  token?: string;
  /** The origin of the tool views' sandbox (sandbox-server.ts): the one origin the page may frame. */
  sandboxOrigin?: string;
}

export interface WebServer {
  /** The address to open, token in the fragment (never sent to the server, never logged). */
  url: string;
  port: number;
  token: string;
  /** The page's origins (127.0.0.1 and localhost with the port). */
  origins: string[];
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

// The page's policy as a header too: `frame-ancestors` only works there (the meta tag in
// index.html, which the Electron host relies on, cannot carry it). The one frame it may hold is
// the tool views' sandbox, on its own origin.
const contentSecurityPolicy = (sandboxOrigin: string | undefined): string =>
  `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-src ${sandboxOrigin ?? "'none'"}; frame-ancestors 'none'`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

function send(res: http.ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8'): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

/** One server-sent event of the contract, under its own name. */
function eventFrame(name: string, payload: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value));
}

/** The request's token is this launch's (in constant time). */
export function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Requests must be JSON.');
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is read and dropped, so the client (still sending) gets the answer,
  // not a connection reset.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BODY_BYTES) {
    throw new HttpError(413, `The request is ${size.toLocaleString('en-US')} bytes, more than this host reads (${MAX_BODY_BYTES.toLocaleString('en-US')}): no request's input may be more than ${MAX_INPUT_BYTES.toLocaleString('en-US')} bytes as JSON.`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/**
 * The file under `realRoot` that `relative` (a decoded URL path) names, or null: missing, not a
 * regular file, or resolving (through `..` or a symlink) to anywhere outside the folder.
 */
function staticFile(realRoot: string, relative: string): string | null {
  let file: string;
  try {
    file = fs.realpathSync(path.resolve(realRoot, `.${relative}`));
  } catch {
    return null;
  }
  if (!file.startsWith(realRoot + path.sep)) return null;
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(32).toString('hex');
  // Resolved once: every file served must resolve (symlinks followed) to a path inside it.
  const realRoot = fs.realpathSync(path.resolve(options.staticDir));
  const pagePolicy = contentSecurityPolicy(options.sandboxOrigin);
  /** Open event streams; a stream's held frames until its first snapshot is written (null after). */
  const eventStreams = new Map<http.ServerResponse, string[] | null>();
  const writeEvent = (frame: string): void => {
    for (const [stream, held] of eventStreams) {
      if (held) held.push(frame);
      else stream.write(frame);
    }
  };

  // Filled in once the port is known; no request is answered before that.
  const allowedHosts = new Set<string>();
  const allowedOrigins = new Set<string>();

  function serveStatic(pathname: string, res: http.ServerResponse): void {
    let relative: string;
    try {
      relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
    } catch {
      return send(res, 400, 'Malformed percent-encoding in the path', 'text/plain; charset=utf-8');
    }
    const file = staticFile(realRoot, relative);
    if (!file) return send(res, 404, 'Not found', 'text/plain; charset=utf-8');
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': pagePolicy,
    });
    // A file that vanishes between the check and the read ends this response, not the host.
    fs.createReadStream(file).on('error', () => res.destroy()).pipe(res);
  }

  /**
   * A page asks for status and settings while its stream is still opening (and EventSource opens
   * it again after a drop): what changed before the stream was there would never reach it, and a
   * server that became ready meanwhile would show "connecting" for good. So every stream starts
   * with both as they are now; the page keeps whichever is newer (store.ts).
   */
  async function openEventStream(res: http.ServerResponse): Promise<void> {
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    // The handlers run as they are invoked, so the snapshot is taken as the stream joins: every
    // event it holds meanwhile is newer, and follows the snapshot.
    const held: string[] = [];
    const snapshot = Promise.all([options.ipc.invoke('getStatus', undefined), options.ipc.invoke('getState', undefined)]);
    eventStreams.set(res, held);
    res.on('close', () => eventStreams.delete(res));
    const [status, state] = await snapshot;
    if (!eventStreams.has(res)) return;
    res.write(`: connected\n\n${eventFrame('status', status)}${eventFrame('state', state)}${held.join('')}`);
    eventStreams.set(res, null);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!allowedHosts.has(req.headers.host ?? '')) return send(res, 421, 'Unknown host', 'text/plain; charset=utf-8');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) return send(res, 403, 'Cross-origin requests are refused', 'text/plain; charset=utf-8');
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed', 'text/plain; charset=utf-8');
      return serveStatic(url.pathname, res);
    }
    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return sendJson(res, 405, { ok: false, error: 'Method not allowed.' });
      if (!sameToken(url.searchParams.get('token'), token)) return sendJson(res, 401, { ok: false, error: 'Missing or wrong token.' });
      return openEventStream(res);
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!sameToken(bearer, token)) return sendJson(res, 401, { ok: false, error: 'Missing or wrong token.' });
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: 'Method not allowed.' });
    const channel = url.pathname.slice('/api/'.length);
    try {
      const body = await readJsonBody(req);
      const input = typeof body === 'object' && body !== null && 'input' in body ? body.input : undefined;
      const result = await options.ipc.invoke(channel, input);
      sendJson(res, 200, { ok: true, result: result ?? null });
    } catch (error) {
      const status = error instanceof HttpError ? error.status : error instanceof IpcInputError ? 400 : 200;
      sendJson(res, status, { ok: false, error: messageOf(error) });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: messageOf(error) });
      else res.end();
    });
  });
  // Every event of the contract, under its own name; one stream carries them all.
  const unsubscribes = IPC_EVENTS.map((name) => options.ipc.on(name, (payload) => {
    writeEvent(eventFrame(name, payload));
  }));
  const heartbeat = setInterval(() => {
    writeEvent(': keep-alive\n\n');
  }, 15_000);
  heartbeat.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      // Once listening, a server error (out of file handles, say) is reported, never a crash.
      server.on('error', (error) => console.error(`web: ${error.message}`));
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
    allowedHosts.add(host);
    allowedOrigins.add(`http://${host}`);
  }

  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    origins: [...allowedOrigins],
    async close() {
      for (const unsubscribe of unsubscribes) unsubscribe();
      clearInterval(heartbeat);
      for (const stream of eventStreams.keys()) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
