// Unit tests for the tool-naming core (docs/design.md §2): assignToolNames: valid names, sanitizing, and collisions between servers.
import { describe, expect, it } from 'vitest';
import {
  assignToolNames,
  type ServerTools,
} from '../../src/main/naming.js';
import { fnv1a, triples, repeatA } from './helpers/naming.js';

describe('assignToolNames', () => {
  it('returns nothing for no servers and for servers with no tools', () => {
    expect(assignToolNames([])).toEqual([]);
    expect(assignToolNames([{ uuid: 's1', tools: [] }])).toEqual([]);
  });

  it('keeps valid names, sanitizes the rest, and explains each', () => {
    const result = assignToolNames([
      { uuid: 's1', tools: ['read_file', 'unity/health', 'unity/changes/apply', 'server:tool', 'admin.tools.list', 'café'] },
    ]);
    expect(result).toEqual([
      { uuid: 's1', original: 'read_file', exposed: 'read_file', reasons: [] },
      { uuid: 's1', original: 'unity/health', exposed: 'unity_health', reasons: ['sanitized'] },
      { uuid: 's1', original: 'unity/changes/apply', exposed: 'unity_changes_apply', reasons: ['sanitized'] },
      { uuid: 's1', original: 'server:tool', exposed: 'server_tool', reasons: ['sanitized'] },
      { uuid: 's1', original: 'admin.tools.list', exposed: 'admin_tools_list', reasons: ['sanitized'] },
      { uuid: 's1', original: 'café', exposed: 'cafe', reasons: ['sanitized'] },
    ]);
  });

  it('handles names of 63, 64, 65, 128 and 10,000 characters', () => {
    const result = assignToolNames([{ uuid: 's1', tools: [repeatA(63), `b${repeatA(63)}`, `c${repeatA(64)}`, `d${repeatA(127)}`, `e${repeatA(9_999)}`] }]);
    expect(result).toEqual([
      { uuid: 's1', original: repeatA(63), exposed: repeatA(63), reasons: [] },
      { uuid: 's1', original: `b${repeatA(63)}`, exposed: `b${repeatA(63)}`, reasons: [] },
      { uuid: 's1', original: `c${repeatA(64)}`, exposed: `c${repeatA(63)}`, reasons: ['truncated'] },
      { uuid: 's1', original: `d${repeatA(127)}`, exposed: `d${repeatA(63)}`, reasons: ['truncated'] },
      { uuid: 's1', original: `e${repeatA(9_999)}`, exposed: `e${repeatA(63)}`, reasons: ['truncated'] },
    ]);
  });

  it('gives empty, whitespace-only and emoji names distinct hashed names', () => {
    const tools = ['', ' ', '   ', '🔥', '🚀'];
    const result = assignToolNames([{ uuid: 's1', tools }]);
    expect(result).toEqual(
      tools.map((original) => ({ uuid: 's1', original, exposed: `tool_${fnv1a(original)}`, reasons: ['sanitized'] })),
    );
  });

  it('treats a name repeated in one server list as one tool', () => {
    const result = assignToolNames([{ uuid: 's1', tools: ['read_file', 'x y', 'read_file', 'x y'] }]);
    expect(result).toEqual([
      { uuid: 's1', original: 'read_file', exposed: 'read_file', reasons: [] },
      { uuid: 's1', original: 'x y', exposed: 'x_y', reasons: ['sanitized'] },
    ]);
  });

  it('keeps names that differ only in case distinct and untouched', () => {
    const result = assignToolNames(
      [
        { uuid: 's1', tools: ['search', 'Search'] },
        { uuid: 's2', tools: ['SEARCH', 'search'] },
      ],
      { reserved: ['sEARCH'] },
    );
    expect(result).toEqual([
      { uuid: 's1', original: 'search', exposed: 'search', reasons: [] },
      { uuid: 's1', original: 'Search', exposed: 'Search', reasons: [] },
      { uuid: 's2', original: 'SEARCH', exposed: 'SEARCH', reasons: [] },
      { uuid: 's2', original: 'search', exposed: 'search_1', reasons: ['collision'] },
    ]);
  });

  it('keeps __proto__, constructor and toString as tool names', () => {
    const tools = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
    const result = assignToolNames([
      { uuid: 's1', tools, mappings: {} },
      { uuid: 's2', tools: ['__proto__', 'constructor'] },
    ]);
    expect(triples(result)).toEqual([
      ['s1', '__proto__', '__proto__'],
      ['s1', 'constructor', 'constructor'],
      ['s1', 'toString', 'toString'],
      ['s1', 'hasOwnProperty', 'hasOwnProperty'],
      ['s1', 'valueOf', 'valueOf'],
      ['s2', '__proto__', '__proto___1'],
      ['s2', 'constructor', 'constructor_1'],
    ]);
    expect(result.slice(0, 5).every((x) => x.reasons.length === 0)).toBe(true);
  });

  describe('collisions', () => {
    it('the first server keeps the bare name; later ones get _1, _2', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['read_file'] },
        { uuid: 's2', tools: ['read_file'] },
        { uuid: 's3', tools: ['read_file'] },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'read_file', exposed: 'read_file', reasons: [] },
        { uuid: 's2', original: 'read_file', exposed: 'read_file_1', reasons: ['collision'] },
        { uuid: 's3', original: 'read_file', exposed: 'read_file_2', reasons: ['collision'] },
      ]);
    });

    it('follows config order, not anything else', () => {
      const result = assignToolNames([
        { uuid: 'zzz', tools: ['read_file'] },
        { uuid: 'aaa', tools: ['read_file'] },
      ]);
      expect(triples(result)).toEqual([
        ['zzz', 'read_file', 'read_file'],
        ['aaa', 'read_file', 'read_file_1'],
      ]);
    });

    it('never shadows a genuine read_file_1 on a later server', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['read_file'] },
        { uuid: 's2', tools: ['read_file'] },
        { uuid: 's3', tools: ['read_file_1'] },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'read_file', exposed: 'read_file', reasons: [] },
        { uuid: 's2', original: 'read_file', exposed: 'read_file_2', reasons: ['collision'] },
        { uuid: 's3', original: 'read_file_1', exposed: 'read_file_1', reasons: [] },
      ]);
    });

    it('never shadows a genuine name with a sanitized one, even from an earlier server', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['read file', 'read_file'] },
        { uuid: 's2', tools: ['read_file', 'read_file_1'] },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'read file', exposed: 'read_file_2', reasons: ['sanitized', 'collision'] },
        { uuid: 's1', original: 'read_file', exposed: 'read_file', reasons: [] },
        { uuid: 's2', original: 'read_file', exposed: 'read_file_3', reasons: ['collision'] },
        { uuid: 's2', original: 'read_file_1', exposed: 'read_file_1', reasons: [] },
      ]);
    });

    it('separates two tools of one server that sanitize to the same name', () => {
      const result = assignToolNames([{ uuid: 's1', tools: ['read file', 'read.file', 'read/file'] }]);
      expect(result).toEqual([
        { uuid: 's1', original: 'read file', exposed: 'read_file', reasons: ['sanitized'] },
        { uuid: 's1', original: 'read.file', exposed: 'read_file_1', reasons: ['sanitized', 'collision'] },
        { uuid: 's1', original: 'read/file', exposed: 'read_file_2', reasons: ['sanitized', 'collision'] },
      ]);
    });

    it('separates café and cafe, and a valid name wins over a sanitized one listed before it', () => {
      const result = assignToolNames([{ uuid: 's1', tools: ['café', 'cafe'] }]);
      expect(result).toEqual([
        { uuid: 's1', original: 'café', exposed: 'cafe_1', reasons: ['sanitized', 'collision'] },
        { uuid: 's1', original: 'cafe', exposed: 'cafe', reasons: [] },
      ]);
    });

    it('never gives a reserved built-in name, and skips reserved suffixes too', () => {
      const result = assignToolNames(
        [
          { uuid: 's1', tools: ['search', 'web search', 'read_file'] },
          { uuid: 's2', tools: ['search_2'] },
        ],
        { reserved: new Set(['search', 'search_1', 'read_file']) },
      );
      expect(result).toEqual([
        { uuid: 's1', original: 'search', exposed: 'search_3', reasons: ['collision'] },
        { uuid: 's1', original: 'web search', exposed: 'web_search', reasons: ['sanitized'] },
        { uuid: 's1', original: 'read_file', exposed: 'read_file_1', reasons: ['collision'] },
        { uuid: 's2', original: 'search_2', exposed: 'search_2', reasons: [] },
      ]);
    });

    it('accepts reserved names as any iterable', () => {
      function* reserved(): Generator<string> {
        yield 'search';
      }
      expect(triples(assignToolNames([{ uuid: 's1', tools: ['search'] }], { reserved: reserved() }))).toEqual([
        ['s1', 'search', 'search_1'],
      ]);
    });

    it('truncates the base when the suffix would push the name past 64', () => {
      const long = `${repeatA(60)}wxyz`; // 64 characters, valid
      const result = assignToolNames([
        { uuid: 's1', tools: [long] },
        { uuid: 's2', tools: [long] },
      ]);
      expect(result[0]!.exposed).toBe(long);
      expect(result[1]!.exposed).toBe(`${repeatA(60)}wx_1`);
      expect(result[1]!.exposed).toHaveLength(64);
      expect(result[1]!.exposed.endsWith('_1')).toBe(true);
      expect(result[1]!.reasons).toEqual(['truncated', 'collision']);
    });

    it('truncates for a 63-character name too, and for two-digit suffixes', () => {
      const name63 = repeatA(63);
      const servers: ServerTools[] = Array.from({ length: 12 }, (_, i) => ({ uuid: `s${i}`, tools: [name63] }));
      const exposed = assignToolNames(servers).map((x) => x.exposed);
      expect(exposed[0]).toBe(name63);
      expect(exposed[1]).toBe(`${repeatA(62)}_1`);
      expect(exposed[9]).toBe(`${repeatA(62)}_9`);
      expect(exposed[10]).toBe(`${repeatA(61)}_10`);
      expect(exposed[11]).toBe(`${repeatA(61)}_11`);
      for (const name of exposed) expect(name.length).toBeLessThanOrEqual(64);
      expect(exposed[10]).toHaveLength(64);
    });

    it('finds the first free suffix when two long names share their truncated base', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: [`${repeatA(62)}bc`, `${repeatA(62)}de`] },
        { uuid: 's2', tools: [`${repeatA(62)}bc`, `${repeatA(62)}de`] },
      ]);
      expect(triples(result)).toEqual([
        ['s1', `${repeatA(62)}bc`, `${repeatA(62)}bc`],
        ['s1', `${repeatA(62)}de`, `${repeatA(62)}de`],
        ['s2', `${repeatA(62)}bc`, `${repeatA(62)}_1`],
        ['s2', `${repeatA(62)}de`, `${repeatA(62)}_2`],
      ]);
    });

    it('separates 65-character names that only differ after the cut', () => {
      const result = assignToolNames([{ uuid: 's1', tools: [`${repeatA(64)}x`, `${repeatA(64)}y`] }]);
      expect(result).toEqual([
        { uuid: 's1', original: `${repeatA(64)}x`, exposed: repeatA(64), reasons: ['truncated'] },
        { uuid: 's1', original: `${repeatA(64)}y`, exposed: `${repeatA(62)}_1`, reasons: ['truncated', 'collision'] },
      ]);
    });

    it('gives the same answer for the same input every time', () => {
      const servers: ServerTools[] = [
        { uuid: 's1', tools: ['read file', 'read_file', '🔥'] },
        { uuid: 's2', tools: ['read_file', '🔥', 'read.file'] },
      ];
      expect(assignToolNames(servers)).toEqual(assignToolNames(servers));
      expect(triples(assignToolNames(servers))).toEqual([
        ['s1', 'read file', 'read_file_1'],
        ['s1', 'read_file', 'read_file'],
        ['s1', '🔥', 'tool_b02ce137'],
        ['s2', 'read_file', 'read_file_2'],
        ['s2', '🔥', 'tool_b02ce137_1'],
        ['s2', 'read.file', 'read_file_3'],
      ]);
    });
  });
});
