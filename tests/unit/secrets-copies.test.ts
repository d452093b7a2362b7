// Secrets found at start without re-reading every copy of the config: the copies beside
// config.json are read (once each) at the first start of this version and when config.json itself
// held a secret value; any other start reads none. Real files, the run's real keyring, and a
// child process as `nobody` for copies it cannot read.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SECRETS_TO_STORE_MIGRATION_ID } from '../../src/main/migrations/secrets.js';
import { UNENCRYPTED_WARNING } from '../../src/main/secrets/store.js';
import { TOOL_ALIASES_MIGRATION_ID } from '../../src/types/migration.js';
import { NOBODY_ID } from '../fixtures/child-process.js';
import { inspectChildAsNobody } from './helpers/inspect-child.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';
import { filesHolding } from './helpers/secret-scan.js';
import { savedConfig, startApp } from './helpers/secrets.js';

const API_KEY = `sk-${randomBytes(12).toString('hex')}`;
const OLD_KEY = `sk-old-${randomBytes(12).toString('hex')}`;
const STAMP = '2026-01-02T03-04-05-678Z';
const COPY = /^config\..+\.json$/;

afterEach(() => vi.restoreAllMocks());
afterAll(() => removeTempDirs());

function config(env: Record<string, unknown>, migrations?: string[]): string {
  return JSON.stringify({
    mcp: { servers: [{ uuid: 'local-1', label: 'Local', state: 'disabled', type: 'stdio', command: '/nonexistent/server', env }] },
    ...(migrations ? { migrations } : {}),
  });
}

/** Counts the reads of the config's copies from here on. */
function countCopyReads(): () => number {
  const read = vi.spyOn(fsp, 'readFile');
  return () => read.mock.calls.filter(([file]) => COPY.test(path.basename(String(file)))).length;
}

describe('the copies of the config at start', () => {
  it('the first start reads each copy once and rewrites the ones holding values; later starts read none, until config.json holds a value again', async () => {
    const dir = tempDir('secrets-copies-');
    fs.writeFileSync(path.join(dir, 'config.json'), config({ OPENAI_API_KEY: API_KEY }));
    fs.writeFileSync(path.join(dir, `config.before-repair-${STAMP}.json`), config({ OPENAI_API_KEY: OLD_KEY }));
    fs.writeFileSync(path.join(dir, `config.corrupt-${STAMP}.json`), '{ "not": "secret"');

    let reads = countCopyReads();
    let app = await startApp(dir);
    await app.stop();
    // The two copies beside it, once each; the one the start took is written with references and not read back.
    expect(reads()).toBe(2);
    expect(filesHolding(dir, [API_KEY, OLD_KEY])).toEqual([]);
    expect(savedConfig(dir).migrations).toContain(SECRETS_TO_STORE_MIGRATION_ID);

    vi.restoreAllMocks();
    reads = countCopyReads();
    app = await startApp(dir);
    await app.stop();
    expect(reads()).toBe(0);

    // A hand edit puts a value back into config.json: that start looks at the copies again.
    const saved = savedConfig(dir);
    saved.mcp.servers[0]!.env = { OPENAI_API_KEY: API_KEY };
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(saved));
    vi.restoreAllMocks();
    reads = countCopyReads();
    app = await startApp(dir);
    await app.stop();
    expect(reads()).toBeGreaterThan(0);
    expect(filesHolding(dir, [API_KEY])).toEqual([]);
  });

  it('a start after the upgrade does not open the copies at all: copies the user cannot read give no notice', async () => {
    const dir = tempDir('secrets-copies-nobody-');
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(file, config({ LOG_LEVEL: 'debug' }, [SECRETS_TO_STORE_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID]));
    execFileSync('chown', [`${NOBODY_ID}:${NOBODY_ID}`, dir, file]);
    // Root's copies, 0600: nobody cannot open them.
    const copy = path.join(dir, `config.before-repair-${STAMP}.json`);
    fs.writeFileSync(copy, config({ OPENAI_API_KEY: OLD_KEY }), { mode: 0o600 });
    fs.chmodSync(copy, 0o600);

    const run = await inspectChildAsNobody(['--user-data', dir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ servers: [{ uuid: 'local-1', status: 'disabled' }] });
    // nobody has no keyring here: that warning is the one notice.
    expect(run.stderr.trim()).toBe(UNENCRYPTED_WARNING);
    expect(fs.readFileSync(copy, 'utf8')).toContain(OLD_KEY);
  });
});
