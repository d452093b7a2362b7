// The browser host's second origin: a loopback listener on a port of its own that serves only the
// MCP Apps sandbox proxy (mcp/apps/sandbox-page.ts) for the views the app has open. Another
// origin than the app's page, so a view (and the proxy) can reach neither the page, nor its token,
// nor its storage. Like the app's listener it answers only what it should: its own per-launch
// token in the path, a Host check (127.0.0.1 / localhost with its port), GET and HEAD only, no
// CORS; and the page it serves may be framed by the app's page alone (`frame-ancestors`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SANDBOX_SCRIPT, sandboxResponse } from '../mcp/apps/sandbox-page.js';
import { sameToken } from './web-server.js';

export interface SandboxServerOptions {
  /** An open view's sandbox policy (Mcp.views.policyOf). */
  policyOf: (viewId: string) => string | null;
  /** The built renderer (dist/renderer), which holds the proxy's script. */
  staticDir: string;
  /** For tests only; a fresh random token otherwise. */
  token?: string;
}

export interface SandboxServer {
  /** `http://127.0.0.1:<port>`: what the app's page may frame. */
  origin: string;
  /** Every origin it answers as (127.0.0.1 and localhost with its port). */
  origins: string[];
  /** The app page's origins: the only ones the proxy talks to. Set once the app's listener is up. */
  hostOrigins: string[];
  /** The address of an open view's sandbox page. */
  pageFor(viewId: string): string;
  close(): Promise<void>;
}

export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const scriptFile = path.join(options.staticDir, SANDBOX_SCRIPT);
  let script: Buffer | null = null;
  const allowedHosts = new Set<string>();
  const sandbox: Omit<SandboxServer, 'origin' | 'origins' | 'pageFor' | 'close'> = { hostOrigins: [] };

  const server = http.createServer((req, res) => {
    const answer = (status: number, body: string): void => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (!allowedHosts.has(req.headers.host ?? '')) return answer(421, 'Unknown host');
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'Method not allowed');
    // /<token>/view/<view id>/ (the page) and /<token>/view/<view id>/proxy.js (its script).
    const match = /^\/([^/]+)\/view\/([^/]+)\/([^/]*)$/.exec((req.url ?? '/').split('?', 1)[0]!);
    if (!match || !sameToken(match[1]!, token)) return answer(404, 'Not found');
    const reply = sandboxResponse(match[2]!, match[3]!, {
      policyOf: options.policyOf,
      script: () => (script ??= fs.existsSync(scriptFile) ? fs.readFileSync(scriptFile) : null),
      hostOrigins: sandbox.hostOrigins,
    });
    res.writeHead(reply.status, reply.headers);
    res.end(req.method === 'HEAD' ? undefined : reply.body);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      server.on('error', (error) => console.error(`web sandbox: ${error.message}`));
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) allowedHosts.add(host);
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(sandbox, {
    origin,
    origins: [...allowedHosts].map((host) => `http://${host}`),
    pageFor: (viewId: string) => `${origin}/${token}/view/${viewId}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
