// Requests sent one after another under one caller's signal (the rounds of a multi round-trip
// request, a task's polls) leave nothing on it: the SDK never removes the abort listener it adds
// to a request's signal, so each round and each poll used to leave one behind, and past ten Node
// warned (MaxListenersExceededWarning) on the app's console and inspect's stderr. Against the real
// fixtures: the 2026-07-28 one (eleven rounds, a task's polls) and a 2025-11-25 task's polls.
import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withOwnSignal } from '../../src/main/mcp/signals/request-signal.js';
import { startModernHttp } from '../fixtures/modern-launch.js';
import { APPROVED, removeTempDirs, serve, startMcp, stopServed, tempDir, text, urlEntry } from './helpers/mcp-env.js';

const modern: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(modern.map((server) => server.stop()));
  await stopServed();
  removeTempDirs();
});

describe('a request\'s own signal', () => {
  it('follows its caller\'s while the request runs, and leaves no listener on it after', async () => {
    const caller = new AbortController();
    for (let i = 0; i < 100; i++) await withOwnSignal(caller.signal, async (signal) => expect(signal?.aborted).toBe(false));
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    const reason = new Error('the user cancelled');
    const running = withOwnSignal(caller.signal, (signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error))));
    caller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('is aborted from the start under an aborted caller; without a caller there is none', async () => {
    const caller = new AbortController();
    caller.abort(new Error('gone'));
    expect(await withOwnSignal(caller.signal, async (signal) => signal?.reason)).toBe(caller.signal.reason);
    expect(await withOwnSignal(undefined, async (signal) => signal)).toBeUndefined();
  });
});

describe('rounds and polls leave no listener behind', () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`);
  beforeEach(() => void process.on('warning', onWarning));
  afterEach(() => void process.off('warning', onWarning));

  it('eleven rounds of a server that keeps asking, and a 2026-07-28 task polled 20 times', async () => {
    const http = await startModernHttp({ tasks: true });
    modern.push(http);
    const { mcp } = await startMcp(tempDir(), [urlEntry('modern', 'Modern', 'http', http.url, { defaultPolicy: 'allow' })]);
    try {
      await expect(mcp.callTool('loop', {}, { ...APPROVED, elicit: async () => ({ action: 'accept', content: {} }) })).rejects.toThrow(/stopped after 10 rounds/);
      // The fixture's tasks are polled every 100 ms.
      expect(text(await mcp.callTool('slow_compute', { ms: 2_000 }, { timeoutMs: 60_000 }))).toBe('computed after 2000 ms');
      expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      await mcp.stop();
    }
  });

  it('a 2025-11-25 task polled 20 times', async () => {
    const server = await serve({ id: 'worker', transport: 'http', tools: [{ name: 'long', execution: { taskSupport: 'required' } }], tasks: { pollIntervalMs: 50 } });
    const { mcp } = await startMcp(tempDir(), [urlEntry('worker', 'Worker', 'http', server.url, { defaultPolicy: 'allow' })]);
    try {
      const result = await mcp.callTool('long', { steps: 10, ms: 100 }, { timeoutMs: 60_000 });
      expect(JSON.parse(text(result))).toMatchObject({ tool: 'long', task: 'done' });
      expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      await mcp.stop();
    }
  });
});
