// The sign-in rules without I/O: refresh timing, scope choice and the step-up limit, what reads
// back from the store, and how failures are worded.
import { InvalidGrantError, ServerError, TemporarilyUnavailableError, AccessDeniedError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { describe, expect, it } from 'vitest';
import { describeAuthError, refreshFailedForGood } from '../../src/main/auth/errors.js';
import { expired, REFRESH_AHEAD_MAX_MS, refreshAt, refreshDue, stepUpFor, storedTokens, unionScope } from '../../src/main/auth/policy.js';
import { parseAuthValue, serializeAuthValue } from '../../src/main/auth/storage.js';

const context = { clientId: 'c1', serverUrl: 'http://127.0.0.1:1/mcp' };

describe('refresh timing', () => {
  it('refreshes a long-lived token a minute before it expires', () => {
    const tokens = storedTokens({ access_token: 'a', token_type: 'Bearer', expires_in: 3600 }, 1_000_000, context);
    expect(tokens.expiresAt).toBe(1_000_000 + 3_600_000);
    expect(refreshAt(tokens)).toBe(1_000_000 + 3_600_000 - REFRESH_AHEAD_MAX_MS);
    expect(refreshDue(tokens, 1_000_000 + 3_600_000 - REFRESH_AHEAD_MAX_MS - 1)).toBe(false);
    expect(refreshDue(tokens, 1_000_000 + 3_600_000 - REFRESH_AHEAD_MAX_MS)).toBe(true);
    expect(expired(tokens, 1_000_000 + 3_599_999)).toBe(false);
    expect(expired(tokens, 1_000_000 + 3_600_000)).toBe(true);
  });

  it('refreshes a short-lived token in the last fifth of its life, not a minute early', () => {
    const tokens = storedTokens({ access_token: 'a', token_type: 'Bearer', expires_in: 10 }, 0, context);
    expect(refreshAt(tokens)).toBe(8_000);
  });

  it('without a lifetime, refreshes only when the server refuses the token', () => {
    const tokens = storedTokens({ access_token: 'a', token_type: 'Bearer' }, 0, context);
    expect(tokens.expiresAt).toBeUndefined();
    expect(refreshAt(tokens)).toBeNull();
    expect(refreshDue(tokens, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(expired(tokens, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe('scopes', () => {
  it('unites scopes in first-seen order, each once', () => {
    expect(unionScope('a b', undefined, 'b c', '')).toBe('a b c');
  });

  it('steps up to what the server asks on top of what the sign-in holds', () => {
    const tokens = storedTokens({ access_token: 'a', token_type: 'Bearer', scope: 'mcp:basic' }, 0, { ...context, requestedScope: 'mcp:basic' });
    expect(stepUpFor(tokens, 'mcp:basic mcp:write')).toEqual({ scope: 'mcp:basic mcp:write' });
  });

  it('does not sign in again for scopes it already asked for (the retry limit)', () => {
    const tokens = storedTokens({ access_token: 'a', token_type: 'Bearer' }, 0, { ...context, requestedScope: 'mcp:admin' });
    expect(stepUpFor(tokens, 'mcp:admin')).toEqual({ exhausted: true });
    expect(stepUpFor(tokens, '')).toEqual({ exhausted: true });
  });

  it('counts granted scopes as held even when none were asked for', () => {
    const tokens = storedTokens({ access_token: 'a', token_type: 'Bearer', scope: 'read' }, 0, context);
    expect(stepUpFor(tokens, 'read')).toEqual({ exhausted: true });
    expect(stepUpFor(null, 'read')).toEqual({ scope: 'read' });
  });
});

describe('stored values', () => {
  it('reads back what it wrote', () => {
    const tokens = storedTokens({ access_token: 'a', token_type: 'Bearer', refresh_token: 'r', expires_in: 60 }, 5, context);
    expect(parseAuthValue('tokens', serializeAuthValue('tokens', tokens))).toEqual(tokens);
  });

  it('reads a broken or foreign entry as absent instead of failing', () => {
    expect(parseAuthValue('tokens', 'not json')).toBeUndefined();
    expect(parseAuthValue('tokens', JSON.stringify({ tokens: { access_token: 'a' } }))).toBeUndefined();
    expect(parseAuthValue('stepUp', JSON.stringify({ scope: '' }))).toBeUndefined();
    expect(parseAuthValue('clientSecret', JSON.stringify(42))).toBeUndefined();
  });
});

describe('failures', () => {
  it('gives up on the saved sign-in only when the server says it is dead', () => {
    expect(refreshFailedForGood(new InvalidGrantError('revoked'))).toBe(true);
    expect(refreshFailedForGood(new ServerError('HTTP 502'))).toBe(false);
    expect(refreshFailedForGood(new TemporarilyUnavailableError('later'))).toBe(false);
    expect(refreshFailedForGood(new TypeError('fetch failed'))).toBe(false);
  });

  it('words each failure for the user and never repeats a secret', () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    expect(describeAuthError(timeout, 'token')).toBe('the token endpoint did not answer in time');
    expect(describeAuthError(new AccessDeniedError('no'), 'authorization')).toBe('access was declined (no)');
    expect(describeAuthError(new Error('Incompatible auth server: does not support dynamic client registration'), 'registration')).toMatch(/enter this server's OAuth client ID/);
    expect(describeAuthError(new InvalidGrantError('gone'), 'refresh')).toBe('the saved sign-in was revoked or has expired');
    expect(describeAuthError(new ServerError('token sk-secret-value was refused'), 'refresh', ['sk-secret-value'])).not.toContain('sk-secret-value');
  });

  it('takes a secret out of a message in every form a server may echo it: JSON-escaped, or the token after its scheme', () => {
    const secret = 'pa"ss\\word-1234';
    // A server that quotes the request body it was sent: the secret as it stands inside a JSON string.
    const escaped = describeAuthError(new ServerError(`bad request {"client_secret":${JSON.stringify(secret)}}`), 'token', [secret]);
    expect(escaped).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(escaped).toContain('[redacted]');
    // A header value "Bearer <token>" of which the server repeats only the token.
    const token = describeAuthError(new ServerError('token tok-0123456789abcdef is not valid'), 'refresh', ['Bearer tok-0123456789abcdef']);
    expect(token).toBe('the authorization server refused to renew the sign-in (server_error: token [redacted] is not valid)');
  });
});
