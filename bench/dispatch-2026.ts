// Dispatch on a 2026-07-28 server: Mcp.callTool against a direct SDK request on the same stdio
// fixture server of the new revision (tests/fixtures/modern-server.ts), through the very client
// the manager holds. The direct request is the SDK's own `Protocol.request` with the revision's
// `_meta` written by hand once, so the difference is all the app adds: the manager, the client's
// `callTool`, and the revision layer (the envelope merged per request, the rounds check of
// `tools/call`). The SDK client's `callTool` (the revision layer included) is timed too, to split
// the two. Calls interleaved, medians of per-call times. Target: ratio ≤ 1.05. This fixture
// answers in about 40 µs, a third of the SDK's fixture server (dispatch), so the same
// microseconds weigh three times as much here.
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { envelopeMeta } from '../src/main/mcp/protocol/envelope.js';
import { RevisionClient } from '../src/main/mcp/protocol/revision-client.js';
import { modernCommand } from '../tests/fixtures/modern-launch.js';
import { startManager } from './manager-setup.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, round } from './stats.js';

const WARMUP = 2_000;
const CALLS = 3_000;
const TARGET_RATIO = 1.05;

export const dispatch2026: BenchSection = {
  name: 'dispatch2026',
  async run(ctx): Promise<SectionResult> {
    const manager = await startManager([{ label: 'dispatch2026', type: 'stdio', ...modernCommand({ transport: 'stdio' }) }]);
    const client = manager.mcp.sdkClient('bench-server-0');
    if (!(client instanceof RevisionClient) || client.protocolVersion !== '2026-07-28') throw new Error('dispatch2026: the fixture did not connect on 2026-07-28');
    try {
      const args = { text: 'hello' };
      const meta = envelopeMeta({ ...client.envelope, revision: '2026-07-28' });
      const sameRequest = { onprogress: (): void => undefined, resetTimeoutOnProgress: true };
      const request = { method: 'tools/call' as const, params: { name: 'echo', arguments: args, _meta: meta } };
      const viaManager = (): Promise<unknown> => manager.mcp.callTool('echo', args, { approved: true });
      const viaSdk = (): Promise<unknown> => Protocol.prototype.request.call(client, request, CallToolResultSchema, sameRequest);
      const viaClient = (): Promise<unknown> => client.callTool({ name: 'echo', arguments: args }, undefined, sameRequest);
      for (let i = 0; i < WARMUP; i++) {
        await viaManager();
        await viaSdk();
        await viaClient();
      }
      ctx.log(`dispatch2026: ${CALLS} calls each`);
      const times = new Map<() => Promise<unknown>, number[]>([[viaManager, []], [viaSdk, []], [viaClient, []]]);
      for (let i = 0; i < CALLS; i++) {
        // Rotate which goes first, so none always follows another's garbage.
        const order = [viaManager, viaSdk, viaClient];
        for (let k = 0; k < 3; k++) {
          const call = order[(i + k) % 3]!;
          const started = performance.now();
          await call();
          times.get(call)!.push(performance.now() - started);
        }
      }
      const oursMs = median(times.get(viaManager)!);
      const sdkMs = median(times.get(viaSdk)!);
      const clientMs = median(times.get(viaClient)!);
      const ratio = oursMs / sdkMs;
      return {
        json: { calls: CALLS, oursUs: round(oursMs * 1000, 1), sdkUs: round(sdkMs * 1000, 1), clientUs: round(clientMs * 1000, 1), ratio: round(ratio, 3), overheadUs: round((oursMs - sdkMs) * 1000, 1), targets: { ratio: ratio <= TARGET_RATIO } },
        rows: [
          { metric: 'Mcp.callTool on 2026-07-28, median per call', value: `${round(oursMs * 1000, 1)} µs` },
          { metric: 'SDK client.callTool (revision layer), median per call', value: `${round(clientMs * 1000, 1)} µs` },
          { metric: 'SDK request with the _meta by hand, median per call', value: `${round(sdkMs * 1000, 1)} µs` },
          { metric: 'ratio', value: String(round(ratio, 3)), target: `≤ ${TARGET_RATIO}`, pass: ratio <= TARGET_RATIO },
        ],
      };
    } finally {
      await manager.close();
    }
  },
};
