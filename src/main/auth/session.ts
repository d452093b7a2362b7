// One remote server's sign-in while the app runs: the saved tokens, refresh ahead of expiry and
// on a 401 with one refresh in flight (concurrent requests wait for it), the server's 401 and
// 403 challenges (a 401 from a server that moved to another authorization server drops the
// tokens), and the fetch the server's transport goes through, with DPoP proofs for bound tokens.
// Tokens never leave here except in the Authorization header of requests to the URL they were
// obtained for.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { refreshAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { challengeOf } from './discovery/challenge.js';
import { DpopProver, isDpopBound } from './dpop/proofs.js';
import { dpopTokenFetch, fetchWithDpopToken } from './dpop/fetch.js';
import { AuthError, describeAuthError, refreshFailedForGood } from './errors.js';
import { expired, refreshDue, stepUpFor, storedTokens } from './policy.js';
import { asksForOAuthSignIn, movedAuthorizationServer } from './discovery/probes.js';
import type { AuthStorage, StoredTokens } from './storage.js';
import { messageOf } from '../../types/errors.js';

/** What a session needs to know of its server's settings. */
export interface AuthTarget {
  uuid: string;
  label: string;
  url: string;
  /** The OAuth client ID the user entered (servers without dynamic registration). */
  clientId?: string;
}

export interface SessionDeps {
  storage: AuthStorage;
  fetch: FetchLike;
  now: () => number;
  /** How long a request to the token endpoint may take. */
  tokenTimeoutMs: number;
  log: (message: string) => void;
  /** The sign-in state shown to the user changed. */
  changed: () => void;
}

/** The last challenge the server sent: what a sign-in should ask for. */
export interface Challenge {
  scope?: string;
  resourceMetadataUrl?: URL;
}

