// A server that moves to another authorization server (SEP-2352), against real HTTP servers on
// 127.0.0.1: the saved sign-in's tokens are dropped on the next 401, refresh token included and
// never presented anywhere; a typed-in client ID is not carried to the new authorization server;
// and the metadata of an authorization server that names another issuer is not used.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startSignIn } from '../../src/main/auth/flow.js';
import { LoopbackRedirects } from '../../src/main/auth/loopback.js';
import { ServerAuth } from '../../src/main/auth/session.js';
import type { StoredDiscovery, StoredTokens } from '../../src/main/auth/storage.js';
import { MemoryAuthStorage } from './helpers/oauth.js';

const UUID = '00000000-0000-4000-8000-0000000000a1';

interface World {
  base: string;
  /** Which authorization server the protected-resource metadata names now. */
  current: 'as1' | 'as2';
  /** `issuer` to serve in as2's metadata instead of its own identifier. */
  as2Issuer?: string;
  requests: string[];
}

const servers: http.Server[] = [];
const loopbacks: LoopbackRedirects[] = [];
afterEach(() => Promise.all(loopbacks.splice(0).map((loopback) => loopback.close())));
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** One HTTP server playing the MCP server (`/mcp`, always 401) and two authorization servers, `/as1` and `/as2`. */
async function world(): Promise<World> {
  const state: World = { base: '', current: 'as1', requests: [] };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, state.base).pathname;
    state.requests.push(`${req.method} ${path}`);
    const json = (body: unknown): void => void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/.well-known/oauth-protected-resource/mcp') return json({ resource: `${state.base}/mcp`, authorization_servers: [`${state.base}/${state.current}`] });
    const metadata = /^\/\.well-known\/oauth-authorization-server\/(as[12])$/.exec(path);
    if (metadata) {
      const as = `${state.base}/${metadata[1]}`;
      return json({
        issuer: metadata[1] === 'as2' && state.as2Issuer ? state.as2Issuer : as,
        authorization_endpoint: `${as}/authorize`,
        token_endpoint: `${as}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/as1/token') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: 'as1-refreshed', token_type: 'Bearer', expires_in: 3600 }));
    res.writeHead(path === '/mcp' ? 401 : 404, { 'WWW-Authenticate': `Bearer resource_metadata="${state.base}/.well-known/oauth-protected-resource/mcp"` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A sign-in saved with as1: its tokens (with a refresh token), registration and discovery. */
async function signedInWithAs1(w: World, storage: MemoryAuthStorage, clientId = 'as1-client'): Promise<StoredTokens> {
  const as1 = `${w.base}/as1`;
  const tokens: StoredTokens = {
    tokens: { access_token: 'as1-access', refresh_token: 'as1-refresh', token_type: 'Bearer', issuer: as1 },
    obtainedAt: Date.now(),
    clientId,
    serverUrl: `${w.base}/mcp`,
  };
  const discovery: StoredDiscovery = {
    authorizationServerUrl: as1,
    resourceMetadata: { resource: `${w.base}/mcp`, authorization_servers: [as1] },
    authorizationServerMetadata: { issuer: as1, authorization_endpoint: `${as1}/authorize`, token_endpoint: `${as1}/token`, response_types_supported: ['code'] },
    clientId,
  };
  await storage.set(UUID, 'tokens', tokens);
  await storage.set(UUID, 'discovery', discovery);
  await storage.set(UUID, 'client', { client_id: clientId, redirect_uris: ['http://127.0.0.1:1/callback'], issuer: as1 });
  return tokens;
}

function session(w: World, storage: MemoryAuthStorage, clientId?: string): ServerAuth {
  return new ServerAuth(
    { uuid: UUID, label: 'Moved', url: `${w.base}/mcp`, ...(clientId ? { clientId } : {}) },
    { storage, fetch: (input, init) => fetch(input, init), now: Date.now, tokenTimeoutMs: 5_000, log: () => undefined, changed: () => undefined },
  );
}

const post = { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } };

describe('an MCP server that moved to another authorization server', () => {
  it("drops the old server's tokens on the next 401, without refreshing them there", async () => {
    const w = await world();
    const storage = new MemoryAuthStorage();
    await signedInWithAs1(w, storage);
    w.current = 'as2';
    const auth = session(w, storage);
    await expect(auth.fetch(`${w.base}/mcp`, post)).rejects.toThrow(/another authorization server \(http:\/\/127\.0\.0\.1:\d+\/as2\): sign in again/);
    expect(await storage.get(UUID, 'tokens')).toBeUndefined();
    expect(auth.signedIn).toBe(false);
    expect(auth.signInReason).toMatch(/as2/);
    expect(w.requests).not.toContain('POST /as1/token');
  });

  it('refreshes at the same authorization server when it did not move (the same 401)', async () => {
    const w = await world();
    const storage = new MemoryAuthStorage();
    await signedInWithAs1(w, storage);
    const auth = session(w, storage);
    // The server keeps answering 401, so the renewed token is refused too, but it was asked for at as1.
    await expect(auth.fetch(`${w.base}/mcp`, post)).rejects.toThrow(/refused the renewed sign-in/);
    expect(w.requests.filter((r) => r === 'POST /as1/token')).toHaveLength(1);
  });

  it('a typed-in client ID registered with the old server is not taken to the new one; a new client ID is', async () => {
    const w = await world();
    const storage = new MemoryAuthStorage();
    await signedInWithAs1(w, storage, 'typed-for-as1');
    w.current = 'as2';
    const loopback = new LoopbackRedirects({ preferredPort: 0 });
    loopbacks.push(loopback);
    const deps = { storage, loopback, identity: { clientName: 'Test' }, fetch: (input: string | URL, init?: RequestInit) => fetch(input, init), now: Date.now, requestTimeoutMs: 5_000 };
    await expect(startSignIn(session(w, storage, 'typed-for-as1'), deps)).rejects.toThrow(/registered with http:\/\/127\.0\.0\.1:\d+\/as1: enter the client ID registered with the new one/);
    expect(w.requests).not.toContain('GET /as2/authorize');
    const start = await startSignIn(session(w, storage, 'typed-for-as2'), deps);
    const address = new URL(start.authorizationUrl);
    expect(address.pathname).toBe('/as2/authorize');
    expect(address.searchParams.get('client_id')).toBe('typed-for-as2');
    start.cancel('test over');
    await expect(start.done).rejects.toThrow();
  });

  it("does not use an authorization server's metadata that names another issuer", async () => {
    const w = await world();
    w.current = 'as2';
    w.as2Issuer = 'https://attacker.example.com';
    const storage = new MemoryAuthStorage();
    const loopback = new LoopbackRedirects({ preferredPort: 0 });
    loopbacks.push(loopback);
    const deps = { storage, loopback, identity: { clientName: 'Test' }, fetch: (input: string | URL, init?: RequestInit) => fetch(input, init), now: Date.now, requestTimeoutMs: 5_000 };
    await expect(startSignIn(session(w, storage, 'typed'), deps)).rejects.toThrow(/metadata names another issuer \("https:\/\/attacker\.example\.com"/);
    expect(w.requests.filter((r) => r.startsWith('GET /as2/'))).toEqual([]);
    expect(loopback.port).toBeNull();
  });
});
