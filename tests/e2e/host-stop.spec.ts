// The browser host as a process, stopped from the terminal or by a service manager: it closes its
// servers and the profile, then exits 0. One Ctrl-C can reach it twice (signal-exit, which the
// profile lock uses, sends the signal again when it miscounts its listeners). Here and not in the
// unit suite: the host serves the built renderer, which `npm run test:e2e` builds first.
import fs from 'node:fs';
import path from 'node:path';
import { spawnTracked, waitForLine } from '../fixtures/child-process.js';
import { entryArgs } from '../fixtures/entry.js';
import { REPO_ROOT } from './host.js';
import { expect, test } from './fixtures.js';

const WEB_HOST = path.join(REPO_ROOT, 'src/main/hosts/web.ts');
const URL_LINE = /^\s+(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)\s*$/m;

const CASES = [
  ['a Ctrl-C', ['SIGINT']],
  ['a doubled Ctrl-C', ['SIGINT', 'SIGINT']],
  ['a SIGTERM', ['SIGTERM']],
] as const;

for (const [what, signals] of CASES) {
  test(`${what} stops the browser host cleanly: exit 0, the profile lock released`, async ({ userDataDir }) => {
    const tracked = spawnTracked(process.execPath, [...entryArgs(WEB_HOST), '--user-data', userDataDir, '--port', '0'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForLine(tracked, URL_LINE, 'The browser host', 30_000);
    expect(fs.readdirSync(userDataDir)).toContain('profile.lock');
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      tracked.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    for (const signal of signals) tracked.child.kill(signal);
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(fs.readdirSync(userDataDir)).not.toContain('profile.lock');
  });
}
