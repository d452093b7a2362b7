// Staying signed in against a real authorization server whose refresh tokens rotate and die when
// reused (as real providers' do): one refresh in flight however many calls need it, refresh
// ahead of expiry and on a 401, a dead refresh token → "needs sign-in" with names held, sign out,
// and step-up when a tool needs more scope.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, statusOf, waitForStatus } from './helpers/mcp-env.js';
import { APPROVED, REMOTE, savedTokens, signInAsUser, startSignInEnv, stopSignInEnvs, storedKeys } from './helpers/sign-in-env.js';
import type { SignInEnv } from './helpers/sign-in-env.js';

afterEach(() => stopSignInEnvs());
afterAll(() => removeTempDirs());

const HOUR = 3_600_000;

async function signedIn(env: SignInEnv): Promise<void> {
  expect((await signInAsUser(env)).outcome).toEqual({ ok: true });
  await waitForStatus(env.mcp, REMOTE, 'ready');
}

function tenCalls(env: SignInEnv): Promise<unknown[]> {
  return Promise.all(Array.from({ length: 10 }, (_, i) => env.mcp.callTool('echo', { i }, APPROVED)));
}

describe('refresh', () => {
  it('ten concurrent calls at expiry make exactly one refresh request, and all succeed', async () => {
    const env = await startSignInEnv();
    await signedIn(env);
    const before = (await savedTokens(env))!;
    env.clock.advance(HOUR);
    const answers = await tenCalls(env);
    expect(answers).toHaveLength(10);
    expect(env.fixture.provider.counts.refreshes).toBe(1);
    expect(env.fixture.requests.filter((request) => request === 'POST /token')).toHaveLength(2);
    const after = (await savedTokens(env))!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
  });

  it('refreshes once on a 401 when the server expires the token early, and retries the calls', async () => {
    const env = await startSignInEnv();
    await signedIn(env);
    env.fixture.provider.expireAccessTokens();
    await tenCalls(env);
    expect(env.fixture.provider.counts.refreshes).toBe(1);
    // No refresh token was presented twice: rotation never tripped reuse detection.
    const presented = env.fixture.provider.refreshTokensPresented;
    expect(new Set(presented).size).toBe(presented.length);
    expect(statusOf(env.mcp, REMOTE).status).toBe('ready');
  });

  it('keeps refreshing across several lifetimes with rotating refresh tokens', async () => {
    const env = await startSignInEnv();
    await signedIn(env);
    for (let round = 1; round <= 3; round++) {
      env.clock.advance(HOUR);
      await env.mcp.callTool('echo', { round }, APPROVED);
      expect(env.fixture.provider.counts.refreshes).toBe(round);
    }
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'ready', signIn: { signedIn: true } });
  });

  it('a refresh token revoked at the server turns the server to "needs sign-in"; names and selections stay', async () => {
    const env = await startSignInEnv();
    await signedIn(env);
    env.store.update((config) => {
      config.llm.defaults = [{ engine: 'openai', model: 'gpt-4o', tools: ['echo', 'search'] }];
    });
    env.fixture.provider.revokeAllRefreshTokens();
    env.clock.advance(HOUR);
    await expect(env.mcp.callTool('echo', {}, APPROVED)).rejects.toThrow(/the saved sign-in was revoked or has expired: sign in again/);
    const status = await waitForStatus(env.mcp, REMOTE, 'needs-sign-in');
    expect(status.error).toMatch(/sign in again/);
    expect(status.signIn?.signedIn).toBe(false);
    expect(status.offline).toBe(true);
    expect(status.tools.map((tool) => tool.exposed)).toEqual(['echo', 'search']);
    expect(env.store.config.llm.defaults[0]!.tools).toEqual(['echo', 'search']);
    expect(await savedTokens(env)).toBeUndefined();
    // Signing in again brings it back under the same names.
    await signedIn(env);
    expect(statusOf(env.mcp, REMOTE).tools.map((tool) => tool.exposed)).toEqual(['echo', 'search']);
  });

  it('a token endpoint that does not answer keeps the sign-in and says why', async () => {
    const env = await startSignInEnv({}, { auth: { requestTimeoutMs: 300 } });
    await signedIn(env);
    env.fixture.provider.options.tokenDelayMs = 5_000;
    env.clock.advance(HOUR);
    await expect(env.mcp.callTool('echo', {}, APPROVED)).rejects.toThrow(/could not renew the sign-in: the token endpoint did not answer in time/);
    expect(await savedTokens(env)).toBeDefined();
    expect(statusOf(env.mcp, REMOTE).signIn?.signedIn).toBe(true);
  });

  it('a token endpoint outage (5xx) keeps the sign-in; the next call after it refreshes', async () => {
    const env = await startSignInEnv();
    await signedIn(env);
    env.fixture.provider.options.refreshOutage = true;
    env.clock.advance(HOUR);
    await expect(env.mcp.callTool('echo', {}, APPROVED)).rejects.toThrow(/could not renew the sign-in: the authorization server refused to renew the sign-in \(server_error/);
    expect(await savedTokens(env)).toBeDefined();
    env.fixture.provider.options.refreshOutage = false;
    await env.mcp.callTool('echo', {}, APPROVED);
    expect(env.fixture.provider.counts.refreshes).toBe(2);
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'ready', signIn: { signedIn: true } });
  });
});

