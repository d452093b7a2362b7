// What a hostile publisher or registry tries (issue 38), through the real core against the
// registry fixture (with the lab's entries) and a local https server holding bundles packed by
// mcpb: an mcpb package downloaded and checked against its fileSha256 (a match installs as a
// bundle does, a mismatch writes nothing), a deleted entry, a name that climbs out of folders, a
// runtimeHint that is a shell, the same entry added twice (updated in place), a bundle for
// another platform, and answers that do not fit the registry's shapes, said in words.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { BundleNotForThisMachine } from '../../src/main/install/bundle/install.js';
import { Installs } from '../../src/main/install/installs.js';
import { RegistryClient, RegistryError } from '../../src/main/install/registry/client.js';
import { DownloadError, downloadChecked } from '../../src/main/install/registry/download.js';
import type { InstallProblemError } from '../../src/main/install/values.js';
import { packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { registryEntries } from '../fixtures/registry/entries.js';
import { startHttpsFiles, type HttpsFiles } from '../fixtures/registry/https-files.js';
import { labEntries } from '../fixtures/registry/lab-entries.js';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/server.js';
import { removeTempDirs, tempDir, waitForStatus } from './helpers/mcp-env.js';

const sha256 = (file: Buffer): string => createHash('sha256').update(file).digest('hex');
const failure = <T>(promise: Promise<T>): Promise<Error> => promise.then(() => new Error('it did not fail'), (error: unknown) => error as Error);

describe('hostile registries and bundles (issue 38), through the core', () => {
  let work: string;
  let dir: string;
  let shared: string;
  let bundle: Buffer;
  let files: HttpsFiles;
  let notes: InProcessFixture;
  let registry: FixtureRegistry;
  let core: Core;
  let installs: Installs;

  beforeAll(async () => {
    work = tempDir('lab-work-');
    bundle = fs.readFileSync(await packFilesystemBundle(work, 'filesystem'));
    const mac = fs.readFileSync(await packFilesystemBundle(work, 'mac-only', { extra: { compatibility: { platforms: ['darwin'] } } }));
    files = await startHttpsFiles({ '/files.mcpb': bundle, '/mac.mcpb': mac }, work);
    notes = await startFixtureInProcess({ id: 'notes', transport: 'http', tools: ['add_note', 'list_notes'] });
    const lab = labEntries({ url: `${files.url}/files.mcpb`, sha256: sha256(bundle), otherPlatformUrl: `${files.url}/mac.mcpb`, otherPlatformSha256: sha256(mac) });
    registry = await startFixtureRegistry([...registryEntries(notes.url, notes.url), ...lab]);
    shared = tempDir('lab-shared-');
    fs.writeFileSync(path.join(shared, 'notes.txt'), 'from the lab');
    dir = tempDir('lab-profile-');
    core = await startCore({ userDataDir: dir, host: 'inspect', log: () => undefined });
    // The app's own Installs, trusting the test's https server and nothing else besides Node's roots.
    installs = new Installs({ store: core.store, servers: core.mcp, userDataDir: dir, log: () => undefined, resolveSecrets: (server) => core.secrets.resolve(server) }, { trustedCertificates: [files.certificate] });
  });
  afterAll(async () => {
    await core.close();
    await Promise.all([registry.close(), notes.stop(), files.close()]);
    removeTempDirs();
  });

  it('an mcpb package is downloaded, checked against its fileSha256 and installed as a bundle; adding it again updates it', async () => {
    const { server, updated } = await installs.registry.add({ name: 'io.github.lab/files-bundle', values: { allowed_directories: [shared] }, registry: registry.url });
    const folder = path.join(dir, 'bundles/filesystem/2026.8.31');
    expect(updated).toBe(false);
    expect(server).toMatchObject({ label: 'Filesystem', command: 'node', args: [path.join(folder, 'server/index.mjs'), shared], cwd: folder, source: { registry: registry.url, name: 'io.github.lab/files-bundle', version: '2026.8.31' } });
    expect(files.requests).toEqual(['/files.mcpb']);
    await waitForStatus(core.mcp, server.uuid, 'ready', 20_000);
    const result = await core.mcp.callTool('read_text_file', { path: path.join(shared, 'notes.txt') }, { approved: true });
    expect(JSON.stringify(result.content)).toContain('from the lab');

    const again = await installs.registry.add({ name: 'io.github.lab/files-bundle', values: {}, registry: registry.url });
    expect(again).toMatchObject({ updated: true, server: { uuid: server.uuid, args: [path.join(folder, 'server/index.mjs'), shared] } });
    expect(core.store.config.mcp.servers).toHaveLength(1);
    await installs.removeServer(server.uuid);
    expect(fs.readdirSync(path.join(dir, 'bundles'))).toEqual([]);
  }, 60_000);

  it('the page\'s path: the package downloaded and opened (nothing written), then installed from the bundle dialog under the entry', async () => {
    const preview = await installs.registry.openBundle({ name: 'io.github.lab/files-bundle', registry: registry.url });
    expect(preview).toMatchObject({ fileName: 'files.mcpb', name: 'filesystem', blockers: [], registry: { registry: registry.url, name: 'io.github.lab/files-bundle', version: '2026.8.31' } });
    expect(preview.fields.map((field) => field.id)).toEqual(['allowed_directories', 'note', 'token']);
    expect(fs.readdirSync(path.join(dir, 'bundles'))).toEqual([]);
    const { server } = await installs.bundles.install(preview.stageId, { allowed_directories: [shared] }, 'Lab files');
    expect(server).toMatchObject({ label: 'Lab files', source: { registry: registry.url, name: 'io.github.lab/files-bundle', version: '2026.8.31' } });
    // Opened again for the same entry, it is the update of that server.
    const again = await installs.registry.openBundle({ name: 'io.github.lab/files-bundle', registry: registry.url });
    expect(again.installed).toEqual({ uuid: server.uuid, label: 'Lab files', version: '2026.8.31' });
    expect(again.fields.find((field) => field.id === 'allowed_directories')?.value).toEqual([shared]);
    installs.bundles.discard(again.stageId);
    await installs.removeServer(server.uuid);
  });

  it('a file that does not match its fileSha256 is refused, naming both hashes, and nothing is written', async () => {
    const before = fs.readdirSync(dir).sort();
    const error = await failure(installs.registry.add({ name: 'io.github.lab/files-bundle-tampered', values: { allowed_directories: [shared] }, registry: registry.url }));
    const claimed = (await new RegistryClient(registry.url).entry('io.github.lab/files-bundle-tampered')).server.packages![0]!.fileSha256!;
    expect(error).toBeInstanceOf(DownloadError);
    expect(error.message).toBe(`The bundle downloaded from ${files.url}/files.mcpb has the SHA-256 ${sha256(bundle)}, but the registry's entry says ${claimed} (fileSha256): it is not the file the entry names, and nothing was installed.`);
    expect(fs.readdirSync(dir).sort()).toEqual(before);
    expect(fs.readdirSync(path.join(dir, 'bundles'))).toEqual([]);
    expect(core.store.config.mcp.servers).toEqual([]);
    // Over http, or without a hash, the entry is not downloaded at all.
    const requests = files.requests.length;
    const http = await failure(installs.registry.add({ name: 'io.github.lab/files-bundle-http', values: {}, registry: registry.url }));
    expect((http as InstallProblemError).problems.map((problem) => problem.message)).toEqual([
      `mcpb package ${files.url.replace('https:', 'http:')}/files.mcpb 2026.8.31: The bundle's address "${files.url.replace('https:', 'http:')}/files.mcpb" is not an https:// address: the app downloads bundles only over https.`,
      'The app has no way to run io.github.lab/files-bundle-http.',
    ]);
    const unhashed = await failure(installs.registry.add({ name: 'io.github.lab/files-bundle-unhashed', values: {}, registry: registry.url }));
    expect(unhashed.message).toMatch(/The entry gives no SHA-256 of its bundle \(fileSha256\)/);
    expect(files.requests.length).toBe(requests);
  });

  it('the download: https redirects followed, a redirect to http refused, the size limit, and TLS checked', async () => {
    const trusted = { maxBytes: 10_000_000, trustedCertificates: [files.certificate] };
    expect((await downloadChecked(`${files.url}/redirect/files.mcpb`, sha256(bundle), trusted)).equals(bundle)).toBe(true);
    expect((await failure(downloadChecked(`${files.url}/to-http/files.mcpb`, sha256(bundle), trusted))).message).toBe("The bundle's address http://127.0.0.1:1/files.mcpb is not https: the app downloads bundles only over https.");
    expect((await failure(downloadChecked(`${files.url}/files.mcpb`, sha256(bundle), { ...trusted, maxBytes: 1000 }))).message).toBe(`The bundle at ${files.url}/files.mcpb is ${bundle.length} bytes; at most 1000 bytes are accepted: it was not downloaded.`);
    expect((await failure(downloadChecked(`${files.url}/missing`, sha256(bundle), trusted))).message).toBe(`The bundle at ${files.url}/missing could not be downloaded: the server answered 404 Not Found.`);
    // Without the test's certificate, the app's own trust refuses the server.
    expect((await failure(downloadChecked(`${files.url}/files.mcpb`, sha256(bundle), { maxBytes: 10_000_000 }))).message).toBe(`The bundle at ${files.url}/files.mcpb could not be downloaded (self-signed certificate).`);
  });

  it('an mcpb package for another platform is refused unless forced', async () => {
    const refused = await failure(installs.registry.add({ name: 'io.github.lab/mac-bundle', values: { allowed_directories: [shared] }, registry: registry.url }));
    expect(refused).toBeInstanceOf(BundleNotForThisMachine);
    expect(refused.message).toBe('The bundle is made for macOS; this machine runs Linux. It was not installed.');
    expect(core.store.config.mcp.servers).toEqual([]);
    const { server } = await installs.registry.add({ name: 'io.github.lab/mac-bundle', values: { allowed_directories: [shared] }, registry: registry.url, force: true });
    expect(server.source).toEqual({ registry: registry.url, name: 'io.github.lab/mac-bundle', version: '2026.8.31' });
    await installs.removeServer(server.uuid);
  });

  it('a deleted entry is refused; its status shows in the preview', async () => {
    const error = await failure(core.installs.registry.add({ name: 'io.github.lab/retired', values: {}, registry: registry.url }));
    expect(error).toBeInstanceOf(RegistryError);
    expect(error.message).toBe(`io.github.lab/retired 1.0.0 was deleted from the registry at ${registry.url} (Removed: it sent files to a third party): the app does not add deleted entries.`);
    expect(core.store.config.mcp.servers).toEqual([]);
    expect(await core.installs.registry.preview('io.github.lab/retired', undefined, registry.url)).toMatchObject({ status: 'deleted', statusMessage: 'Removed: it sent files to a third party.' });
  });

  it('a name outside the registry\'s pattern is neither listed nor asked for', async () => {
    const found = await core.installs.registry.search('lab', undefined, registry.url);
    expect(found.servers.map((server) => server.name)).not.toContain('io.github.lab/../../../../lab-traversal');
    expect(found.skipped).toBe(1);
    const asked = registry.requests.length;
    const error = await failure(core.installs.registry.add({ name: 'io.github.lab/../../../../lab-traversal', values: {}, registry: registry.url }));
    expect(error.message).toBe('"io.github.lab/../../../../lab-traversal" is not a registry server name: a namespace and a name separated by one "/", with letters, digits, "." and "-" (and "_" in the name), 3 to 200 characters.');
    expect(registry.requests.length).toBe(asked);
    expect(fs.existsSync(path.join(dir, 'registry'))).toBe(false);
  });

  it('a runtimeHint that is not a documented runtime is refused with the reason', async () => {
    const error = await failure(core.installs.registry.add({ name: 'io.github.lab/shell-hint', values: {}, registry: registry.url }));
    expect((error as InstallProblemError).problems.map((problem) => problem.message)).toEqual([
      'npm package @lab/shell-hint 1.0.0: The entry asks to run it with "sh", which is not a runtime the registry documents (npx, uvx, docker, dnx): the app does not run it.',
      'The app has no way to run io.github.lab/shell-hint.',
    ]);
    expect(core.store.config.mcp.servers).toEqual([]);
  });

  it('adding an entry again updates its server in place (uuid, names, policies, selections); a new instance is a second server', async () => {
    const first = await core.installs.registry.add({ name: 'com.example/remote-notes', version: '1.5.0', values: { 'X-Api-Key': 'k-1' }, registry: registry.url });
    await waitForStatus(core.mcp, first.server.uuid, 'ready');
    core.store.update((config) => {
      config.mcp.servers[0]!.toolPolicies = { add_note: 'deny' };
      config.llm.defaults = [{ engine: 'openai', model: 'gpt-4o', tools: ['add_note', 'list_notes'] }];
    });
    const again = await core.installs.registry.add({ name: 'com.example/remote-notes', values: {}, registry: registry.url });
    expect(again.updated).toBe(true);
    expect(again.server).toMatchObject({ uuid: first.server.uuid, label: 'Notes (hosted)', toolPolicies: { add_note: 'deny' }, source: { version: '2.0.0' }, headers: { 'X-Api-Key': first.server.headers!['X-Api-Key'] } });
    expect(core.store.config.mcp.servers).toHaveLength(1);
    const status = await waitForStatus(core.mcp, first.server.uuid, 'ready');
    expect(status.tools.map((tool) => tool.exposed)).toEqual(['add_note', 'list_notes']);
    expect(core.store.config.llm.defaults[0]!.tools).toEqual(['add_note', 'list_notes']);

    const second = await core.installs.registry.add({ name: 'com.example/remote-notes', values: { 'X-Api-Key': 'k-2' }, label: 'Notes, work', registry: registry.url, newInstance: true });
    expect(second.updated).toBe(false);
    expect(second.server.uuid).not.toBe(first.server.uuid);
    expect((await waitForStatus(core.mcp, second.server.uuid, 'ready')).tools.map((tool) => tool.exposed)).toEqual(['add_note_1', 'list_notes_1']);
    await core.installs.removeServer(second.server.uuid);
    await core.installs.removeServer(first.server.uuid);
  });
});

describe('registry answers that do not fit, said in words', () => {
  let server: Server;
  let base: string;
  const answers: Record<string, unknown> = {
    '/v0.1/servers/io.github.lab%2Fnone/versions/latest': { notserver: {} },
    '/v0.1/servers/io.github.lab%2Fnumber/versions/latest': { server: { name: 'io.github.lab/number', description: 'd', version: 3 } },
    '/v0.1/servers/io.github.lab%2Fother/versions/latest': { server: { name: 'io.github.lab/something-else', description: 'd', version: '1' } },
    '/v0.1/servers/io.github.lab%2Fclimb/versions/latest': { server: { name: 'io.github.lab/../../x', description: 'd', version: '1' } },
    '/v0.1/servers/io.github.lab%2Fold/versions/2.0.0': { server: { name: 'io.github.lab/old', description: 'd', version: '1.0.0' } },
    '/v0.1/servers?search=x&version=latest&limit=30': { items: [] },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = answers[req.url ?? ''];
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: 'Not found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names the part that is missing or wrong, and refuses an answer about another server', async () => {
    const client = new RegistryClient(base);
    const said = async (name: string, version?: string): Promise<string> => (await failure(client.entry(name, version))).message;
    expect(await said('io.github.lab/none')).toBe(`The registry at ${base} sent an entry for io.github.lab/none that the app cannot use: it has no "server" (the server's description).`);
    expect(await said('io.github.lab/number')).toBe(`The registry at ${base} sent an entry for io.github.lab/number that the app cannot use: "server.version" is a number where text belongs.`);
    expect(await said('io.github.lab/climb')).toBe(`The registry at ${base} sent an entry for io.github.lab/climb that the app cannot use: its name "io.github.lab/../../x" is not a registry server name (a namespace and a name separated by one "/", with letters, digits, "." and "-" (and "_" in the name), 3 to 200 characters).`);
    expect(await said('io.github.lab/other')).toBe(`The registry at ${base} answered a request for io.github.lab/other with an entry named "io.github.lab/something-else": it was not used.`);
    expect(await said('io.github.lab/old', '2.0.0')).toBe(`The registry at ${base} answered a request for io.github.lab/old 2.0.0 with version "1.0.0": it was not used.`);
    expect((await failure(client.search('x'))).message).toBe(`The registry at ${base} answered with something that is not a server list: it has no "servers".`);
  });
});
