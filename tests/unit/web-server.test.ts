// The browser host answers only its own page: token, Host check, no CORS, JSON with a size limit.
// A real core (store in a temp folder) behind a real HTTP server on 127.0.0.1.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import { IPC_EVENTS } from '../../src/types/ipc.js';
import type { WebServer } from '../../src/main/hosts/web-server.js';
import { MAX_BODY_BYTES, startWebServer } from '../../src/main/hosts/web-server.js';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Raw requests, so the test controls Host and Origin exactly as an attacker could. */
function request(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        // An accepted event stream never ends; its first frame is enough.
        if (res.headers['content-type'] === 'text/event-stream') {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('browser host', () => {
  let dir: string;
  let core: Core;
  let server: WebServer;
  let host: string;
  const api = (channel: string, input: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
    request(server.port, {
      method: 'POST',
      path: `/api/${channel}`,
      headers: { Host: host, 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}`, ...headers },
      body: JSON.stringify({ input }),
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-host-'));
    const staticDir = path.join(dir, 'renderer');
    fs.mkdirSync(staticDir);
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'not for the web');
    // Links inside the served folder: one to a file outside it, one to a folder outside it, one
    // to a file inside it (which is served).
    fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(staticDir, 'leak.txt'));
    fs.symlinkSync(dir, path.join(staticDir, 'up'));
    fs.symlinkSync(path.join(staticDir, 'index.html'), path.join(staticDir, 'home.html'));
    core = await startCore({ userDataDir: path.join(dir, 'user-data'), host: 'web', log: () => undefined });
    server = await startWebServer({ ipc: createIpcServer(core, { kind: 'web', userDataDir: dir }), staticDir });
    host = `127.0.0.1:${server.port}`;
  });

  afterAll(async () => {
    await server.close();
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints a loopback URL with a fresh 256-bit token in the fragment', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    const other = await startWebServer({ ipc: createIpcServer(core, { kind: 'web', userDataDir: dir }), staticDir: dir });
    expect(other.token).not.toBe(server.token);
    await other.close();
  });

  it('answers the API with the right token', async () => {
    const reply = await api('getStatus', undefined);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true, result: [] });
  });

  it('refuses a request without the token, and with a wrong one', async () => {
    const none = await api('getStatus', undefined, { Authorization: '' });
    expect(none.status).toBe(401);
    const wrong = await api('getStatus', undefined, { Authorization: `Bearer ${'0'.repeat(64)}` });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toEqual({ ok: false, error: 'Missing or wrong token.' });
    const events = await request(server.port, { path: '/api/events?token=nope', headers: { Host: host } });
    expect(events.status).toBe(401);
  });

  it('refuses a foreign Host header, even with the token (DNS rebinding)', async () => {
    for (const foreign of ['evil.example', `evil.example:${server.port}`, '127.0.0.1:1', `localhost.evil:${server.port}`]) {
      const reply = await api('getStatus', undefined, { Host: foreign });
      expect(reply.status, foreign).toBe(421);
    }
    const page = await request(server.port, { path: '/', headers: { Host: 'evil.example' } });
    expect(page.status).toBe(421);
    const local = await api('getStatus', undefined, { Host: `localhost:${server.port}` });
    expect(local.status).toBe(200);
  });

  it('refuses cross-origin requests and never sends CORS headers', async () => {
    const cross = await api('getStatus', undefined, { Origin: 'http://evil.example' });
    expect(cross.status).toBe(403);
    const preflight = await request(server.port, {
      method: 'OPTIONS',
      path: '/api/addServer',
      headers: { Host: host, Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    const same = await api('getStatus', undefined, { Origin: `http://${host}` });
    expect(same.status).toBe(200);
    for (const reply of [cross, preflight, same]) {
      expect(Object.keys(reply.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('takes JSON only, within the size limit, and validates the input', async () => {
    const form = await api('getStatus', undefined, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const big = await request(server.port, {
      method: 'POST',
      path: '/api/importClaudeDesktop',
      headers: { Host: host, 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ input: { json: 'x'.repeat(MAX_BODY_BYTES) } }),
    });
    expect(big.status).toBe(413);
    const invalid = await api('addServer', { label: '', type: 'ftp' });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).error).toMatch(/^Invalid input for "addServer": /);
    const unknown = await api('deleteEverything', {});
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body).error).toBe('Unknown request "deleteEverything".');
  });

  it('serves the page with security headers and nothing outside its folder', async () => {
    const page = await request(server.port, { path: '/', headers: { Host: host } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // No tool views' sandbox given: the page may frame nothing (web.ts gives it one: sandbox-server.test.ts).
    expect(page.headers['content-security-policy']).toContain("frame-src 'none'");
    for (const escape of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const reply = await request(server.port, { path: escape, headers: { Host: host } });
      expect(reply.status, escape).toBe(404);
      expect(reply.body).not.toContain('not for the web');
    }
  });

  it('serves a symlink only when its real path is inside the served folder', async () => {
    for (const escape of ['/leak.txt', '/up/secret.txt']) {
      const reply = await request(server.port, { path: escape, headers: { Host: host } });
      expect(reply.status, escape).toBe(404);
      expect(reply.body).not.toContain('not for the web');
    }
    const inside = await request(server.port, { path: '/home.html', headers: { Host: host } });
    expect(inside.status).toBe(200);
    expect(inside.body).toContain('<title>app</title>');
  });

  it('answers 400 to a path with malformed percent-encoding, and keeps serving', async () => {
    for (const malformed of ['/%', '/%E0%A4%A', '/a%zz', '/%C0']) {
      const reply = await request(server.port, { path: malformed, headers: { Host: host } });
      expect(reply.status, malformed).toBe(400);
      expect(reply.body).toBe('Malformed percent-encoding in the path');
    }
    const page = await request(server.port, { path: '/', headers: { Host: host } });
    expect(page.status).toBe(200);
  });

  it('streams status events to a holder of the token', async () => {
    const stream = await request(server.port, { path: `/api/events?token=${server.token}`, headers: { Host: host } });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.body).toContain(': connected');
    expect(stream.body).toContain('event: status\ndata: [');
  });

  it('sends every event of the contract under its own name on the one stream, after the status and settings as they were when it opened', async () => {
    const listeners = new Map<string, (payload: unknown) => void>();
    let snapshotTaken = (): void => undefined;
    const answers = new Promise<void>((resolve) => (snapshotTaken = resolve));
    const ipc: IpcServer = {
      // The status and settings of the moment, answered late: an event that comes meanwhile is
      // newer, and must follow them, not be lost or go first.
      invoke: async (channel) => {
        // Events go out a microtask later, as the app's own (TickEvents) do.
        if (channel === 'getState') {
          queueMicrotask(() => {
            listeners.get('callProgress')!({ callId: 'c1', progress: 2, total: 4 });
            snapshotTaken();
          });
        }
        await answers;
        return channel === 'getStatus' ? [{ uuid: 'u1', status: 'ready' }] : { config: 'now' };
      },
      on: (event, listener) => {
        listeners.set(event, listener as (payload: unknown) => void);
        return () => listeners.delete(event);
      },
    };
    const web = await startWebServer({ ipc, staticDir: dir });
    try {
      expect([...listeners.keys()].sort()).toEqual([...IPC_EVENTS].sort());
      const first = ': connected\n\nevent: status\ndata: [{"uuid":"u1","status":"ready"}]\n\nevent: state\ndata: {"config":"now"}\n\nevent: callProgress\ndata: {"callId":"c1","progress":2,"total":4}\n\n';
      const body = await new Promise<string>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: web.port, path: `/api/events?token=${web.token}`, headers: { Host: `127.0.0.1:${web.port}` } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text === first) listeners.get('serverLog')!({ uuid: 'u1' });
            if (text.includes('event: serverLog')) {
              req.destroy();
              resolve(text);
            }
          });
        });
        req.on('error', reject);
        req.end();
      });
      expect(body).toBe(`${first}event: serverLog\ndata: {"uuid":"u1"}\n\n`);
    } finally {
      await web.close();
    }
    expect(listeners.size).toBe(0);
  });
});
