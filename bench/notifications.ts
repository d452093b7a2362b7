// Notifications section: how many of a server's notifications during one call the manager
// handles in a second, against the SDK's own `Client` handling the same stream in the same run.
// The server (tests/fixtures/stream-server.ts over stdio, one process for each side) answers a
// `flood` call with N progress reports and N log messages written at once, then the answer; a
// run is the time from the call to its answer. The manager's call is `Mcp.callTool` with a
// progress handler and an `elicit` (the tester's and inspect's path: the manager's deadline, the
// server's log); the SDK's is its `request` with a progress handler and a no-op handler for log
// messages. Runs interleaved, medians of the rates. Target: the manager at least half the SDK's rate.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { streamCommand } from '../tests/fixtures/stream-launch.js';
import { startManager } from './manager-setup.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, round } from './stats.js';

/** Progress reports (and as many log messages) a run: the SDK's own client takes about 2 s for them on the 2-core machine. */
const PER_KIND = 2_000;
const WARMUP = 1;
const RUNS = 5;
const TARGET_RATIO = 0.5;
const TIMEOUT_MS = 600_000;

export const notifications: BenchSection = {
  name: 'notifications',
  async run(ctx): Promise<SectionResult> {
    const command = streamCommand({ wire: 'stdio' });
    const manager = await startManager([{ label: 'flood', type: 'stdio', ...command, defaultPolicy: 'allow', callTimeoutMs: 3_600_000 }]);
    const sdk = new Client({ name: 'bench-sdk', version: '1.0.0' });
    sdk.setNotificationHandler(LoggingMessageNotificationSchema, () => undefined);
    await sdk.connect(new StdioClientTransport(command));
    try {
      const args = { count: PER_KIND };
      let reports = 0;
      const onProgress = (): void => void reports++;
      const viaManager = (): Promise<unknown> => manager.mcp.callTool('flood', args, { approved: true, onProgress, elicit: async () => ({ action: 'decline' }) });
      const viaSdk = (): Promise<unknown> => sdk.request({ method: 'tools/call', params: { name: 'flood', arguments: args } }, CallToolResultSchema, { onprogress: onProgress, resetTimeoutOnProgress: true, timeout: TIMEOUT_MS });
      /**
       * Notifications a second in one run of `call`. Every progress report must reach the
       * manager's caller; the SDK's own client drops those it reads together with the answer
       * (src/main/mcp/protocol/wire-order.ts says why), after parsing them all the same.
       */
      const rate = async (call: () => Promise<unknown>): Promise<number> => {
        reports = 0;
        ctx.gc();
        const started = performance.now();
        await call();
        const ms = performance.now() - started;
        if (call === viaManager && reports !== PER_KIND) throw new Error(`notifications: ${reports} of ${PER_KIND} progress reports reached the manager's caller`);
        return (2 * PER_KIND * 1000) / ms;
      };
      for (let i = 0; i < WARMUP; i++) {
        await rate(viaManager);
        await rate(viaSdk);
      }
      ctx.log(`notifications: ${RUNS} runs of ${2 * PER_KIND} notifications each way`);
      const ours: number[] = [];
      const theirs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Alternate which goes first, so neither always follows the other's garbage.
        if (i % 2 === 0) {
          ours.push(await rate(viaManager));
          theirs.push(await rate(viaSdk));
        } else {
          theirs.push(await rate(viaSdk));
          ours.push(await rate(viaManager));
        }
      }
      const oursRate = median(ours);
      const sdkRate = median(theirs);
      const ratio = oursRate / sdkRate;
      return {
        json: { notifications: 2 * PER_KIND, runs: RUNS, oursPerSecond: Math.round(oursRate), sdkPerSecond: Math.round(sdkRate), ratio: round(ratio, 2), targets: { ratio: ratio >= TARGET_RATIO } },
        rows: [
          { metric: `Mcp.callTool, ${2 * PER_KIND} notifications in one call, median`, value: `${Math.round(oursRate).toLocaleString('en-US')}/s` },
          { metric: 'SDK Client, the same stream, median', value: `${Math.round(sdkRate).toLocaleString('en-US')}/s` },
          { metric: 'ratio (manager / SDK)', value: String(round(ratio, 2)), target: `≥ ${TARGET_RATIO}`, pass: ratio >= TARGET_RATIO },
        ],
      };
    } finally {
      await sdk.close();
      await manager.close();
    }
  },
};
