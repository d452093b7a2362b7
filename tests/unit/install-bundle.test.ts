// Installing MCP Bundles packed by the `mcpb` CLI from the published filesystem server: opened
// (manifest, tools, compatibility, signature), installed into the profile's
// bundles/<name>/<version>/, connected and called, installed again as an update that keeps the
// settings, uninstalled with its folder and selections; and `inspect bundle install` as a child.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { BundleNotForThisMachine } from '../../src/main/install/bundle/install.js';
import type { InstallProblemError } from '../../src/main/install/values.js';
import { mcpbSign, packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, tempDir, waitForStatus } from './helpers/mcp-env.js';

describe('MCP Bundles', () => {
  let work: string;
  let dir: string;
  let core: Core;
  let bundle: string;
  let shared: string;

  beforeAll(async () => {
    work = tempDir('bundles-work-');
    bundle = await packFilesystemBundle(work, 'filesystem');
    shared = tempDir('bundle-shared-');
    fs.writeFileSync(path.join(shared, 'notes.txt'), 'from the shared folder');
    dir = tempDir('bundle-profile-');
    core = await startCore({ userDataDir: dir, host: 'inspect', log: () => undefined });
  });
  afterAll(async () => {
    await core.close();
    removeTempDirs();
  });

  it('opens a bundle: what it is, what it runs, its form; nothing is written', async () => {
    const preview = await core.installs.bundles.openFile(bundle);
    expect(preview).toMatchObject({
      fileName: 'filesystem.mcpb',
      name: 'filesystem',
      displayName: 'Filesystem',
      version: '2026.8.31',
      author: { name: 'Model Context Protocol', url: 'https://modelcontextprotocol.io' },
      serverType: 'node',
      tools: [{ name: 'read_text_file', description: 'Read a file as text' }, { name: 'list_directory', description: 'List a folder' }],
      prompts: [],
      compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=18.0.0' } },
      warnings: [],
      blockers: [],
      signature: { status: 'unsigned' },
      files: 2,
    });
    const folder = path.join(dir, 'bundles/filesystem/2026.8.31');
    expect(preview.run).toEqual({ type: 'stdio', command: 'node', args: [`${folder}/server/index.mjs`, '<allowed_directories>'], env: ['FS_NOTE', 'FS_TOKEN'] });
    expect(preview.fields.map((f) => [f.id, f.kind, f.required, f.secret, f.multiple, f.default])).toEqual([
      ['allowed_directories', 'directory', true, false, true, undefined],
      ['note', 'string', false, false, false, `home is ${process.env.HOME}`],
      ['token', 'string', false, true, false, undefined],
    ]);
    expect(fs.existsSync(path.join(dir, 'bundles'))).toBe(false);
    core.installs.bundles.discard(preview.stageId);
  });

  it('refuses a bundle for another platform unless forced, and warns about runtimes this machine lacks', async () => {
    const other = await packFilesystemBundle(work, 'mac-only', { extra: { compatibility: { platforms: ['darwin'], runtimes: { node: '>=99.0.0', python: '>=99.0' } } } });
    const preview = await core.installs.bundles.openFile(other);
    expect(preview.blockers).toEqual(['The bundle is made for macOS; this machine runs Linux.']);
    expect(preview.warnings[0]).toMatch(new RegExp(`^The bundle needs Node\\.js >=99\\.0\\.0; this machine has ${process.versions.node.replace(/\./g, '\\.')}\\.$`));
    expect(preview.warnings[1]).toMatch(/^The bundle needs Python >=99\.0(, which this machine does not have|; this machine has \d)/);
    expect(preview.warnings).toHaveLength(2);
    const refused = await core.installs.bundles.install(preview.stageId, { allowed_directories: [shared] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BundleNotForThisMachine);
    expect((refused as Error).message).toBe('The bundle is made for macOS; this machine runs Linux. It was not installed.');
    expect(fs.existsSync(path.join(dir, 'bundles'))).toBe(false);
    expect(core.store.config.mcp.servers).toEqual([]);
    core.installs.bundles.discard(preview.stageId);
  });

  it('installs, connects and calls; refuses missing or wrong values first', async () => {
    const preview = await core.installs.bundles.openFile(bundle);
    const missing = await core.installs.bundles.install(preview.stageId, {}).catch((e: unknown) => e);
    expect((missing as InstallProblemError).problems).toEqual([{ field: 'allowed_directories', message: '"Allowed folders" is required.' }]);
    const wrong = await core.installs.bundles.install(preview.stageId, { allowed_directories: [path.join(shared, 'nope')] }).catch((e: unknown) => e);
    expect((wrong as InstallProblemError).message).toBe(`"Allowed folders": ${path.join(shared, 'nope')} is not a folder on this machine.`);
    expect(fs.existsSync(path.join(dir, 'bundles'))).toBe(false);

    const { server, updated } = await core.installs.bundles.install(preview.stageId, { allowed_directories: [shared], token: 'tok-secret' });
    const folder = path.join(dir, 'bundles/filesystem/2026.8.31');
    expect(updated).toBe(false);
    expect(server).toMatchObject({
      label: 'Filesystem', type: 'stdio', command: 'node', args: [`${folder}/server/index.mjs`, shared], cwd: folder,
      env: { FS_NOTE: `home is ${process.env.HOME}`, FS_TOKEN: { secret: expect.any(String) } },
      source: { bundle: 'bundles/filesystem/2026.8.31', name: 'filesystem', version: '2026.8.31' },
    });
    expect(fs.readdirSync(folder).sort()).toEqual(['manifest.json', 'server']);
    expect(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')).not.toContain('tok-secret');
    await waitForStatus(core.mcp, server.uuid, 'ready', 20_000);
    const result = await core.mcp.callTool('read_text_file', { path: path.join(shared, 'notes.txt') }, { approved: true });
    expect(JSON.stringify(result.content)).toContain('from the shared folder');
  });

  it('installing the same bundle again, or a newer version, updates it and keeps its settings', async () => {
    const before = core.store.config.mcp.servers.find((s) => s.source?.name === 'filesystem')!;
    core.store.update((config) => { config.llm.defaults = [{ engine: 'openai', model: 'gpt-4o', tools: ['read_text_file', 'list_directory'] }]; });
    const again = await core.installs.bundles.openFile(bundle);
    expect(again.installed).toEqual({ uuid: before.uuid, label: 'Filesystem', version: '2026.8.31' });
    expect(again.fields.find((f) => f.id === 'allowed_directories')?.value).toEqual([shared]);
    expect(again.fields.find((f) => f.id === 'token')).toMatchObject({ saved: true });
    expect(again.fields.find((f) => f.id === 'token')).not.toHaveProperty('value');

    const newer = await packFilesystemBundle(work, 'filesystem-next', { version: '2026.9.1' });
    const preview = await core.installs.bundles.openFile(newer);
    expect(preview.installed?.version).toBe('2026.8.31');
    const { server, updated } = await core.installs.bundles.install(preview.stageId, {});
    expect(updated).toBe(true);
    expect(server.uuid).toBe(before.uuid);
    expect(server.source).toEqual({ bundle: 'bundles/filesystem/2026.9.1', name: 'filesystem', version: '2026.9.1' });
    expect(server.args).toEqual([path.join(dir, 'bundles/filesystem/2026.9.1/server/index.mjs'), shared]);
    expect(fs.existsSync(path.join(dir, 'bundles/filesystem/2026.8.31'))).toBe(false);
    expect((await core.secrets.resolve(server)).env.FS_TOKEN).toBe('tok-secret');
    await waitForStatus(core.mcp, server.uuid, 'ready', 20_000);
    expect(core.mcp.getStatus().find((s) => s.uuid === server.uuid)?.tools.map((t) => t.exposed)).toContain('read_text_file');
    expect(core.store.config.llm.defaults[0]?.tools).toEqual(['read_text_file', 'list_directory']);
  });

  it('uninstalling removes the server, its selections and its folder', async () => {
    const server = core.store.config.mcp.servers.find((s) => s.source?.name === 'filesystem')!;
    const { removedFromSelections } = await core.installs.removeServer(server.uuid);
    expect(removedFromSelections).toBe(2);
    expect(core.store.config.mcp.servers).toEqual([]);
    expect(core.store.config.llm.defaults[0]?.tools).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'bundles'))).toEqual([]);
  });

  it('shows the signer of a signed bundle, and refuses one changed after signing', async () => {
    const signed = path.join(work, 'signed.mcpb');
    fs.copyFileSync(bundle, signed);
    mcpbSign(signed, 'Example Publisher', work);
    const preview = await core.installs.bundles.openFile(signed);
    expect(preview.signature).toMatchObject({ status: 'self-signed', publisher: 'Example Publisher', issuer: 'Example Publisher', fingerprint: expect.stringMatching(/^[0-9A-F:]{95}$/) });
    core.installs.bundles.discard(preview.stageId);
    const tampered = Buffer.from(fs.readFileSync(signed));
    tampered[200] = tampered[200]! ^ 0xff;
    await expect(core.installs.bundles.open(tampered, 'tampered.mcpb')).rejects.toThrow("The bundle's signature does not match its contents (it was changed after it was signed, or is damaged): it was refused.");
  });

  it('inspect bundle install FILE --set … installs from a terminal (a child process)', async () => {
    const profile = tempDir('bundle-cli-');
    const run = await inspectChild(['--user-data', profile, 'bundle', 'install', bundle, '--set', `allowed_directories=${shared}`, '--json']);
    expect(run.stderr).toMatch(/Installing Filesystem 2026\.8\.31 by Model Context Protocol, unsigned: node /);
    expect(run.stderr).toMatch(/"Filesystem" is ready, \d+ tools\./);
    expect(run.code).toBe(0);
    const server = JSON.parse(run.stdout) as { source: unknown; args: string[] };
    expect(server.source).toEqual({ bundle: 'bundles/filesystem/2026.8.31', name: 'filesystem', version: '2026.8.31' });
    expect(server.args).toEqual([path.join(profile, 'bundles/filesystem/2026.8.31/server/index.mjs'), shared]);
    const refused = await inspectChild(['--user-data', profile, 'bundle', 'install', bundle, '--set', 'allowed_directories=relative/dir']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n').at(-1)).toBe('"Allowed folders" must be an absolute path to a folder (got "relative/dir").');
  }, 60_000);
});
