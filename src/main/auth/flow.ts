// One interactive sign-in with the SDK's `auth()`: discovery (RFC 9728, RFC 8414 / OpenID),
// registration (RFC 7591) or a client ID metadata document or the user's client ID, PKCE S256,
// the resource indicator (RFC 8707) and the scope; then the browser, the loopback listener, and
// the code exchange. What it obtains is committed to the secret store only at the end.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { auth, fetchToken } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AuthStep } from './errors.js';
import { AuthError, describeAuthError } from './errors.js';
import type { CallbackResult, LoopbackRedirects, PendingRedirect } from './loopback.js';
import { storedTokens } from './policy.js';
import type { AppClientIdentity } from './provider.js';
import { FlowProvider } from './provider.js';
import type { ServerAuth } from './session.js';
import { fetchWithTimeout } from './session.js';
import type { AuthStorage, StoredTokens } from './storage.js';
import { messageOf } from '../../types/errors.js';

export interface FlowDeps {
  storage: AuthStorage;
  loopback: LoopbackRedirects;
  identity: AppClientIdentity;
  fetch: FetchLike;
  now: () => number;
  /** How long one request to the authorization server may take. */
  requestTimeoutMs: number;
  /** How long the browser may take to come back; the listener's default when unset. */
  browserTimeoutMs?: number;
}

export interface SignInStart {
  /** The address to open in a browser. */
  authorizationUrl: string;
  /** Settles once the sign-in is saved; rejects with an AuthError saying why it is not. */
  done: Promise<void>;
  /** Gives up waiting for the browser. */
  cancel(reason: string): void;
}

function portOf(uri: string | undefined): number | undefined {
  if (!uri) return undefined;
  try {
    const url = new URL(uri);
    return url.hostname === '127.0.0.1' && url.port !== '' ? Number(url.port) : undefined;
  } catch {
    return undefined;
  }
}

/** Which step `auth()` was at when it failed, from what it had handed the provider. */
function stepOf(provider: FlowProvider): AuthStep {
  if (!provider.discovery) return 'discovery';
  return provider.clientInformation() ? 'authorization' : 'registration';
}

/**
 * The SDK reads protected-resource metadata it cannot parse as absent and carries on with the
 * 2025-03-26 defaults, which then fail somewhere less telling, or sign in without the metadata's
 * resource. This fetch notes such a document so the sign-in can stop and say so.
 */
function watchingResourceMetadata(fetchFn: FetchLike, challenge: URL | undefined, found: { problem?: string }): FetchLike {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    const url = new URL(String(input));
    const isMetadata = url.pathname.startsWith('/.well-known/oauth-protected-resource') || url.href === challenge?.href;
    if (isMetadata && response.ok) {
      const parsed = OAuthProtectedResourceMetadataSchema.safeParse(await response.clone().json().catch(() => undefined));
      if (!parsed.success) found.problem ??= `the server's protected-resource metadata is malformed (${describeAuthError(parsed.error, 'discovery').replace(/^[^(]*\((.*)\)$/, '$1')})`;
    }
    return response;
  };
}

function callbackProblem(callback: Extract<CallbackResult, { error: string }>): string {
  const why = callback.description ? `: ${callback.description}` : '';
  if (callback.error === 'access_denied') return `access was declined at the sign-in page${why}`;
  return `the authorization server answered "${callback.error}"${why}`;
}

