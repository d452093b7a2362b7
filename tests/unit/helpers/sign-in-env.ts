// One OAuth-protected fixture server and an app (Mcp + AuthManager) with it configured: what the
// sign-in integration tests start from.
import type { McpServer } from '../../../src/types/config.js';
import type { AuthManagerOptions, SignInOutcome } from '../../../src/main/auth/manager.js';
import { AuthManager } from '../../../src/main/auth/manager.js';
import type { AuthStorage } from '../../../src/main/auth/storage.js';
import type { Mcp } from '../../../src/main/mcp.js';
import type { SignIns } from '../../../src/main/sign-ins.js';
import { createSignIns } from '../../../src/main/sign-ins.js';
import type { ConfigStore } from '../../../src/main/store.js';
import type { OAuthFixture, OAuthFixtureOptions } from '../../fixtures/oauth/server.js';
import { startOAuthFixture } from '../../fixtures/oauth/server.js';
import { startMcp, tempDir, urlEntry } from './mcp-env.js';
import { MemoryAuthStorage, TestClock, visitSignIn } from './oauth.js';

export const REMOTE = '00000000-0000-4000-8000-0000000000a1';

export interface SignInEnv {
  fixture: OAuthFixture;
  mcp: Mcp;
  store: ConfigStore;
  auth: AuthManager;
  storage: AuthStorage & { entries?: Map<string, string> };
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
  const storage = options.storage ?? new MemoryAuthStorage();
  const auth = new AuthManager({ storage, redirectPort: 0, now: clock.now, log: () => undefined, ...options.auth });
  const entry = urlEntry(REMOTE, 'Remote', fixtureOptions.transport ?? 'http', fixture.url, options.server);
  const { mcp, store, logs } = await startMcp(tempDir('mcp-oauth-'), [entry], { auth });
  const env: SignInEnv = {
    fixture,
    mcp,
    store,
    auth,
    storage,
    signIns: createSignIns(mcp, auth, store),
    clock,
    logs,
    async stop() {
      await mcp.stop();
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
