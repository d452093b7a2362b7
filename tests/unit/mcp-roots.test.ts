// Roots: the folders a user lets a server use. Saved on the server as absolute paths, given as
// file:// URIs on roots/list; an edit tells a connected server (roots/list_changed) without a
// reconnect. Against the published server-filesystem, which narrows what it serves to the roots
// the client gives it, and the fixture, which reports what it was given. A folder that is
// missing stays saved, is not given, and is shown and logged. Hand edits are repaired.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairConfig } from '../../src/main/config/repair.js';
import { ConfigStore } from '../../src/main/config/store.js';
import type { Mcp } from '../../src/main/mcp.js';
import { startCore } from '../../src/main/core.js';
import { createIpcServer } from '../../src/main/ipc.js';
import { checkServerSettings } from '../../src/types/config.js';
import { isAbsolutePath } from '../../src/types/roots.js';
import { APPROVED, publishedEntry, removeTempDirs, seedStore, serve, startMcp, statusOf, stopServed, tempDir, text, urlEntry } from './helpers/mcp-env.js';

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

/** A real folder with one file in it, by its real path (the server resolves symlinks such as /tmp's). */
function folder(name: string): string {
  const dir = fs.realpathSync(tempDir(`roots-${name}-`));
  fs.writeFileSync(path.join(dir, `${name}.txt`), `in ${name}`);
  return dir;
}

describe('the published server-filesystem narrows what it serves to the roots it is given', () => {
  let mcp: Mcp;
  let logs: string[];
  let a: string;
  let b: string;
  const missing = '/no/such/folder/anywhere';

  beforeAll(async () => {
    a = folder('a');
    b = folder('b');
    // Started with both folders on its command line; the client's roots replace them.
    ({ mcp, logs } = await startMcp(tempDir(), [{ ...publishedEntry('fs', 'Files', 'server-filesystem', [a, b]), roots: [a, missing], defaultPolicy: 'allow' }]));
  });

  const allowed = async (): Promise<string> => text(await mcp.callTool('list_allowed_directories', {}));

  it('serves only the roots it was given; a missing one is not given, shown as missing, and logged', async () => {
    await expect.poll(allowed, { timeout: 10_000 }).toBe(`Allowed directories:\n${a}`);
    expect(text(await mcp.callTool('read_text_file', { path: path.join(a, 'a.txt') }))).toBe('in a');
    const outside = await mcp.callTool('read_text_file', { path: path.join(b, 'b.txt') });
    expect(outside.isError).toBe(true);
    expect(text(outside)).toMatch(/outside allowed directories/);
    expect(statusOf(mcp, 'fs').roots).toEqual([{ path: a, missing: false }, { path: missing, missing: true }]);
    expect(logs.join('\n')).not.toMatch(/Traceback|TypeError/);
  });

  it('an edit of the folders tells the server, which asks again, without a reconnect', async () => {
    const client = mcp.sdkClient('fs');
    mcp.setRoots('fs', [b]);
    await expect.poll(allowed, { timeout: 10_000 }).toBe(`Allowed directories:\n${b}`);
    expect(mcp.sdkClient('fs')).toBe(client);
    expect(text(await mcp.callTool('read_text_file', { path: path.join(b, 'b.txt') }))).toBe('in b');
    expect(mcp.logs.read('fs').map((entry) => entry.text)).toContainEqual('Told the server its folders changed (roots/list_changed)');
  });

  it('the same through the server\'s form (updateServer): only the folders changed, so no reconnect', async () => {
    const client = mcp.sdkClient('fs');
    const entry = publishedEntry('fs', 'Files', 'server-filesystem', [a, b]);
    await mcp.updateServer('fs', { label: 'Files', type: 'stdio', command: entry.command, args: entry.args, roots: [a, b] });
    await expect.poll(allowed, { timeout: 10_000 }).toBe(`Allowed directories:\n${a}\n${b}`);
    expect(mcp.sdkClient('fs')).toBe(client);
  });
});

describe('roots/list as the fixture gets it', () => {
  it('file:// URIs named by their last part; none by default; list_changed counted by the server', async () => {
    const one = folder('one');
    const server = await serve({ id: 'rooted', transport: 'http', tools: ['list_roots'] });
    const { mcp } = await startMcp(tempDir(), [urlEntry('rooted', 'Rooted', 'http', server.url, { defaultPolicy: 'allow' })]);
    try {
      expect(JSON.parse(text(await mcp.callTool('list_roots', {}, APPROVED)))).toEqual({ roots: [], changed: 0 });
      expect(statusOf(mcp, 'rooted').roots).toBeUndefined();
      mcp.setRoots('rooted', [one]);
      await expect.poll(async () => JSON.parse(text(await mcp.callTool('list_roots', {}))) as unknown).toEqual({
        roots: [{ uri: pathToFileURL(one).href, name: path.basename(one) }],
        changed: 1,
      });
    } finally {
      await mcp.stop();
    }
  });
});

