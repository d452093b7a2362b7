// Sign out at the authorization server (RFC 7009), where it offers a revocation endpoint. Best
// effort: the tokens are removed from the app whatever the server answers.
import { selectClientAuthMethod } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata, OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

export interface Revocation {
  metadata: AuthorizationServerMetadata | undefined;
  client: OAuthClientInformationMixed;
  tokens: Array<{ token: string; hint: 'refresh_token' | 'access_token' }>;
  fetchFn: FetchLike;
}

/** The revocation endpoint's answer for each token: true when every one was revoked. */
export async function revokeTokens({ metadata, client, tokens, fetchFn }: Revocation): Promise<boolean> {
  const endpoint = metadata && 'revocation_endpoint' in metadata ? metadata.revocation_endpoint : undefined;
  if (typeof endpoint !== 'string' || tokens.length === 0) return false;
  const methods = (metadata as { revocation_endpoint_auth_methods_supported?: string[] }).revocation_endpoint_auth_methods_supported
    ?? metadata?.token_endpoint_auth_methods_supported
    ?? [];
  const method = selectClientAuthMethod(client, methods);
  let all = true;
  // The refresh token first: revoking it ends the grant, and with it the access tokens (RFC 7009 §2.1).
  for (const { token, hint } of tokens) {
    const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' });
    const body = new URLSearchParams({ token, token_type_hint: hint });
    if (method === 'client_secret_basic' && client.client_secret) {
      // Encoded as the SDK encodes it for the token endpoint, which the same server accepted.
      const pair = `${client.client_id}:${client.client_secret}`;
      headers.set('Authorization', `Basic ${Buffer.from(pair).toString('base64')}`);
    } else {
      body.set('client_id', client.client_id);
      if (method === 'client_secret_post' && client.client_secret) body.set('client_secret', client.client_secret);
    }
    try {
      const response = await fetchFn(endpoint, { method: 'POST', headers, body });
      await response.body?.cancel();
      all &&= response.ok;
    } catch {
      all = false;
    }
  }
  return all;
}
