// `npm run inspect`: the listing (text and --json, exact shape), `call NAME 'JSON'` through the
// manager, bad arguments (exit 2, one line), and a corrupt config (non-zero, one line, the file
// untouched). Run in process through `main`, and once as a child for a clean stdout.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIG_FILE_NAME } from '../../src/main/config/store.js';
import { spawnTracked, stopChild, waitForLine } from '../fixtures/child-process.js';
import { entryArgs } from '../fixtures/entry.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { legacyConfig, MIGRATED_SELECTIONS } from './migration-legacy.js';
import { CLI_ARGS, inspect, inspectChild, inspectChildAsNobody, runChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, tempDir, urlEntry } from './helpers/mcp-env.js';

const HOLD_PROFILE = fileURLToPath(new URL('../fixtures/hold-profile.ts', import.meta.url));
const CAN_MOUNT_TMPFS = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$1"', 'sh', os.tmpdir()]).status === 0;

describe('inspect', () => {
  const fixtures: InProcessFixture[] = [];
  let dir: string;

  beforeAll(async () => {
    const [b, c] = await Promise.all([
      startFixtureInProcess({ id: 'B', transport: 'http', tools: [{ name: 'read_file', title: 'Read a file', annotations: { readOnlyHint: true } }, 'unity/health', 'fail'] }),
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

  it('--json prints exactly {servers: [{uuid, label, status, error?, protocolVersion?, tools: [{original, exposed, reasons, policy, annotations, integrity?, findings?}]}]}', async () => {
    const run = await inspect('--user-data', dir, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      servers: [
        {
          uuid: 'b',
          label: 'Bravo',
          status: 'ready',
          protocolVersion: '2025-11-25',
          tools: [
            { original: 'read_file', exposed: 'read_file', reasons: [], title: 'Read a file', policy: 'allow', annotations: { readOnlyHint: true }, integrity: 'approved', findings: [] },
            { original: 'unity/health', exposed: 'unity_health', reasons: ['sanitized'], policy: 'ask', annotations: {}, integrity: 'approved', findings: [] },
            { original: 'fail', exposed: 'fail', reasons: [], policy: 'ask', annotations: {}, integrity: 'approved', findings: [] },
          ],
        },
        {
          uuid: 'c',
          label: 'Charlie',
          status: 'ready',
          protocolVersion: '2025-11-25',
          tools: [{ original: 'read_file', exposed: 'read_file_1', reasons: ['collision'], policy: 'ask', annotations: {}, integrity: 'approved', findings: [] }],
        },
        {
          uuid: 'm',
          label: 'Missing',
          status: 'failed',
          error: "command not found: /nonexistent/mcp-server (no such file). Check the path in the server's settings.",
          tools: [{ original: 'old_tool', exposed: 'old_tool', reasons: [], policy: 'ask', annotations: {} }],
        },
      ],
    });
  });

  it('prints a readable listing without --json', async () => {
    const run = await inspect('--user-data', dir);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'Bravo [ready] b (MCP 2025-11-25)',
      '  read_file  [allow]',
      '  unity_health <- unity/health  [ask]  (sanitized)',
      '  fail  [ask]',
      'Charlie [ready] c (MCP 2025-11-25)',
      '  read_file_1 <- read_file  [ask]  (collision)',
      "Missing [failed: command not found: /nonexistent/mcp-server (no such file). Check the path in the server's settings.] m",
      '  old_tool  [ask]',
    ]);
  });

  it('logs SERVER prints that server\'s log (by label or uuid), with timestamps; --json as an object', async () => {
    const text = await inspect('--user-data', dir, 'logs', 'Missing');
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z {2}connection info {4}Connecting: \/nonexistent\/mcp-server$/),
      expect.stringMatching(/^\S+ {2}connection error {3}Failed: command not found: \/nonexistent\/mcp-server \(no such file\)\. Check the path in the server's settings\.$/),
    ]);
    const json = await inspect('--user-data', dir, '--json', 'logs', 'c');
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { uuid: string; label: string; entries: Array<{ source: string; text: string; time: number }> };
    expect([parsed.uuid, parsed.label]).toEqual(['c', 'Charlie']);
    expect(parsed.entries.map((e) => e.text)).toEqual([`Connecting: SSE ${fixtures[1]!.url}`, 'Connected to C 1.0.0: 1 tools listed (MCP 2025-11-25)']);
    expect(typeof parsed.entries[0]!.time).toBe('number');
  });

  it('logs: an unknown server exits 2 and lists the servers there are', async () => {
    const run = await inspect('--user-data', dir, 'logs', 'Delta');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('inspect: no server "Delta" (servers: "Bravo", "Charlie", "Missing")');
  });

  it("call NAME 'JSON' routes through the manager to the owning server", async () => {
    const run = await inspect('--user-data', dir, 'call', 'read_file_1', '{"path": "/x"}', '--yes');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { content: Array<{ text: string }> };
    expect(JSON.parse(result.content[0]!.text)).toEqual({ server: 'C', tool: 'read_file', args: { path: '/x' } });

    const bare = await inspect('--user-data', dir, 'call', 'unity_health', '--yes');
    expect(bare.code).toBe(0);
    expect(JSON.parse((JSON.parse(bare.stdout) as { content: Array<{ text: string }> }).content[0]!.text)).toEqual({ server: 'B', tool: 'unity/health', args: {} });
  });

  it('call: a tool error exits 1; an unknown or offline tool exits 1 naming it', async () => {
    const failed = await inspect('--user-data', dir, 'call', 'fail', '{}', '--yes');
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
    ['logs without a server', ['--user-data', '.', 'logs'], /unexpected arguments/],
    ['logs with two servers', ['--user-data', '.', 'logs', 'a', 'b'], /unexpected arguments/],
    ['call with extra arguments', ['--user-data', '.', 'call', 'x', '{}', 'more'], /unexpected arguments/],
    ['call with arguments that are not JSON', ['--user-data', '.', 'call', 'x', '{path: 1}'], /not valid JSON/],
    ['call with arguments that are not an object', ['--user-data', '.', 'call', 'x', '[1, 2]'], /must be a JSON object/],
    ['--yes without call', ['--user-data', '.', '--yes'], /--yes goes with call/],
    ['--yes with prompt', ['--user-data', '.', 'prompt', 'greet', '--provider', 'anthropic', '--yes'], /--yes goes with call/],
    ['--answer without call, prompt or read', ['--user-data', '.', 'logs', 'x', '--answer', '{}'], /--answer goes with call, prompt and read/],
    ['--answer with complete', ['--user-data', '.', 'complete', 'greet', 'name', '', '--answer', '{}'], /--answer goes with call, prompt and read/],
    ['an --answer to prompt that is not an object', ['--user-data', '.', 'prompt', 'greet', '--provider', 'anthropic', '--answer', '[1]'], /--answer must be a JSON object/],
    ['an --answer that is not JSON', ['--user-data', '.', 'call', 'x', '{}', '--answer', 'age=3'], /--answer is not valid JSON/],
    ['an --answer that is not an object', ['--user-data', '.', 'call', 'x', '{}', '--answer', '[3]'], /--answer must be a JSON object/],
    ['a folder that does not exist', ['--user-data', '/nonexistent/user-data-dir'], /no such folder: \/nonexistent\/user-data-dir/],
  ])('%s → exit 2 with a one-line reason', async (_, argv, reason) => {
    const run = await inspect(...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^inspect: /);
    expect(run.stderr).toMatch(reason);
  });

  it('--help, as a process: every form on stdout, one a line, exit 0, no --user-data needed', async () => {
    const run = await inspectChild(['--help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('usage: inspect --user-data DIR [--json]');
    for (const verb of ['call', 'tools', 'tasks', 'roots', 'instructions', 'icons', 'prompt', 'read', 'registry add', 'bundle install']) expect(lines.some((line) => line.includes(` ${verb} `) || line.endsWith(` ${verb}`))).toBe(true);
    expect(lines.at(-1)).toBe('Every command and its output: docs/inspect.md.');
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

  it('a profile it cannot write, whose tools need names saved: exit 2 with one line naming the file, nothing changed', async () => {
    const readOnly = tempDir('inspect-ro-');
    const file = path.join(readOnly, CONFIG_FILE_NAME);
    const text = JSON.stringify({ mcp: { servers: [urlEntry('b', 'Bravo', 'http', fixtures[0]!.url)] } });
    fs.writeFileSync(file, text);
    // Readable by everyone, writable by root only.
    fs.chmodSync(readOnly, 0o755);
    fs.chmodSync(file, 0o644);
    const run = await inspectChildAsNobody(['--user-data', readOnly, '--json']);
    expect(run.stderr.trim()).toBe(`inspect: Settings cannot be saved: ${file} could not be written (permission denied).`);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.readdirSync(readOnly)).toEqual([CONFIG_FILE_NAME]);
    // With nothing to write, a read-only profile is listed as usual.
    const named = tempDir('inspect-ro-');
    fs.writeFileSync(path.join(named, CONFIG_FILE_NAME), JSON.stringify({
      mcp: { servers: [urlEntry('b', 'Bravo', 'http', fixtures[0]!.url, { toolMappings: { read_file: 'read_file', 'unity/health': 'unity_health', fail: 'fail' } })] },
    }));
    fs.chmodSync(named, 0o755);
    fs.chmodSync(path.join(named, CONFIG_FILE_NAME), 0o644);
    const listed = await inspectChildAsNobody(['--user-data', named, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ servers: [{ uuid: 'b', status: 'ready' }] });
  });

  it('a profile another copy of the app holds → exit 2 with one line naming it; nothing read or written', async () => {
    const held = tempDir('inspect-held-');
    fs.writeFileSync(path.join(held, CONFIG_FILE_NAME), '{ "prompt": { "tools": "none" } }');
    const holder = spawnTracked(process.execPath, [...entryArgs(HOLD_PROFILE), held, 'web', 'http://127.0.0.1:43117/#token=abc'], { stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      await waitForLine(holder, /^(LOCKED \d+)$/m, 'hold-profile', 20_000);
      const run = await inspectChild(['--user-data', held, '--json']);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim()).toBe(
        `inspect: The profile ${held} is in use by the browser host (pid ${holder.child.pid}) at http://127.0.0.1:43117/ (the address with its key is in that host's terminal). ` +
          'One copy of the app writes a profile at a time: use that one, quit it first, or start with another --user-data folder.',
      );
      // The unreadable selection was not repaired: nothing was written.
      expect(fs.readFileSync(path.join(held, CONFIG_FILE_NAME), 'utf8')).toBe('{ "prompt": { "tools": "none" } }');
      expect(fs.readdirSync(held).filter((name) => name.startsWith('config.'))).toEqual([CONFIG_FILE_NAME]);
    } finally {
      await stopChild(holder.child);
    }
  });

  // A real full disk: a 64 KiB tmpfs, filled up, in a mount namespace of the child's own (root
  // may mount; where the machine does not allow it, this test cannot run).
  it.skipIf(!CAN_MOUNT_TMPFS)('a full disk, whose tools need names saved: exit 2 with one line naming the file', async () => {
    const mountPoint = tempDir('inspect-full-');
    const config = path.join(tempDir('inspect-full-src-'), CONFIG_FILE_NAME);
    fs.writeFileSync(config, JSON.stringify({ mcp: { servers: [urlEntry('b', 'Bravo', 'http', fixtures[0]!.url)] } }));
    const script = 'mount -t tmpfs -o size=64k tmpfs "$1" && cp "$2" "$1/config.json" && { dd if=/dev/zero of="$1/fill" bs=4k 2>/dev/null; shift 2; exec "$@"; }';
    const run = await runChild('unshare', ['-m', 'sh', '-c', script, 'sh', mountPoint, config, process.execPath, ...CLI_ARGS, '--user-data', mountPoint, '--json']);
    expect(run.stderr.trim()).toBe(`inspect: Settings cannot be saved: ${path.join(mountPoint, CONFIG_FILE_NAME)} could not be written (the disk is full).`);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });

  it('a profile it cannot write, with settings to upgrade or repair: exit 2, one line, nothing changed', async () => {
    for (const text of [JSON.stringify(legacyConfig()), '{ "prompt": { "tools": "none" } }']) {
      const dir = tempDir('inspect-ro-');
      const file = path.join(dir, CONFIG_FILE_NAME);
      fs.writeFileSync(file, text);
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(file, 0o644);
      const run = await inspectChildAsNobody(['--user-data', dir, '--json']);
      expect(run.stderr.trim()).toMatch(new RegExp(`^inspect: Settings cannot be saved: a copy of ${file} could not be made before changing it \\(permission denied\\)`));
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.code).toBe(2);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
      expect(fs.readdirSync(dir)).toEqual([CONFIG_FILE_NAME]);
    }
  });

  it('config.json that is a folder → exit 2 with one line naming it; nothing is touched', async () => {
    const dir = tempDir('inspect-folder-');
    fs.mkdirSync(path.join(dir, CONFIG_FILE_NAME));
    const run = await inspect('--user-data', dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`inspect: ${path.join(dir, CONFIG_FILE_NAME)} is not a valid config: it is a folder, not a file`);
    expect(fs.readdirSync(dir)).toEqual([CONFIG_FILE_NAME]);
    expect(fs.statSync(path.join(dir, CONFIG_FILE_NAME)).isDirectory()).toBe(true);
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
    expect(listing.servers[1]!.tools).toContainEqual({ original: 'read_file', exposed: 'read_file_1', reasons: ['collision'], policy: 'ask', annotations: {} });
    const saved = JSON.parse(fs.readFileSync(path.join(legacy, CONFIG_FILE_NAME), 'utf8')) as { prompt: { tools: string[] } };
    expect(saved.prompt.tools).toEqual(MIGRATED_SELECTIONS.prompt);
  });
});
