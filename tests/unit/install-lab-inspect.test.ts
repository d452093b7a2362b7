// The lab's registry (issue 38) through `inspect`, each command a child process started from the
// checkout, as a user in a terminal: a deprecated entry's message in `registry search` (text and
// --json), a deleted entry, a name that climbs out of folders and a shell runtimeHint refused, the
// folder a package's server runs in, the same entry added twice (updated) and --new-instance, an
// mcpb package downloaded over https (trusted through NODE_EXTRA_CA_CERTS, Node's own setting)
// and one whose file does not match, and a malformed answer said in words.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { FILESYSTEM_VERSION, registryEntries } from '../fixtures/registry/entries.js';
import { startHttpsFiles, type HttpsFiles } from '../fixtures/registry/https-files.js';
import { labEntries } from '../fixtures/registry/lab-entries.js';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/server.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

describe('inspect against the lab registry (child processes)', () => {
  let work: string;
  let bundle: Buffer;
  let files: HttpsFiles;
  let notes: InProcessFixture;
  let registry: FixtureRegistry;
  let malformed: Server;
  let malformedUrl: string;
  const run = (profile: string, ...args: string[]) => inspectChild(['--user-data', profile, ...args, '--registry', registry.url]);

  beforeAll(async () => {
    work = tempDir('lab-cli-work-');
    bundle = fs.readFileSync(await packFilesystemBundle(work, 'filesystem'));
    files = await startHttpsFiles({ '/files.mcpb': bundle }, work);
    notes = await startFixtureInProcess({ id: 'notes', transport: 'http', tools: ['add_note'] });
    const lab = labEntries({ url: `${files.url}/files.mcpb`, sha256: createHash('sha256').update(bundle).digest('hex') });
    registry = await startFixtureRegistry([...registryEntries(notes.url, notes.url), ...lab]);
    malformed = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"servers": "none", "server": null}'));
    await new Promise<void>((resolve) => malformed.listen(0, '127.0.0.1', resolve));
    malformedUrl = `http://127.0.0.1:${(malformed.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all([registry.close(), notes.stop(), files.close(), new Promise<void>((resolve) => malformed.close(() => resolve()))]);
    removeTempDirs();
  });

  it('registry search shows a deprecated entry\'s message beside it, in text and in --json', async () => {
    const profile = tempDir('lab-cli-');
    const text = await run(profile, 'registry', 'search', 'old-files');
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('io.github.example/old-files@0.9.0 [deprecated: Use io.github.example/filesystem instead.]  The old file server.  [npm]\n');
    const json = await run(profile, 'registry', 'search', 'old-files', '--json');
    expect(JSON.parse(json.stdout).servers).toEqual([{ name: 'io.github.example/old-files', description: 'The old file server.', version: '0.9.0', status: 'deprecated', statusMessage: 'Use io.github.example/filesystem instead.', kinds: ['npm'] }]);
  }, 30_000);

  it('a deleted entry, a name out of the registry\'s pattern and a shell runtimeHint are refused with the reason (exit 1), and nothing is added', async () => {
    const profile = tempDir('lab-cli-');
    const deleted = await run(profile, 'registry', 'add', 'io.github.lab/retired');
    expect(deleted).toMatchObject({ code: 1, stdout: '' });
    expect(deleted.stderr.trim().split('\n').at(-1)).toBe(`io.github.lab/retired 1.0.0 was deleted from the registry at ${registry.url} (Removed: it sent files to a third party): the app does not add deleted entries.`);
    const climbing = await run(profile, 'registry', 'add', 'io.github.lab/../../../../lab-traversal');
    expect(climbing).toMatchObject({ code: 1, stdout: '' });
    expect(climbing.stderr.trim()).toBe('"io.github.lab/../../../../lab-traversal" is not a registry server name: a namespace and a name separated by one "/", with letters, digits, "." and "-" (and "_" in the name), 3 to 200 characters.');
    const shell = await run(profile, 'registry', 'add', 'io.github.lab/shell-hint');
    expect(shell).toMatchObject({ code: 1, stdout: '' });
    expect(shell.stderr.trim().split('\n')).toEqual([
      'npm package @lab/shell-hint 1.0.0: The entry asks to run it with "sh", which is not a runtime the registry documents (npx, uvx, docker, dnx): the app does not run it.',
      'The app has no way to run io.github.lab/shell-hint.',
    ]);
    const config = path.join(profile, 'config.json');
    expect(fs.existsSync(config) ? (JSON.parse(fs.readFileSync(config, 'utf8')) as { mcp: { servers: unknown[] } }).mcp.servers : []).toEqual([]);
    expect(fs.existsSync(path.join(profile, 'registry'))).toBe(false);
  }, 60_000);

  it('a package\'s server runs in the profile\'s folder for its entry, not in the folder inspect started in', async () => {
    const profile = tempDir('lab-cli-');
    const added = await run(profile, 'registry', 'add', 'io.github.lab/here', '--json');
    expect(added.code, added.stderr).toBe(0);
    const folder = path.join(profile, 'registry', 'io.github.lab__here');
    expect(JSON.parse(added.stdout)).toMatchObject({ cwd: folder, args: ['-y', `@modelcontextprotocol/server-filesystem@${FILESYSTEM_VERSION}`, '.'] });
    // The server was given ".": the folder it allows is the one it was started in.
    const called = await inspectChild(['--user-data', profile, 'call', 'list_allowed_directories', '{}', '--yes']);
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout).toContain(`Allowed directories:\\n${folder}`);
    expect(called.stdout).not.toContain(process.cwd());
  }, 90_000);

  it('adding an entry again updates its server (same uuid, names); --new-instance adds a second one', async () => {
    const profile = tempDir('lab-cli-');
    const first = await run(profile, 'registry', 'add', 'com.example/remote-notes@1.5.0', '--set', 'X-Api-Key=k-1', '--json');
    expect(first.code, first.stderr).toBe(0);
    const uuid = (JSON.parse(first.stdout) as { uuid: string }).uuid;
    const again = await run(profile, 'registry', 'add', 'com.example/remote-notes');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`Updating "Notes (hosted)" (${uuid}), added from this entry before (--new-instance adds another server).`);
    expect(again.stdout).toMatch(new RegExp(`^Updated "Notes \\(hosted\\)" \\(${uuid}\\) from com\\.example/remote-notes 2\\.0\\.0: `));
    expect(again.stderr).toContain('"Notes (hosted)" is ready, 1 tool.');
    const second = await run(profile, 'registry', 'add', 'com.example/remote-notes', '--set', 'X-Api-Key=k-2', '--new-instance', '--json');
    expect(second.code, second.stderr).toBe(0);
    expect((JSON.parse(second.stdout) as { uuid: string }).uuid).not.toBe(uuid);
    const listed = await inspectChild(['--user-data', profile, '--json']);
    const servers = (JSON.parse(listed.stdout) as { servers: Array<{ uuid: string; tools: Array<{ exposed: string }> }> }).servers;
    expect(servers.map((server) => [server.uuid === uuid, server.tools.map((tool) => tool.exposed)])).toEqual([[true, ['add_note']], [false, ['add_note_1']]]);
  }, 90_000);

  it('an mcpb package over https: installed when its file matches fileSha256, refused naming the hashes when not', async () => {
    const profile = tempDir('lab-cli-');
    const trusting = { ...process.env, NODE_EXTRA_CA_CERTS: files.certificateFile };
    const shared = tempDir('lab-cli-shared-');
    const added = await inspectChild(['--user-data', profile, 'registry', 'add', 'io.github.lab/files-bundle', '--set', `allowed_directories=${shared}`, '--json', '--registry', registry.url], trusting);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain(`Adding io.github.lab/files-bundle ${FILESYSTEM_VERSION} as mcpb package ${files.url}/files.mcpb: downloading it, checked against SHA-256 ${createHash('sha256').update(bundle).digest('hex')}`);
    expect(added.stderr).toMatch(/"Filesystem" is ready, \d+ tools\./);
    expect(JSON.parse(added.stdout)).toMatchObject({ cwd: path.join(profile, 'bundles/filesystem', FILESYSTEM_VERSION), source: { registry: registry.url, name: 'io.github.lab/files-bundle', version: FILESYSTEM_VERSION } });

    const other = tempDir('lab-cli-');
    const tampered = await inspectChild(['--user-data', other, 'registry', 'add', 'io.github.lab/files-bundle-tampered', '--set', `allowed_directories=${shared}`, '--registry', registry.url], trusting);
    expect(tampered).toMatchObject({ code: 1, stdout: '' });
    expect(tampered.stderr.trim().split('\n').at(-1)).toMatch(new RegExp(`^The bundle downloaded from ${files.url.replace(/\./g, '\\.')}/files\\.mcpb has the SHA-256 [0-9a-f]{64}, but the registry's entry says [0-9a-f]{64} \\(fileSha256\\): it is not the file the entry names, and nothing was installed\\.$`));
    expect(fs.existsSync(path.join(other, 'bundles'))).toBe(false);
    // Without the certificate trusted, the download fails: TLS is checked.
    const untrusted = await inspectChild(['--user-data', other, 'registry', 'add', 'io.github.lab/files-bundle', '--set', `allowed_directories=${shared}`, '--registry', registry.url]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr.trim().split('\n').at(-1)).toBe(`The bundle at ${files.url}/files.mcpb could not be downloaded (self-signed certificate).`);
  }, 90_000);

  it('a malformed answer says what is wrong in words', async () => {
    const profile = tempDir('lab-cli-');
    const said = await inspectChild(['--user-data', profile, 'registry', 'add', 'io.github.lab/anything', '--registry', malformedUrl]);
    expect(said).toMatchObject({ code: 1, stdout: '' });
    expect(said.stderr.trim()).toBe(`The registry at ${malformedUrl} sent an entry for io.github.lab/anything that the app cannot use: "server" is null where an object belongs.`);
    const search = await inspectChild(['--user-data', profile, 'registry', 'search', 'x', '--registry', malformedUrl]);
    expect(search.stderr.trim()).toBe(`The registry at ${malformedUrl} answered with something that is not a server list: "servers" is text where a list belongs.`);
  }, 30_000);
});
