// One OAuth-protected fixture server and an app (Mcp + AuthManager) with it configured: what the
// sign-in integration tests start from.
import type { McpServer } from '../../../src/types/config.js';
import type { AuthManagerOptions, SignInOutcome } from '../../../src/main/auth/manager.js';
import { AuthManager } from '../../../src/main/auth/manager.js';
import { SecretAuthStorage } from '../../../src/main/auth/secret-storage.js';
import type { AuthKey, AuthStorage } from '../../../src/main/auth/storage.js';
import { authEntryKey } from '../../../src/main/auth/storage.js';
import { Mcp } from '../../../src/main/mcp.js';
import { SecretStore } from '../../../src/main/secrets/store.js';
import type { SignIns } from '../../../src/main/auth/sign-ins.js';
import { createSignIns } from '../../../src/main/auth/sign-ins.js';
import type { ConfigStore } from '../../../src/main/config/store.js';
import type { OAuthFixture, OAuthFixtureOptions } from '../../fixtures/oauth/server.js';
import { startOAuthFixture } from '../../fixtures/oauth/server.js';
import { seedStore, tempDir, urlEntry } from './mcp-env.js';
import { TestClock, visitSignIn } from './oauth.js';

export const REMOTE = '00000000-0000-4000-8000-0000000000a1';
/** The fixture's tools have no annotations, so they ask first: these calls are approved. */
export const APPROVED = { approved: true } as const;

export interface SignInEnv {
  fixture: OAuthFixture;
  mcp: Mcp;
  store: ConfigStore;
  auth: AuthManager;
  /** The profile's real secret store (the run's private keyring). */
  secrets: SecretStore;
  storage: AuthStorage;
  signIns: SignIns;
  clock: TestClock;
  logs: string[];
  stop(): Promise<void>;
}

const running: SignInEnv[] = [];

export async function startSignInEnv(
  fixtureOptions: OAuthFixtureOptions = {},
  options: { server?: Partial<McpServer>; auth?: Partial<AuthManagerOptions>; storage?: AuthStorage } = {},
): Promise<SignInEnv> {
  const fixture = await startOAuthFixture({ tools: ['echo', 'search'], ...fixtureOptions });
  const clock = new TestClock();
  const entry = urlEntry(REMOTE, 'Remote', fixtureOptions.transport ?? 'http', fixture.url, options.server);
  const store = seedStore(tempDir('mcp-oauth-'), [entry]);
  const secrets = SecretStore.forConfig(store);
  const storage = options.storage ?? new SecretAuthStorage(secrets);
  const auth = new AuthManager({ storage, redirectPort: 0, now: clock.now, log: () => undefined, ...options.auth });
  const logs: string[] = [];
  const mcp = new Mcp({ store, secrets, auth, log: (message) => logs.push(message) });
  await mcp.start();
  const env: SignInEnv = {
    fixture,
    mcp,
    store,
    auth,
    secrets,
    storage,
    signIns: createSignIns(mcp, auth, store),
    clock,
    logs,
    async stop() {
      await mcp.stop();
      await auth.close();
      await fixture.close();
    },
  };
  running.push(env);
  return env;
}

export async function stopSignInEnvs(): Promise<void> {
  await Promise.all(running.splice(0).map((env) => env.stop()));
}

/** Signs in the way a user does: start, approve in the browser, wait until it is saved. */
export async function signInAsUser(env: SignInEnv, decision: 'approve' | 'deny' = 'approve'): Promise<{ address: URL; outcome: SignInOutcome; page: string }> {
  const start = await env.signIns.signIn(REMOTE);
  const visit = await visitSignIn(start.authorizationUrl, decision);
  return { address: new URL(start.authorizationUrl), outcome: await start.done, page: visit.page };
}

/** The server's OAuth entries in the secret store, by key (`tokens`, `client`, …), sorted. */
export async function storedKeys(env: SignInEnv): Promise<string[]> {
  const prefix = authEntryKey('' as AuthKey);
  return (await env.secrets.keys(REMOTE)).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)).sort();
}

/** The saved tokens, as the store holds them. */
export async function savedTokens(env: SignInEnv): Promise<{ access_token: string; refresh_token?: string } | undefined> {
  return (await env.storage.get(REMOTE, 'tokens'))?.tokens;
}
