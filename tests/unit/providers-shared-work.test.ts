// Work the adapters share between providers (the normalized schema, once per input schema; lists
// of changes and parts of definitions, frozen) must never outlive a change: a list or tool changed
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

  it('providers that share an adaptation share its frozen list of changes, each with its own report entry', () => {
    const list = [{ ...tool('read', 'read', 's1'), inputSchema: structuredClone(schema) }];
    const openai = adaptTools('openai', list).report[0]!;
    list[0]!.name = 'read_2';
    const anthropic = adaptTools('anthropic', list).report[0]!;
    expect(anthropic.changes).toBe(openai.changes);
    expect(Object.isFrozen(openai.changes)).toBe(true);
    expect(anthropic).toMatchObject({ name: 'read_2', original: 'read', server: 's1' });
    expect(openai.name).toBe('read');
  });

  it('strict definitions share the ["type", "null"] lists of optional properties, frozen', () => {
    const list = [{ ...tool('a', 'a', 's1'), inputSchema: structuredClone(schema) }, { ...tool('b', 'b', 's1'), inputSchema: structuredClone(schema) }];
    const [first, second] = adaptTools('openai-strict', list).tools as Array<{ function: { parameters: { properties: { head: { type: string[] } } } } }>;
    const type = first!.function.parameters.properties.head.type;
    expect(type).toEqual(['number', 'null']);
    expect(second!.function.parameters.properties.head.type).toBe(type);
    expect(Object.isFrozen(type)).toBe(true);
  });

  it('strict mode shares the nodes it takes as they are with the input, and copies the ones it changes', () => {
    const entity = { type: 'object', properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['name', 'tags'], additionalProperties: false };
    const open = { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' } }, required: ['name'], additionalProperties: false };
    const inputSchema = { type: 'object', properties: { entities: { type: 'array', items: entity }, open: { type: 'array', items: open } }, required: ['entities', 'open'], additionalProperties: false };
    const before = structuredClone(inputSchema);
    const [definition] = adaptTools('openai-strict', [{ ...tool('t', 't', 's1'), inputSchema }]).tools as Array<{ function: { strict: boolean; parameters: { properties: Record<string, { items: Record<string, unknown> }> } } }>;
    const properties = definition!.function.parameters.properties;
    expect(definition!.function.strict).toBe(true);
    // Already closed, every property required: the very same objects.
    expect(properties.entities).toBe(inputSchema.properties.entities);
    expect(properties.entities!.items).toBe(entity);
    // An optional property: a copy, closed and nullable, the input left as it was.
    expect(properties.open!.items).not.toBe(open);
    expect(properties.open!.items).toEqual({ type: 'object', properties: { name: { type: 'string' }, note: { type: ['string', 'null'] } }, required: ['name', 'note'], additionalProperties: false });
    expect(properties.open!.items.properties).not.toBe(open.properties);
    expect((properties.open!.items.properties as Record<string, unknown>).name).toBe(open.properties.name);
    expect(inputSchema).toEqual(before);
  });
});
