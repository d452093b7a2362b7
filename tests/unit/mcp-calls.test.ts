// Long tool calls through the IPC contract, against real fixture servers: progress reports reach
// the renderer as events tagged with the call's id, each report restarts the server's call
// timeout, and a cancelled call sends notifications/cancelled, which the server sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import { CANCEL_REASON } from '../../src/main/mcp/calls/active-calls.js';
import type { CallProgress } from '../../src/types/mcp.js';
import { answer, removeTempDirs, seedStore, serve, stdioEntry, stopServed, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';

const TOOLS = ['progress', 'cancelled', 'slow'];

describe('long calls', () => {
  let core: Core;
  let ipc: IpcServer;
  const progress: CallProgress[] = [];

  beforeAll(async () => {
    const dir = tempDir('mcp-calls-');
    const http = await serve({ id: 'H', transport: 'http', tools: TOOLS });
    const sse = await serve({ id: 'E', transport: 'sse', tools: TOOLS });
    seedStore(dir, [
      urlEntry('http', 'Over HTTP', 'http', http.url, { callTimeoutMs: 1_000 }),
      stdioEntry('stdio', 'Over stdio', { id: 'S', transport: 'stdio', tools: TOOLS }),
      urlEntry('sse', 'Over SSE', 'sse', sse.url),
    ]);
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
    ipc.on('callProgress', (report) => progress.push(report));
  });

  afterAll(async () => {
    await core?.close();
    await stopServed();
    removeTempDirs();
  });

  // No pause between the reports and the answer: they come in one read, and the answer must not
  // overtake the reports written before it (protocol/wire-order.ts).
  it.each([['progress', 'H'], ['progress_1', 'S'], ['progress_2', 'E']])('reports every progress of %s (server %s) as events tagged with the call id, the last one sent with the answer', async (tool, server) => {
    const callId = `c-progress-${server}`;
    const result = await ipc.invoke('callTool', { name: tool, args: { steps: 3, intervalMs: 0 }, callId, approved: true });
    expect(answer(result)).toMatchObject({ server, tool: 'progress' });
    expect(progress.filter((p) => p.callId === callId)).toEqual([1, 2, 3].map((step) => ({
      callId, progress: step, total: 3, message: `step ${step} of 3`,
    })));
  });

  it('a call that keeps reporting progress outlives the server call timeout; a silent one does not', async () => {
    // 5 × 250 ms is longer than the 1 s timeout, but no gap between reports is.
    const result = await ipc.invoke('callTool', { name: 'progress', args: { steps: 5, intervalMs: 250 }, callId: 'c-long', approved: true });
    expect(answer(result)).toMatchObject({ server: 'H', tool: 'progress' });
    await expect(ipc.invoke('callTool', { name: 'slow', args: { ms: 3_000 }, approved: true })).rejects.toThrow(/"slow".*Request timed out/);
  });

  it.each([['progress', 'H', 'cancelled'], ['progress_1', 'S', 'cancelled_1']])(
    'cancelCall aborts %s and the server (%s) receives notifications/cancelled',
    async (tool, _server, cancelledTool) => {
      const callId = `c-cancel-${tool}`;
      const call = ipc.invoke('callTool', { name: tool, args: { steps: 100, intervalMs: 50 }, callId, approved: true });
      const outcome = call.then(() => 'answered', (error: Error) => error.message);
      await waitFor('the first progress report', () => progress.some((p) => p.callId === callId));
      expect(await ipc.invoke('cancelCall', { callId })).toEqual({ cancelled: true });
      expect(await outcome).toMatch(new RegExp(`"${tool}".*${CANCEL_REASON}`));
      const seen = JSON.parse(text(await ipc.invoke('callTool', { name: cancelledTool, approved: true }))) as Array<{ reason: string }>;
      expect(seen.map((c) => c.reason)).toEqual([CANCEL_REASON]);
      // The call is over: its id is free, and cancelling it again does nothing.
      expect(await ipc.invoke('cancelCall', { callId })).toEqual({ cancelled: false });
    },
  );

  it('a cancelled call over stdio is in the server log (what the server wrote to stderr)', async () => {
    await waitFor('the stderr line', () => core.mcp.logs.read('stdio').some((e) => e.source === 'stderr' && e.text.includes(`cancelled: ${CANCEL_REASON}`)));
  });

  it('refuses a second call under an id that is still running', async () => {
    const first = ipc.invoke('callTool', { name: 'slow', args: { ms: 300 }, callId: 'c-twice', approved: true });
    await expect(ipc.invoke('callTool', { name: 'slow', args: { ms: 1 }, callId: 'c-twice', approved: true })).rejects.toThrow('A call with id "c-twice" is already running.');
    await first;
  });
});
