// The Electron preload, run against the electron stub: `window.api` must be generated from the
// contract (every channel, nothing hand-kept), reach main through the invoke channel, and show
// handler errors without Electron's wrapping. Main's side is the real IPC server on a real core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { guardedInvoke } from '../../src/main/hosts/electron-guard.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { Api } from '../../src/types/ipc.js';
import { ELECTRON_INVOKE_CHANNEL, electronEventChannel, IPC_CHANNELS } from '../../src/types/ipc.js';
import type { CallProgress, ServerStatus } from '../../src/types/mcp.js';
import { contextBridge, ipcRenderer } from '../stubs/electron.js';

describe('Electron preload', () => {
  let dir: string;
  let core: Core;
  let api: Api;
  const invoked: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preload-'));
    core = await startCore({ userDataDir: dir, host: 'electron', log: () => undefined });
    const ipc = createIpcServer(core, { kind: 'electron', userDataDir: dir });
    // As electron.ts wires ipcMain.handle, and as Electron wraps a handler's error on the way back.
    ipcRenderer.handler = async (channel, name, input) => {
      invoked.push(channel);
      try {
        return await ipc.invoke(name, input);
      } catch (error) {
        throw new Error(`Error invoking remote method '${channel}': ${String(error)}`, { cause: error });
      }
    };
    await import('../../src/main/hosts/preload.js');
    api = contextBridge.exposed.get('api') as Api;
  });

  afterAll(async () => {
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exposes exactly the contract: every channel, plus on and onStatus', () => {
    expect(Object.keys(api).sort()).toEqual([...IPC_CHANNELS, 'on', 'onStatus'].sort());
  });

  it('calls main through the invoke channel and returns its answer', async () => {
    expect(await api.getStatus(undefined)).toEqual([]);
    const state = await api.getState(undefined);
    expect([state.host, state.userDataDir]).toEqual(['electron', dir]);
    expect(invoked).toEqual([ELECTRON_INVOKE_CHANNEL, ELECTRON_INVOKE_CHANNEL]);
  });

  it("shows main's error message without Electron's wrapping", async () => {
    await expect(api.addServer({ label: '', type: 'stdio' })).rejects.toThrow(/^Invalid input for "addServer": label: A server needs a name/);
    await expect(api.callTool({ name: 'nope', args: {} })).rejects.toThrow(/^Unknown tool "nope": no MCP server offers a tool by that name\.$/);
  });

  it('delivers pushed status to listeners until they unsubscribe', () => {
    const seen: ServerStatus[][] = [];
    const stop = api.onStatus((status) => seen.push(status));
    ipcRenderer.emit(electronEventChannel('status'), []);
    stop();
    ipcRenderer.emit(electronEventChannel('status'), []);
    expect(seen).toEqual([[]]);
  });

  it('delivers each event from its own channel, and only to its own listeners', () => {
    const progress: CallProgress[] = [];
    const logs: string[] = [];
    const stops = [api.on('callProgress', (p) => progress.push(p)), api.on('serverLog', ({ uuid }) => logs.push(uuid))];
    ipcRenderer.emit(electronEventChannel('callProgress'), { callId: 'c1', progress: 1, total: 3 });
    ipcRenderer.emit(electronEventChannel('serverLog'), { uuid: 'u1' });
    for (const stop of stops) stop();
    ipcRenderer.emit(electronEventChannel('serverLog'), { uuid: 'u2' });
    expect(progress).toEqual([{ callId: 'c1', progress: 1, total: 3 }]);
    expect(logs).toEqual(['u1']);
  });
});

describe('Electron host IPC guard', () => {
  const answered: unknown[] = [];
  const ipc = {
    invoke: async (channel: unknown, input: unknown) => {
      answered.push([channel, input]);
      return 'ok';
    },
    on: () => () => undefined,
  };
  const page = 'file:///app/dist/renderer/index.html';
  const invoke = guardedInvoke(ipc, page);

  it('answers our own page, whatever its fragment', async () => {
    await expect(invoke({ senderFrame: { url: page } }, 'getStatus', undefined)).resolves.toBe('ok');
    await expect(invoke({ senderFrame: { url: `${page}#models` } }, 'getState', undefined)).resolves.toBe('ok');
    expect(answered).toEqual([['getStatus', undefined], ['getState', undefined]]);
  });

  it('refuses another page, a page navigated away, and a frame that is gone', async () => {
    for (const senderFrame of [{ url: 'https://evil.example/' }, { url: `${page}.evil.html` }, { url: 'file:///tmp/other.html' }, { url: '' }, null, undefined]) {
      await expect(invoke({ senderFrame }, 'addServer', {})).rejects.toThrow('Refused: request from an unknown page.');
    }
    expect(answered).toHaveLength(2);
  });
});
