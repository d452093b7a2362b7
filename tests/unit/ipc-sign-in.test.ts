// The sign-in channels over the real core (the run's keyring): Electron's host opens the system
// browser itself (`openExternal`), the browser host leaves it to the page; the screens learn
// whether a server is signed in and whether a client secret is saved, never a value.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { AppState, SignInStarted } from '../../src/types/ipc.js';
import type { ServerStatus } from '../../src/types/mcp.js';
import type { OAuthFixture } from '../fixtures/oauth/server.js';
import { startOAuthFixture } from '../fixtures/oauth/server.js';
import { removeTempDirs, seedStore, tempDir, urlEntry } from './helpers/mcp-env.js';
import { visitSignIn } from './helpers/oauth.js';

const UUID = '00000000-0000-4000-8000-0000000000d1';
const running: Array<{ core: Core; fixture: OAuthFixture }> = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map(async ({ core, fixture }) => {
    await core.close();
    await fixture.close();
  }));
});
afterAll(() => removeTempDirs());

/** Reads until `ok` holds (or 10 s pass), as the screens do with status events. */
async function until(read: () => Promise<ServerStatus>, ok: (status: ServerStatus) => boolean): Promise<ServerStatus> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await read();
    if (ok(status) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function app(kind: 'electron' | 'web', opened: string[]) {
  const fixture = await startOAuthFixture({ tools: ['echo'] });
  const dir = tempDir('ipc-sign-in-');
  seedStore(dir, [urlEntry(UUID, 'Remote', 'http', fixture.url)]);
  const core = await startCore({ userDataDir: dir, host: kind, log: () => undefined });
  running.push({ core, fixture });
  const ipc = createIpcServer(core, { kind, userDataDir: dir, ...(kind === 'electron' ? { openExternal: (url: string) => void opened.push(url) } : {}) });
  const status = async (): Promise<ServerStatus> => ((await ipc.invoke('getStatus', undefined)) as ServerStatus[])[0]!;
  return { fixture, ipc, status };
}

describe('sign-in over IPC', () => {
  it('Electron: main opens the system browser; the page is told so', async () => {
    const opened: string[] = [];
    const { fixture, ipc, status } = await app('electron', opened);
    expect(await status()).toMatchObject({ status: 'needs-sign-in', signIn: { signedIn: false, pending: false, clientSecretSaved: false } });
    const started = (await ipc.invoke('signIn', { uuid: UUID })) as SignInStarted;
    expect(started.opened).toBe(true);
    expect(opened).toEqual([started.authorizationUrl]);
    expect((await status()).signIn?.pending).toBe(true);
    await visitSignIn(started.authorizationUrl);
    const now = await until(status, (s) => s.status === 'ready');
    expect(now).toMatchObject({ status: 'ready', signIn: { signedIn: true, pending: false } });
    // While the tokens are live, the page gets none of them.
    expect(fixture.provider.issuedTokens.length).toBeGreaterThan(0);
    const page = JSON.stringify([await ipc.invoke('getState', undefined), await status(), await ipc.invoke('getProviderTools', { provider: 'anthropic' })]);
    for (const token of fixture.provider.issuedTokens) expect(page).not.toContain(token);
    expect(await ipc.invoke('signOut', { uuid: UUID })).toEqual({ revoked: true });
  });

  it('browser host: the page opens the address; a client secret is saved, reported, removed', async () => {
    const opened: string[] = [];
    const { ipc, status } = await app('web', opened);
    const started = (await ipc.invoke('signIn', { uuid: UUID })) as SignInStarted;
    expect(started).toEqual({ authorizationUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/), opened: false });
    expect(opened).toEqual([]);
    await ipc.invoke('setOAuthClientSecret', { uuid: UUID, secret: 'typed-secret-value' });
    expect((await status()).signIn?.clientSecretSaved).toBe(true);
    const state = (await ipc.invoke('getState', undefined)) as AppState;
    expect(JSON.stringify(state) + JSON.stringify(await status())).not.toContain('typed-secret-value');
    await ipc.invoke('setOAuthClientSecret', { uuid: UUID, secret: null });
    expect((await status()).signIn?.clientSecretSaved).toBe(false);
    await expect(ipc.invoke('signIn', { uuid: 'no-such-server' })).rejects.toThrow('No MCP server with id "no-such-server".');
  });
});
