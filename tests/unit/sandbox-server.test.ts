// The browser host's second origin (hosts/sandbox-server.ts): it serves only the MCP Apps sandbox
// proxy of views that are open, under each view's policy, to requests with its own token and its
// own Host; and the app's page may frame that origin alone. Real listeners on 127.0.0.1.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer, type SandboxServer } from '../../src/main/hosts/sandbox-server.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

const VIEW = '0123456789abcdef0123456789abcdef';
const POLICY = "default-src 'none'; script-src 'self' 'unsafe-inline'; frame-ancestors http://127.0.0.1:1";

function get(port: number, pathname: string, host = `127.0.0.1:${port}`, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("the browser host's sandbox origin", () => {
  let sandbox: SandboxServer;
  let port: number;
  const open = new Set([VIEW]);

  beforeAll(async () => {
    const dir = tempDir('sandbox-');
    fs.mkdirSync(path.join(dir, 'sandbox'));
    fs.writeFileSync(path.join(dir, 'sandbox', 'proxy.js'), '/* the proxy */');
    sandbox = await startSandboxServer({ policyOf: (viewId) => (open.has(viewId) ? POLICY : null), staticDir: dir, token: 'sandbox-token' });
    sandbox.hostOrigins.push('http://127.0.0.1:1', 'http://localhost:1');
    port = Number(new URL(sandbox.origin).port);
  });
  afterAll(async () => {
    await sandbox.close();
    removeTempDirs();
  });

  it("serves an open view's page under its policy, naming the app's origins, and the proxy's script", async () => {
    expect(sandbox.pageFor(VIEW)).toBe(`${sandbox.origin}/sandbox-token/view/${VIEW}/`);
    const page = await get(port, new URL(sandbox.pageFor(VIEW)).pathname);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(POLICY);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.body).toContain('<body data-host-origins="http://127.0.0.1:1 http://localhost:1"><script src="proxy.js"></script>');
    const script = await get(port, `/sandbox-token/view/${VIEW}/proxy.js`);
    expect([script.status, script.body, script.headers['content-type']]).toEqual([200, '/* the proxy */', 'text/javascript; charset=utf-8']);
  });

  it('answers nothing else: a wrong token, a view not open, another path, another Host, another method', async () => {
    expect((await get(port, `/wrong-token/view/${VIEW}/`)).status).toBe(404);
    expect((await get(port, '/sandbox-token/view/ffffffffffffffffffffffffffffffff/')).status).toBe(404);
    expect((await get(port, `/sandbox-token/view/${VIEW}/../../index.html`)).status).toBe(404);
    expect((await get(port, `/sandbox-token/view/${VIEW}/index.html`)).status).toBe(404);
    expect((await get(port, '/')).status).toBe(404);
    expect((await get(port, new URL(sandbox.pageFor(VIEW)).pathname, `evil.example:${port}`)).status).toBe(421);
    expect((await get(port, new URL(sandbox.pageFor(VIEW)).pathname, undefined, 'POST')).status).toBe(405);
    open.delete(VIEW);
    expect((await get(port, new URL(sandbox.pageFor(VIEW)).pathname)).status).toBe(404);
    open.add(VIEW);
  });
});
