// DPoP (RFC 9449): the proofs' shape and signature checked with node:crypto as a server checks
// them, the RFC's own examples for the thumbprint and `ath`, the key as the secret store keeps it,
// and the nonce retries against a real token endpoint and resource server on 127.0.0.1.
import { createPublicKey, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublicJwk } from '../../src/main/auth/dpop/proofs.js';
import { accessTokenHash, DpopProver, generateDpopKey, isDpopBound, jwkThumbprint, offersDpop, proofTarget, publicJwkOf } from '../../src/main/auth/dpop/proofs.js';
import { dpopTokenFetch, fetchWithDpopToken } from '../../src/main/auth/dpop/fetch.js';
import { SecretAuthStorage } from '../../src/main/auth/secret-storage.js';
import { ServerAuth } from '../../src/main/auth/session.js';
import { parseAuthValue, serializeAuthValue } from '../../src/main/auth/storage.js';
import { MemoryAuthStorage } from './helpers/oauth.js';

interface Decoded {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signedPart: string;
  signature: Buffer;
}

function decode(proof: string): Decoded {
  const [header, claims, signature] = proof.split('.');
  const json = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: json(header!), claims: json(claims!), signedPart: `${header}.${claims}`, signature: Buffer.from(signature!, 'base64url') };
}

/** What a server does with a proof: the signature checked with the key the proof names (RFC 9449 section 4.3). */
function signatureVerifies(proof: string): boolean {
  const { header, signedPart, signature } = decode(proof);
  const key = createPublicKey({ key: header.jwk as PublicJwk & Record<string, string>, format: 'jwk' });
  return verify('sha256', Buffer.from(signedPart), { key, dsaEncoding: 'ieee-p1363' }, signature);
}

describe('DPoP proofs', () => {
  const key = generateDpopKey('https://as.example.com');
  const prover = new DpopProver(key);

  it('are ES256 JWTs of type dpop+jwt naming the public key only, and the signature verifies', () => {
    const proof = prover.proof({ method: 'post', url: 'https://as.example.com/token' }, 1_700_000_000_000);
    const { header, claims, signature } = decode(proof);
    expect(header).toEqual({ typ: 'dpop+jwt', alg: 'ES256', jwk: publicJwkOf(key) });
    expect(header.jwk).not.toHaveProperty('d');
    expect(signature).toHaveLength(64);
    expect(claims).toEqual({ jti: expect.stringMatching(/^[0-9a-f-]{36}$/), htm: 'POST', htu: 'https://as.example.com/token', iat: 1_700_000_000 });
    expect(signatureVerifies(proof)).toBe(true);
  });

  it('fail verification when anything signed is changed', () => {
    const proof = prover.proof({ method: 'GET', url: 'https://mcp.example.com/mcp' });
    const [header, claims, signature] = proof.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decode(proof).claims, htm: 'POST' })).toString('base64url');
    expect(signatureVerifies(`${header}.${forged}.${signature}`)).toBe(false);
    expect(signatureVerifies(`${header}.${claims}.${signature}`)).toBe(true);
  });

  it('are fresh every time, and carry the token hash and the nonce when given', () => {
    const token = 'Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU';
    const first = decode(prover.proof({ method: 'POST', url: 'https://mcp.example.com/mcp?x=1#f', accessToken: token, nonce: 'n-1' })).claims;
    const second = decode(prover.proof({ method: 'POST', url: 'https://mcp.example.com/mcp', accessToken: token })).claims;
    expect(first.jti).not.toBe(second.jti);
    expect(first).toMatchObject({ htu: 'https://mcp.example.com/mcp', ath: accessTokenHash(token), nonce: 'n-1' });
    expect(second).not.toHaveProperty('nonce');
  });

  it("use a server's last nonce, per origin", () => {
    const own = new DpopProver(key);
    own.noteNonce('https://as.example.com/token', 'as-nonce');
    own.noteNonce('https://mcp.example.com/mcp', null);
    expect(decode(own.proof({ method: 'POST', url: 'https://as.example.com/other' })).claims.nonce).toBe('as-nonce');
    expect(decode(own.proof({ method: 'POST', url: 'https://mcp.example.com/mcp' })).claims).not.toHaveProperty('nonce');
  });

  it('hash and thumbprint as RFC 9449 section 6.1 and 7.1 show', () => {
    expect(accessTokenHash('Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU')).toBe('fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo');
    const jwk = { kty: 'EC', crv: 'P-256', x: 'l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs', y: '9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA' } as const;
    expect(jwkThumbprint(jwk)).toBe('0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I');
    expect(proofTarget('https://EXAMPLE.com:443/a/b?q=1#h')).toBe('https://example.com/a/b');
  });
});

