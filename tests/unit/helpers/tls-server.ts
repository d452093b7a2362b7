// A local HTTPS server for the icon tests, with a certificate made for this run (openssl, for
// 127.0.0.1 and any names asked for) that only the tests trust: the app under test gets an agent with this CA, so TLS is
// checked as it is for any https icon, and nothing about the app's own trust is loosened. Each
// route is a handler; every request is recorded (path and headers).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempDir } from './mcp-env.js';

export interface TlsServer {
  origin: string;
  port: number;
  /** This server's certificate (PEM): the one authority a test's own agent trusts. */
  ca: string;
  /** Trusts this server's certificate, and only it. */
  agent: https.Agent;
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** Bytes each path's responses have written so far. */
  written: Map<string, number>;
  close(): Promise<void>;
}

export type Route = (req: IncomingMessage, res: ServerResponse, count: (bytes: number) => void) => void;

/** A self-signed certificate for 127.0.0.1 and `names`, made now. */
function certificate(names: readonly string[]): { key: string; cert: string } {
  const dir = tempDir('tls-');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', `subjectAltName=${['IP:127.0.0.1', ...names.map((name) => `DNS:${name}`)].join(',')}`], { stdio: 'ignore' });
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

/** `names`: host names the certificate is valid for besides 127.0.0.1 (a test resolves them there itself). */
export async function startTlsServer(routes: Record<string, Route>, names: readonly string[] = []): Promise<TlsServer> {
  const { key, cert } = certificate(names);
  const requests: TlsServer['requests'] = [];
  const written = new Map<string, number>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const route = new URL(req.url ?? '/', 'https://127.0.0.1').pathname;
    requests.push({ path: route, headers: req.headers });
    const handler = routes[route];
    if (!handler) return void res.writeHead(404).end();
    handler(req, res, (bytes) => written.set(route, (written.get(route) ?? 0) + bytes));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ ca: cert, keepAlive: false });
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    ca: cert,
    agent,
    requests,
    written,
    close: () => new Promise<void>((resolve) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
