// A server's notifications during a call take the manager's own fast path (the SDK's Protocol told
// a notification from other messages by three failed zod parses; protocol/revision-client.ts
// hands it straight to the Protocol's handling, and stdio/message-lines.ts reads the common shapes
// without zod). What that must keep: every progress report reaches the caller, in order and before
// the answer, and every log message reaches the server's log, on every transport; a line the SDK's
// schema refuses is still refused, and one it accepts reads the same. How fast: `npm run bench`,
// notifications (docs/benchmarks.md). The SDK's private members the fast path uses are checked
// here, so an upgrade of the SDK that drops them fails this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Mcp } from '../../src/main/mcp.js';
import { MessageLines } from '../../src/main/mcp/stdio/message-lines.js';
import type { McpServer } from '../../src/types/config.js';
import { startStreamHttp, streamCommand, type StreamConfig } from '../fixtures/stream-launch.js';
import { APPROVED, removeTempDirs, startMcp, statusOf, tempDir, text } from './helpers/mcp-env.js';

const servers: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  removeTempDirs();
});

describe('the SDK members the fast paths use (SDK 1.32.2)', () => {
  it('Protocol still has _onnotification and _resetTimeout, and keeps timeouts in _timeoutInfo', () => {
    const methods = Protocol.prototype as unknown as Record<string, unknown>;
    expect(typeof methods._onnotification).toBe('function');
    expect(typeof methods._resetTimeout).toBe('function');
    class Probe extends Protocol<never, never, never> {
      protected assertCapabilityForMethod(): void {}
      protected assertNotificationCapability(): void {}
      protected assertRequestHandlerCapability(): void {}
      protected assertTaskCapability(): void {}
      protected assertTaskHandlerCapability(): void {}
    }
    expect((new Probe() as unknown as { _timeoutInfo: unknown })._timeoutInfo).toBeInstanceOf(Map);
  });
});

describe('a stdio line read without zod', () => {
  const lines: unknown[] = [
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 3, progress: 1 } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', method: 'x', params: { _meta: { progressToken: 'a' } } },
    { jsonrpc: '2.0', method: 'x', params: { _meta: { progressToken: 1.5 } } },
    { jsonrpc: '2.0', method: 'x', params: [1, 2] },
    { jsonrpc: '2.0', method: 'x', params: null },
    { jsonrpc: '2.0', method: 'x', extra: 1 },
    { jsonrpc: '1.0', method: 'x' },
    { jsonrpc: '2.0', method: 7 },
    { jsonrpc: '2.0', id: 4, result: { content: [] } },
    { jsonrpc: '2.0', id: 'four', result: {} },
    { jsonrpc: '2.0', id: 4.5, result: {} },
    { jsonrpc: '2.0', id: 2 ** 60, result: {} },
    { jsonrpc: '2.0', id: null, result: {} },
    { jsonrpc: '2.0', id: 4, result: [] },
    { jsonrpc: '2.0', id: 4, result: { _meta: { progressToken: {} } } },
    { jsonrpc: '2.0', id: 4, result: {}, extra: true },
    { jsonrpc: '2.0', id: 4, error: { code: -1, message: 'no' } },
    { jsonrpc: '2.0', id: 4, method: 'roots/list' },
    { jsonrpc: '2.0', id: 4, method: 'roots/list', params: { a: 1 } },
    { jsonrpc: '2.0', id: 4, method: 'x', result: {} },
    [{ jsonrpc: '2.0', method: 'x' }],
  ];

  it.each(lines.map((line) => [JSON.stringify(line), line]))('%s reads as the SDK\'s message schema reads it', (_shown, line) => {
    const reader = new MessageLines();
    reader.append(Buffer.from(`${JSON.stringify(line)}\n`));
    let read: JSONRPCMessage | string | null;
    try {
      read = reader.readMessage();
    } catch (error) {
      read = (error as Error).message;
    }
    const checked = JSONRPCMessageSchema.safeParse(line);
    if (checked.success) expect(read).toEqual(checked.data);
    else expect(read).toMatch(/is not a JSON-RPC message/);
  });
});

const COUNT = 300;
const WIRES: Array<{ name: string; config: StreamConfig }> = [
  { name: 'stdio', config: { wire: 'stdio' } },
  { name: '2025 HTTP, SSE answers', config: { wire: 'http', answers: 'sse' } },
  { name: '2024 SSE transport', config: { wire: 'sse' } },
  { name: '2026-07-28 HTTP, SSE answers', config: { wire: 'modern', answers: 'sse' } },
];

describe.each(WIRES)('a flood of notifications during one call, over $name', ({ config }) => {
  let mcp: Mcp;

  beforeAll(async () => {
    let entry: McpServer;
    const base = { uuid: 'flood', label: 'Flood', state: 'enabled' as const, defaultPolicy: 'allow' as const };
    if (config.wire === 'stdio') {
      entry = { ...base, type: 'stdio', ...streamCommand(config) };
    } else {
      const server = await startStreamHttp(config);
      servers.push(server);
      entry = { ...base, type: config.wire === 'sse' ? 'sse' : 'http', url: server.url };
    }
    ({ mcp } = await startMcp(tempDir('notifications-'), [entry]));
  });

  afterAll(async () => {
    await mcp?.stop();
  });

  it.each([
    ['a plain call', {}],
    ['a call that can answer the server (the manager\'s deadline)', { elicit: async () => ({ action: 'decline' as const }) }],
  ])('%s: every progress report reaches the caller in order, before the answer; every log message reaches the log', async (_how, extra) => {
    const reports: number[] = [];
    let answered = false;
    const result = await mcp.callTool('flood', { count: COUNT }, { ...APPROVED, ...extra, onProgress: (report) => void (answered || reports.push(report.progress)) }).finally(() => (answered = true));
    expect(text(result)).toBe(`flooded ${COUNT}`);
    expect(reports).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    const logged = mcp.logs.read('flood').map((entry) => entry.text).filter((line) => line.startsWith('[stream] message '));
    expect(logged.slice(-COUNT)).toEqual(Array.from({ length: COUNT }, (_, i) => `[stream] message ${i + 1} of ${COUNT}`));
    expect(statusOf(mcp, 'flood').status).toBe('ready');
  });
});
