// The browser host as a process, stopped from the terminal or by a service manager; one Ctrl-C can reach it twice
// (signal-exit, which the profile lock uses, sends the signal again when it miscounts its
// listeners), and the host must still close its servers and the profile before it exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { spawnTracked, waitForLine } from '../fixtures/child-process.js';
import { entryArgs, REPO_ROOT } from '../fixtures/entry.js';

const WEB_HOST = path.join(REPO_ROOT, 'src/main/hosts/web.ts');
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it.each([
  ['a Ctrl-C', ['SIGINT']],
  ['a doubled Ctrl-C', ['SIGINT', 'SIGINT']],
  ['a SIGTERM', ['SIGTERM']],
] as const)('%s stops the browser host cleanly: exit 0, the profile lock released', async (_what, signals) => {
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-web-sigint-'));
  dirs.push(userData);
  const tracked = spawnTracked(process.execPath, [...entryArgs(WEB_HOST), '--user-data', userData, '--port', '0'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(tracked, /^\s+(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)\s*$/m, 'The browser host', 30_000);
  expect(fs.readdirSync(userData)).toContain('profile.lock');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    tracked.child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  for (const signal of signals) tracked.child.kill(signal);
  expect(await exited).toEqual({ code: 0, signal: null });
  expect(fs.readdirSync(userData)).not.toContain('profile.lock');
}, 60_000);
