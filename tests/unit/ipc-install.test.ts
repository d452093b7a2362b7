// The install channels of the IPC contract, through the same handlers the hosts serve: the
// registry's address as a setting, search, an entry, add (problems come back per field), update
// offers; a bundle sent in pieces, opened, installed and deleted with its folder.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import { OFFICIAL_REGISTRY_URL } from '../../src/types/config.js';
import type { BundlePreview, InstallOutcome, RegistryPreview, RegistrySearchResult } from '../../src/types/install.js';
import { packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { startFixtureInProcess, type InProcessFixture } from '../fixtures/launch.js';
import { registryEntries } from '../fixtures/registry/entries.js';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/server.js';
import { removeTempDirs, tempDir, waitForStatus } from './helpers/mcp-env.js';

describe('IPC: installing', () => {
  let dir: string;
  let core: Core;
  let ipc: IpcServer;
  let registry: FixtureRegistry;
  let notes: InProcessFixture;
  const call = async <T>(channel: string, input?: unknown): Promise<T> => (await ipc.invoke(channel, input)) as T;

  beforeAll(async () => {
    notes = await startFixtureInProcess({ id: 'notes', transport: 'http', tools: ['add_note'] });
    registry = await startFixtureRegistry(registryEntries(notes.url, notes.url));
    dir = tempDir('ipc-install-');
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
  });
  afterAll(async () => {
    await core.close();
    await Promise.all([registry.close(), notes.stop()]);
    removeTempDirs();
  });

  it('the registry address is a setting; search and entries use it', async () => {
    expect(core.installs.registry.registryFor()).toBe(OFFICIAL_REGISTRY_URL);
    await call('setRegistryUrl', { url: registry.url });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')).registryUrl).toBe(registry.url);
    const found = await call<RegistrySearchResult>('registrySearch', { query: 'notes' });
    expect(found).toEqual({ registry: registry.url, skipped: 0, servers: [expect.objectContaining({ name: 'com.example/remote-notes', title: 'Notes (hosted)', version: '2.0.0', status: 'active', kinds: ['remote'] })] });
    const entry = await call<RegistryPreview>('registryEntry', { name: 'com.example/remote-notes' });
    expect(entry.options.map((option) => option.kind)).toEqual(['remote', 'remote']);
  });

  it('adding returns the problems per field, then the server', async () => {
    const bad = await call<InstallOutcome>('registryAdd', { name: 'com.example/remote-notes', version: '2.0.0', option: 0, values: {} });
    expect(bad).toEqual({ problems: [{ field: 'X-Api-Key', message: '"X-Api-Key" is required.' }] });
    const good = await call<InstallOutcome>('registryAdd', { name: 'com.example/remote-notes', version: '2.0.0', option: 0, values: { 'X-Api-Key': 'k' }, label: 'My notes' });
    if (!('server' in good)) throw new Error('not added');
    expect(good.server).toMatchObject({ label: 'My notes', source: { registry: registry.url, name: 'com.example/remote-notes', version: '2.0.0' } });
    await waitForStatus(core.mcp, good.server.uuid, 'ready');
    expect(await call('registryUpdates')).toEqual([]);
    await call('removeServer', { uuid: good.server.uuid });
    await call('setRegistryUrl', { url: null });
    expect(core.store.config.registryUrl).toBeUndefined();
  });

  it('a bundle sent in pieces is opened, installed, and deleted with its folder', async () => {
    const work = tempDir('ipc-bundle-');
    const file = fs.readFileSync(await packFilesystemBundle(work, 'filesystem'));
    const text = file.toString('base64');
    let upload: { uploadId: string; received: number } | undefined;
    for (let at = 0; at < text.length; at += 65_536) {
      upload = await call('bundleUpload', { fileName: 'filesystem.mcpb', chunk: text.slice(at, at + 65_536), ...(upload ? { uploadId: upload.uploadId } : {}) });
    }
    expect(upload!.received).toBe(file.length);
    const preview = await call<BundlePreview>('bundleOpen', { uploadId: upload!.uploadId });
    expect(preview).toMatchObject({ name: 'filesystem', fileName: 'filesystem.mcpb', signature: { status: 'unsigned' } });
    await expect(call('bundleOpen', { uploadId: upload!.uploadId })).rejects.toThrow('This upload is no longer open: choose the file again.');
    expect(await call('bundleInstall', { stageId: preview.stageId, values: {} })).toEqual({ problems: [{ field: 'allowed_directories', message: '"Allowed folders" is required.' }] });
    const done = await call<InstallOutcome>('bundleInstall', { stageId: preview.stageId, values: { allowed_directories: [work] } });
    if (!('server' in done)) throw new Error('not installed');
    expect(fs.existsSync(path.join(dir, 'bundles/filesystem/2026.8.31/manifest.json'))).toBe(true);
    await call('removeServer', { uuid: done.server.uuid });
    expect(fs.readdirSync(path.join(dir, 'bundles'))).toEqual([]);
    await expect(call('bundleInstall', { stageId: preview.stageId, values: {} })).rejects.toThrow('This bundle is no longer open: open the file again.');
  });
});
