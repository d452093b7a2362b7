// The provider cache's report entries (mcp/for-providers/counted-report.ts): the report's fields in order, then
// `tokens`, counted from the definition when read, carried by JSON and by structured clone (IPC),
// and nothing of what they count from visible.
import { describe, expect, it } from 'vitest';
import { countedReport } from '../../src/main/mcp/for-providers/counted-report.js';
import { adaptTool, definitionTokens, type SourceTool } from '../../src/main/providers/index.js';
import type { ProviderToolReport } from '../../src/types/providers.js';

const tool: SourceTool = {
  name: 'read_file',
  original: 'read_file',
  server: { uuid: 'server-a', label: 'Files' },
  description: 'Read a file from the allowed folders',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

describe('countedReport', () => {
  it("gives the report's fields in order, then the definition's tokens, to JSON and to structured clone", () => {
    const { definition, report } = adaptTool('anthropic', tool);
    const entry = countedReport(report, 'anthropic', definition);
    const tokens = definitionTokens('anthropic', definition);
    expect(tokens).toBeGreaterThan(0);
    expect(Object.keys(entry)).toEqual(['name', 'server', 'original', 'status', 'changes', 'reason', 'tokens']);
    expect(entry.tokens).toBe(tokens);
    expect(JSON.parse(JSON.stringify(entry))).toEqual({ ...report, tokens });
    expect(structuredClone(entry)).toEqual({ ...report, tokens });
    expect({ ...entry }).toEqual({ ...report, tokens });
  });

  it('counts 0 for a tool that is not sent, and keeps the reason', () => {
    const report: ProviderToolReport = { name: 'x', server: 's', original: 'x', status: 'denied', changes: [], reason: 'its policy is "deny"' };
    const entry = countedReport(report, null);
    expect(entry.tokens).toBe(0);
    expect(JSON.parse(JSON.stringify(entry))).toEqual({ ...report, tokens: 0 });
  });

  it('entries of different tools count their own definitions', () => {
    const long = { ...tool, name: 'search', description: 'Search '.repeat(200) };
    const [a, b] = [tool, long].map((source) => {
      const { definition, report } = adaptTool('openai', source);
      return countedReport(report, 'openai', definition);
    });
    expect(b!.tokens).toBeGreaterThan(a!.tokens! + 100);
    expect(a!.tokens).toBe(definitionTokens('openai', adaptTool('openai', tool).definition));
  });
});
