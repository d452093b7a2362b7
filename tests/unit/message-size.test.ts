// The largest message read from a server (message-size/), on every transport and both revisions,
// enforced as the message streams: against a real server that streams the oversized answer
// (tests/fixtures/stream-server.ts) over stdio, 2025-11-25 Streamable HTTP (a JSON body and an
// SSE stream), the 2024-11-05 SSE transport and the 2026-07-28 HTTP shape (JSON and SSE), the
// call whose answer is too large fails alone, saying so, while the connection and the other calls
// go on; a notification too large is passed over and logged. The event splitter is checked alone
// too, with streams cut at every byte. The memory a 400 MB answer takes: message-size-memory.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { SseEventLimit, type SkippedEvent } from '../../src/main/mcp/message-size/sse-events.js';
import type { McpServer } from '../../src/types/config.js';
import { startStreamHttp, streamCommand, type StreamConfig } from '../fixtures/stream-launch.js';
import { APPROVED, removeTempDirs, startMcp, statusOf, tempDir, text } from './helpers/mcp-env.js';

const servers: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  removeTempDirs();
});

/** Everything `limit` passes on for `chunks`, as text. */
function through(limit: SseEventLimit, chunks: string[]): string {
  const out: Uint8Array[] = [];
  for (const chunk of chunks) out.push(...limit.push(Buffer.from(chunk)));
  out.push(...limit.end());
  return Buffer.concat(out).toString('utf8');
}

