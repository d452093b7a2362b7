// Work the adapters share between providers (twins detected once per list, the normalized schema
// once per input schema) must never outlive a change: a list or tool changed between two calls
// gives what a fresh list gives.
import { describe, expect, it } from 'vitest';
import { adaptTools, findTwins, type SourceTool } from '../../src/main/providers/index.js';
import { listFacts } from '../../src/main/providers/twins.js';

/** The twins listFacts found, as findTwins gives them. */
function twinsOf(list: readonly SourceTool[]): Set<SourceTool> {
  const facts = listFacts(list);
  return new Set(list.filter((_, i) => facts.twin[i] === 1));
}

function tool(name: string, original: string, uuid: string): SourceTool {
  return { name, original, server: { uuid, label: uuid }, description: 'A tool.', inputSchema: { type: 'object', properties: {} } };
}

const described = (list: readonly SourceTool[]): unknown[] => adaptTools('anthropic', list).tools.map((definition) => (definition as { description: string }).description);

describe('twins of a list adapted for several providers', () => {
  it('are detected again when the list, a tool, its original name or its server changed', () => {
    const list = [tool('a', 'read', 's1'), tool('b', 'read_x', 's2'), tool('c', 'other', 's3')];
    expect(twinsOf(list)).toEqual(new Set());
    expect(listFacts(list)).toBe(listFacts(list));

    list[1]!.original = 'read';
    expect(twinsOf(list)).toEqual(findTwins(list));
    expect(twinsOf(list).size).toBe(2);

    list[1]!.server = { uuid: 's1', label: 's1' };
    expect(twinsOf(list)).toEqual(new Set());

    list[2] = tool('c', 'read', 's3');
    expect(twinsOf(list)).toEqual(new Set([list[0], list[1], list[2]]));

    list.pop();
    expect(twinsOf(list)).toEqual(new Set());
    list.push(tool('d', 'read', 's4'));
    expect(twinsOf(list)).toEqual(findTwins(list));
  });

  it('tell valid names from invalid ones, read again when a name changed', () => {
    const list = [tool('a', 'read', 's1'), tool('b c', 'read', 's1')];
    expect([...listFacts(list).validName]).toEqual([1, 0]);
    list[1]!.name = 'b_c';
    expect([...listFacts(list).validName]).toEqual([1, 1]);
    expect(adaptTools('openai', list).report.map((entry) => entry.status)).toEqual(['ok', 'ok']);
    list[0]!.name = '1a';
    expect(adaptTools('openai', list).report.map((entry) => entry.status)).toEqual(['unsendable', 'ok']);
  });

  it('adaptTools names the servers of the list as it is at each call', () => {
    const list = [tool('a', 'read', 's1'), tool('b', 'write', 's2')];
    expect(described(list)).toEqual(['A tool.', 'A tool.']);
    list[1]!.original = 'read';
    expect(described(list)).toEqual(['A tool. (MCP server: s1)', 'A tool. (MCP server: s2)']);
    expect(described(list)).toEqual(described(list.map((item) => ({ ...item }))));
  });
});
