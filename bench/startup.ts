// Startup section: 20 Streamable HTTP servers that each take 300 ms to answer initialize. The
// manager connects and lists them in parallel; the baseline connects them one after another
// with the SDK client. Target: parallel / sequential ≤ 0.15.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startFixtureInProcess } from '../tests/fixtures/launch.js';
import type { InProcessFixture } from '../tests/fixtures/launch.js';
import { startManager } from './manager-setup.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, round } from './stats.js';

const SERVERS = 20;
const INITIALIZE_MS = 300;
const RUNS = 3;
const TARGET_RATIO = 0.15;

async function sequentialMs(urls: readonly string[]): Promise<number> {
  const started = performance.now();
  for (const url of urls) {
    const client = new Client({ name: 'bench-sequential', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    await client.listTools();
    await client.close();
  }
  return performance.now() - started;
}

export const startup: BenchSection = {
  name: 'startup',
  async run(ctx): Promise<SectionResult> {
    const fixtures: InProcessFixture[] = [];
    try {
      for (let i = 0; i < SERVERS; i++) {
        fixtures.push(await startFixtureInProcess({
          id: `slow-${i}`,
          transport: 'http',
          tools: ['search', `tool_${i}`],
          delays: { initializeMs: INITIALIZE_MS },
        }));
      }
      const urls = fixtures.map((fixture) => fixture.url);
      const parallel: number[] = [];
      const sequential: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        ctx.log(`startup: run ${run + 1}/${RUNS}`);
        const manager = await startManager(urls.map((url, i) => ({ label: `slow ${i}`, type: 'http' as const, url })));
        const ready = manager.mcp.getStatus().filter((server) => server.status === 'ready').length;
        await manager.close();
        if (ready !== SERVERS) throw new Error(`startup: only ${ready} of ${SERVERS} servers became ready`);
        parallel.push(manager.startMs);
        sequential.push(await sequentialMs(urls));
      }
      const parallelMs = median(parallel);
      const sequentialMedian = median(sequential);
      const ratio = parallelMs / sequentialMedian;
      return {
        json: { servers: SERVERS, initializeMs: INITIALIZE_MS, parallelMs: round(parallelMs), sequentialMs: round(sequentialMedian), ratio: round(ratio, 3), targets: { ratio: ratio <= TARGET_RATIO } },
        rows: [
          { metric: `connect+list ${SERVERS} servers, parallel (manager)`, value: `${round(parallelMs)} ms` },
          { metric: `connect+list ${SERVERS} servers, one after another`, value: `${round(sequentialMedian)} ms` },
          { metric: 'parallel / sequential', value: String(round(ratio, 3)), target: `≤ ${TARGET_RATIO}`, pass: ratio <= TARGET_RATIO },
        ],
      };
    } finally {
      await Promise.all(fixtures.map((fixture) => fixture.stop()));
    }
  },
};
