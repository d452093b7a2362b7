// The issuer rules without I/O: an authorization response's `iss` (RFC 9207 section 2.4, the MCP
// 2026-07-28 table), the metadata's `issuer` against the identifier its address was built from
// (RFC 8414 section 3.3), a server that moved to another authorization server (SEP-2352), the
// `offline_access` decision (SEP-2207), and the challenges a 401 carries (Bearer and DPoP).
import { describe, expect, it } from 'vitest';
import { challengeOf, challengesOf } from '../../src/main/auth/discovery/challenge.js';
import { authorizationResponseProblem, authorizationServerMoved, authorizationServerNamed, metadataIssuerMatches } from '../../src/main/auth/discovery/issuer.js';
import { withOfflineAccess } from '../../src/main/auth/policy.js';

const AS = 'https://auth.example.com';

describe("an authorization response's iss (RFC 9207)", () => {
  it('advertised and present: compared, and the same string passes', () => {
    expect(authorizationResponseProblem({ advertised: true, expected: AS, received: AS })).toBeNull();
  });

  it('advertised and absent: refused', () => {
    expect(authorizationResponseProblem({ advertised: true, expected: AS, received: undefined })).toMatch(/no "iss"/);
  });

  it('not advertised and present: still compared, and another issuer is refused', () => {
    expect(authorizationResponseProblem({ advertised: false, expected: AS, received: 'https://evil.example.com' })).toMatch(/another authorization server.*evil\.example\.com/);
    expect(authorizationResponseProblem({ advertised: false, expected: AS, received: AS })).toBeNull();
  });

  it("quotes a long iss cut short: it is whatever the browser brought back", () => {
    const problem = authorizationResponseProblem({ advertised: true, expected: AS, received: `https://evil.example.com/${'x'.repeat(5000)}` })!;
    expect(problem.length).toBeLessThan(300);
    expect(problem).toContain('…"');
  });

  it('not advertised and absent: proceeds', () => {
    expect(authorizationResponseProblem({ advertised: false, expected: AS, received: undefined })).toBeNull();
  });

  it('compares simple strings: no variant that only normalizes to the issuer passes', () => {
    const variants = [`${AS}/`, 'https://AUTH.example.com', 'HTTPS://auth.example.com', 'https://auth.example.com:443', 'https://auth.%65xample.com', ` ${AS}`];
    for (const received of variants) expect(authorizationResponseProblem({ advertised: true, expected: AS, received }), received).not.toBeNull();
    const withPath = `${AS}/tenant`;
    expect(authorizationResponseProblem({ advertised: true, expected: withPath, received: `${withPath}/` })).not.toBeNull();
    expect(authorizationResponseProblem({ advertised: true, expected: `${AS}/`, received: AS })).not.toBeNull();
  });

  it('without validated metadata there is no recorded issuer, so nothing to compare', () => {
    expect(authorizationResponseProblem({ advertised: false, expected: undefined, received: 'https://anything.example' })).toBeNull();
  });
});

describe("the metadata's issuer (RFC 8414 section 3.3)", () => {
  it('must be the identifier the well-known address was built from', () => {
    expect(metadataIssuerMatches(AS, AS)).toBe(true);
    expect(metadataIssuerMatches(AS, 'https://attacker.example.com')).toBe(false);
    expect(metadataIssuerMatches(`${AS}/tenant1`, `${AS}/tenant1`)).toBe(true);
    expect(metadataIssuerMatches(`${AS}/tenant1`, `${AS}/tenant2`)).toBe(false);
    expect(metadataIssuerMatches(AS, 'https://auth.example.com:8443')).toBe(false);
    expect(metadataIssuerMatches(AS, 'http://auth.example.com')).toBe(false);
  });

  it('tolerates one thing only: a trailing slash on the identifier, not on the issuer', () => {
    // The SDK's 2025-03-26 fallback builds `https://host/`; servers publish `https://host`.
    expect(metadataIssuerMatches(`${AS}/`, AS)).toBe(true);
    expect(metadataIssuerMatches(AS, `${AS}/`)).toBe(false);
    expect(metadataIssuerMatches(`${AS}/`, `${AS}//`)).toBe(false);
    expect(metadataIssuerMatches(`${AS}/tenant/`, `${AS}/tenant`)).toBe(true);
    expect(metadataIssuerMatches(`${AS}/tenant/`, AS)).toBe(false);
  });
});

