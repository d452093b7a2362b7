// `npm run inspect`: the listing (text and --json, exact shape), `call NAME 'JSON'` through the
// manager, bad arguments (exit 2, one line), and a corrupt config (non-zero, one line, the file
// untouched). Run in process through `main`, and once as a child for a clean stdout.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/main/hosts/cli.js';
import { CONFIG_FILE_NAME } from '../../src/main/store.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { legacyConfig, MIGRATED_SELECTIONS } from './migration-legacy.js';
import type { InspectRun } from './helpers/inspect-child.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, tempDir, urlEntry } from './helpers/mcp-env.js';

/** Runs `main` with console output captured. */
async function inspect(...argv: string[]): Promise<InspectRun> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  try {
    const code = await main(argv);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    vi.restoreAllMocks();
  }
}

describe('inspect', () => {
  const fixtures: InProcessFixture[] = [];
  let dir: string;

  beforeAll(async () => {
    const [b, c] = await Promise.all([
      startFixtureInProcess({ id: 'B', transport: 'http', tools: ['read_file', 'unity/health', 'fail'] }),
      startFixtureInProcess({ id: 'C', transport: 'sse', tools: ['read_file'] }),
    ]);
    fixtures.push(b, c);
    dir = tempDir('inspect-');
    seedStore(dir, [
      urlEntry('b', 'Bravo', 'http', b.url),
      urlEntry('c', 'Charlie', 'sse', c.url),
      { uuid: 'm', label: 'Missing', state: 'enabled', type: 'stdio', command: '/nonexistent/mcp-server', toolMappings: { old_tool: 'old_tool' } },
    ]);
  });

  afterAll(async () => {
    await Promise.all(fixtures.map((f) => f.stop()));
    removeTempDirs();
  });
  afterEach(() => vi.restoreAllMocks());

  it('--json prints exactly {servers: [{uuid, label, status, error?, tools: [{original, exposed, reasons}]}]}', async () => {
    const run = await inspect('--user-data', dir, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      servers: [
        {
          uuid: 'b',
          label: 'Bravo',
          status: 'ready',
          tools: [
            { original: 'read_file', exposed: 'read_file', reasons: [] },
            { original: 'unity/health', exposed: 'unity_health', reasons: ['sanitized'] },
            { original: 'fail', exposed: 'fail', reasons: [] },
          ],
        },
        { uuid: 'c', label: 'Charlie', status: 'ready', tools: [{ original: 'read_file', exposed: 'read_file_1', reasons: ['collision'] }] },
        {
          uuid: 'm',
          label: 'Missing',
          status: 'failed',
          error: 'command not found: /nonexistent/mcp-server',
          tools: [{ original: 'old_tool', exposed: 'old_tool', reasons: [] }],
        },
      ],
    });
  });

  it('prints a readable listing without --json', async () => {
    const run = await inspect('--user-data', dir);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'Bravo [ready] b',
      '  read_file',
      '  unity_health <- unity/health  (sanitized)',
      '  fail',
      'Charlie [ready] c',
      '  read_file_1 <- read_file  (collision)',
      'Missing [failed: command not found: /nonexistent/mcp-server] m',
      '  old_tool',
    ]);
  });

  it("call NAME 'JSON' routes through the manager to the owning server", async () => {
    const run = await inspect('--user-data', dir, 'call', 'read_file_1', '{"path": "/x"}');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { content: Array<{ text: string }> };
    expect(JSON.parse(result.content[0]!.text)).toEqual({ server: 'C', tool: 'read_file', args: { path: '/x' } });

    const bare = await inspect('--user-data', dir, 'call', 'unity_health');
    expect(bare.code).toBe(0);
    expect(JSON.parse((JSON.parse(bare.stdout) as { content: Array<{ text: string }> }).content[0]!.text)).toEqual({ server: 'B', tool: 'unity/health', args: {} });
  });

  it('call: a tool error exits 1; an unknown or offline tool exits 1 naming it', async () => {
    const failed = await inspect('--user-data', dir, 'call', 'fail', '{}');
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ isError: true });

    const unknown = await inspect('--user-data', dir, 'call', 'nope', '{}');
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/Unknown tool "nope"/);

    const offline = await inspect('--user-data', dir, 'call', 'old_tool');
    expect(offline.code).toBe(1);
    expect(offline.stderr).toMatch(/"old_tool".*server "Missing"/);
  });

  it.each<[string, string[], RegExp]>([
    ['no arguments', [], /--user-data DIR is required/],
    ['--user-data without a value', ['--user-data'], /user-data/],
    ['an unknown option', ['--user-data', '.', '--bogus'], /bogus/],
    ['an unknown verb', ['--user-data', '.', 'list'], /unexpected arguments/],
    ['call without a name', ['--user-data', '.', 'call'], /unexpected arguments/],
    ['call with extra arguments', ['--user-data', '.', 'call', 'x', '{}', 'more'], /unexpected arguments/],
    ['call with arguments that are not JSON', ['--user-data', '.', 'call', 'x', '{path: 1}'], /not valid JSON/],
    ['call with arguments that are not an object', ['--user-data', '.', 'call', 'x', '[1, 2]'], /must be a JSON object/],
    ['a folder that does not exist', ['--user-data', '/nonexistent/user-data-dir'], /no such folder: \/nonexistent\/user-data-dir/],
  ])('%s → exit 2 with a one-line reason', async (_, argv, reason) => {
    const run = await inspect(...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^inspect: /);
    expect(run.stderr).toMatch(reason);
  });

  it.each([
    ['does not parse', '{"mcp": {"servers": [ '],
    ['is an array', '[]'],
  ])('a config that %s → non-zero exit, one line, the file untouched', async (_, text) => {
    const bad = tempDir('inspect-bad-');
    const file = path.join(bad, CONFIG_FILE_NAME);
    fs.writeFileSync(file, text);
    const run = await inspect('--user-data', bad, '--json');
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.readdirSync(bad)).toEqual([CONFIG_FILE_NAME]);
  });

  it('as a process: stdout is the JSON listing and nothing else; a corrupt config exits non-zero', async () => {
    const bad = tempDir('inspect-bad-');
    fs.writeFileSync(path.join(bad, CONFIG_FILE_NAME), '{ nope');
    const [ok, corrupt] = await Promise.all([inspectChild(['--user-data', dir, '--json']), inspectChild(['--user-data', bad])]);
    expect(ok.code, ok.stderr).toBe(0);
    const listing = JSON.parse(ok.stdout) as { servers: Array<{ uuid: string; status: string }> };
    expect(listing.servers.map((s) => [s.uuid, s.status])).toEqual([['b', 'ready'], ['c', 'ready'], ['m', 'failed']]);
    expect(ok.stdout.trim().startsWith('{')).toBe(true);
    expect(corrupt.code).toBe(2);
    expect(corrupt.stdout).toBe('');
    expect(corrupt.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.readFileSync(path.join(bad, CONFIG_FILE_NAME), 'utf8')).toBe('{ nope');
  });

  it('runs the upgrade migration first and prints its report on stderr, the listing alone on stdout', async () => {
    const legacy = tempDir('inspect-legacy-');
    fs.writeFileSync(path.join(legacy, CONFIG_FILE_NAME), JSON.stringify(legacyConfig()));
    const run = await inspect('--user-data', legacy, '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/\d+ saved tool selections updated to the new tool names/);
    expect(run.stderr).toContain('read_file___bb22');
    const listing = JSON.parse(run.stdout) as { servers: Array<{ tools: Array<{ original: string; exposed: string }> }> };
    // The names the migration wrote are held at once, before any server has connected.
    expect(listing.servers[1]!.tools).toContainEqual({ original: 'read_file', exposed: 'read_file_1', reasons: ['collision'] });
    const saved = JSON.parse(fs.readFileSync(path.join(legacy, CONFIG_FILE_NAME), 'utf8')) as { prompt: { tools: string[] } };
    expect(saved.prompt.tools).toEqual(MIGRATED_SELECTIONS.prompt);
  });
});
