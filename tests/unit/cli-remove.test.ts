// `inspect remove SERVER` as a child process, on a profile with two hand-added servers and one
// installed from a real bundle (packed by mcpb, installed by `inspect bundle install`), whose
// tools three kinds of saved selection hold. Each removal does what the page's Delete does: the
// server leaves config.json, its tools leave every selection (the others' stay), its names are
// released (a server added later gets them bare), and a bundle's folder is deleted. A copy of the
// same profile, with the same servers deleted through the IPC handler the page calls, ends with
// the same config.json and the same folders.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../../src/main/core.js';
import { createIpcServer } from '../../src/main/ipc.js';
import { ConfigStore } from '../../src/main/config/store.js';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import { packFilesystemBundle } from '../fixtures/bundles/pack.js';
import { inspectChild, type InspectRun } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, stdioEntry, tempDir } from './helpers/mcp-env.js';

const BUNDLE_FOLDER = 'bundles/filesystem/2026.8.31';

function config(dir: string): AppConfig {
  return JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as AppConfig;
}

function ok(run: InspectRun): InspectRun {
  expect(run.code, run.stderr).toBe(0);
  return run;
}

/** The exposed names a server's tools have (its saved mappings). */
function namesOf(dir: string, label: string): string[] {
  const server = config(dir).mcp.servers.find((item) => item.label === label);
  return Object.values(server?.toolMappings ?? {});
}

function selections(dir: string): Record<string, string[] | null> {
  const saved = config(dir);
  return { model: saved.llm.defaults[0]!.tools, prompt: saved.prompt.tools, realtime: saved.realtime.tools };
}

