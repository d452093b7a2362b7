// getLlmTools section: 10,000 connected tools (one stdio fixture server listing them in pages).
// Target: under 10 ms. Also the cost of a 128-tool selection, the common per-model case.
import { fixtureCommand } from '../tests/fixtures/launch.js';
import { startManager } from './manager-setup.js';
import type { BenchSection, SectionResult } from './section.js';
import { medianMs, round } from './stats.js';

const TOOLS = 10_000;
const TARGET_MS = 10;

export const llmTools: BenchSection = {
  name: 'llmTools',
  async run(ctx): Promise<SectionResult> {
    const command = fixtureCommand({ id: 'many', transport: 'stdio', port: 0, tools: [], generateTools: { prefix: 'tool_', count: TOOLS }, pageSize: 1_000, delays: {}, listChanged: false });
    const manager = await startManager([{ label: 'many', type: 'stdio', ...command }]);
    try {
      const listed = manager.mcp.getLlmTools().length;
      if (listed !== TOOLS) throw new Error(`llmTools: expected ${TOOLS} tools, got ${listed}`);
      const selection = Array.from({ length: 128 }, (_, i) => `tool_${i * 70}`);
      const options = { warmup: 20, runs: 50, gc: ctx.gc };
      const ms = medianMs(() => manager.mcp.getLlmTools(), options);
      const selectionMs = medianMs(() => manager.mcp.getLlmTools(selection), options);
      return {
        json: { tools: TOOLS, ms: round(ms, 4), selectionMs: round(selectionMs, 4), targets: { ms: ms < TARGET_MS } },
        rows: [
          { metric: `getLlmTools, ${TOOLS} tools`, value: `${round(ms, 4)} ms`, target: `< ${TARGET_MS} ms`, pass: ms < TARGET_MS },
          { metric: 'getLlmTools, a 128-tool selection', value: `${round(selectionMs, 4)} ms` },
        ],
      };
    } finally {
      await manager.close();
    }
  },
};
