// A stdio server's stdout read as JSON-RPC messages, one a line (stdio/message-lines.ts, in place
// of the SDK's reader, which closed the connection past 10 MB): lines cut anywhere between chunks,
// a line that is no message logged and passed over, and a line over the limit skipped as it
// streams, the request it answers failing alone with the reason. Through the SDK's transport as
// the app makes it, with a real process writing the lines; and the 2026-07-28 fixture over stdio,
// whose 10 MB requestState fails that call alone, the server and its other calls going on.
import { afterAll, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createTransport } from '../../src/main/mcp/connection/transports.js';
import { MessageLines } from '../../src/main/mcp/stdio/message-lines.js';
import { answeredId } from '../../src/main/mcp/message-size/limit.js';
import { modernCommand } from '../fixtures/modern-launch.js';
import { APPROVED, removeTempDirs, startMcp, statusOf, tempDir, text, waitFor } from './helpers/mcp-env.js';

afterAll(() => removeTempDirs());

/** Everything the reader hands on after `chunks`: messages, and the words of what is none. */
function read(reader: MessageLines, chunks: Array<string | Buffer>): Array<JSONRPCMessage | string> {
  const out: Array<JSONRPCMessage | string> = [];
  for (const chunk of chunks) {
    reader.append(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    for (;;) {
      try {
        const message = reader.readMessage();
        if (message === null) break;
        out.push(message);
      } catch (error) {
        out.push((error as Error).message);
      }
    }
  }
  return out;
}

const answer = (id: number, text: string): string => JSON.stringify({ result: { content: [{ type: 'text', text }] }, jsonrpc: '2.0', id });

describe('lines into messages', () => {
  it('are read wherever the chunks are cut, a character of several bytes included; CRLF and blank lines too', () => {
    const lines = `${answer(1, 'Zürich ☃')}\r\n\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })}\n`;
    const bytes = Buffer.from(lines);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(read(new MessageLines(), [bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual([
        { result: { content: [{ type: 'text', text: 'Zürich ☃' }] }, jsonrpc: '2.0', id: 1 },
        { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      ]);
    }
  });

  it('a line that is no message is said once, and the next one reads', () => {
    expect(read(new MessageLines(), [`not json\n${answer(2, 'next')}\n`])).toEqual([
      expect.stringMatching(/^the server wrote a line on stdout that is not a JSON-RPC message \(not json\)/),
      expect.objectContaining({ id: 2 }),
    ]);
  });

  it('a line over the limit is skipped as it streams: an answer fails its request, anything else is said; the next line reads', () => {
    const big = 'x'.repeat(5_000);
    const chunks = [
      // The TypeScript SDK's order: result first, id last; sent in pieces.
      answer(7, big).slice(0, 3_000), `${answer(7, big).slice(3_000)}\n`,
      // The Python SDK's order: jsonrpc and id first.
      `${JSON.stringify({ jsonrpc: '2.0', id: 'req-8', error: { code: 1, message: big } })}\n`,
      // A request of the server's and a notification are not the app's requests' answers.
      `${JSON.stringify({ method: 'elicitation/create', params: { message: big }, jsonrpc: '2.0', id: 9 })}\n`,
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: big } })}\n`,
      `${answer(10, 'small')}\n`,
    ];
    expect(read(new MessageLines(4_096), chunks)).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32603, message: "the server's answer is 5 KB, over the 4 KB the app reads in one message; it was skipped" } },
      { jsonrpc: '2.0', id: 'req-8', error: { code: -32603, message: expect.stringMatching(/^the server's answer is .* it was skipped$/) as unknown } },
      expect.stringMatching(/^the server wrote a message of .*; it was skipped$/),
      expect.stringMatching(/^the server wrote a message of .*; it was skipped$/),
      expect.objectContaining({ id: 10 }),
    ]);
  });

  it('an answer\'s id is read from its own members only, never from what its result holds', () => {
    expect(answeredId('{"result":{"id":99,"items":[', '"id":3}]},"jsonrpc":"2.0","id":5}')).toBe(5);
    expect(answeredId('{ "jsonrpc": "2.0", "id": "a\\"b", "error": {', '…"}}')).toBe('a"b');
    expect(answeredId('{"id":4,"jsonrpc":"2.0","result":{', 'whatever')).toBe(4);
    expect(answeredId('{"result":{"id":99}', '"id":99}}')).toBeUndefined();
    expect(answeredId('{"method":"x","params":{', '"jsonrpc":"2.0","id":9}')).toBeUndefined();
  });
});

describe('through the SDK\'s stdio transport, from a real process', () => {
  it('an answer over the limit fails its request alone; the connection stays open and reads on', async () => {
    const script = [
      `const out = (m) => process.stdout.write(JSON.stringify(m) + '\\n');`,
      `out({ result: { n: 1 }, jsonrpc: '2.0', id: 1 });`,
      `out({ result: { text: 'y'.repeat(1024 * 1024) }, jsonrpc: '2.0', id: 2 });`,
      `out({ method: 'notifications/message', params: { data: 'z'.repeat(1024 * 1024) }, jsonrpc: '2.0' });`,
      `out({ result: { n: 3 }, jsonrpc: '2.0', id: 3 });`,
      `process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`,
    ].join('\n');
    const { transport } = createTransport({ uuid: 'lines', label: 'Lines', state: 'enabled', type: 'stdio', command: process.execPath, args: ['-e', script] }, { env: {}, headers: {} }, { maxMessageBytes: 64 * 1024 });
    const messages: JSONRPCMessage[] = [];
    const errors: string[] = [];
    let closed = false;
    transport.onmessage = (message) => void messages.push(message);
    transport.onerror = (error) => void errors.push(error.message);
    transport.onclose = () => void (closed = true);
    await transport.start();
    try {
      await waitFor('three answers', () => messages.length === 3);
      expect(messages).toEqual([
        { result: { n: 1 }, jsonrpc: '2.0', id: 1 },
        { jsonrpc: '2.0', id: 2, error: { code: -32603, message: "the server's answer is 1.0 MB, over the 64 KB the app reads in one message; it was skipped" } },
        { result: { n: 3 }, jsonrpc: '2.0', id: 3 },
      ]);
      expect(errors).toEqual([expect.stringMatching(/^the server wrote a message of 1\.0 MB, over the 64 KB .*; it was skipped$/)]);
      expect(closed).toBe(false);
    } finally {
      await transport.close();
    }
  });
});

describe('a server\'s log', () => {
  it('says what a stdio server wrote that is no message; the call it answered goes through', async () => {
    // A 2025-11-25 server in a few lines, whose tool writes a stray line before its answer.
    const script = [
      `const out = (m) => process.stdout.write(JSON.stringify(m) + '\\n');`,
      `require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {`,
      `  const { id, method } = JSON.parse(line);`,
      `  if (id === undefined) return;`,
      `  if (method === 'initialize') return out({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'stray', version: '1.0.0' } } });`,
      `  if (method === 'tools/list') return out({ jsonrpc: '2.0', id, result: { tools: [{ name: 'stray', inputSchema: { type: 'object' } }] } });`,
      `  if (method === 'tools/call') { process.stdout.write('debug: called\\n'); return out({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'done' }] } }); }`,
      `  out({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });`,
      `});`,
    ].join('\n');
    const { mcp } = await startMcp(tempDir(), [{ uuid: 'stray', label: 'Stray', state: 'enabled', type: 'stdio', command: process.execPath, args: ['-e', script] }]);
    try {
      expect(statusOf(mcp, 'stray')).toMatchObject({ status: 'ready', protocolVersion: '2025-11-25' });
      expect(text(await mcp.callTool('stray', {}, APPROVED))).toBe('done');
      expect(mcp.logs.read('stray')).toContainEqual(expect.objectContaining({ level: 'warning', text: expect.stringMatching(/^Passed over on stdout: the server wrote a line on stdout that is not a JSON-RPC message \(debug: called\)/) as unknown }));
      expect(statusOf(mcp, 'stray').status).toBe('ready');
    } finally {
      await mcp.stop();
    }
  });
});

describe('a 2026-07-28 server over stdio', () => {
  it('a 10 MB requestState fails that call alone with the reason; the same process serves the next calls', async () => {
    const { command, args } = modernCommand({ transport: 'stdio' });
    const { mcp, logs } = await startMcp(tempDir(), [{ uuid: 'modern', label: 'Modern', state: 'enabled', type: 'stdio', command, args }]);
    try {
      expect(text(await mcp.callTool('echo', { text: 'before' }, APPROVED))).toBe('before');
      await expect(mcp.callTool('huge_state', {}, APPROVED)).rejects.toThrow(/"huge_state".*its requestState is 10485760 characters long, over the 1000000 the app carries back/);
      expect(statusOf(mcp, 'modern').status).toBe('ready');
      expect(text(await mcp.callTool('echo', { text: 'after' }, APPROVED))).toBe('after');
      // The same process: it counted every call (a new one would have counted from zero).
      const counts = JSON.parse(text(await mcp.callTool('stats', {}, APPROVED))) as Record<string, number>;
      expect(counts['tools/call']).toBe(4);
      expect(logs.join('\n')).not.toMatch(/Modern.*(closed|reconnect|failed)/i);
    } finally {
      await mcp.stop();
    }
  });
});
