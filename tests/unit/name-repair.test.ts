// repairSavedNames: hand-edited `toolMappings` repaired by the naming core before any server
// connects, one line per change; valid configs untouched; selections follow only names no tool
// could hold.
import { describe, expect, it } from 'vitest';
import { RESERVED_TOOL_NAMES } from '../../src/main/naming/builtin-tools.js';
import { repairSavedNames } from '../../src/main/config/name-repair.js';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import { defaultConfig } from '../../src/types/config.js';

const server = (uuid: string, label: string, toolMappings: Record<string, string>): McpServer => ({
  uuid, label, state: 'enabled', type: 'stdio', command: 'x', toolMappings,
});

function config(servers: McpServer[], prompt: string[] | null = null): AppConfig {
  return { ...defaultConfig(), mcp: { servers }, prompt: { tools: prompt } };
}

describe('repairSavedNames', () => {
  it('leaves valid, unique names alone and reports nothing', () => {
    const input = config([server('a', 'A', { read_file: 'read_file', 'unity/health': 'unity_health' }), server('b', 'B', { read_file: 'read_file_1' })], ['read_file_1']);
    const before = structuredClone(input);
    expect(repairSavedNames(input, ['web_search'])).toEqual([]);
    expect(input).toEqual(before);
  });

  it('an exposed name claimed by two servers stays with the first in config order; the other is renamed and reported', () => {
    const input = config([server('a', 'Alpha', { search: 'find' }), server('b', 'Beta', { lookup: 'find', search: 'search' })], ['find']);
    expect(repairSavedNames(input)).toEqual(['Server "Beta", tool "lookup": "find" → "lookup" (already the name of tool "search" of server "Alpha").']);
    expect(input.mcp.servers[0]!.toolMappings).toEqual({ search: 'find' });
    expect(input.mcp.servers[1]!.toolMappings).toEqual({ lookup: 'lookup', search: 'search' });
    // "find" still names the first server's tool: the selection is not moved.
    expect(input.prompt.tools).toEqual(['find']);
  });

  it('a name that is not valid gets the rules\' name; an original that is not valid is sanitized', () => {
    const input = config([server('a', 'A', { echo: 'my alias!', 'unity/health': 'unity/health', taken: 'x' }), server('b', 'B', { x: 'x' })]);
    expect(repairSavedNames(input)).toEqual([
      'Server "A", tool "echo": "my alias!" → "echo" (not a valid tool name).',
      'Server "A", tool "unity/health": "unity/health" → "unity_health" (not a valid tool name).',
      'Server "B", tool "x": "x" → "x_1" (already the name of tool "taken" of server "A").',
    ]);
  });

  it('selections follow an invalid name to its tool, but not one two tools shared', () => {
    const input = config([server('a', 'A', { one: 'bad!', two: 'bad!', three: 'worse?' })], ['bad!', 'worse?', 'one']);
    repairSavedNames(input);
    expect(input.mcp.servers[0]!.toolMappings).toEqual({ one: 'one', two: 'two', three: 'three' });
    expect(input.prompt.tools).toEqual(['bad!', 'three', 'one']);
  });

  it('keeps `__proto__` and `constructor` tool names as plain data', () => {
    const mappings = Object.fromEntries([['__proto__', 'bad name'], ['constructor', 'constructor']]);
    const input = config([server('a', 'A', mappings)]);
    expect(repairSavedNames(input)).toEqual(['Server "A", tool "__proto__": "bad name" → "__proto__" (not a valid tool name).']);
    const repaired = input.mcp.servers[0]!.toolMappings!;
    expect(Object.entries(repaired)).toEqual([['__proto__', '__proto__'], ['constructor', 'constructor']]);
    expect(Object.getPrototypeOf(repaired)).toBe(Object.prototype);
  });

  it('an MCP tool saved as find_tools (now the MCP layer\'s own tool) is renamed, and the selections holding it follow it', () => {
    const input = config([server('a', 'Search', { find_tools: 'find_tools', other: 'other' })], ['find_tools', 'other']);
    input.llm.defaults = [{ engine: 'openai', model: 'gpt-4o', tools: ['find_tools'] }];
    expect(repairSavedNames(input, RESERVED_TOOL_NAMES)).toEqual([
      'Server "Search", tool "find_tools": "find_tools" → "find_tools_1" (the name of a built-in tool).',
      'Tool selection of gpt-4o (openai): "find_tools" → "find_tools_1", following its tool.',
      'Tool selection of prompt: "find_tools" → "find_tools_1", following its tool.',
    ]);
    expect(input.mcp.servers[0]!.toolMappings).toEqual({ find_tools: 'find_tools_1', other: 'other' });
    expect(input.prompt.tools).toEqual(['find_tools_1', 'other']);
    expect(input.llm.defaults[0]!.tools).toEqual(['find_tools_1']);
  });
});
