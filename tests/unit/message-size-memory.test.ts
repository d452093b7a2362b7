// What a 400 MB answer costs in memory, on every transport and both revisions: `inspect call`
// as a child process against a server that streams the answer (tests/fixtures/stream-server.ts),
// its peak resident memory read at its exit (`process.resourceUsage().maxRSS`). The call fails,
// naming the 64 MB limit, and the process stays far under the 600 MB the issue allows (before
// the limit was enforced over HTTP, one such answer took `inspect` to 1.88 GB). The figures are in
// docs/benchmarks.md; this test holds the bound with a wide margin, not the figure.
import { afterAll, describe, expect, it } from 'vitest';
import type { McpServer } from '../../src/types/config.js';
import { startStreamHttp, streamCommand, type StreamConfig } from '../fixtures/stream-launch.js';
import { CLI_ARGS, runChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, tempDir } from './helpers/mcp-env.js';

const servers: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  removeTempDirs();
});

const ANSWER_BYTES = 400 * 1024 * 1024;
const PEAK_BOUND_MB = 600;
/** Loaded first in the child: its peak resident memory (KB) on stderr as it exits. */
const REPORT_PEAK = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write(`\\nPEAK_RSS_KB ${process.resourceUsage().maxRSS}\\n`));")}`;

const WIRES: Array<{ name: string; config: StreamConfig }> = [
  { name: 'stdio', config: { wire: 'stdio' } },
  { name: '2025 HTTP, JSON answers', config: { wire: 'http', answers: 'json' } },
  { name: '2025 HTTP, SSE answers', config: { wire: 'http', answers: 'sse' } },
  { name: '2024 SSE transport', config: { wire: 'sse' } },
  { name: '2026-07-28 HTTP, JSON answers', config: { wire: 'modern', answers: 'json' } },
  { name: '2026-07-28 HTTP, SSE answers', config: { wire: 'modern', answers: 'sse' } },
];

/** `inspect call big` against `entry`: its exit code, stderr, and peak memory in MB. */
async function callBig(entry: McpServer, bytes: number): Promise<{ code: number; stderr: string; peakMb: number }> {
  const dir = tempDir('message-memory-');
  seedStore(dir, [entry]);
  const run = await runChild(process.execPath, ['--import', REPORT_PEAK, ...CLI_ARGS, '--user-data', dir, 'call', 'big', JSON.stringify({ bytes })]);
  const peak = /PEAK_RSS_KB (\d+)/.exec(run.stderr);
  if (!peak) throw new Error(`no peak memory reported (exit ${run.code}): ${run.stderr.slice(-2_000)}`);
  return { code: run.code, stderr: run.stderr, peakMb: Number(peak[1]) / 1024 };
}

/** The fixture on `config`'s wire as a server entry (an HTTP one started first). */
async function streamEntry(config: StreamConfig): Promise<McpServer> {
  const base = { uuid: 'stream', label: 'Stream', state: 'enabled' as const, defaultPolicy: 'allow' as const };
  if (config.wire === 'stdio') return { ...base, type: 'stdio', ...streamCommand(config) };
  const server = await startStreamHttp(config);
  servers.push(server);
  return { ...base, type: config.wire === 'sse' ? 'sse' : 'http', url: server.url };
}

describe('a 400 MB answer', () => {
  it.each(WIRES)('over $name fails its call naming the limit, and inspect stays under 600 MB', async ({ config }) => {
    const { code, stderr, peakMb } = await callBig(await streamEntry(config), ANSWER_BYTES);
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/the server's answer is (400\.0 MB, over|over) the 64\.0 MB the app reads in one message; it was (skipped|not read)/);
    expect(peakMb).toBeLessThan(PEAK_BOUND_MB);
  }, 120_000);
});
