// One interactive sign-in with the SDK's `auth()`: discovery (RFC 9728, RFC 8414 / OpenID, the
// metadata's issuer checked), registration (RFC 7591) or a client ID metadata document or the
// user's client ID, PKCE S256, the resource indicator (RFC 8707) and the scope; then the browser,
// the loopback listener, the answer's `iss` checked (RFC 9207), and the code exchange, with a
// DPoP proof where the authorization server binds tokens to a key (RFC 9449). What it obtains is
// committed to the secret store only at the end.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { auth, discoverOAuthServerInfo, fetchToken } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { DpopKey } from './dpop/proofs.js';
import { DpopProver, generateDpopKey, offersDpop } from './dpop/proofs.js';
import { dpopTokenFetch } from './dpop/fetch.js';
import type { AuthStep } from './errors.js';
import { AuthError, describeAuthError } from './errors.js';
import { authorizationResponseProblem, authorizationServerMoved, metadataIssuerMatches } from './discovery/issuer.js';
import type { CallbackResult, LoopbackRedirects, PendingRedirect } from './loopback.js';
import { storedTokens, withOfflineAccess } from './policy.js';
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
  return provider.clientInformation() ? 'authorization' : 'registration';
}

/** `authorization_response_iss_parameter_supported` (RFC 9207 section 3) of the metadata. */
function issParameterSupported(metadata: OAuthDiscoveryState['authorizationServerMetadata']): boolean {
  return (metadata as { authorization_response_iss_parameter_supported?: unknown } | undefined)?.authorization_response_iss_parameter_supported === true;
}

/**
 * Discovery, before `auth()` gets it: the protected-resource metadata, the authorization server it
 * names and that server's metadata, whose `issuer` must be the identifier the metadata's address
 * was built from (RFC 8414 section 3.3); a document that names another is not used.
 */
async function discover(session: ServerAuth, fetchFn: FetchLike): Promise<OAuthDiscoveryState> {
  const info = await discoverOAuthServerInfo(session.target.url, { resourceMetadataUrl: session.challenge.resourceMetadataUrl, fetchFn });
  const metadata = info.authorizationServerMetadata;
  if (metadata && !metadataIssuerMatches(info.authorizationServerUrl, metadata.issuer)) {
    throw new AuthError(`the authorization server's metadata names another issuer (${JSON.stringify(metadata.issuer.slice(0, 120))}, fetched for ${info.authorizationServerUrl}), so it is not used`);
  }
  return {
    authorizationServerUrl: info.authorizationServerUrl,
    ...(session.challenge.resourceMetadataUrl ? { resourceMetadataUrl: session.challenge.resourceMetadataUrl.href } : {}),
    ...(info.resourceMetadata ? { resourceMetadata: info.resourceMetadata } : {}),
    ...(metadata ? { authorizationServerMetadata: metadata } : {}),
  };
}

