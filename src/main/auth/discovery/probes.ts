// What the app asks a server's OAuth metadata outside a sign-in: whether its 401 asks for an OAuth
// sign-in at all, and whether it moved to another authorization server since the app signed in.
import { discoverOAuthProtectedResourceMetadata, discoverOAuthServerInfo } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { authorizationServerMoved, authorizationServerNamed } from './issuer.js';

/**
 * Whether a 401 without a token asks for an OAuth sign-in: the server has OAuth metadata
 * (protected-resource or authorization-server), or, for a 2025-03-26 server with none, its
 * Bearer challenge comes with the default endpoints at its origin (an OPTIONS of /authorize
 * answers). A Bearer challenge alone is also what a server wanting a static token sends: that
 * is a refused connection ("check its headers"), not a sign-in.
 */
export async function asksForOAuthSignIn(serverUrl: string, response: Response, resourceMetadataUrl: URL | undefined, fetchFn: FetchLike): Promise<boolean> {
  try {
    const info = await discoverOAuthServerInfo(serverUrl, { resourceMetadataUrl, fetchFn });
    if (info.resourceMetadata !== undefined || info.authorizationServerMetadata !== undefined) return true;
  } catch {
    // No usable metadata: the 2025-03-26 defaults below decide.
  }
  if (!/^\s*bearer\b/i.test(response.headers.get('WWW-Authenticate') ?? '')) return false;
  try {
    const probe = await fetchFn(new URL('/authorize', serverUrl), { method: 'OPTIONS', redirect: 'manual' });
    await probe.body?.cancel();
    return probe.status < 400;
  } catch {
    return false;
  }
}

/**
 * The authorization server the server's protected-resource metadata names now, when it is not
 * `recorded` (the one the saved sign-in was made with): SEP-2352's migration. Null when it is the
 * same one, or when the metadata cannot be read (nothing says it moved).
 */
export async function movedAuthorizationServer(serverUrl: string, recorded: string, resourceMetadataUrl: URL | undefined, fetchFn: FetchLike): Promise<string | null> {
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(serverUrl, { resourceMetadataUrl }, fetchFn);
    const current = authorizationServerNamed(serverUrl, metadata.authorization_servers);
    return authorizationServerMoved(recorded, current) ? current : null;
  } catch {
    return null;
  }
}
