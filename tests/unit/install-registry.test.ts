// Adding servers from an MCP registry: the fixture registry serves the v0.1 API's shapes
// (tests/fixtures/registry); the plan of each kind of entry (npm, pypi, oci, remotes), the
// client's pages and errors, and adding through the real core: a remote that connects to a
// fixture MCP server, the published filesystem server through npx, secrets in the store,
// `source` saved, updates offered.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { RegistryClient } from '../../src/main/install/registry/client.js';
import { registryOptions, registrySettings } from '../../src/main/install/registry/plan.js';
import { ServerDetailSchema } from '../../src/main/install/registry/schema.js';
import { InstallProblemError } from '../../src/main/install/values.js';
import { LOGIN_SHELL_TIMEOUT_ENV } from '../../src/main/mcp/stdio/login-shell-path.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { FILESYSTEM_PACKAGE, FILESYSTEM_VERSION, registryEntries, type FixtureEntry } from '../fixtures/registry/entries.js';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/server.js';
import { inspect, inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, tempDir, waitForStatus } from './helpers/mcp-env.js';

const entries = registryEntries('http://127.0.0.1:1/mcp', 'http://127.0.0.1:1/sse');
const detail = (name: string, version?: string) => ServerDetailSchema.parse(entries.findLast((e: FixtureEntry) => e.server.name === name && (!version || e.server.version === version))!.server);

