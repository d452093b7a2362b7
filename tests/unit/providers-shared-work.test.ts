// Work the adapters share between providers (the normalized schema, once per input schema) must
// never outlive a change: a list or tool changed between two calls gives what a fresh list gives.
import { describe, expect, it } from 'vitest';
import { adaptTool, adaptTools, type SourceTool } from '../../src/main/providers/index.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { HARD_SCHEMAS } from '../fixtures/hard-schemas.js';

function tool(name: string, original: string, uuid: string): SourceTool {
  return { name, original, server: { uuid, label: uuid }, description: 'A tool.', inputSchema: { type: 'object', properties: {} } };
}

const described = (list: readonly SourceTool[]): unknown[] => adaptTools('anthropic', list).tools.map((definition) => (definition as { description: string }).description);

describe('twins of a list adapted for several providers', () => {
  it('adaptTools names the servers of the list as it is at each call', () => {
    const list = [tool('a', 'read', 's1'), tool('b', 'write', 's2')];
    expect(described(list)).toEqual(['A tool.', 'A tool.']);
    list[1]!.original = 'read';
    expect(described(list)).toEqual(['A tool. (MCP server: s1)', 'A tool. (MCP server: s2)']);
    expect(described(list)).toEqual(described(list.map((item) => ({ ...item }))));
  });
});

describe('the normalized schema, shared between providers', () => {
  it('gives each provider what a schema seen for the first time gives it, in any order', () => {
    for (const [name, schema] of Object.entries(HARD_SCHEMAS)) {
      const shared = { ...tool('t', 't', 's1'), inputSchema: structuredClone(schema) };
      for (const order of [PROVIDER_IDS, [...PROVIDER_IDS].reverse()]) {
        for (const provider of order) {
          const fresh = adaptTool(provider, { ...shared, inputSchema: structuredClone(schema) });
          const { restore: _restore, ...seen } = adaptTool(provider, shared);
          const { restore: _fresh, ...expected } = fresh;
          expect(seen, `${name} for ${provider}`).toEqual(expected);
        }
      }
      // Adapting never wrote into the input it shares.
      expect(shared.inputSchema, name).toEqual(schema);
    }
  });
});