/** Starts a sign-in: resolves with the address to open once it is known. */
export async function startSignIn(session: ServerAuth, deps: FlowDeps): Promise<SignInStart> {
  const { uuid, url } = session.target;
  const preRegistered = session.target.clientId !== undefined;
  const registration = preRegistered ? undefined : await deps.storage.get(uuid, 'client');
  const client = preRegistered ? await session.clientInformation() : registration;
  // The listener takes the port the client was registered with when it is free.
  const pending = await deps.loopback.expect({ port: portOf(registration?.redirect_uris?.[0]), timeoutMs: deps.browserTimeoutMs });
  // A registration holds its redirect URIs: on another port, the app registers again.
  const reusable = preRegistered || (client !== undefined && (registration?.redirect_uris?.includes(pending.redirectUri) ?? true));
  let authorizationUrl: URL | undefined;
  const provider = new FlowProvider({
    identity: deps.identity,
    redirectUri: pending.redirectUri,
    state: pending.state,
    client: reusable ? client : undefined,
    preRegistered,
    onAuthorizationUrl: (address) => (authorizationUrl = address),
  });
  const metadata: { problem?: string } = {};
  const fetchFn = watchingResourceMetadata(fetchWithTimeout(deps.fetch, deps.requestTimeoutMs), session.challenge.resourceMetadataUrl, metadata);
  // The scope, as the spec orders it: what the server asked for more of, the challenge's, else
  // `auth()` takes the metadata's scopes_supported, else none.
  const scope = session.moreScope ?? session.challenge.scope;
  const options = { serverUrl: url, scope, resourceMetadataUrl: session.challenge.resourceMetadataUrl, fetchFn };
  try {
    const result = await auth(provider, options);
    if (metadata.problem) throw new AuthError(metadata.problem);
    if (result !== 'REDIRECT' || !authorizationUrl) throw new AuthError('the authorization server did not start a sign-in');
  } catch (error) {
    const reason = metadata.problem ?? describeAuthError(error, stepOf(provider), [client?.client_secret ?? '']);
    pending.cancel(new Error(reason));
    throw new AuthError(`Sign-in failed: ${reason}`, 'sign-in');
  }
  const address = authorizationUrl;
  // The address comes from the server's metadata: only a web page is ever opened.
  if (address.protocol !== 'https:' && address.protocol !== 'http:') {
    pending.cancel(new Error('not a web address'));
    throw new AuthError(`Sign-in failed: the authorization server's sign-in address is not a web page (${address.protocol})`, 'sign-in');
  }
  const resource = address.searchParams.get('resource') ?? undefined;
  const discovery = provider.discovery;
  const done = finish(session, deps, pending, provider, {
    // The SDK's token request, without auth()'s retry: that retry drops the verifier and the
    // client, and the user would read about those instead of what the server said.
    exchange: async (code) => {
      if (!discovery) throw new AuthError('the sign-in lost track of the authorization server');
      const tokens = await fetchToken(provider, discovery.authorizationServerUrl, {
        metadata: discovery.authorizationServerMetadata,
        resource,
        authorizationCode: code,
        fetchFn,
      });
      provider.saveTokens({ ...tokens, issuer: discovery.authorizationServerUrl });
    },
    requestedScope: address.searchParams.get('scope') ?? undefined,
    resource,
  });
  return { authorizationUrl: address.href, done, cancel: (reason) => pending.cancel(new Error(reason)) };
}

interface Exchange {
  exchange: (code: string) => Promise<unknown>;
  requestedScope: string | undefined;
  resource: string | undefined;
}

async function finish(session: ServerAuth, deps: FlowDeps, pending: PendingRedirect, provider: FlowProvider, how: Exchange): Promise<void> {
  let callback: CallbackResult;
  try {
    callback = await pending.result;
  } catch (error) {
    throw new AuthError(`Sign-in failed: ${messageOf(error)}`, 'sign-in');
  }
  const { label, url } = session.target;
  try {
    if ('error' in callback) throw new AuthError(callbackProblem(callback));
    await how.exchange(callback.code);
    const client = provider.clientInformation();
    if (!provider.obtained || !client) throw new AuthError('the authorization server sent no tokens');
    const tokens = storedTokens(provider.obtained, deps.now(), {
      clientId: client.client_id,
      serverUrl: url,
      requestedScope: how.requestedScope,
      resource: how.resource,
    });
    await commit(deps.storage, session.target.uuid, provider, tokens);
    session.signedInWith(tokens);
    pending.finish({ ok: true, message: `The app is signed in to "${label}".` });
  } catch (error) {
    const secrets = [provider.obtained?.access_token ?? '', provider.obtained?.refresh_token ?? '', provider.clientInformation()?.client_secret ?? ''];
    const reason = describeAuthError(error, 'token', secrets);
    pending.finish({ ok: false, message: `Signing in to "${label}" failed: ${reason}.` });
    throw new AuthError(`Sign-in failed: ${reason}`, 'sign-in');
  }
}

/**
 * Saves a completed sign-in. The tokens go last: until they are written the server is not
 * signed in, so a store that fails midway leaves at most a registration and metadata, each
 * whole, never tokens without the client and metadata a refresh needs.
 */
async function commit(storage: AuthStorage, uuid: string, provider: FlowProvider, tokens: StoredTokens): Promise<void> {
  try {
    if (provider.registered) await storage.set(uuid, 'client', provider.registered);
    if (provider.discovery) await storage.set(uuid, 'discovery', provider.discovery);
    await storage.set(uuid, 'tokens', tokens);
  } catch (error) {
    throw new AuthError(`the sign-in could not be saved in the secret store (${messageOf(error)})`);
  }
  await storage.delete(uuid, 'stepUp').catch(() => undefined);
}
