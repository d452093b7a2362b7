// The app's OAuth sign-ins (docs/design.md §8): a session per remote server, the sign-in
// flows and the one loopback listener they share, sign out, and what the status shows. The Mcp
// manager hands a server's session to its connection; hosts start sign-ins through the manager.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServer } from '../../types/config.js';
import type { ServerSignIn, ServerStatus } from '../../types/mcp.js';
import { PRODUCT_NAME } from '../profile/paths.js';
import { AuthError } from './errors.js';
import type { SignInStart } from './flow.js';
import { startSignIn } from './flow.js';
import { LoopbackRedirects } from './loopback.js';
import type { AppClientIdentity } from './provider.js';
import { revokeTokens } from './revoke.js';
import type { AuthTarget } from './session.js';
import { fetchWithTimeout, ServerAuth } from './session.js';
import type { AuthStorage } from './storage.js';
import { messageOf } from '../../types/errors.js';

export interface AuthManagerOptions {
  storage: AuthStorage;
  /** How the app presents itself to authorization servers. */
  identity?: Partial<AppClientIdentity>;
  /** The loopback listener's first port; see loopback.ts. */
  redirectPort?: number;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  browserTimeoutMs?: number;
  /** How long one request to an authorization server may take (default 30 s). */
  requestTimeoutMs?: number;
  fetch?: FetchLike;
  now?: () => number;
  log?: (message: string) => void;
}

export type SignInOutcome = { ok: true } | { ok: false; error: string };

export interface SignIn {
  authorizationUrl: string;
  /** Never rejects: how the sign-in ended. */
  done: Promise<SignInOutcome>;
}

/** A server whose requests carry the user's own Authorization header is left alone. */
function hasOwnAuthorization(server: McpServer): boolean {
  return Object.keys(server.headers ?? {}).some((name) => name.trim().toLowerCase() === 'authorization');
}

function targetOf(server: McpServer): AuthTarget {
  return { uuid: server.uuid, label: server.label, url: server.url ?? '', ...(server.oauthClientId ? { clientId: server.oauthClientId } : {}) };
}

export class AuthManager {
  readonly loopback: LoopbackRedirects;
  #sessions = new Map<string, ServerAuth>();
  #flows = new Map<string, SignInStart>();
  /** The last sign-in that failed, per server, until the next one starts or succeeds. */
  #failures = new Map<string, string>();
  #listeners = new Set<() => void>();
  #storage: AuthStorage;
  #identity: AppClientIdentity;
  #fetch: FetchLike;
  #now: () => number;
  #requestTimeoutMs: number;
  #browserTimeoutMs: number | undefined;
  #log: (message: string) => void;

