// The profile lock with real processes: a holder (tests/fixtures/hold-profile.ts) in a child
// process, refused second starts naming it, a holder killed with SIGKILL whose lock is taken over
// at once, two starts racing for a dead holder's lock, a folder the user cannot write, and the
// message's pure parts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { addressWithoutKey, lockedMessage, parseHolder } from '../../src/main/profile/holder.js';
import { HOLDER_FILE_NAME, LOCK_NAME, lockProfile, ProfileLockedError } from '../../src/main/profile/lock.js';
import type { TrackedChild } from '../fixtures/child-process.js';
import { asNobody, spawnTracked, stopChild, waitForLine } from '../fixtures/child-process.js';
import { entryArgs } from '../fixtures/entry.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

const HOLD_PROFILE = fileURLToPath(new URL('../fixtures/hold-profile.ts', import.meta.url));
const TOKEN = 'f'.repeat(64);

afterAll(() => removeTempDirs());

interface Holder {
  tracked: TrackedChild;
  line: string;
}

/** Starts hold-profile.ts on `dir`; resolves with its one line (LOCKED, UNHELD or REFUSED …). */
async function hold(dir: string, host: string, url?: string, nobody = false): Promise<Holder> {
  const node = [process.execPath, ...entryArgs(HOLD_PROFILE), dir, host, ...(url ? [url] : [])];
  const [command, args] = nobody ? asNobody(node) : [node[0]!, node.slice(1)];
  const tracked = spawnTracked(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const line = await waitForLine(tracked, /^((?:LOCKED|UNHELD|REFUSED) .*)$/m, 'hold-profile', 20_000);
  return { tracked, line };
}

async function kill9(child: TrackedChild['child']): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

describe('the profile lock', () => {
  it('a second start is refused with the holder\'s pid and address, never its key; free again once the holder quits', async () => {
    const dir = tempDir('lock-');
    const holder = await hold(dir, 'web', `http://127.0.0.1:43117/#token=${TOKEN}`);
    const pid = holder.tracked.child.pid!;
    expect(holder.line).toBe(`LOCKED ${pid}`);
    const file = path.join(dir, HOLDER_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).not.toContain(TOKEN);
    expect(parseHolder(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid, host: 'web', address: 'http://127.0.0.1:43117/' });

    const refused = await lockProfile(dir, { host: 'inspect' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProfileLockedError);
    const message = (refused as Error).message;
    expect(message).toBe(
      `The profile ${dir} is in use by the browser host (pid ${pid}) at http://127.0.0.1:43117/ (the address with its key is in that host's terminal). ` +
        'One copy of the app writes a profile at a time: use that one, quit it first, or start with another --user-data folder.',
    );
    expect(message).not.toContain(TOKEN);

    // Quit (stdin closes, as when its terminal goes): the lock and the holder file go with it.
    holder.tracked.child.stdin!.end();
    await new Promise((resolve) => holder.tracked.child.once('exit', resolve));
    expect(fs.readdirSync(dir)).toEqual([]);
    const lock = await lockProfile(dir, { host: 'inspect' });
    expect(lock.held).toBe(true);
    await lock.release();
  });

  it('a holder killed with SIGKILL never blocks the next start: its lock is taken over at once', async () => {
    const dir = tempDir('lock-');
    const holder = await hold(dir, 'electron');
    await expect(lockProfile(dir, { host: 'web' })).rejects.toThrow(`in use by the MCP Tool Names app (pid ${holder.tracked.child.pid})`);
    await kill9(holder.tracked.child);
    // The lock directory is still there, fresh (proper-lockfile alone would wait for it to go stale).
    expect(fs.existsSync(path.join(dir, LOCK_NAME))).toBe(true);
    const lock = await lockProfile(dir, { host: 'web' });
    expect(lock.held).toBe(true);
    expect(parseHolder(fs.readFileSync(path.join(dir, HOLDER_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid, host: 'web' });
    await lock.release();
  });

  it('a holder stopped with SIGTERM releases its lock', async () => {
    const dir = tempDir('lock-');
    const holder = await hold(dir, 'web');
    await stopChild(holder.tracked.child);
    const lock = await lockProfile(dir, { host: 'web' });
    expect(lock.held).toBe(true);
    await lock.release();
  });

  it('starts racing for a dead holder\'s lock: exactly one gets it, the others name the winner', async () => {
    for (let round = 0; round < 5; round++) {
      const dir = tempDir('lock-');
      await kill9((await hold(dir, 'web')).tracked.child);
      // Started, then let go at the same moment.
      const started = Array.from({ length: 4 }, () => {
        const tracked = spawnTracked(process.execPath, [...entryArgs(HOLD_PROFILE), dir, 'web'], {
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { ...process.env, HOLD_PROFILE_WAIT: '1' },
        });
        return { tracked, ready: waitForLine(tracked, /^(READY)$/m, 'hold-profile', 20_000) };
      });
      await Promise.all(started.map((racer) => racer.ready));
      const lines = started.map(({ tracked }) => waitForLine(tracked, /^((?:LOCKED|REFUSED) .*)$/m, 'hold-profile', 20_000));
      for (const { tracked } of started) tracked.child.stdin!.write('go\n');
      const racers = await Promise.all(started.map(async ({ tracked }, i) => ({ tracked, line: await lines[i]! })));
      const winners = racers.filter((racer) => racer.line.startsWith('LOCKED'));
      expect(winners, racers.map((racer) => racer.line).join('\n')).toHaveLength(1);
      const winner = winners[0]!.tracked.child.pid!;
      for (const racer of racers.filter((r) => !r.line.startsWith('LOCKED'))) {
        expect(racer.line).toMatch(new RegExp(`^REFUSED .*\\(pid ${winner}\\)`));
      }
      await Promise.all(racers.map((racer) => stopChild(racer.tracked.child)));
    }
  });

  it('in one process: a second lock on the same folder is refused until the first is released', async () => {
    const dir = tempDir('lock-');
    const first = await lockProfile(dir, { host: 'web' });
    await expect(lockProfile(dir, { host: 'web' })).rejects.toThrow(`(pid ${process.pid})`);
    await first.release();
    const second = await lockProfile(dir, { host: 'web' });
    expect(second.held).toBe(true);
    await second.release();
  });

  it('a folder the user cannot write is not locked (nothing can be saved there either), and nothing is created', async () => {
    const dir = tempDir('lock-');
    fs.chmodSync(dir, 0o755);
    const holder = await hold(dir, 'inspect', undefined, true);
    expect(holder.line).toBe(`UNHELD ${dir} cannot be locked (permission denied)`);
    expect(fs.readdirSync(dir)).toEqual([]);
    await stopChild(holder.tracked.child);
  });

  it('creates a missing profile folder 0700', async () => {
    const dir = path.join(tempDir('lock-'), 'new');
    const lock = await lockProfile(dir, { host: 'web' });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    await lock.release();
  });
});

describe('lock messages', () => {
  it('strips the key from an address', () => {
    expect(addressWithoutKey(`http://127.0.0.1:8123/#token=${TOKEN}`)).toBe('http://127.0.0.1:8123/');
    expect(addressWithoutKey(`http://127.0.0.1:8123/app?token=${TOKEN}#x`)).toBe('http://127.0.0.1:8123/');
  });

  it('names a holder that has not written its file yet as starting or stopping', () => {
    expect(lockedMessage('/p', null)).toBe('The profile /p is in use by another copy of the app that is starting or stopping. Try again in a few seconds.');
    expect(lockedMessage('/p', { pid: 7, host: 'inspect', since: '' })).toMatch(/^The profile \/p is in use by `npm run inspect` \(pid 7\)\. /);
  });

  it('reads only a well-formed holder file', () => {
    expect(parseHolder(null)).toBeNull();
    expect(parseHolder('{ half')).toBeNull();
    expect(parseHolder('{"pid": "7", "host": "web", "since": ""}')).toBeNull();
    expect(parseHolder('{"pid": 7, "host": "web", "since": "x"}')).toEqual({ pid: 7, host: 'web', since: 'x' });
  });
});