describe('roots as saved', () => {
  it('absolute paths only, each once, at most 100; checked where settings are', () => {
    expect(isAbsolutePath('/home/me')).toBe(true);
    expect(isAbsolutePath('C:\\Users\\me')).toBe(true);
    expect(isAbsolutePath('\\\\server\\share\\dir')).toBe(true);
    expect(isAbsolutePath('projects/a')).toBe(false);
    const base = { label: 'X', type: 'stdio', command: 'x' };
    expect(checkServerSettings({ ...base, roots: ['/a', '/b'] })).toHaveProperty('settings');
    expect(checkServerSettings({ ...base, roots: ['projects'] })).toMatchObject({ issues: [{ field: 'roots', message: '"projects" is not an absolute path (it must start with / or a drive such as C:\\).' }] });
    expect(checkServerSettings({ ...base, roots: ['/a', '/a'] })).toMatchObject({ issues: [{ field: 'roots', message: 'A folder is given twice.' }] });
    expect(checkServerSettings({ ...base, roots: Array.from({ length: 101 }, (_, i) => `/f${i}`) })).toMatchObject({ issues: [{ field: 'roots', message: 'At most 100 folders per server.' }] });
  });

  it('a hand edit is repaired with a warning for each change, and never given more folders', () => {
    const server = (roots: unknown): unknown => ({ mcp: { servers: [{ uuid: 's1', label: 'F', type: 'stdio', command: 'x', roots }] } });
    const repaired = (roots: unknown): { roots: unknown; warnings: string[] } => {
      const { config, warnings } = repairConfig(server(roots));
      return { roots: config.mcp.servers[0]!.roots, warnings };
    };
    expect(repaired(['/a', '/b'])).toEqual({ roots: ['/a', '/b'], warnings: [] });
    expect(repaired('/a')).toEqual({ roots: ['/a'], warnings: ['Server 1: its folders were one text, not a list; read as a list of one.'] });
    expect(repaired({ '/a': true })).toEqual({ roots: undefined, warnings: ['Server 1: its folders were not a list and were dropped (it may use none until you add them again).'] });
    expect(repaired(['/a', 'relative/b', 7, '/a', ''])).toEqual({
      roots: ['/a'],
      warnings: [
        'Server 1: folder "relative/b" was dropped: "relative/b" is not an absolute path (it must start with / or a drive such as C:\\).',
        'Server 1: a folder that was not text was dropped.',
        'Server 1: folder "/a" was listed twice; kept once.',
        'Server 1: folder "" was dropped: A folder needs a path.',
      ],
    });
    expect(repaired([])).toEqual({ roots: undefined, warnings: [] });
  });

  it('the store repairs them at start, copies the file first, and tells the user', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ mcp: { servers: [{ uuid: 's1', label: 'F', state: 'enabled', type: 'stdio', command: 'x', roots: ['~/projects', '/srv/data'] }] } }));
    const store = ConfigStore.open({ userDataDir: dir });
    expect(store.config.mcp.servers[0]!.roots).toEqual(['/srv/data']);
    expect(store.notices.flatMap((notice) => notice.details ?? [])).toContainEqual(expect.stringContaining('folder "~/projects" was dropped'));
    expect(fs.readdirSync(dir).some((name) => name.startsWith('config.before-repair-'))).toBe(true);
  });
});

describe('folders through IPC', () => {
  it('checkFolders says which are missing; pickFolder is the host\'s picker, and the browser host says it has none', async () => {
    const dir = tempDir();
    const there = folder('there');
    seedStore(dir, []);
    const core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    try {
      const web = createIpcServer(core, { kind: 'web', userDataDir: dir });
      expect(await web.invoke('checkFolders', { paths: [there, '/no/such/folder'] })).toEqual([{ path: there, missing: false }, { path: '/no/such/folder', missing: true }]);
      await expect(web.invoke('pickFolder', undefined)).rejects.toThrow("This host has no folder picker: type the folder's full path instead.");
      const desktop = createIpcServer(core, { kind: 'electron', userDataDir: dir, pickFolder: async () => there });
      expect(await desktop.invoke('pickFolder', undefined)).toEqual({ path: there });
      await expect(web.invoke('checkFolders', { paths: ['/a', '/a'] })).rejects.toThrow(/Invalid input for "checkFolders": paths: A folder is given twice/);
    } finally {
      await core.close();
    }
  });
});