describe('inspect remove SERVER', () => {
  let profile: string;
  let copy: string;
  let bundleUuid: string;

  beforeAll(async () => {
    const work = tempDir('remove-work-');
    const bundle = await packFilesystemBundle(work, 'filesystem');
    const shared = tempDir('remove-shared-');
    profile = tempDir('remove-profile-');
    seedStore(profile, [
      stdioEntry('alpha', 'Alpha', { id: 'alpha', transport: 'stdio', tools: ['read_text_file', 'ping'] }),
      stdioEntry('bravo', 'Bravo', { id: 'bravo', transport: 'stdio', tools: ['ping'] }),
    ]);
    const installed = ok(await inspectChild(['--user-data', profile, 'bundle', 'install', bundle, '--set', `allowed_directories=${shared}`, '--json']));
    bundleUuid = (JSON.parse(installed.stdout) as McpServer).uuid;
    // Every server has connected once, so every name is saved: Alpha's bare, the others' suffixed.
    expect(namesOf(profile, 'Alpha').sort()).toEqual(['ping', 'read_text_file']);
    expect(namesOf(profile, 'Bravo')).toEqual(['ping_1']);
    expect(namesOf(profile, 'Filesystem')).toContain('read_text_file_1');
    const store = ConfigStore.open({ userDataDir: profile });
    store.update((saved) => {
      saved.llm.defaults = [{ engine: 'openai', model: 'gpt-4o', tools: ['ping', 'ping_1', 'read_text_file_1', 'list_directory', 'web_search'] }];
      saved.prompt.tools = ['read_text_file', 'ping_1'];
      saved.realtime.tools = ['list_directory'];
    });
    copy = tempDir('remove-copy-');
    fs.cpSync(profile, copy, { recursive: true });
  }, 120_000);

  afterAll(removeTempDirs);

  it('the page\'s Delete, on a copy of the profile: the reference for what inspect must do', async () => {
    const core = await startCore({ userDataDir: copy, host: 'web', log: () => undefined });
    try {
      const ipc = createIpcServer(core, { kind: 'web', userDataDir: copy });
      expect(await ipc.invoke('removeServer', { uuid: 'alpha' })).toEqual({ removedFromSelections: 2 });
      expect(await ipc.invoke('removeServer', { uuid: bundleUuid })).toEqual({ removedFromSelections: 3 });
    } finally {
      await core.close();
    }
    expect(fs.existsSync(path.join(copy, BUNDLE_FOLDER))).toBe(false);
  }, 60_000);

  it('removes a hand-added server: gone from the settings and from every selection, the others\' tools kept', async () => {
    const run = ok(await inspectChild(['--user-data', profile, 'remove', 'Alpha']));
    expect(run.stdout).toBe([
      'Removed "Alpha" (alpha).',
      'Its tools left 2 saved selections: gpt-4o (openai) (ping); prompt (read_text_file).',
      '',
    ].join('\n'));
    expect(config(profile).mcp.servers.map((server) => server.label)).toEqual(['Bravo', 'Filesystem']);
    expect(selections(profile)).toEqual({ model: ['ping_1', 'read_text_file_1', 'list_directory', 'web_search'], prompt: ['ping_1'], realtime: ['list_directory'] });
  }, 60_000);

  it('removes a server installed from a bundle, and its folder; --json says so', async () => {
    expect(fs.existsSync(path.join(profile, BUNDLE_FOLDER, 'manifest.json'))).toBe(true);
    const run = ok(await inspectChild(['--user-data', profile, 'remove', 'Filesystem', '--json']));
    expect(JSON.parse(run.stdout)).toEqual({
      uuid: bundleUuid,
      label: 'Filesystem',
      removedFromSelections: 3,
      selections: [{ where: 'gpt-4o (openai)', tools: ['read_text_file_1', 'list_directory'] }, { where: 'realtime', tools: ['list_directory'] }],
      bundleFolder: { path: BUNDLE_FOLDER, removed: true },
    });
    expect(fs.existsSync(path.join(profile, BUNDLE_FOLDER))).toBe(false);
    expect(fs.existsSync(path.join(profile, 'bundles/filesystem'))).toBe(false);
    expect(config(profile).mcp.servers.map((server) => server.label)).toEqual(['Bravo']);
    expect(selections(profile)).toEqual({ model: ['ping_1', 'web_search'], prompt: ['ping_1'], realtime: [] });
  }, 60_000);

  it('leaves the settings as the page\'s Delete left the copy', () => {
    expect(config(profile)).toEqual(config(copy));
    expect(fs.readdirSync(path.join(profile, 'bundles')).filter((name) => !name.startsWith('.'))).toEqual(fs.readdirSync(path.join(copy, 'bundles')).filter((name) => !name.startsWith('.')));
  });

  it('released the names: a server added afterwards gets them bare, and the servers kept keep theirs', async () => {
    const store = ConfigStore.open({ userDataDir: profile });
    store.update((saved) => {
      saved.mcp.servers.push(stdioEntry('delta', 'Delta', { id: 'delta', transport: 'stdio', tools: ['ping', 'read_text_file', 'list_directory'] }));
    });
    const listing = JSON.parse(ok(await inspectChild(['--user-data', profile, '--json'])).stdout) as { servers: Array<{ label: string; tools: Array<{ original: string; exposed: string }> }> };
    const exposed = Object.fromEntries(listing.servers.map((server) => [server.label, server.tools.map((tool) => tool.exposed)]));
    expect(exposed).toEqual({ Bravo: ['ping_1'], Delta: ['ping', 'read_text_file', 'list_directory'] });
  }, 60_000);

  it('a server no one has, or a command line without one server, exits 2 and changes nothing', async () => {
    const before = fs.readFileSync(path.join(profile, 'config.json'), 'utf8');
    const unknown = await inspectChild(['--user-data', profile, 'remove', 'Nope']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('no server "Nope" (servers: "Bravo", "Delta")');
    for (const argv of [['remove'], ['remove', 'Bravo', 'Delta'], ['remove', 'Bravo', '--provider', 'openai']]) {
      const run = await inspectChild(['--user-data', profile, ...argv]);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^inspect: /);
    }
    expect(fs.readFileSync(path.join(profile, 'config.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('--help names it', async () => {
    const help = ok(await inspectChild(['--help']));
    expect(help.stdout.split('\n')).toContain('       inspect --user-data DIR [--json] remove SERVER');
  }, 60_000);
});