describe('a registry entry as servers (pure)', () => {
  it('npm: npx -y pkg@version with the package arguments, a form for the inputs', () => {
    const [npm] = registryOptions(detail('io.github.example/filesystem'));
    expect(npm!.run).toEqual({ type: 'stdio', command: 'npx', args: ['-y', `${FILESYSTEM_PACKAGE}@${FILESYSTEM_VERSION}`, '<allowed_dir>'], env: ['FS_LOG_LEVEL'] });
    expect(npm!.fields.map((f) => [f.id, f.kind, f.required, f.default])).toEqual([['allowed_dir', 'file', true, undefined], ['FS_LOG_LEVEL', 'string', false, 'info']]);
    const planned = registrySettings(detail('io.github.example/filesystem'), 0, { allowed_dir: '/srv/data' }, 'Files');
    expect(planned).toEqual({ settings: { label: 'Files', type: 'stdio', command: 'npx', args: ['-y', `${FILESYSTEM_PACKAGE}@${FILESYSTEM_VERSION}`, '/srv/data'], env: { FS_LOG_LEVEL: 'info' } } });
    expect(registrySettings(detail('io.github.example/filesystem'), 0, { FS_LOG_LEVEL: 'loud' }, 'Files')).toEqual({
      problems: [{ field: 'allowed_dir', message: '"allowed_dir" is required.' }, { field: 'FS_LOG_LEVEL', message: '"FS_LOG_LEVEL" must be one of: debug, info, warn.' }],
    });
  });

  it('pypi: uvx pkg==version, named arguments and flags; a secret env variable goes to the secret store', () => {
    const weather = detail('io.github.example/weather');
    expect(registryOptions(weather)[0]!.run).toEqual({ type: 'stdio', command: 'uvx', args: ['weather-mcp==0.4.1', '--units', '<units>', '--verbose'], env: ['WEATHER_API_KEY'] });
    expect(registrySettings(weather, 0, { WEATHER_API_KEY: 'k-123', units: 'imperial' }, 'Weather')).toEqual({
      settings: { label: 'Weather', type: 'stdio', command: 'uvx', args: ['weather-mcp==0.4.1', '--units', 'imperial', '--verbose'], env: { WEATHER_API_KEY: { secretValue: 'k-123' } } },
    });
  });

  it('oci: docker run -i --rm with the runtime arguments, -e for each variable (values stay in the environment), the image', () => {
    const db = detail('io.github.example/database');
    expect(registryOptions(db)[0]!.run).toEqual({
      type: 'stdio', command: 'docker',
      args: ['run', '-i', '--rm', '--mount', 'type=bind,src=<host_dir>,dst=/data', '-e', 'DB_USER', '-e', 'DB_PASSWORD', 'docker.io/example/database-mcp:3.1.0', '--port', '<port>'],
      env: ['DB_USER', 'DB_PASSWORD'],
    });
    const planned = registrySettings(db, 0, { host_dir: '/srv/db', DB_USER: 'me', DB_PASSWORD: 'pw', port: 6543 }, 'DB');
    expect(planned).toEqual({ settings: { label: 'DB', type: 'stdio', command: 'docker', args: ['run', '-i', '--rm', '--mount', 'type=bind,src=/srv/db,dst=/data', '-e', 'DB_USER', '-e', 'DB_PASSWORD', 'docker.io/example/database-mcp:3.1.0', '--port', '6543'], env: { DB_USER: 'me', DB_PASSWORD: { secretValue: 'pw' } } } });
    expect(registrySettings(db, 0, { host_dir: '/srv/db', DB_USER: 'me', DB_PASSWORD: 'pw', port: 'many' }, 'DB')).toEqual({ problems: [{ field: 'port', message: '"port" must be a number (got "many").' }] });
  });

  it('remotes: Streamable HTTP with a URL variable and a secret header; SSE; what the app cannot run says why', () => {
    const notes = detail('com.example/remote-notes');
    const [http, sse] = registryOptions(notes);
    expect(http!.run).toEqual({ type: 'http', url: 'http://127.0.0.1:1/<path>', headers: ['X-Api-Key'] });
    expect(sse!.run).toEqual({ type: 'sse', url: 'http://127.0.0.1:1/sse', headers: ['X-Region'] });
    expect(registrySettings(notes, 0, { 'X-Api-Key': 'secret-1' }, 'Notes')).toEqual({ settings: { label: 'Notes', type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { 'X-Api-Key': { secretValue: 'secret-1' } } } });
    expect(registrySettings(notes, 1, {}, 'Notes')).toEqual({ settings: { label: 'Notes', type: 'sse', url: 'http://127.0.0.1:1/sse', headers: { 'X-Region': 'eu' } } });
  });

  it('runtimeHint: only the runtime the registry documents for the package kind; nuget runs with dnx', () => {
    const [nuget] = registryOptions(detail('com.example/dotnet-tools'));
    expect(nuget!.run).toEqual({ type: 'stdio', command: 'dnx', args: ['Example.Mcp@1.0.0', '--yes'], env: [] });
    const entry = (pkg: Record<string, unknown>) => ServerDetailSchema.parse({ name: 'a/b', description: 'd', version: '1', packages: [{ identifier: 'x', version: '1', transport: { type: 'stdio' }, ...pkg }] });
    const withArgs = entry({ registryType: 'nuget', runtimeHint: 'dnx', packageArguments: [{ type: 'named', name: '--mode', value: 'fast' }] });
    expect(registrySettings(withArgs, 0, {}, 'x')).toEqual({ settings: { label: 'x', type: 'stdio', command: 'dnx', args: ['x@1', '--yes', '--', '--mode', 'fast'] } });
    for (const [registryType, hint] of [['npm', 'npx'], ['pypi', 'uvx'], ['oci', 'docker']]) {
      expect(registryOptions(entry({ registryType, runtimeHint: hint }))[0]!.run).toMatchObject({ command: hint });
    }
    for (const hint of ['node', 'sh', 'bash', '/bin/sh', 'python']) {
      const [option] = registryOptions(entry({ registryType: 'npm', runtimeHint: hint }));
      expect(option!.run).toBeUndefined();
      expect(option!.unsupported).toBe(`The entry asks to run it with ${JSON.stringify(hint)}, which is not a runtime the registry documents (npx, uvx, docker, dnx): the app does not run it.`);
      expect(registrySettings(entry({ registryType: 'npm', runtimeHint: hint }), 0, {}, 'x')).toEqual({ problems: [{ message: option!.unsupported }] });
    }
    expect(registryOptions(entry({ registryType: 'npm', runtimeHint: 'uvx' }))[0]!.unsupported).toBe('The entry asks to run a npm package with uvx; npm packages run with npx: the app does not run it.');
    expect(registryOptions(entry({ registryType: 'cargo' }))[0]!.unsupported).toBe('The app cannot run cargo packages. Pick another way to run it, or add it by hand.');
  });

  it('mcpb: the bundle to download over https with its SHA-256; without https or a hash it says why', () => {
    const bundle = (identifier: string, fileSha256?: string) => ServerDetailSchema.parse({ name: 'a/b', description: 'd', version: '1', packages: [{ registryType: 'mcpb', identifier, ...(fileSha256 ? { fileSha256 } : {}), transport: { type: 'stdio' } }] });
    const hash = 'AB'.repeat(32);
    expect(registryOptions(bundle('https://example.com/x.mcpb', hash))).toEqual([{ index: 0, kind: 'mcpb', label: 'mcpb package https://example.com/x.mcpb', fields: [], download: { url: 'https://example.com/x.mcpb', sha256: 'ab'.repeat(32) } }]);
    expect(registryOptions(bundle('http://example.com/x.mcpb', hash))[0]!.unsupported).toBe('The bundle\'s address "http://example.com/x.mcpb" is not an https:// address: the app downloads bundles only over https.');
    expect(registryOptions(bundle('file:///etc/passwd', hash))[0]!.unsupported).toMatch(/is not an https:\/\/ address/);
    expect(registryOptions(bundle('https://example.com/x.mcpb'))[0]!.unsupported).toBe('The entry gives no SHA-256 of its bundle (fileSha256), which the registry requires so that the file can be checked: the app does not run a bundle it cannot check.');
    expect(registryOptions(bundle('https://example.com/x.mcpb', 'abc'))[0]!.unsupported).toMatch(/no SHA-256 of its bundle/);
  });

  it('a value is one argument, whatever it holds, and a secret argument is refused', () => {
    const planned = registrySettings(detail('io.github.example/filesystem'), 0, { allowed_dir: '/tmp/a b; rm -rf ~ $(whoami) {x}' }, 'F');
    expect('settings' in planned && planned.settings.args?.at(-1)).toBe('/tmp/a b; rm -rf ~ $(whoami) {x}');
    const secretArg = ServerDetailSchema.parse({ name: 'a/b', description: 'd', version: '1', packages: [{ registryType: 'npm', identifier: 'x', version: '1', transport: { type: 'stdio' }, packageArguments: [{ type: 'named', name: '--token', isSecret: true, isRequired: true }] }] });
    expect(registrySettings(secretArg, 0, { token: 't' }, 'x')).toEqual({ problems: [expect.objectContaining({ field: 'token', message: expect.stringMatching(/secret on the command line/) })] });
  });
});