describe('an SSE stream cut into bounded events', () => {
  const events = 'event: message\r\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\r\n\r\n: keep-alive\n\nid: 7\rdata: {"a":\rdata: 1}\r\rdata: {"b": "ünïcödé ☃"}\n\n';

  it('passes every event on unchanged, wherever the chunks are cut (LF, CR and CRLF line ends)', () => {
    const skipped: SkippedEvent[] = [];
    for (let cut = 0; cut <= events.length; cut++) {
      expect(through(new SseEventLimit(1_000, (event) => (skipped.push(event), null)), [events.slice(0, cut), events.slice(cut)])).toBe(events);
    }
    expect(through(new SseEventLimit(1_000, () => null), [...events])).toBe(events);
    expect(skipped).toEqual([]);
  });

  it('replaces an event over the limit as it streams: an answer by its error, with its id line; anything else by nothing', () => {
    const answer = `id: e-5\nevent: message\ndata: {"result":{"content":[{"type":"text","text":"${'x'.repeat(5_000)}"}]},"jsonrpc":"2.0","id":5}\n\n`;
    const notice = `data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${'y'.repeat(5_000)}"}}\n\n`;
    const endpoint = `event: endpoint\ndata: /${'z'.repeat(5_000)}\n\n`;
    const after = 'data: {"jsonrpc":"2.0","id":6,"result":{}}\n\n';
    const skipped: SkippedEvent[] = [];
    const limit = new SseEventLimit(4_096, (event) => {
      skipped.push(event);
      return event.type === '' || event.type === 'message' ? `id: ${event.id ?? ''}\ndata: replaced ${event.bytes}\n\n` : null;
    });
    // In pieces of 1,000 bytes: nothing of a skipped event is held beyond its ends.
    const stream = answer + notice + endpoint + after;
    const pieces = Array.from({ length: Math.ceil(stream.length / 1_000) }, (_, i) => stream.slice(i * 1_000, (i + 1) * 1_000));
    expect(through(limit, pieces)).toBe(`id: e-5\ndata: replaced ${answer.length}\n\nid: \ndata: replaced ${notice.length}\n\n${after}`);
    expect(skipped.map(({ type, id, bytes }) => ({ type, id, bytes }))).toEqual([
      { type: 'message', id: 'e-5', bytes: answer.length },
      { type: '', id: undefined, bytes: notice.length },
      { type: 'endpoint', id: undefined, bytes: endpoint.length },
    ]);
    expect(skipped[0]).toMatchObject({ head: expect.stringMatching(/^\{"result":\{"content"/) as unknown, tail: expect.stringMatching(/"jsonrpc":"2\.0","id":5\}$/) as unknown });
  });

  it('an event over the limit that the stream ends in the middle of is replaced all the same', () => {
    const limit = new SseEventLimit(100, () => 'data: replaced\n\n');
    expect(through(limit, ['data: ok\n\n', `data: {"result":"${'x'.repeat(500)}`])).toBe('data: ok\n\ndata: replaced\n\n');
  });
});

/** The wires of the streaming fixture, each as a server entry, limited to 1 MB a message. */
const WIRES: Array<{ name: string; config: StreamConfig; notices: boolean }> = [
  { name: 'stdio', config: { wire: 'stdio' }, notices: true },
  { name: '2025 HTTP, JSON answers', config: { wire: 'http', answers: 'json' }, notices: false },
  { name: '2025 HTTP, SSE answers', config: { wire: 'http', answers: 'sse' }, notices: true },
  { name: '2024 SSE transport', config: { wire: 'sse' }, notices: true },
  { name: '2026-07-28 HTTP, JSON answers', config: { wire: 'modern', answers: 'json' }, notices: false },
  { name: '2026-07-28 HTTP, SSE answers', config: { wire: 'modern', answers: 'sse' }, notices: true },
];
const LIMIT = 1024 * 1024;

describe.each(WIRES)('a message over the limit, over $name', ({ config, notices }) => {
  let mcp: Mcp;
  const uuid = 'stream';

  beforeAll(async () => {
    let entry: McpServer;
    if (config.wire === 'stdio') {
      entry = { uuid, label: 'Stream', state: 'enabled', type: 'stdio', ...streamCommand(config), defaultPolicy: 'allow' };
    } else {
      const server = await startStreamHttp(config);
      servers.push(server);
      entry = { uuid, label: 'Stream', state: 'enabled', type: config.wire === 'sse' ? 'sse' : 'http', url: server.url, defaultPolicy: 'allow' };
    }
    ({ mcp } = await startMcp(tempDir('message-size-'), [entry], { maxMessageBytes: LIMIT }));
    expect(statusOf(mcp, uuid)).toMatchObject({ status: 'ready', protocolVersion: config.wire === 'modern' ? '2026-07-28' : config.wire === 'sse' ? expect.any(String) : '2025-11-25' });
  });

  afterAll(async () => {
    await mcp?.stop();
  });

  it('fails the call it answers alone, naming the limit; a call beside it and the next ones go on', async () => {
    const [big, beside] = await Promise.allSettled([mcp.callTool('big', { bytes: 5 * LIMIT }, APPROVED), mcp.callTool('echo', { text: 'beside' }, APPROVED)]);
    expect(big.status).toBe('rejected');
    expect(String((big as PromiseRejectedResult).reason)).toMatch(/Calling tool "big" \("big" on server "Stream"\) failed: .*the server's answer is (5\.0 MB, over|over) the 1\.0 MB the app reads in one message; it was (skipped|not read)/);
    expect(beside.status === 'fulfilled' && text(beside.value)).toBe('beside');
    expect(text(await mcp.callTool('echo', { text: 'after' }, APPROVED))).toBe('after');
    expect(text(await mcp.callTool('big', { bytes: LIMIT - 1_000 }, APPROVED))).toHaveLength(LIMIT - 1_000);
    expect(statusOf(mcp, uuid).status).toBe('ready');
  });

  // A JSON answer carries no notification: only the SSE and stdio wires send one.
  if (notices) it('passes over a notification over the limit, says so in the server\'s log, and the call is answered', async () => {
    expect(text(await mcp.callTool('big_notice', { bytes: 2 * LIMIT }, APPROVED))).toBe('after the notice');
    expect(mcp.logs.read(uuid).map((entry) => entry.text)).toContainEqual(expect.stringMatching(/^Passed over.*the server wrote a message of 2\.0 MB, over the 1\.0 MB the app reads in one message; it was skipped/));
    expect(statusOf(mcp, uuid).status).toBe('ready');
  });
});