describe('an authorization server that moved (SEP-2352)', () => {
  it('names the first listed authorization server, else the server origin as discovery builds it', () => {
    expect(authorizationServerNamed('https://mcp.example.com/mcp', ['https://as2.example.com', 'https://as3.example.com'])).toBe('https://as2.example.com');
    expect(authorizationServerNamed('https://mcp.example.com/mcp', undefined)).toBe('https://mcp.example.com/');
    expect(authorizationServerNamed('https://mcp.example.com/mcp', [])).toBe('https://mcp.example.com/');
  });

  it('is another server when the identifiers differ beyond a trailing slash', () => {
    expect(authorizationServerMoved('https://as1.example.com', 'https://as2.example.com')).toBe(true);
    expect(authorizationServerMoved('https://as.example.com/a', 'https://as.example.com/b')).toBe(true);
    expect(authorizationServerMoved('https://as.example.com', 'https://as.example.com')).toBe(false);
    expect(authorizationServerMoved('https://mcp.example.com/', 'https://mcp.example.com')).toBe(false);
    expect(authorizationServerMoved('https://mcp.example.com', 'https://mcp.example.com/')).toBe(false);
  });
});

describe('offline_access (SEP-2207)', () => {
  it('is added where the authorization server lists it', () => {
    expect(withOfflineAccess('mcp:basic', ['mcp:basic', 'offline_access'])).toBe('mcp:basic offline_access');
    expect(withOfflineAccess('mcp:basic offline_access', ['offline_access'])).toBe('mcp:basic offline_access');
  });

  it('is never asked of a server that lists its scopes without it, even when the resource asked for it', () => {
    expect(withOfflineAccess('mcp:basic mcp:read', ['mcp:basic', 'mcp:read'])).toBe('mcp:basic mcp:read');
    expect(withOfflineAccess('mcp:basic offline_access', ['mcp:basic'])).toBe('mcp:basic');
    expect(withOfflineAccess('offline_access', ['mcp:basic'])).toBeUndefined();
  });

  it('leaves the scope as chosen when the server lists no scopes, and adds nothing to no scope', () => {
    expect(withOfflineAccess('mcp:basic', undefined)).toBe('mcp:basic');
    expect(withOfflineAccess(undefined, ['offline_access'])).toBeUndefined();
    expect(withOfflineAccess('', ['offline_access'])).toBe('');
  });
});

describe('WWW-Authenticate challenges', () => {
  const response = (header: string): Response => new Response(null, { status: 401, headers: { 'WWW-Authenticate': header } });

  it('reads Bearer and DPoP challenges, quoted or not', () => {
    expect(challengeOf(response('Bearer error="insufficient_scope", scope="a b", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"'))).toEqual({
      error: 'insufficient_scope',
      scope: 'a b',
      resourceMetadataUrl: new URL('https://mcp.example.com/.well-known/oauth-protected-resource'),
    });
    expect(challengeOf(response('DPoP error="use_dpop_nonce", error_description="nonce"'))).toEqual({ error: 'use_dpop_nonce' });
    expect(challengeOf(response('dpop error=use_dpop_nonce'))).toEqual({ error: 'use_dpop_nonce' });
  });

  it('takes the first Bearer or DPoP challenge of several, and skips other schemes', () => {
    expect(challengesOf('Basic realm="x", DPoP algs="ES256", Bearer scope="s"')).toEqual([
      { scheme: 'basic', params: { realm: 'x' } },
      { scheme: 'dpop', params: { algs: 'ES256' } },
      { scheme: 'bearer', params: { scope: 's' } },
    ]);
    expect(challengeOf(response('Basic realm="x", Bearer scope="s"'))).toEqual({ scope: 's' });
  });

  it('unescapes quoted values, keeps the first of a repeated parameter, and ignores an unparseable address', () => {
    expect(challengesOf('Bearer realm="a \\"b\\"", realm="c"')[0]!.params).toEqual({ realm: 'a "b"' });
    expect(challengeOf(response('Bearer resource_metadata="not a url"'))).toEqual({});
    expect(challengeOf(new Response(null, { status: 401 }))).toEqual({});
    expect(challengesOf('Bearer __proto__="x"')[0]!.params).toHaveProperty('__proto__', 'x');
  });
});