describe('the registry client against the fixture registry', () => {
  let registry: FixtureRegistry;
  beforeAll(async () => {
    registry = await startFixtureRegistry(entries);
  });
  afterAll(() => registry.close());

  it('searches the latest versions by name, page by page, and leaves out an entry it cannot read', async () => {
    const client = new RegistryClient(registry.url);
    const first = await client.search('example');
    expect(first.entries.length + first.skipped).toBe(30);
    expect(first.nextCursor).toBeTruthy();
    expect(registry.requests.at(-1)).toBe('/v0.1/servers?search=example&version=latest&limit=30');
    const second = await client.search('example', first.nextCursor);
    expect(second.nextCursor).toBeUndefined();
    const all = [...first.entries, ...second.entries];
    expect(first.skipped + second.skipped).toBe(1);
    expect(all.filter((e) => e.server.name === 'io.github.example/everything').map((e) => e.server.version)).toEqual(['1.2.0']);
    expect(new Set(all.map((e) => e.server.name)).size).toBe(all.length);
  });

  it('lists versions newest first, reads one version or the latest, and says what is missing', async () => {
    const client = new RegistryClient(`${registry.url}/`);
    expect((await client.versions('io.github.example/everything')).map((e) => e.server.version)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
    expect((await client.entry('io.github.example/everything', '1.1.0')).server.version).toBe('1.1.0');
    expect((await client.entry('io.github.example/everything')).server.version).toBe('1.2.0');
    await expect(client.entry('io.github.example/nothing')).rejects.toThrow(`The registry at ${registry.url}/ has no server "io.github.example/nothing".`);
    await expect(client.entry('io.github.example/everything', '9.9.9')).rejects.toThrow(/in version 9\.9\.9/);
    const closed = await startFixtureRegistry([]);
    await closed.close();
    await expect(new RegistryClient(closed.url).search('x')).rejects.toThrow(`The registry at ${closed.url} could not be reached (fetch failed: connect ECONNREFUSED ${closed.url.slice('http://'.length)}).`);
  });
});

describe('adding from a registry through the core', () => {
  let registry: FixtureRegistry;
  let notes: InProcessFixture;
  let sse: InProcessFixture;
  let core: Core;
  let dir: string;

  beforeAll(async () => {
    [notes, sse] = await Promise.all([
      startFixtureInProcess({ id: 'notes', transport: 'http', tools: ['add_note', 'read_file'] }),
      startFixtureInProcess({ id: 'notes-sse', transport: 'sse', tools: ['read_file'] }),
    ]);
    registry = await startFixtureRegistry(registryEntries(notes.url, sse.url));
    dir = tempDir('registry-add-');
    core = await startCore({ userDataDir: dir, host: 'inspect', log: () => undefined });
  });
  afterAll(async () => {
    await core.close();
    await Promise.all([registry.close(), notes.stop(), sse.stop()]);
    removeTempDirs();
  });

  it('adds a remote: the secret header in the store, source kept, connected under the usual names', async () => {
    const preview = await core.installs.registry.preview('com.example/remote-notes', undefined, registry.url);
    expect(preview).toMatchObject({ name: 'com.example/remote-notes', version: '2.0.0', versions: ['2.0.0', '1.5.0'], label: 'Notes (hosted)' });
    const { server, updated } = await core.installs.registry.add({ name: 'com.example/remote-notes', values: { 'X-Api-Key': 'key-42' }, registry: registry.url });
    expect(updated).toBe(false);
    expect(server.source).toEqual({ registry: registry.url, name: 'com.example/remote-notes', version: '2.0.0' });
    expect(server.headers?.['X-Api-Key']).toEqual({ secret: expect.any(String) });
    const status = await waitForStatus(core.mcp, server.uuid, 'ready');
    expect(status.tools.map((t) => t.exposed)).toEqual(['add_note', 'read_file']);
    const saved = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
    expect(saved).not.toContain('key-42');
    expect(JSON.parse(saved).mcp.servers[0].source).toEqual(server.source);
    // The SSE remote of the same entry, added as a second server on purpose: its read_file collides and gets _1.
    const second = await core.installs.registry.add({ name: 'com.example/remote-notes', option: 1, values: {}, label: 'Notes SSE', registry: registry.url, newInstance: true });
    expect(second.updated).toBe(false);
    const sseStatus = await waitForStatus(core.mcp, second.server.uuid, 'ready');
    expect(sseStatus.tools.map((t) => t.exposed)).toEqual(['read_file_1']);
    await core.installs.removeServer(second.server.uuid);
  });

  it('refuses values the entry cannot take, naming them, and adds nothing', async () => {
    const before = core.store.config.mcp.servers.length;
    const error = await core.installs.registry.add({ name: 'io.github.example/database', values: { port: 'x', nope: '1' }, registry: registry.url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstallProblemError);
    expect((error as InstallProblemError).problems.map((p) => p.field)).toEqual(['nope', 'host_dir', 'port', 'DB_USER', 'DB_PASSWORD']);
    expect(core.store.config.mcp.servers).toHaveLength(before);
  });

  it('offers an update when the registry has a newer version, and updates in place keeping the secret', async () => {
    const { server } = await core.installs.registry.add({ name: 'io.github.example/everything', version: '1.0.0', values: {}, registry: registry.url });
    expect(await core.installs.registry.updates()).toEqual([{ uuid: server.uuid, name: 'io.github.example/everything', installed: '1.0.0', latest: '1.2.0' }]);
    const remote = core.store.config.mcp.servers.find((s) => s.source?.name === 'com.example/remote-notes')!;
    const preview = await core.installs.registry.preview('com.example/remote-notes', undefined, registry.url);
    expect(preview.installed).toEqual({ uuid: remote.uuid, label: 'Notes (hosted)', version: '2.0.0' });
    expect(preview.options[0]!.fields.find((f) => f.id === 'X-Api-Key')).toMatchObject({ secret: true, saved: true });
    const result = await core.installs.registry.add({ name: 'com.example/remote-notes', values: {}, registry: registry.url, update: remote.uuid });
    expect(result.updated).toBe(true);
    expect(result.server.headers?.['X-Api-Key']).toEqual(remote.headers?.['X-Api-Key']);
    await waitForStatus(core.mcp, remote.uuid, 'ready');
    await core.installs.removeServer(server.uuid);
  });

  it('adds the published filesystem server from its npm entry (npx) and calls it', async () => {
    const folder = tempDir('registry-fs-');
    fs.writeFileSync(path.join(folder, 'hello.txt'), 'hello from the registry test');
    const { server } = await core.installs.registry.add({ name: 'io.github.example/filesystem', values: { allowed_dir: folder }, registry: registry.url });
    // It runs in the profile's folder for the entry, not wherever the app was started.
    expect(server).toMatchObject({ command: 'npx', args: ['-y', `${FILESYSTEM_PACKAGE}@${FILESYSTEM_VERSION}`, folder], env: { FS_LOG_LEVEL: 'info' }, cwd: path.join(dir, 'registry', 'io.github.example__filesystem') });
    await waitForStatus(core.mcp, server.uuid, 'ready', 60_000);
    const result = await core.mcp.callTool('read_text_file', { path: path.join(folder, 'hello.txt') }, { approved: true });
    expect(JSON.stringify(result.content)).toContain('hello from the registry test');
    await core.installs.removeServer(server.uuid);
    expect(core.store.config.mcp.servers.some((s) => s.uuid === server.uuid)).toBe(false);
  }, 90_000);
});

describe('inspect registry search and add', () => {
  let registry: FixtureRegistry;
  let notes: InProcessFixture;
  beforeAll(async () => {
    notes = await startFixtureInProcess({ id: 'notes', transport: 'http', tools: ['add_note'] });
    registry = await startFixtureRegistry(registryEntries(notes.url, notes.url));
  });
  afterAll(async () => {
    await Promise.all([registry.close(), notes.stop()]);
    removeTempDirs();
  });

  it('search --json follows the pages and prints { registry, servers, skipped } alone on stdout (a child process)', async () => {
    const run = await inspectChild(['--user-data', tempDir('registry-cli-'), 'registry', 'search', 'example', '--json', '--registry', registry.url]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { registry: string; servers: Array<{ name: string; kinds: string[] }>; skipped: number; nextCursor?: string };
    expect(result.registry).toBe(registry.url);
    expect(result.servers).toHaveLength(47);
    expect(result.skipped).toBe(1);
    expect(result.nextCursor).toBeUndefined();
    expect(result.servers.find((s) => s.name === 'io.github.example/database')).toEqual({ name: 'io.github.example/database', title: 'Database', description: 'Query a database from a container.', version: '3.1.0', status: 'active', kinds: ['oci'] });
    expect(run.stderr).toBe('1 entries of the registry could not be read and are left out.\n');
  });

  it('add NAME@VERSION --set K=V adds, connects and records the source; uses the settings\' registry without --registry', async () => {
    const dir = tempDir('registry-cli-');
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ mcp: { servers: [] }, llm: { defaults: [] }, prompt: { tools: null }, realtime: { tools: null }, registryUrl: registry.url }));
    const run = await inspectChild(['--user-data', dir, 'registry', 'add', 'com.example/remote-notes@1.5.0', '--set', 'X-Api-Key=k-9', '--json']);
    expect(run.stderr).toContain(`Adding com.example/remote-notes 1.5.0 as remote (Streamable HTTP): Streamable HTTP ${notes.url}`);
    expect(run.stderr).toContain('"Notes (hosted)" is ready, 1 tool.');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ label: 'Notes (hosted)', type: 'http', url: notes.url, headers: { 'X-Api-Key': { secret: expect.any(String) } }, source: { registry: registry.url, name: 'com.example/remote-notes', version: '1.5.0' } });
    const missing = await inspect('--user-data', dir, 'registry', 'add', 'io.github.example/weather', '--registry', registry.url);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('"WEATHER_API_KEY" is required.');
    const usage = await inspect('--user-data', dir, 'registry', 'add', 'x@', '--registry', registry.url);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^inspect: NAME@VERSION needs a version after the @; usage:/);
    const badRegistry = await inspect('--user-data', dir, 'registry', 'search', 'x', '--registry', 'ftp://x');
    expect(badRegistry.stderr).toMatch(/^inspect: --registry takes an http:\/\/ or https:\/\/ address \(got "ftp:\/\/x"\)/);
    expect(await inspect('--user-data', dir, 'registry', 'add', 'nobody/here', '--registry', registry.url)).toMatchObject({ code: 1, stderr: `The registry at ${registry.url} has no server "nobody/here".` });
  }, 60_000);

  it('add of a package whose runner this machine lacks: added, and one sentence says why it failed to start (a child process)', async () => {
    // A PATH with nothing on it and no login shell: uvx is found nowhere, whatever this machine has.
    const empty = tempDir('registry-no-path-');
    const env = { HOME: tempDir('registry-home-'), PATH: empty, [LOGIN_SHELL_TIMEOUT_ENV]: '0' };
    const run = await inspectChild(['--user-data', tempDir('registry-cli-'), 'registry', 'add', 'io.github.example/weather', '--set', 'WEATHER_API_KEY=k', '--registry', registry.url], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Added "weather" \(.+\) from io\.github\.example\/weather 0\.4\.1: uvx weather-mcp==0\.4\.1 --units metric --verbose\n$/);
    const said = run.stderr.split('\n').find((line) => line.startsWith('"weather"'));
    expect(said).toMatch(new RegExp(`^"weather" failed to start: command not found: uvx \\(looked in PATH: ${empty}\\)\\. Install uv \\(https://docs\\.astral\\.sh/uv/\\), which includes uvx, or give its full path\\.$`));
  }, 60_000);
});