describe('sign out', () => {
  it('revokes at the server, leaves no token in the store, and holds the names', async () => {
    const env = await startSignInEnv();
    await signedIn(env);
    const before = (await savedTokens(env))!;
    expect(await env.signIns.signOut(REMOTE)).toEqual({ revoked: true });
    expect(env.fixture.provider.counts.revocations).toBe(2);
    expect(await savedTokens(env)).toBeUndefined();
    expect(await storedKeys(env)).toEqual(['client', 'discovery']);
    for (const key of await env.secrets.keys(REMOTE)) expect(await env.secrets.get(REMOTE, key)).not.toContain(before.access_token);
    const status = await waitForStatus(env.mcp, REMOTE, 'needs-sign-in');
    expect(status.tools.map((tool) => tool.exposed)).toEqual(['echo', 'search']);
    expect(status.signIn?.signedIn).toBe(false);
    // The revoked refresh token is dead at the server too.
    expect(env.fixture.provider.liveAccessTokens()).toBe(0);
  });
});

describe('step-up', () => {
  it('a tool that needs more scope asks for a new sign-in with both scopes; the server stays ready', async () => {
    const env = await startSignInEnv({ scopesSupported: ['files:read'], callScopes: ['files:write'] });
    await signedIn(env);
    await expect(env.mcp.callTool('echo', {}, APPROVED)).rejects.toThrow(/the server needs more permissions \(files:read files:write\): sign in again/);
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'ready', signIn: { moreScope: 'files:read files:write' } });
    const again = await signInAsUser(env);
    expect(again.address.searchParams.get('scope')).toBe('files:read files:write');
    await waitForStatus(env.mcp, REMOTE, 'ready');
    expect((await env.mcp.callTool('echo', {}, APPROVED)).isError).toBeUndefined();
    expect(statusOf(env.mcp, REMOTE).signIn?.moreScope).toBeUndefined();
  });

  it('does not ask again for scopes it already asked for (the retry limit)', async () => {
    const env = await startSignInEnv({ scopesSupported: ['files:read'], callScopes: ['files:write'], withheldScopes: ['files:write'] });
    await signedIn(env);
    await expect(env.mcp.callTool('echo', {}, APPROVED)).rejects.toThrow(/more permissions \(files:read files:write\)/);
    await signInAsUser(env);
    await waitForStatus(env.mcp, REMOTE, 'ready');
    // The server never grants files:write: after one step-up, no further sign-in is asked for.
    await expect(env.mcp.callTool('echo', {}, APPROVED)).rejects.toThrow(/the server refuses this even with the permissions it asked for \(files:read files:write\)/);
    expect(env.fixture.provider.counts.authorizations).toBe(2);
    expect(statusOf(env.mcp, REMOTE)).toMatchObject({ status: 'ready', signIn: { signedIn: true } });
    expect(statusOf(env.mcp, REMOTE).signIn?.moreScope).toBeUndefined();
  });
});
