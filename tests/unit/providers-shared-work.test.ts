// Work the adapters share between providers (the normalized schema, once per input schema; report
// entries and parts of definitions, frozen) must never outlive a change: a list or tool changed
// between two calls gives what a fresh list gives.
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

describe('what the adapted lists share (read-only, frozen)', () => {
  const schema = { type: 'object', properties: { path: { type: 'string' }, head: { type: 'number' } }, required: ['path'], $schema: 'http://json-schema.org/draft-07/schema#' };

  it('providers that share an adaptation share each report entry, frozen', () => {
    const list = [{ ...tool('read', 'read', 's1'), inputSchema: structuredClone(schema) }];
    const openai = adaptTools('openai', list).report[0]!;
    const anthropic = adaptTools('anthropic', list).report[0]!;
    expect(anthropic).toBe(openai);
    expect(Object.isFrozen(openai)).toBe(true);
    expect(Object.isFrozen(openai.changes)).toBe(true);
    expect(() => {
      (openai as { status: string }).status = 'ok';
    }).toThrow(TypeError);
  });

  it('a shared report is reused only for the same name, server and original name', () => {
    const inputSchema = structuredClone(schema);
    const list = [{ ...tool('read', 'read', 's1'), inputSchema }];
    const first = adaptTools('openai', list).report[0]!;
    list[0]!.name = 'read_2';
    const renamed = adaptTools('anthropic', list).report[0]!;
    expect(renamed).not.toBe(first);
    expect(renamed.name).toBe('read_2');
    // Another tool with the very same schema object gets its own entry.
    const other = adaptTools('bedrock', [{ ...tool('write', 'write', 's2'), inputSchema }]).report[0]!;
    expect(other).toMatchObject({ name: 'write', original: 'write', server: 's2' });
    // A twin's description adds a change: its entry is its own, not the shared one.
    const twins = [{ ...tool('read', 'read', 's1'), inputSchema }, { ...tool('read_s2', 'read', 's2'), inputSchema }];
    const entries = adaptTools('mistral', twins).report;
    expect(entries[0]!.changes).toContain('named the server in the description (another server has a tool with the same name)');
    expect(Object.isFrozen(entries[0])).toBe(false);
  });

  it('strict definitions share the ["type", "null"] lists of optional properties, frozen', () => {
    const list = [{ ...tool('a', 'a', 's1'), inputSchema: structuredClone(schema) }, { ...tool('b', 'b', 's1'), inputSchema: structuredClone(schema) }];
    const [first, second] = adaptTools('openai-strict', list).tools as Array<{ function: { parameters: { properties: { head: { type: string[] } } } } }>;
    const type = first!.function.parameters.properties.head.type;
    expect(type).toEqual(['number', 'null']);
    expect(second!.function.parameters.properties.head.type).toBe(type);
    expect(Object.isFrozen(type)).toBe(true);
  });
});
