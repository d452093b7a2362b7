// The sign-in rules that need no I/O: when to refresh, which scope to ask for, when a server's
// request for more permissions is worth another sign-in. Pure, so they are tested on their own.
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { StoredTokens } from './storage.js';

/** Refresh at most this long before the access token expires... */
export const REFRESH_AHEAD_MAX_MS = 60_000;
/** ...and never earlier than this share of its lifetime before (short-lived tokens). */
export const REFRESH_AHEAD_SHARE = 0.2;

/** The tokens to store for an answer of the token endpoint received at `now`. */
export function storedTokens(
  tokens: OAuthTokens,
  now: number,
  context: Pick<StoredTokens, 'clientId' | 'serverUrl' | 'requestedScope' | 'resource'>,
): StoredTokens {
  const lifetime = tokens.expires_in !== undefined && Number.isFinite(tokens.expires_in) ? tokens.expires_in * 1000 : undefined;
  const { requestedScope, resource, ...rest } = context;
  return {
    tokens,
    obtainedAt: now,
    ...(lifetime === undefined ? {} : { expiresAt: now + lifetime }),
    ...rest,
    ...(requestedScope ? { requestedScope } : {}),
    ...(resource ? { resource } : {}),
  };
}

/** When to refresh ahead of expiry; null when the server gave no lifetime (refresh on a 401). */
export function refreshAt(tokens: StoredTokens): number | null {
  if (tokens.expiresAt === undefined) return null;
  const lifetime = Math.max(0, tokens.expiresAt - tokens.obtainedAt);
  return tokens.expiresAt - Math.min(REFRESH_AHEAD_MAX_MS, lifetime * REFRESH_AHEAD_SHARE);
}

export function refreshDue(tokens: StoredTokens, now: number): boolean {
  const at = refreshAt(tokens);
  return at !== null && now >= at;
}

export function expired(tokens: StoredTokens, now: number): boolean {
  return tokens.expiresAt !== undefined && now >= tokens.expiresAt;
}

/** A space-separated scope as a set of its scopes. */
export function scopesOf(scope: string | undefined): Set<string> {
  return new Set((scope ?? '').split(/\s+/).filter((s) => s !== ''));
}

/** The scopes of all arguments, each once, in first-seen order. */
export function unionScope(...scopes: Array<string | undefined>): string {
  const all = new Set<string>();
  for (const scope of scopes) for (const s of scopesOf(scope)) all.add(s);
  return [...all].join(' ');
}

export const OFFLINE_ACCESS = 'offline_access';

/**
 * The scope to ask for, as far as `offline_access` goes (MCP 2026-07-28, "Refresh Tokens"): the
 * app wants a refresh token, so it adds `offline_access` where the authorization server lists it
 * in `scopes_supported`, and takes it out where the server lists its scopes without it (asking
 * for a scope the server does not support is an error). A server that lists no scopes leaves the
 * scope as chosen, and a sign-in that asks for no scope stays without one, so the server's
 * default grant is not narrowed to `offline_access` alone.
 */
export function withOfflineAccess(scope: string | undefined, authorizationServerScopes: readonly string[] | undefined): string | undefined {
  if (!scope || authorizationServerScopes === undefined) return scope;
  if (authorizationServerScopes.includes(OFFLINE_ACCESS)) return unionScope(scope, OFFLINE_ACCESS);
  return [...scopesOf(scope)].filter((s) => s !== OFFLINE_ACCESS).join(' ') || undefined;
}

/**
 * What a `403 insufficient_scope` asking for `required` means for a server signed in with
 * `tokens`: sign in again for the union of what it holds and what it asks (a step-up), or
 * nothing more to do: the app already asked for all of it, and signing in again would only loop
 * (the retry limit; a server that keeps asking for scopes it was given gets a clear error).
 */
export function stepUpFor(tokens: StoredTokens | null, required: string): { scope: string } | { exhausted: true } {
  const held = unionScope(tokens?.requestedScope, tokens?.tokens.scope);
  const have = scopesOf(held);
  const wanted = [...scopesOf(required)];
  if (wanted.length === 0 || wanted.every((s) => have.has(s))) return { exhausted: true };
  return { scope: unionScope(held, required) };
}
