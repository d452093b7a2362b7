// Dispatch section: Mcp.callTool against the SDK client's own callTool on the same stdio fixture
// server: the very client the manager holds, so both go through one process and one pipe and
// the difference is what the manager adds. Calls interleaved, medians of per-call times.
// Target: ratio ≤ 1.05. (A second client on a second server process differed by up to ±20%
// between runs on its own, which drowned the figure.)
import type { FixtureConfig } from '../tests/fixtures/config.js';
import { fixtureCommand } from '../tests/fixtures/launch.js';
import { startManager } from './manager-setup.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, round } from './stats.js';

const WARMUP = 2_000;
const CALLS = 3_000;
const TARGET_RATIO = 1.05;
const FIXTURE: FixtureConfig = { id: 'dispatch', transport: 'stdio', port: 0, tools: ['echo'], delays: {}, listChanged: false };

export const dispatch: BenchSection = {
  name: 'dispatch',
  async run(ctx): Promise<SectionResult> {
    const command = fixtureCommand(FIXTURE);
    const manager = await startManager([{ label: 'dispatch', type: 'stdio', ...command }]);
    const client = manager.mcp.sdkClient('bench-server-0');
    if (!client) throw new Error('dispatch: the fixture server did not connect');
    try {
      const args = { text: 'hello' };
      const viaManager = (): Promise<unknown> => manager.mcp.callTool('echo', args, { approved: true });
      // The same request the manager sends: it asks every server for progress (a progress token),
      // so that a long call that reports progress outlives its timeout. Asking costs the SDK
      // about 3% of a local stdio round trip (measured); this compares what the manager adds.
      const sameRequest = { onprogress: (): void => undefined, resetTimeoutOnProgress: true };
      const viaSdk = (): Promise<unknown> => client.callTool({ name: 'echo', arguments: args }, undefined, sameRequest);
      for (let i = 0; i < WARMUP; i++) {
        await viaManager();
        await viaSdk();
      }
      ctx.log(`dispatch: ${CALLS} calls each`);
      const ours: number[] = [];
      const sdk: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        // Alternate which goes first, so neither always follows the other's garbage.
        const order = i % 2 === 0 ? [viaManager, viaSdk] : [viaSdk, viaManager];
        for (const call of order) {
          const started = performance.now();
          await call();
          (call === viaManager ? ours : sdk).push(performance.now() - started);
        }
      }
      const oursMs = median(ours);
      const sdkMs = median(sdk);
      const ratio = oursMs / sdkMs;
      return {
        json: { calls: CALLS, oursUs: round(oursMs * 1000, 1), sdkUs: round(sdkMs * 1000, 1), ratio: round(ratio, 3), overheadUs: round((oursMs - sdkMs) * 1000, 1), targets: { ratio: ratio <= TARGET_RATIO } },
        rows: [
          { metric: 'Mcp.callTool, median per call', value: `${round(oursMs * 1000, 1)} µs` },
          { metric: 'SDK client.callTool, median per call', value: `${round(sdkMs * 1000, 1)} µs` },
          { metric: 'ratio', value: String(round(ratio, 3)), target: `≤ ${TARGET_RATIO}`, pass: ratio <= TARGET_RATIO },
        ],
      };
    } finally {
      await manager.close();
    }
  },
};