/** The key a DPoP sign-in binds its tokens to: the one kept for this authorization server, or a new one. */
async function dpopKeyFor(deps: FlowDeps, uuid: string, discovery: OAuthDiscoveryState): Promise<DpopKey | undefined> {
  if (!offersDpop(discovery.authorizationServerMetadata)) return undefined;
  const kept = await deps.storage.get(uuid, 'dpopKey');
  return kept?.issuer === discovery.authorizationServerUrl ? kept : generateDpopKey(discovery.authorizationServerUrl);
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
  const watched: { problem?: string } = {};
  const fetchFn = watchingResourceMetadata(fetchWithTimeout(deps.fetch, deps.requestTimeoutMs), session.challenge.resourceMetadataUrl, watched);
  let discovery: OAuthDiscoveryState;
  let dpopKey: DpopKey | undefined;
  try {
    discovery = await discover(session, fetchFn);
    if (watched.problem) throw new AuthError(watched.problem);
    if (preRegistered) await refuseMovedClient(deps, session, discovery);
    dpopKey = await dpopKeyFor(deps, uuid, discovery);
  } catch (error) {
    throw new AuthError(`Sign-in failed: ${watched.problem ?? describeAuthError(error, 'discovery')}`, 'sign-in');
  }
  const registration = preRegistered ? undefined : await deps.storage.get(uuid, 'client');
  const client = preRegistered ? await session.clientInformation() : registration;
  // The listener takes the port the client was registered with when it is free.
  const pending = await deps.loopback.expect({ port: portOf(registration?.redirect_uris?.[0]), timeoutMs: deps.browserTimeoutMs });
  // A registration holds its redirect URIs: on another port, the app registers again. One made
  // with another authorization server is never presented to this one: `auth()` registers anew.
  const reusable = preRegistered || (client !== undefined && (registration?.redirect_uris?.includes(pending.redirectUri) ?? true));
  let authorizationUrl: URL | undefined;
  const provider = new FlowProvider({
    identity: deps.identity,
    redirectUri: pending.redirectUri,
    state: pending.state,
    client: reusable ? client : undefined,
    preRegistered,
    onAuthorizationUrl: (address) => (authorizationUrl = address),
    discovery,
  });
  // The scope, as the spec orders it: what the server asked for more of, the challenge's, else
  // the protected-resource metadata's scopes_supported, else none; with `offline_access` where
  // the authorization server supports it.
  const chosen = session.moreScope ?? session.challenge.scope ?? discovery.resourceMetadata?.scopes_supported?.join(' ');
  const scope = withOfflineAccess(chosen || undefined, discovery.authorizationServerMetadata?.scopes_supported);
  const options = { serverUrl: url, scope, resourceMetadataUrl: session.challenge.resourceMetadataUrl, fetchFn };
  try {
    const result = await auth(provider, options);
    if (result !== 'REDIRECT' || !authorizationUrl) throw new AuthError('the authorization server did not start a sign-in');
  } catch (error) {
    const reason = describeAuthError(error, stepOf(provider), [client?.client_secret ?? '']);
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
  const prover = dpopKey ? new DpopProver(dpopKey) : null;
  const metadata = discovery.authorizationServerMetadata;
  const done = finish(session, deps, pending, provider, {
    // Recorded before the browser leaves, from the validated metadata (RFC 9207 section 2.4).
    issuer: { advertised: issParameterSupported(metadata), expected: metadata?.issuer },
    // The SDK's token request, without auth()'s retry: that retry drops the verifier and the
    // client, and the user would read about those instead of what the server said.
    exchange: async (code) => {
      const tokens = await fetchToken(provider, discovery.authorizationServerUrl, {
        metadata,
        resource,
        authorizationCode: code,
        fetchFn: prover ? dpopTokenFetch(fetchFn, prover) : fetchFn,
      });
      provider.saveTokens({ ...tokens, issuer: discovery.authorizationServerUrl });
    },
    prover,
    requestedScope: address.searchParams.get('scope') ?? undefined,
    resource,
  });
  return { authorizationUrl: address.href, done, cancel: (reason) => pending.cancel(new Error(reason)) };
}

/**
 * A typed-in client ID belongs to the authorization server it was registered with (SEP-2352):
 * when the server now names another one, the sign-in stops and says so instead of presenting it
 * there. Known from the last sign-in made with the same client ID.
 */
async function refuseMovedClient(deps: FlowDeps, session: ServerAuth, discovery: OAuthDiscoveryState): Promise<void> {
  const last = await deps.storage.get(session.target.uuid, 'discovery');
  if (!last || last.clientId !== session.target.clientId || !authorizationServerMoved(last.authorizationServerUrl, discovery.authorizationServerUrl)) return;
  throw new AuthError(
    `the server now signs in with another authorization server (${discovery.authorizationServerUrl}), and the OAuth client ID in its settings was registered with ${last.authorizationServerUrl}: enter the client ID registered with the new one`,
  );
}

interface Exchange {
  issuer: { advertised: boolean; expected: string | undefined };
  exchange: (code: string) => Promise<unknown>;
  prover: DpopProver | null;
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
    // Nothing in an answer from another server is used or shown, its error included.
    const foreign = authorizationResponseProblem({ ...how.issuer, received: callback.iss });
    if (foreign) throw new AuthError(foreign);
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
    await commit(deps.storage, session.target.uuid, provider, tokens, how.prover);
    session.signedInWith(tokens, how.prover);
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
 * signed in, so a store that fails midway leaves at most a registration, metadata and a key,
 * each whole, never tokens without the client, metadata and key a refresh needs.
 */
async function commit(storage: AuthStorage, uuid: string, provider: FlowProvider, tokens: StoredTokens, prover: DpopProver | null): Promise<void> {
  try {
    if (provider.registered) await storage.set(uuid, 'client', provider.registered);
    await storage.set(uuid, 'discovery', { ...provider.discovery, clientId: tokens.clientId });
    if (prover) await storage.set(uuid, 'dpopKey', prover.key);
    await storage.set(uuid, 'tokens', tokens);
  } catch (error) {
    throw new AuthError(`the sign-in could not be saved in the secret store (${messageOf(error)})`);
  }
  await storage.delete(uuid, 'stepUp').catch(() => undefined);
}
