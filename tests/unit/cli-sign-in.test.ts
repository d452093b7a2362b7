// `inspect signin` / `signout` as real child processes against the OAuth fixture, with the run's
// private keyring: the address alone on stdout, exit 0 once signed in, the sign-in usable by the
// next process, `call` exiting 3 while the server needs a sign-in, and no token in any file of
// the user-data folder or in any output.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseTimeout } from '../../src/main/hosts/cli/sign-in.js';
import { entryArgs } from '../fixtures/entry.js';
import type { OAuthFixture } from '../fixtures/oauth/server.js';
import { startOAuthFixture } from '../fixtures/oauth/server.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, tempDir, urlEntry } from './helpers/mcp-env.js';
import { profileFiles } from './helpers/secret-scan.js';
import { visitSignIn } from './helpers/oauth.js';

const CLI_PATH = fileURLToPath(new URL('../../src/main/hosts/cli/cli.ts', import.meta.url));
const UUID = '00000000-0000-4000-8000-0000000000c1';
const fixtures: OAuthFixture[] = [];

afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((fixture) => fixture.close()));
});
afterAll(() => removeTempDirs());

/** Starts `inspect signin`, resolves with its first stdout line and its exit. */
function signinChild(dir: string, server: string, timeout = '60'): { address: Promise<string>; exit: Promise<{ code: number; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [...entryArgs(CLI_PATH), '--user-data', dir, 'signin', server, '--timeout', timeout], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let gotLine: (line: string) => void = () => undefined;
  const address = new Promise<string>((resolve) => (gotLine = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('\n')) gotLine(stdout.split('\n')[0]!);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    child.once('close', (code) => {
      gotLine('');
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
  return { address, exit };
}

/** Every file of the folder (and its sub-folders), as text. */
function folderText(dir: string): string {
  return Object.values(profileFiles(dir)).join('\n');
}

describe('inspect signin / signout', () => {
  it('signs in headless, stays signed in for the next process, and signs out', async () => {
    const fixture = await startOAuthFixture({ tools: ['echo'], consent: 'page' });
    fixtures.push(fixture);
    const dir = tempDir('inspect-signin-');
    seedStore(dir, [urlEntry(UUID, 'Remote', 'http', fixture.url)]);

    const before = await inspectChild(['--user-data', dir, '--json']);
    expect(JSON.parse(before.stdout).servers[0]).toMatchObject({ status: 'needs-sign-in', error: 'the server asks you to sign in' });

    const signin = signinChild(dir, 'Remote');
    const address = await signin.address;
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    const visit = await visitSignIn(address);
    expect(visit.page).toContain('You can close this tab.');
    const done = await signin.exit;
    expect(done.code).toBe(0);
    expect(done.stdout).toBe(`${address}\n`);
    expect(done.stderr).toMatch(/Signed in to "Remote": ready, 1 tool\./);

    // The fixture's tools have no annotations, so they ask first: --yes approves the call.
    const call = await inspectChild(['--user-data', dir, 'call', 'echo', '{"n":1}', '--yes']);
    expect(call.code).toBe(0);
    expect(JSON.parse(call.stdout).content[0].text).toBe(JSON.stringify({ server: 'oauth-fixture', tool: 'echo', args: { n: 1 } }));

    const out = await inspectChild(['--user-data', dir, 'signout', UUID]);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/Signed out of "Remote": the server revoked the tokens/);
    expect(fixture.provider.counts.revocations).toBe(2);

    // Signed out: the tool keeps its name, and a call says to sign in (exit 3), before any
    // approval is asked for (no --yes: the tool would ask first).
    const refused = await inspectChild(['--user-data', dir, 'call', 'echo', '{}']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/needs sign-in/);

    const all = [before, done, call, out, refused].map((run) => run.stdout + run.stderr).join('\n') + folderText(dir);
    expect(fixture.provider.issuedTokens.length).toBeGreaterThan(0);
    for (const issued of fixture.provider.issuedTokens) expect(all).not.toContain(issued);
  });

  it('exits 1 with the reason when the browser never comes back, and saves nothing', async () => {
    const fixture = await startOAuthFixture({ tools: ['echo'] });
    fixtures.push(fixture);
    const dir = tempDir('inspect-signin-');
    seedStore(dir, [urlEntry(UUID, 'Remote', 'http', fixture.url)]);
    const signin = signinChild(dir, UUID, '1');
    expect(await signin.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    const done = await signin.exit;
    expect(done.code).toBe(1);
    expect(done.stderr).toMatch(/Sign-in failed: the browser did not come back within 1 s/);
    const after = await inspectChild(['--user-data', dir, '--json']);
    expect(JSON.parse(after.stdout).servers[0].status).toBe('needs-sign-in');
  });

  it('refuses an unknown server and a bad timeout with exit 2', async () => {
    const dir = tempDir('inspect-signin-');
    seedStore(dir, []);
    expect((await inspectChild(['--user-data', dir, 'signin', 'Nope'])).code).toBe(2);
    expect((await inspectChild(['--user-data', dir, 'signin', 'Nope', '--timeout', 'soon'])).code).toBe(2);
    expect((await inspectChild(['--user-data', dir, '--timeout', '5'])).code).toBe(2);
  });
});

describe('--timeout', () => {
  it('reads seconds', () => {
    expect(parseTimeout(undefined)).toBe(300_000);
    expect(parseTimeout('2.5')).toBe(2_500);
    expect(() => parseTimeout('0')).toThrow(/number of seconds/);
  });
});
