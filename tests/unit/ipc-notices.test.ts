// IPC handlers that speak to the user rather than to servers: the notices (a failed write, a
// repaired or deeply nested settings file) and the tester's check of Gemini's strings holding
// JSON. Real core, real fixture servers, real store in a temp folder.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCore } from '../../src/main/core.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { McpServer } from '../../src/types/config.js';
import { defaultConfig } from '../../src/types/config.js';
import type { AppState } from '../../src/types/ipc.js';
import { SECRETS_TO_STORE_MIGRATION_ID } from '../../src/main/migrations/secrets.js';
import { TOOL_ALIASES_MIGRATION_ID } from '../../src/types/migration.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { flakyBackend } from './helpers/backends.js';
import { removeTempDirs, tempDir, waitForStatus } from './helpers/mcp-env.js';

// After the whole file: in the first describe it ran before the second made its folder, left behind.
afterAll(removeTempDirs);

describe('notices', () => {
  it('a failed write: a lasting "Settings cannot be saved" notice that Dismiss does not hide, gone once a write succeeds', async () => {
    const dir = tempDir('ipc-unsaved-');
    const { factory: backend, failing } = flakyBackend('ENOSPC');
    const core = await startCore({ userDataDir: dir, host: 'web', backend, log: () => undefined });
    try {
      const ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
      const notices = async (): Promise<AppState['notices']> => ((await ipc.invoke('getState', undefined)) as AppState).notices;
      expect(await notices()).toEqual([]);
      await ipc.invoke('setSelection', { target: 'prompt', tools: ['a'] });
      const unsaved = {
        kind: 'unsaved',
        message: `Settings cannot be saved: ${path.join(dir, 'config.json')} could not be written (the disk is full).`,
        lasting: true,
      };
      expect(await notices()).toEqual([unsaved]);
      // The app goes on with the change in memory.
      expect(((await ipc.invoke('getState', undefined)) as AppState).config.prompt.tools).toEqual(['a']);
      await ipc.invoke('dismissNotice', { kind: 'unsaved' });
      expect(await notices()).toEqual([unsaved]);
      failing.on = false;
      await ipc.invoke('setSelection', { target: 'realtime', tools: [] });
      expect(await notices()).toEqual([]);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'))).toMatchObject({ prompt: { tools: ['a'] }, realtime: { tools: [] } });
    } finally {
      await core.close();
    }
  });

  it('a settings file with an unknown field nested 20,000 levels deep loads, and the UI can read and change it', async () => {
    const dir = tempDir('ipc-deep-');
    const file = path.join(dir, 'config.json');
    const text = `{"prompt":{"tools":["a"]},"junk":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    fs.writeFileSync(file, text);
    const core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    try {
      const ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
      const state = (await ipc.invoke('getState', undefined)) as AppState;
      // What the browser host sends over HTTP, and Electron's IPC copies.
      expect(JSON.parse(JSON.stringify(structuredClone(state))).config.prompt.tools).toEqual(['a']);
      expect(state.notices).toHaveLength(1);
      expect(state.notices[0]!.details).toEqual(['Settings field "junk" nests deeper than 64 levels and was dropped.']);
      await ipc.invoke('setSelection', { target: 'prompt', tools: ['b'] });
      // The ledger went with the repair, in the start's one write.
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ ...defaultConfig(), prompt: { tools: ['b'] }, migrations: [SECRETS_TO_STORE_MIGRATION_ID, TOOL_ALIASES_MIGRATION_ID] });
      const copy = fs.readdirSync(dir).find((name) => name.startsWith('config.before-repair-'));
      expect(fs.readFileSync(path.join(dir, copy!), 'utf8')).toBe(text);
    } finally {
      await core.close();
    }
  });

  it('shows a repaired settings file once, and dismissNotice hides it for this launch', async () => {
    const dir = tempDir('ipc-notice-');
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ realtime: [] }));
    const core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    try {
      const ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
      const notices = async (): Promise<AppState['notices']> => ((await ipc.invoke('getState', undefined)) as AppState).notices;
      expect((await notices()).map((n) => n.kind)).toEqual(['repaired']);
      await ipc.invoke('dismissNotice', { kind: 'repaired' });
      expect(await notices()).toEqual([]);
    } finally {
      await core.close();
    }
  });
});

describe('checkToolArgs with Gemini\'s strings holding JSON', () => {
  it('checks the parsed arguments, and names an argument that does not read back (nothing would be sent)', async () => {
    const dir = tempDir('ipc-json-text-');
    const core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    try {
      const ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
      const configure = { name: 'configure', inputSchema: { type: 'object' as const, properties: { options: { type: 'object' }, count: { type: 'integer' } }, required: ['options'] } };
      const server = (await ipc.invoke('addServer', { label: 'Gamma', type: 'stdio', ...fixtureCommand({ id: 'gamma', transport: 'stdio', tools: [configure] }) })) as McpServer;
      await waitForStatus(core.mcp, server.uuid, 'ready');
      const check = (args: Record<string, unknown>): Promise<unknown> => ipc.invoke('checkToolArgs', { name: 'configure', args, provider: 'gemini' });
      expect(await check({ options: '{"deep": true}', count: 2 })).toEqual({ problems: [], sent: { options: { deep: true }, count: 2 } });
      expect(await check({ options: '{"deep": true}', count: 'two' })).toEqual({ problems: [{ field: 'count', message: 'must be integer' }], sent: { options: { deep: true }, count: 'two' } });
      const refused = (await check({ options: 'deep' })) as { problems: Array<{ field: string; message: string }>; sent?: unknown };
      expect(refused.sent).toBeUndefined();
      expect(refused.problems).toHaveLength(1);
      expect(refused.problems[0]!.field).toBe('options');
      expect(refused.problems[0]!.message).toMatch(/^must be a string holding JSON \(an object\), and "deep" does not parse: /);
    } finally {
      await core.close();
    }
  });
});