/** A fetch that stops after `ms`, for requests to the authorization server. */
export function fetchWithTimeout(fetchFn: FetchLike, ms: number): FetchLike {
  return (input, init) => {
    const timeout = AbortSignal.timeout(ms);
    return fetchFn(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
}

function withBearer(init: RequestInit | undefined, token: string | null): RequestInit | undefined {
  if (token === null) return init;
  const headers = new Headers(init?.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/**
 * Why a server needs a sign-in, when that is why `error` (a connect's or a call's) happened: an
 * AuthError that says so, or a 401 of the server's event stream while its session knows why.
 */
export function signInReason(error: unknown, session: ServerAuth | undefined): string | null {
  if (error instanceof AuthError) return error.needsSignIn ? error.message : null;
  const status = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
  return status === 401 ? (session?.signInReason ?? null) : null;
}

export class ServerAuth {
  /** Why the server needs a sign-in (shown as its status), or null. */
  signInReason: string | null = null;
  /** The scope a sign-in must ask for because the server asked for more (403 insufficient_scope). */
  moreScope: string | undefined;
  /** A user-entered client secret is saved. */
  clientSecretSaved = false;
  /** A sign-in is waiting for the browser (set by the manager). */
  pending = false;
  challenge: Challenge = {};
  #target: AuthTarget;
  #tokens: StoredTokens | null | undefined;
  #loading: Promise<void> | null = null;
  #refreshing: Promise<StoredTokens | null> | null = null;
  /** The check whether the server moved to another authorization server, one at a time. */
  #checkingMove: Promise<string | null> | null = null;
  /** The server's DPoP key, when its authorization server binds tokens to one. */
  #dpop: DpopProver | null = null;
  /** Whether the server's 401s are OAuth challenges; unknown until the first 401 without a token. */
  #oauth: boolean | undefined;

  constructor(
    target: AuthTarget,
    private readonly deps: SessionDeps,
  ) {
    this.#target = target;
  }

  get target(): AuthTarget {
    return this.#target;
  }

  get signedIn(): boolean {
    return this.#tokens != null;
  }

  /** New settings: a changed URL or client ID makes the saved tokens unusable for this server. */
  retarget(target: AuthTarget): void {
    const moved = target.url !== this.#target.url || target.clientId !== this.#target.clientId;
    this.#target = target;
    if (!moved) return;
    this.#tokens = undefined;
    this.#loading = null;
    this.#oauth = undefined;
    this.challenge = {};
    this.signInReason = null;
  }

  /** Reads the saved state once (again after `retarget` to other settings); never rejects. */
  load(): Promise<void> {
    this.#loading ??= this.#load();
    return this.#loading;
  }

  async #load(): Promise<void> {
    const { uuid, url, clientId } = this.#target;
    try {
      const [tokens, stepUp, secret, key] = await Promise.all([
        this.deps.storage.get(uuid, 'tokens'),
        this.deps.storage.get(uuid, 'stepUp'),
        this.deps.storage.get(uuid, 'clientSecret'),
        this.deps.storage.get(uuid, 'dpopKey'),
      ]);
      // The key is used with tokens from the authorization server it was made for.
      const keyFits = key !== undefined && key.issuer === tokens?.tokens.issuer;
      this.#dpop = keyFits ? new DpopProver(key) : null;
      // Tokens for another URL or another client are never presented to this one: the server's
      // settings changed since, so they are dropped; so are bound tokens whose key is gone.
      const keyHeld = keyFits || !isDpopBound(tokens?.tokens.token_type);
      const usable = tokens !== undefined && tokens.serverUrl === url && (clientId === undefined || tokens.clientId === clientId) && keyHeld;
      if (tokens !== undefined && !usable) {
        await this.deps.storage.delete(uuid, 'tokens');
        await this.deps.storage.delete(uuid, 'stepUp');
      }
      this.#tokens = usable ? tokens : null;
      this.moreScope = this.#tokens ? stepUp?.scope : undefined;
      this.clientSecretSaved = secret !== undefined;
    } catch (error) {
      this.#tokens = null;
      this.deps.log(`${this.#target.label}: the saved sign-in cannot be read (${messageOf(error)}).`);
    }
    this.deps.changed();
  }

  async #current(): Promise<StoredTokens | null> {
    await this.load();
    return this.#tokens ?? null;
  }

  /** The fetch for the server's transport: adds the token, refreshes, reads challenges. */
  readonly fetch: FetchLike = async (input, init) => {
    const token = await this.#accessToken();
    let response = await this.#send(input, init, token);
    let failure: AuthError | null = null;
    if (response.status === 401) {
      const retry = await this.#unauthorized(response, token);
      if (retry !== null) {
        await response.body?.cancel();
        response = await this.#send(input, init, retry);
        if (response.status === 401) await this.#unauthorized(response, retry, false);
      }
      if (response.status === 401 && this.signInReason !== null) failure = new AuthError(this.signInReason, 'sign-in');
    }
    if (response.status === 403) failure = await this.#forbidden(response);
    // A request that failed for want of a sign-in fails with the reason itself; the server's
    // event streams (GET) get the answer as it is, which their transports report as an error.
    if (failure && (init?.method ?? 'GET').toUpperCase() !== 'GET') {
      await response.body?.cancel();
      throw failure;
    }
    return response;
  };

  /** One request with the token: bound ones with a DPoP proof (RFC 9449 section 7), others as Bearer. */
  #send(input: string | URL, init: RequestInit | undefined, token: string | null): Promise<Response> {
    if (token !== null && this.#dpop && isDpopBound(this.#tokens?.tokens.token_type)) return fetchWithDpopToken(this.deps.fetch, this.#dpop, input, init, token);
    return this.deps.fetch(input, withBearer(init, token));
  }

  /** A token to send, refreshed first when it is about to expire; null when not signed in. */
  async #accessToken(): Promise<string | null> {
    const tokens = await this.#current();
    if (!tokens) return null;
    const now = this.deps.now();
    if (!refreshDue(tokens, now)) return tokens.tokens.access_token;
    if (!tokens.tokens.refresh_token) {
      if (!expired(tokens, now)) return tokens.tokens.access_token;
      await this.#signedOut('the sign-in has expired: sign in again');
      return null;
    }
    try {
      return (await this.#refreshOnce(tokens))?.tokens.access_token ?? null;
    } catch (error) {
      // Ahead of expiry, a refresh that could not happen now costs nothing yet.
      if (!expired(tokens, now)) return tokens.tokens.access_token;
      throw error;
    }
  }

  /** What to retry a rejected request with, or null (and why the server needs a sign-in). */
  async #unauthorized(response: Response, used: string | null, mayRefresh = true): Promise<string | null> {
    const { scope, resourceMetadataUrl } = challengeOf(response);
    this.challenge = { ...(scope ? { scope } : {}), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) };
    if (used === null) {
      // A reason given already (a refresh that failed for good) says more than this one.
      if (this.signInReason === null && (await this.#isOAuth(response))) this.#needSignIn('the server asks you to sign in');
      return null;
    }
    if (this.#tokens && this.#tokens.tokens.access_token !== used) return this.#tokens.tokens.access_token;
    // A server that moved to another authorization server (SEP-2352): the old server's tokens,
    // refresh token included, are dropped, never refreshed there nor sent anywhere else.
    this.#checkingMove ??= this.#movedTo().finally(() => (this.#checkingMove = null));
    const movedTo = await this.#checkingMove;
    if (movedTo !== null) {
      if (this.#tokens?.tokens.access_token === used) await this.#signedOut(`the server now signs in with another authorization server (${movedTo}): sign in again`);
      return null;
    }
    // Read after the wait: a refresh may have happened meanwhile.
    const tokens = await this.#current();
    if (tokens && tokens.tokens.access_token !== used) return tokens.tokens.access_token;
    if (mayRefresh && tokens?.tokens.refresh_token) {
      const fresh = await this.#refreshOnce(tokens);
      return fresh?.tokens.access_token ?? null;
    }
    await this.#signedOut(mayRefresh ? 'the server no longer accepts the saved sign-in: sign in again' : 'the server refused the renewed sign-in: sign in again');
    return null;
  }

  /** A 403: when it asks for more scope, the step-up to sign in for, or why there is none. */
  async #forbidden(response: Response): Promise<AuthError | null> {
    const { error, scope } = challengeOf(response);
    if (error !== 'insufficient_scope') return null;
    const step = stepUpFor(await this.#current(), scope ?? '');
    if ('exhausted' in step) {
      return new AuthError(`the server refuses this even with the permissions it asked for${scope ? ` (${scope})` : ''}`);
    }
    if (step.scope !== this.moreScope) {
      this.moreScope = step.scope;
      try {
        await this.deps.storage.set(this.#target.uuid, 'stepUp', { scope: step.scope });
      } catch (e) {
        this.deps.log(`${this.#target.label}: the permissions to ask for could not be saved (${messageOf(e)}).`);
      }
      this.deps.changed();
    }
    return new AuthError(`the server needs more permissions (${step.scope}): sign in again to grant them`, 'more-scope');
  }

  /** Whether a 401 without a token asks for an OAuth sign-in (discovery/probes.ts); asked once per target. */
  async #isOAuth(response: Response): Promise<boolean> {
    this.#oauth ??= await asksForOAuthSignIn(this.#target.url, response, this.challenge.resourceMetadataUrl, fetchWithTimeout(this.deps.fetch, this.deps.tokenTimeoutMs));
    return this.#oauth;
  }

  /** The authorization server the server names now, when the saved sign-in is another's. */
  async #movedTo(): Promise<string | null> {
    const discovery = await this.deps.storage.get(this.#target.uuid, 'discovery').catch(() => undefined);
    if (!discovery) return null;
    return movedAuthorizationServer(this.#target.url, discovery.authorizationServerUrl, this.challenge.resourceMetadataUrl, fetchWithTimeout(this.deps.fetch, this.deps.tokenTimeoutMs));
  }

  /** One refresh at a time: every caller during a refresh gets its outcome. */
  #refreshOnce(basedOn: StoredTokens): Promise<StoredTokens | null> {
    this.#refreshing ??= this.#refresh(basedOn).finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #refresh(basedOn: StoredTokens): Promise<StoredTokens | null> {
    const { uuid } = this.#target;
    const [discovery, client] = await Promise.all([this.deps.storage.get(uuid, 'discovery'), this.clientInformation()]);
    if (!discovery || !client) {
      await this.#signedOut('the saved sign-in is incomplete: sign in again');
      return null;
    }
    let refreshed;
    try {
      refreshed = await refreshAuthorization(discovery.authorizationServerUrl, {
        metadata: discovery.authorizationServerMetadata,
        clientInformation: client,
        refreshToken: basedOn.tokens.refresh_token!,
        resource: basedOn.resource,
        // A refresh token bound to the key is only honoured with a proof from it (RFC 9449 section 5).
        fetchFn: this.#dpop ? dpopTokenFetch(fetchWithTimeout(this.deps.fetch, this.deps.tokenTimeoutMs), this.#dpop) : fetchWithTimeout(this.deps.fetch, this.deps.tokenTimeoutMs),
      });
    } catch (error) {
      const reason = describeAuthError(error, 'refresh', this.#secretsOf(basedOn, client));
      if (refreshFailedForGood(error)) {
        await this.#signedOut(`${reason}: sign in again`);
        return null;
      }
      this.deps.log(`${this.#target.label}: renewing the sign-in failed (${reason}); the saved sign-in is kept.`);
      throw new AuthError(`could not renew the sign-in: ${reason}`);
    }
    const next = storedTokens({ ...refreshed, issuer: discovery.authorizationServerUrl }, this.deps.now(), {
      clientId: basedOn.clientId,
      serverUrl: basedOn.serverUrl,
      requestedScope: basedOn.requestedScope,
      resource: basedOn.resource,
    });
    try {
      await this.deps.storage.set(uuid, 'tokens', next);
    } catch (error) {
      // The old refresh token may be spent already (rotation): use the new tokens for this run.
      this.deps.log(`${this.#target.label}: the renewed sign-in could not be saved (${messageOf(error)}); it holds until the app stops.`);
    }
    this.#tokens = next;
    return next;
  }

  /** The client the saved sign-in uses: the user's client ID (and secret), or the registration. */
  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const { uuid, clientId } = this.#target;
    if (clientId !== undefined) {
      const secret = await this.deps.storage.get(uuid, 'clientSecret');
      return { client_id: clientId, ...(secret ? { client_secret: secret } : {}) };
    }
    return this.deps.storage.get(uuid, 'client');
  }

  #secretsOf(tokens: StoredTokens, client: OAuthClientInformationMixed): string[] {
    return [tokens.tokens.access_token, tokens.tokens.refresh_token ?? '', client.client_secret ?? ''];
  }

  #needSignIn(reason: string): void {
    if (this.signInReason === reason) return;
    this.signInReason = reason;
    this.deps.changed();
  }

  /** The saved tokens are dead: forget them (registration and discovery stay for the next sign-in). */
  async #signedOut(reason: string): Promise<void> {
    this.#tokens = null;
    this.#oauth = true;
    try {
      await this.deps.storage.delete(this.#target.uuid, 'tokens');
    } catch (error) {
      this.deps.log(`${this.#target.label}: the expired sign-in could not be removed (${messageOf(error)}).`);
    }
    this.#needSignIn(reason);
  }

  /** A sign-in completed: its tokens are saved; the server is asked again. */
  signedInWith(tokens: StoredTokens, dpop: DpopProver | null): void {
    this.#tokens = tokens;
    this.#dpop = dpop;
    this.#loading = Promise.resolve();
    this.#oauth = true;
    this.signInReason = null;
    this.moreScope = undefined;
    this.deps.changed();
  }

  /** Signed out by the user: nothing saved is used any more. */
  signedOutByUser(): void {
    this.#tokens = null;
    this.#loading = Promise.resolve();
    this.moreScope = undefined;
    this.signInReason = 'signed out: sign in to use this server';
    this.deps.changed();
  }
}