  constructor(options: AuthManagerOptions) {
    this.#storage = options.storage;
    this.#identity = { clientName: options.identity?.clientName ?? PRODUCT_NAME, clientMetadataUrl: options.identity?.clientMetadataUrl };
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#now = options.now ?? Date.now;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#browserTimeoutMs = options.browserTimeoutMs;
    this.#log = options.log ?? ((message) => console.warn(`[auth] ${message}`));
    this.loopback = new LoopbackRedirects({ preferredPort: options.redirectPort });
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The session of an HTTP or SSE server, or undefined when OAuth does not apply to it. */
  sessionFor(server: McpServer): ServerAuth | undefined {
    if (server.type === 'stdio' || !server.url || hasOwnAuthorization(server)) return undefined;
    const target = targetOf(server);
    let session = this.#sessions.get(server.uuid);
    if (session) {
      session.retarget(target);
    } else {
      session = new ServerAuth(target, {
        storage: this.#storage,
        fetch: this.#fetch,
        now: this.#now,
        tokenTimeoutMs: this.#requestTimeoutMs,
        log: this.#log,
        changed: () => this.#changed(),
      });
      this.#sessions.set(server.uuid, session);
    }
    void session.load();
    return session;
  }

  /** The status with the server's sign-in, and a failed sign-in's reason while it needs one. */
  decorate(status: ServerStatus): ServerStatus {
    const session = this.#sessions.get(status.uuid);
    if (!session) return status;
    const signIn: ServerSignIn = {
      signedIn: session.signedIn,
      pending: session.pending,
      clientSecretSaved: session.clientSecretSaved,
      ...(session.moreScope ? { moreScope: session.moreScope } : {}),
    };
    const failure = this.#failures.get(status.uuid);
    return { ...status, signIn, ...(failure && status.status === 'needs-sign-in' ? { error: failure } : {}) };
  }

  /**
   * Starts a sign-in: resolves with the address to open (the browser's part is the host's),
   * rejects when none can start (metadata, registration). A sign-in already waiting for the
   * server is replaced.
   */
  async signIn(server: McpServer, options: { browserTimeoutMs?: number } = {}): Promise<SignIn> {
    const session = this.#session(server);
    this.#flows.get(server.uuid)?.cancel('a new sign-in was started');
    this.#failures.delete(server.uuid);
    await session.load();
    let start: SignInStart;
    try {
      start = await startSignIn(session, {
        storage: this.#storage,
        loopback: this.loopback,
        identity: this.#identity,
        fetch: this.#fetch,
        now: this.#now,
        requestTimeoutMs: this.#requestTimeoutMs,
        browserTimeoutMs: options.browserTimeoutMs ?? this.#browserTimeoutMs,
      });
    } catch (error) {
      this.#fail(server.uuid, error);
      throw error;
    }
    this.#flows.set(server.uuid, start);
    session.pending = true;
    this.#changed();
    const done = start.done.then(
      (): SignInOutcome => ({ ok: true }),
      (error: unknown): SignInOutcome => {
        this.#fail(server.uuid, error);
        return { ok: false, error: messageOf(error) };
      },
    ).finally(() => {
      if (this.#flows.get(server.uuid) === start) {
        this.#flows.delete(server.uuid);
        session.pending = false;
        this.#changed();
      }
    });
    return { authorizationUrl: start.authorizationUrl, done };
  }

  /**
   * Signs out: revokes the tokens where the authorization server offers revocation (RFC 7009),
   * and removes them from the secret store whatever it answers. The client registration stays,
   * so the next sign-in does not register the app again.
   */
  async signOut(server: McpServer): Promise<{ revoked: boolean }> {
    const session = this.#session(server);
    this.#flows.get(server.uuid)?.cancel('signed out');
    const { uuid } = server;
    const [tokens, discovery, client] = await Promise.all([
      this.#storage.get(uuid, 'tokens').catch(() => undefined),
      this.#storage.get(uuid, 'discovery').catch(() => undefined),
      session.clientInformation().catch(() => undefined),
    ]);
    let revoked = false;
    if (tokens && client) {
      const held = [
        ...(tokens.tokens.refresh_token ? [{ token: tokens.tokens.refresh_token, hint: 'refresh_token' as const }] : []),
        { token: tokens.tokens.access_token, hint: 'access_token' as const },
      ];
      revoked = await revokeTokens({ metadata: discovery?.authorizationServerMetadata, client, tokens: held, fetchFn: fetchWithTimeout(this.#fetch, this.#requestTimeoutMs) });
    }
    try {
      await this.#storage.delete(uuid, 'tokens');
      await this.#storage.delete(uuid, 'stepUp');
    } catch (error) {
      throw new AuthError(`Signing out of "${server.label}" failed: the secret store did not remove the sign-in (${messageOf(error)}).`);
    }
    this.#failures.delete(uuid);
    session.signedOutByUser();
    return { revoked };
  }

  /** Saves (or with null removes) the client secret the user entered for the server. */
  async setClientSecret(server: McpServer, secret: string | null): Promise<void> {
    const session = this.#session(server);
    if (secret === null) await this.#storage.delete(server.uuid, 'clientSecret');
    else await this.#storage.set(server.uuid, 'clientSecret', secret);
    session.clientSecretSaved = secret !== null;
    this.#changed();
  }

  /**
   * The server was deleted: its sign-in goes with it. Its stored entries went with the server's
   * other secrets (everything filed under its uuid), so the store is not listed a second time.
   */
  forget(uuid: string): void {
    this.#flows.get(uuid)?.cancel('the server was deleted');
    this.#sessions.delete(uuid);
    this.#failures.delete(uuid);
  }

  async close(): Promise<void> {
    for (const flow of this.#flows.values()) flow.cancel('the app stopped');
    await this.loopback.close();
  }

  #session(server: McpServer): ServerAuth {
    const session = this.sessionFor(server);
    if (!session) {
      throw new AuthError(
        server.type === 'stdio' || !server.url
          ? `"${server.label}" is not a remote server: there is nothing to sign in to.`
          : `"${server.label}" sends its own Authorization header: remove it from the server's headers to sign in instead.`,
      );
    }
    return session;
  }

  #fail(uuid: string, error: unknown): void {
    this.#failures.set(uuid, messageOf(error));
    this.#changed();
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