describe('DPoP keys and tokens', () => {
  it('a new key each time, P-256, for the authorization server it names', () => {
    const a = generateDpopKey('https://as.example.com');
    const b = generateDpopKey('https://as.example.com');
    expect(a.jwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(a.jwk.d).not.toBe(b.jwk.d);
    expect(a.issuer).toBe('https://as.example.com');
    expect(new DpopProver(a).thumbprint).not.toBe(new DpopProver(b).thumbprint);
  });

  it('round-trips through the store, and its private part is redacted wherever the store redacts', async () => {
    const key = generateDpopKey('https://as.example.com');
    expect(parseAuthValue('dpopKey', serializeAuthValue('dpopKey', key))).toEqual(key);
    expect(parseAuthValue('dpopKey', JSON.stringify({ issuer: 'x', jwk: { kty: 'RSA' } }))).toBeUndefined();
    const redacted: string[] = [];
    const entries = new Map<string, string>();
    const storage = new SecretAuthStorage({
      get: async (uuid, name) => entries.get(`${uuid}/${name}`) ?? null,
      set: async (uuid, name, value) => void entries.set(`${uuid}/${name}`, value),
      delete: async (uuid, name) => entries.delete(`${uuid}/${name}`),
      redactAlso: (value) => void redacted.push(value),
    });
    await storage.set('u1', 'dpopKey', key);
    expect([...entries.keys()]).toEqual(['u1/oauth-dpopKey']);
    expect(redacted).toContain(key.jwk.d);
    expect(await storage.get('u1', 'dpopKey')).toEqual(key);
  });

  it('is offered only with ES256, and binds tokens of type DPoP in any case', () => {
    expect(offersDpop({ dpop_signing_alg_values_supported: ['RS256', 'ES256'] })).toBe(true);
    expect(offersDpop({ dpop_signing_alg_values_supported: ['RS256'] })).toBe(false);
    expect(offersDpop({})).toBe(false);
    expect(offersDpop(undefined)).toBe(false);
    expect(isDpopBound('DPoP')).toBe(true);
    expect(isDpopBound('dpop')).toBe(true);
    expect(isDpopBound('Bearer')).toBe(false);
  });
});

describe('DPoP nonces against real servers', () => {
  const servers: http.Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  interface Seen {
    authorization?: string;
    raw?: string;
    proof?: Decoded;
  }

  /**
   * A token endpoint (400 use_dpop_nonce) or a resource server (401) that hands out `give` and
   * wants `demand` in every proof (the same, unless it is to refuse whatever comes).
   */
  async function nonceServer(kind: 'token' | 'resource', give: string, demand = give): Promise<{ url: string; seen: Seen[] }> {
    const seen: Seen[] = [];
    const server = http.createServer((req, res) => {
      const raw = typeof req.headers.dpop === 'string' ? req.headers.dpop : undefined;
      const proof = raw === undefined ? undefined : decode(raw);
      seen.push({ authorization: req.headers.authorization, raw, proof });
      if (proof?.claims.nonce !== demand) {
        if (kind === 'token') res.writeHead(400, { 'Content-Type': 'application/json', 'DPoP-Nonce': give }).end(JSON.stringify({ error: 'use_dpop_nonce' }));
        else res.writeHead(401, { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': give }).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'DPoP-Nonce': `${give}-next` }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/path`, seen };
  }

  it('a token request is retried once with the nonce the token endpoint gave, with a new proof', async () => {
    const { url, seen } = await nonceServer('token', 'as-nonce');
    const prover = new DpopProver(generateDpopKey(url));
    const fetchFn = dpopTokenFetch((input, init) => fetch(input, init), prover);
    const response = await fetchFn(url, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code' }) });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.proof!.claims).not.toHaveProperty('nonce');
    expect(seen[1]!.proof!.claims).toMatchObject({ nonce: 'as-nonce', htm: 'POST', htu: url });
    expect(seen[1]!.proof!.claims.jti).not.toBe(seen[0]!.proof!.claims.jti);
    expect(seen.every((s) => s.raw !== undefined && signatureVerifies(s.raw))).toBe(true);
    // The nonce a later answer hands out is the one the next proof carries.
    expect(prover.nonceFor(url)).toBe('as-nonce-next');
  });

  it('a resource request presents the token as DPoP with a proof bound to it, and retries once on use_dpop_nonce', async () => {
    const { url, seen } = await nonceServer('resource', 'rs-nonce');
    const prover = new DpopProver(generateDpopKey('https://as.example.com'));
    const response = await fetchWithDpopToken((input, init) => fetch(input, init), prover, url, { method: 'POST', body: '{}' }, 'the-token');
    expect(response.status).toBe(200);
    expect(seen.map((s) => s.authorization)).toEqual(['DPoP the-token', 'DPoP the-token']);
    expect(seen[1]!.proof!.claims).toMatchObject({ nonce: 'rs-nonce', ath: accessTokenHash('the-token'), htm: 'POST', htu: url });
  });

  it('retries only once: a server that keeps refusing gets its answer back', async () => {
    const { url, seen } = await nonceServer('resource', 'given', 'never-given');
    const prover = new DpopProver(generateDpopKey('https://as.example.com'));
    const response = await fetchWithDpopToken((input, init) => fetch(input, init), prover, url, { method: 'GET' }, 't');
    expect(response.status).toBe(401);
    expect(seen.map((s) => s.proof?.claims.nonce)).toEqual([undefined, 'given']);
  });
});

describe('a signed-in server with DPoP-bound tokens', () => {
  const UUID = '00000000-0000-4000-8000-0000000000d1';
  const servers: http.Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  /** An MCP endpoint that wants `DPoP <token>` with a proof of the key it is bound to, and a token endpoint that renews. */
  async function boundWorld(): Promise<{ base: string; seen: Array<{ path: string; authorization?: string; proof?: Decoded }> }> {
    const seen: Array<{ path: string; authorization?: string; proof?: Decoded }> = [];
    const server = http.createServer((req, res) => {
      const raw = typeof req.headers.dpop === 'string' ? req.headers.dpop : undefined;
      const path = new URL(req.url!, 'http://x').pathname;
      seen.push({ path, authorization: req.headers.authorization, ...(raw && signatureVerifies(raw) ? { proof: decode(raw) } : {}) });
      if (path === '/token') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ access_token: 'renewed', token_type: 'DPoP', expires_in: 3600, refresh_token: 'r2' }));
      res.writeHead(req.headers.authorization === 'DPoP renewed' ? 200 : 401, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  async function signedIn(base: string, storage: MemoryAuthStorage, key: ReturnType<typeof generateDpopKey> | null): Promise<ServerAuth> {
    const as = `${base}/as`;
    await storage.set(UUID, 'tokens', { tokens: { access_token: 'bound', refresh_token: 'r1', token_type: 'DPoP', issuer: as }, obtainedAt: 0, expiresAt: 1, clientId: 'c', serverUrl: `${base}/mcp` });
    await storage.set(UUID, 'discovery', { authorizationServerUrl: as, authorizationServerMetadata: { issuer: as, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, response_types_supported: ['code'] } });
    await storage.set(UUID, 'client', { client_id: 'c', issuer: as });
    if (key) await storage.set(UUID, 'dpopKey', key);
    return new ServerAuth({ uuid: UUID, label: 'Bound', url: `${base}/mcp` }, { storage, fetch: (input, init) => fetch(input, init), now: Date.now, tokenTimeoutMs: 5_000, log: () => undefined, changed: () => undefined });
  }

  it('renews with a proof of its key and presents the new token with the DPoP scheme and a proof bound to it', async () => {
    const { base, seen } = await boundWorld();
    const storage = new MemoryAuthStorage();
    const key = generateDpopKey(`${base}/as`);
    const auth = await signedIn(base, storage, key);
    const response = await auth.fetch(`${base}/mcp`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    const thumbprint = jwkThumbprint(publicJwkOf(key));
    expect(seen.map((s) => [s.path, s.authorization])).toEqual([['/token', undefined], ['/mcp', 'DPoP renewed']]);
    expect(jwkThumbprint(seen[0]!.proof!.header.jwk as PublicJwk)).toBe(thumbprint);
    expect(seen[0]!.proof!.claims).toMatchObject({ htm: 'POST', htu: `${base}/token` });
    expect(seen[1]!.proof!.claims).toMatchObject({ htm: 'POST', htu: `${base}/mcp`, ath: accessTokenHash('renewed') });
    expect(jwkThumbprint(seen[1]!.proof!.header.jwk as PublicJwk)).toBe(thumbprint);
    expect((await storage.get(UUID, 'tokens'))?.tokens).toMatchObject({ access_token: 'renewed', token_type: 'DPoP' });
  });

  it('drops bound tokens whose key is gone from the store, and never presents them', async () => {
    const { base, seen } = await boundWorld();
    const storage = new MemoryAuthStorage();
    const auth = await signedIn(base, storage, null);
    await auth.load();
    expect(auth.signedIn).toBe(false);
    expect(await storage.get(UUID, 'tokens')).toBeUndefined();
    expect(seen).toEqual([]);
  });
});
