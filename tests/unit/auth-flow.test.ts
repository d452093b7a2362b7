// Signing in against a real authorization server on 127.0.0.1 (the SDK's mcpAuthRouter over an
// in-memory provider): discovery, registration, PKCE, the resource indicator, scopes, the
// client-ID path, and every way a sign-in can fail, each leaving nothing half-saved.
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { removeTempDirs, serve, statusOf, stopServed, waitForStatus } from './helpers/mcp-env.js';
import { startOAuthFixture } from '../fixtures/oauth/server.js';
import { MemoryAuthStorage, visitSignIn } from './helpers/oauth.js';
import { profileFiles } from './helpers/secret-scan.js';
import { APPROVED, REMOTE, savedTokens, signInAsUser, startSignInEnv, stopSignInEnvs, storedKeys } from './helpers/sign-in-env.js';

afterEach(() => stopSignInEnvs());
afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

describe('a server that asks for sign-in', () => {
  it('shows "needs sign-in", not "failed", and signs in through discovery, registration and PKCE', async () => {
    const env = await startSignInEnv({ consent: 'page' });
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'needs-sign-in', error: 'the server asks you to sign in', signIn: { signedIn: false } });
    const { address, outcome, page } = await signInAsUser(env);
    expect(outcome).toEqual({ ok: true });
    expect(page).toContain('You can close this tab.');
    // PKCE with S256, the state, the resource indicator (RFC 8707), the loopback redirect.
    expect(address.searchParams.get('code_challenge_method')).toBe('S256');
    expect(address.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(address.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(address.searchParams.get('resource')).toBe(env.fixture.url);
    expect(address.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(address.searchParams.has('scope')).toBe(false);
    // The sign-in's own discovery, then registration (the connect before it discovered too, to
    // tell a sign-in from a refused connection).
    const register = env.fixture.requests.indexOf('POST /register');
    expect(env.fixture.requests.slice(register - 2, register + 2)).toEqual([
      'GET /.well-known/oauth-protected-resource/mcp',
      'GET /.well-known/oauth-authorization-server',
      'POST /register',
      'GET /authorize',
    ]);
    // The fixture checked the PKCE verifier against the challenge before it issued tokens.
    expect(env.fixture.provider.counts).toMatchObject({ registrations: 1, codeExchanges: 1 });
    const ready = await waitForStatus(env.mcp, REMOTE, 'ready');
    expect(ready.tools.map((tool) => tool.exposed)).toEqual(['echo', 'search']);
    expect(ready.signIn).toEqual({ signedIn: true, pending: false, clientSecretSaved: false });
    expect(await storedKeys(env)).toEqual(['client', 'discovery', 'tokens']);
    const answer = await env.mcp.callTool('echo', { q: 1 }, APPROVED);
    expect(answer.content[0]).toMatchObject({ type: 'text', text: JSON.stringify({ server: 'oauth-fixture', tool: 'echo', args: { q: 1 } }) });
  });

  it('keeps tokens out of config.json and out of the status', async () => {
    const env = await startSignInEnv();
    await signInAsUser(env);
    await waitForStatus(env.mcp, REMOTE, 'ready');
    const saved = (await savedTokens(env))!;
    expect(saved.refresh_token).toBeDefined();
    const everything = JSON.stringify(env.store.config) + JSON.stringify(env.mcp.getStatus()) + env.logs.join('\n');
    const folder = Object.values(profileFiles(path.dirname(env.store.path))).join('\n');
    for (const secret of [saved.access_token, saved.refresh_token!]) {
      expect(everything).not.toContain(secret);
      expect(folder).not.toContain(secret);
      expect(env.secrets.redact(`token ${secret}`)).toBe('token [redacted]');
    }
  });

  it('asks for the scope the challenge names, else the metadata\'s scopes_supported', async () => {
    const challenged = await startSignInEnv({ requiredScopes: ['files:read'], scopesSupported: ['files:read', 'files:write'] });
    const first = await signInAsUser(challenged);
    expect(first.address.searchParams.get('scope')).toBe('files:read');
    await waitForStatus(challenged.mcp, REMOTE, 'ready');
    const listed = await startSignInEnv({ scopesSupported: ['files:read', 'files:write'] });
    const second = await signInAsUser(listed);
    expect(second.address.searchParams.get('scope')).toBe('files:read files:write');
  });

  it('signs in to an SSE server too', async () => {
    const env = await startSignInEnv({ transport: 'sse' });
    expect(statusOf(env.mcp, REMOTE).status).toBe('needs-sign-in');
    expect((await signInAsUser(env)).outcome).toEqual({ ok: true });
    await waitForStatus(env.mcp, REMOTE, 'ready');
    expect((await env.mcp.callTool('search', {}, APPROVED)).isError).toBeUndefined();
  });
});

describe('a refused connection that is not a sign-in', () => {
  it('a server that only wants a static token (a Bearer challenge, no OAuth anywhere) shows failed', async () => {
    const fixture = await serve({ id: 'static', transport: 'http', tools: ['echo'], bearerToken: 'static-token-value' });
    const env = await startSignInEnv();
    const added = await env.mcp.addServer({ label: 'Static', type: 'http', url: fixture.url });
    const status = await waitForStatus(env.mcp, added.uuid, 'failed');
    expect(status).toMatchObject({ status: 'failed', error: expect.stringContaining('HTTP 401') as string });
  });
});

describe('what a sign-in is tied to', () => {
  it('keeps its registration and redirect port; registers again only when that port is taken', async () => {
    const env = await startSignInEnv();
    const first = await signInAsUser(env);
    const port = new URL(first.address.searchParams.get('redirect_uri')!).port;
    await env.signIns.signOut(REMOTE);
    const second = await signInAsUser(env);
    expect(new URL(second.address.searchParams.get('redirect_uri')!).port).toBe(port);
    expect(env.fixture.provider.counts.registrations).toBe(1);
    await env.signIns.signOut(REMOTE);
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(Number(port), '127.0.0.1', () => resolve()));
    try {
      const third = await signInAsUser(env);
      expect(third.outcome).toEqual({ ok: true });
      expect(new URL(third.address.searchParams.get('redirect_uri')!).port).not.toBe(port);
      expect(env.fixture.provider.counts.registrations).toBe(2);
    } finally {
      blocker.close();
    }
  });

  it('never sends a token to another URL: a server moved to a new address signs in anew', async () => {
    const env = await startSignInEnv();
    await signInAsUser(env);
    await waitForStatus(env.mcp, REMOTE, 'ready');
    const other = await startOAuthFixture({ tools: ['echo'] });
    try {
      const server = env.store.config.mcp.servers[0]!;
      await env.mcp.updateServer(REMOTE, { label: server.label, type: 'http', url: other.url });
      await waitForStatus(env.mcp, REMOTE, 'needs-sign-in');
      expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'needs-sign-in', signIn: { signedIn: false } });
      expect(other.authorizations.length).toBeGreaterThan(0);
      expect(other.authorizations.every((header) => header === undefined)).toBe(true);
      expect(await savedTokens(env)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('goes with its server: deleting the server deletes its sign-in', async () => {
    const env = await startSignInEnv();
    await signInAsUser(env);
    expect(await storedKeys(env)).toEqual(['client', 'discovery', 'tokens']);
    await env.mcp.removeServer(REMOTE);
    expect(await env.secrets.keys(REMOTE)).toEqual([]);
  });
});

describe('a server without dynamic registration', () => {
  const client: OAuthClientInformationFull = {
    client_id: 'typed-in-client',
    client_secret: 'typed-in-secret',
    redirect_uris: ['http://127.0.0.1:1/callback'],
    token_endpoint_auth_method: 'client_secret_post',
  };

  it('says to enter a client ID, and saves nothing', async () => {
    const env = await startSignInEnv({ registration: false });
    await expect(env.signIns.signIn(REMOTE)).rejects.toThrow(/enter this server's OAuth client ID in its settings/);
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'needs-sign-in', error: expect.stringMatching(/^Sign-in failed: .*client ID/) });
    expect(await storedKeys(env)).toEqual([]);
  });

  it('signs in with the client ID and secret the user entered (any loopback port, RFC 8252)', async () => {
    const env = await startSignInEnv({ registration: false, preRegistered: [client] }, { server: { oauthClientId: 'typed-in-client' } });
    await env.signIns.setClientSecret(REMOTE, 'typed-in-secret');
    expect(statusOf(env.mcp, REMOTE).signIn?.clientSecretSaved).toBe(true);
    const { address, outcome } = await signInAsUser(env);
    expect(outcome).toEqual({ ok: true });
    expect(address.searchParams.get('client_id')).toBe('typed-in-client');
    expect(env.fixture.requests).not.toContain('POST /register');
    await waitForStatus(env.mcp, REMOTE, 'ready');
    // The user's client is theirs: no registration is stored for it.
    expect(await storedKeys(env)).toEqual(['clientSecret', 'discovery', 'tokens']);
    expect(JSON.stringify(env.store.config)).not.toContain('typed-in-secret');
  });

  it('reports a wrong client secret at the token endpoint', async () => {
    const env = await startSignInEnv({ registration: false, preRegistered: [client] }, { server: { oauthClientId: 'typed-in-client' } });
    await env.signIns.setClientSecret(REMOTE, 'wrong-secret');
    const { outcome, page } = await signInAsUser(env);
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^Sign-in failed: the authorization server does not accept the app's client \(invalid_client/) });
    expect(page).toContain('Sign-in failed');
    expect(await storedKeys(env)).toEqual(['clientSecret']);
  });
});

describe('a sign-in that fails saves nothing and says why', () => {
  it('the user declines at the consent page (access_denied)', async () => {
    const env = await startSignInEnv({ consent: 'page' });
    const { outcome, page } = await signInAsUser(env, 'deny');
    expect(outcome).toEqual({ ok: false, error: 'Sign-in failed: access was declined at the sign-in page: The user declined.' });
    expect(page).toContain('access was declined');
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'needs-sign-in', error: outcome.ok ? '' : outcome.error, signIn: { signedIn: false, pending: false } });
    expect(await storedKeys(env)).toEqual([]);
  });

  it('malformed protected-resource metadata', async () => {
    const env = await startSignInEnv({ metadata: 'malformed-resource' });
    await expect(env.signIns.signIn(REMOTE)).rejects.toThrow(/^Sign-in failed: the server's protected-resource metadata is malformed \(resource: /);
    expect(await storedKeys(env)).toEqual([]);
  });

  it('malformed authorization server metadata', async () => {
    const env = await startSignInEnv({ metadata: 'malformed-server' });
    await expect(env.signIns.signIn(REMOTE)).rejects.toThrow(/^Sign-in failed: the authorization server's metadata is malformed \(/);
    expect(await storedKeys(env)).toEqual([]);
    expect(env.fixture.requests).not.toContain('POST /register');
  });

  it('a token endpoint that does not answer in time', async () => {
    const env = await startSignInEnv({ tokenDelayMs: 2_000 }, { auth: { requestTimeoutMs: 300 } });
    const { outcome } = await signInAsUser(env);
    expect(outcome).toEqual({ ok: false, error: 'Sign-in failed: the token endpoint did not answer in time' });
    expect(await storedKeys(env)).toEqual([]);
  });

  it('a browser that never comes back', async () => {
    const env = await startSignInEnv();
    const start = await env.signIns.signIn(REMOTE, { browserTimeoutMs: 200 });
    expect(statusOf(env.mcp, REMOTE).signIn?.pending).toBe(true);
    expect(await start.done).toEqual({ ok: false, error: 'Sign-in failed: the browser did not come back within 1 s' });
    expect(statusOf(env.mcp, REMOTE).signIn?.pending).toBe(false);
    expect(await storedKeys(env)).toEqual([]);
    expect(env.auth.loopback.port).toBeNull();
  });

  it('an answer with the wrong state is refused; the right one still completes the sign-in', async () => {
    const env = await startSignInEnv();
    const start = await env.signIns.signIn(REMOTE);
    const address = new URL(start.authorizationUrl);
    const callback = new URL(address.searchParams.get('redirect_uri')!);
    const forged = await fetch(`${callback.href}?code=forged&state=${'x'.repeat(43)}`);
    expect(forged.status).toBe(400);
    expect(env.fixture.provider.counts.codeExchanges).toBe(0);
    await visitSignIn(start.authorizationUrl);
    expect(await start.done).toEqual({ ok: true });
  });

  it('a secret store that fails while saving', async () => {
    const storage = new MemoryAuthStorage();
    const env = await startSignInEnv({}, { storage });
    const start = await env.signIns.signIn(REMOTE);
    storage.failing = new Error('the keyring is locked');
    await visitSignIn(start.authorizationUrl);
    expect(await start.done).toEqual({ ok: false, error: 'Sign-in failed: the sign-in could not be saved in the secret store (the keyring is locked)' });
    storage.failing = null;
    expect(await storage.get(REMOTE, 'tokens')).toBeUndefined();
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'needs-sign-in', signIn: { signedIn: false } });
  });
});
