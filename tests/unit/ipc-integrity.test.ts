// The IPC side of tool integrity, on a real core: `getToolReview` and `approveTools` validated
// like every channel (bad input refused before any handler runs, nothing approved), and the
// `toolsHeld` event when a connected server's listing holds tools it did not hold before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { McpServer } from '../../src/types/config.js';
import type { ToolReview, ToolsHeld } from '../../src/types/integrity.js';
import type { LlmTool, ServerStatus } from '../../src/types/mcp.js';
import { ADD, changingServer, MULTIPLY, POISONED_ADD, toolsFile } from './helpers/changing-tools.js';
import { removeTempDirs, tempDir, waitFor, waitForStatus } from './helpers/mcp-env.js';

describe('IPC: tool review and approval', () => {
  const tools = toolsFile([ADD, MULTIPLY]);
  let core: Core;
  let ipc: IpcServer;
  let server: McpServer;
  const held: ToolsHeld[] = [];
  const call = async <T>(channel: string, input?: unknown): Promise<T> => (await ipc.invoke(channel, input)) as T;
  const add = async (): Promise<ServerStatus['tools'][number] | undefined> => (await call<ServerStatus[]>('getStatus')).find((s) => s.uuid === server.uuid)?.tools.find((t) => t.original === 'add');

  beforeAll(async () => {
    const dir = tempDir('ipc-integrity-');
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
    ipc.on('toolsHeld', (event) => held.push(event));
    const { uuid: _uuid, state: _state, ...settings } = changingServer('unused', 'Calc', tools, { listChanged: true, extra: { defaultPolicy: 'allow' } });
    server = await call<McpServer>('addServer', settings);
    await waitForStatus(core.mcp, server.uuid, 'ready');
    await waitFor('names', () => core.mcp.isMcpToolName('add'));
  });
  afterAll(async () => {
    await core.close();
    removeTempDirs();
  });

  it('a change the server announces holds the tool and is told as a toolsHeld event', async () => {
    expect(await add()).toMatchObject({ integrity: 'approved', held: false });
    expect(held).toEqual([]);
    tools.write([POISONED_ADD, MULTIPLY]);
    await waitFor('the toolsHeld event', () => held.length > 0);
    expect(held).toEqual([{ uuid: server.uuid, label: 'Calc', tools: ['add'] }]);
    expect(await add()).toMatchObject({ integrity: 'changed', held: true });
    expect((await add())!.findings!.some((f) => f.severity === 'high')).toBe(true);
    expect((await call<LlmTool[]>('getLlmTools')).map((t) => t.name)).toEqual(['multiply']);
    const review = await call<ToolReview>('getToolReview', { uuid: server.uuid });
    expect(review.servers[0]!.tools.map((t) => [t.original, t.integrity, t.changes.map((c) => c.field)])).toEqual([['add', 'changed', ['description', 'inputSchema']]]);
    expect(await call<ToolReview>('getToolReview')).toEqual(review);
    expect(await call<ToolReview>('getToolReview', {})).toEqual(review);
  });

  it('refuses bad input before any handler runs; nothing is approved', async () => {
    const bad: Array<[string, unknown]> = [
      ['getToolReview', { uuid: 7 }],
      ['getToolReview', { uuid: server.uuid, tools: 'all' }],
      ['getToolReview', 'all'],
      ['approveTools', { uuid: server.uuid, tools: [] }],
      ['approveTools', { uuid: server.uuid, tools: 'some' }],
      ['approveTools', { uuid: server.uuid, tools: [5] }],
      ['approveTools', { uuid: server.uuid, tools: [''] }],
      ['approveTools', { tools: 'all' }],
      ['approveTools', { uuid: '', tools: 'all' }],
      ['approveTools', { uuid: server.uuid, tools: 'all', also: true }],
      ['approveTools', { uuid: server.uuid, tools: Array.from({ length: 10_001 }, (_, i) => `t${i}`) }],
    ];
    for (const [channel, input] of bad) {
      await expect(ipc.invoke(channel, input), `${channel} ${JSON.stringify(input).slice(0, 80)}`).rejects.toThrow(new RegExp(`^Invalid input for "${channel}": `));
    }
    await expect(call('approveTools', { uuid: 'nobody', tools: 'all' })).rejects.toThrow('No MCP server with id "nobody".');
    await expect(call('getToolReview', { uuid: 'nobody' })).rejects.toThrow('No MCP server with id "nobody".');
    expect(await add()).toMatchObject({ integrity: 'changed', held: true });
  });

  it('approveTools approves, and the tool is offered again', async () => {
    expect(await call('approveTools', { uuid: server.uuid, tools: ['add'] })).toEqual({ approved: ['add'], cleared: [], stale: [] });
    expect(await add()).toMatchObject({ integrity: 'approved', held: false });
    expect((await call<LlmTool[]>('getLlmTools')).map((t) => t.name)).toEqual(['add', 'multiply']);
    expect(await call<ToolReview>('getToolReview')).toEqual({ servers: [] });
    // Approving leaves nothing newly held: no event.
    expect(held).toHaveLength(1);
  });
});
