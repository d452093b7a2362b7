// Unit tests for the tool-naming core (docs/design.md §2): assignToolNames with persisted names and aliases, toMappings and checkAlias.
import { describe, expect, it } from 'vitest';
import {
  assignToolNames,
  checkAlias,
  toMappings,
  type ServerTools,
} from '../../src/main/naming.js';
import { triples, malformed, repeatA } from './helpers/naming.js';

describe('assignToolNames', () => {
  describe('persisted mappings', () => {
    it('keeps persisted names, including aliases and numbered names whose collision is gone', () => {
      const result = assignToolNames([
        { uuid: 's2', tools: ['read_file', 'read file', 'write_file'], mappings: { read_file: 'read_file_1', 'read file': 'my_reader' }, aliases: ['read file'] },
      ]);
      expect(result).toEqual([
        { uuid: 's2', original: 'read_file', exposed: 'read_file_1', reasons: ['collision'] },
        { uuid: 's2', original: 'read file', exposed: 'my_reader', reasons: ['alias'] },
        { uuid: 's2', original: 'write_file', exposed: 'write_file', reasons: [] },
      ]);
    });

    it('a persisted name beats a genuine name of an earlier server', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['search'] },
        { uuid: 's2', tools: ['find'], mappings: { find: 'search' } },
      ]);
      expect(triples(result)).toEqual([
        ['s1', 'search', 'search_1'],
        ['s2', 'find', 'search'],
      ]);
    });

    it('a mapping whose tool is no longer listed still holds its name and is returned', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['write_file'], mappings: { read_file: 'read_file', write_file: 'write_file' } },
        { uuid: 's2', tools: ['read_file'] },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'write_file', exposed: 'write_file', reasons: [] },
        { uuid: 's1', original: 'read_file', exposed: 'read_file', reasons: [] },
        { uuid: 's2', original: 'read_file', exposed: 'read_file_1', reasons: ['collision'] },
      ]);
    });

    it.each<[string, unknown]>([
      ['a name with a space', 'bad name'],
      ['a 70-character name', repeatA(70)],
      ['a leading digit', '1read'],
      ['an empty string', ''],
      ['a number', 42],
      ['null', null],
      ['an object', { exposed: 'read_file' }],
      ['an array', ['read_file']],
      ['a boolean', true],
    ])('repairs %s as the persisted exposed name', (_label, value) => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['read file', 'write_file'], mappings: malformed({ 'read file': value, write_file: 'writer' }) },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'read file', exposed: 'read_file', reasons: ['sanitized'] },
        { uuid: 's1', original: 'write_file', exposed: 'writer', reasons: ['alias'] },
      ]);
    });

    it.each<[string, unknown]>([
      ['an array', ['read_file', 'my_alias']],
      ['a string cast to an object', 'read_file'],
      ['null', null],
      ['a number', 7],
    ])('ignores mappings that are %s', (_label, mappings) => {
      const result = assignToolNames([{ uuid: 's1', tools: ['read file', '0', '1'], mappings: malformed(mappings) }]);
      expect(result).toEqual([
        { uuid: 's1', original: 'read file', exposed: 'read_file', reasons: ['sanitized'] },
        { uuid: 's1', original: '0', exposed: '_0', reasons: ['sanitized'] },
        { uuid: 's1', original: '1', exposed: '_1', reasons: ['sanitized'] },
      ]);
    });

    it('ignores inherited properties of a mappings object', () => {
      const mappings = Object.create({ read_file: 'stolen_name' }) as Record<string, string>;
      const result = assignToolNames([{ uuid: 's1', tools: ['read_file'], mappings }]);
      expect(triples(result)).toEqual([['s1', 'read_file', 'read_file']]);
    });

    it('accepts a null-prototype mappings object', () => {
      const mappings = Object.assign(Object.create(null) as Record<string, string>, { read_file: 'reader' });
      const result = assignToolNames([{ uuid: 's1', tools: ['read_file'], mappings }]);
      expect(result).toEqual([{ uuid: 's1', original: 'read_file', exposed: 'reader', reasons: ['alias'] }]);
    });

    it('repairs a persisted name that is now reserved', () => {
      const result = assignToolNames([{ uuid: 's1', tools: ['find'], mappings: { find: 'search' } }], { reserved: ['search'] });
      expect(result).toEqual([{ uuid: 's1', original: 'find', exposed: 'find', reasons: [] }]);
    });

    it('two tools of one server claim the same persisted name: the first keeps it', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['find', 'lookup'], mappings: { find: 'search', lookup: 'search' } },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'find', exposed: 'search', reasons: ['alias'] },
        { uuid: 's1', original: 'lookup', exposed: 'lookup', reasons: [] },
      ]);
    });

    it('two servers claim the same persisted name: the first in config order keeps it', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['search'], mappings: { search: 'search' } },
        { uuid: 's2', tools: ['search'], mappings: { search: 'search' } },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'search', exposed: 'search', reasons: [] },
        { uuid: 's2', original: 'search', exposed: 'search_1', reasons: ['collision'] },
      ]);
      const swapped = assignToolNames([
        { uuid: 's2', tools: ['search'], mappings: { search: 'search' } },
        { uuid: 's1', tools: ['search'], mappings: { search: 'search' } },
      ]);
      expect(triples(swapped)).toEqual([
        ['s2', 'search', 'search'],
        ['s1', 'search', 'search_1'],
      ]);
    });

    it('a duplicate claim on a differently named tool is repaired to its own sanitized name', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: ['find'], mappings: { find: 'search' } },
        { uuid: 's2', tools: ['web lookup'], mappings: { 'web lookup': 'search' } },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: 'find', exposed: 'search', reasons: ['alias'] },
        { uuid: 's2', original: 'web lookup', exposed: 'web_lookup', reasons: ['sanitized'] },
      ]);
    });

    describe('a server added later never takes a name already held', () => {
      const held: ServerTools = { uuid: 'old', tools: ['read_file'], mappings: { read_file: 'read_file' } };
      const offline: ServerTools = { uuid: 'old', tools: [], mappings: { read_file: 'read_file' } };
      const added: ServerTools = { uuid: 'new', tools: ['read_file', 'read file'] };

      it.each([
        ['connected, new server last', [held, added]],
        ['connected, new server first', [added, held]],
        ['offline, new server last', [offline, added]],
        ['offline, new server first', [added, offline]],
      ])('%s', (_label, servers) => {
        const result = assignToolNames(servers);
        const byPair = new Map(result.map((x) => [`${x.uuid}/${x.original}`, x.exposed]));
        expect(byPair.get('old/read_file')).toBe('read_file');
        expect(byPair.get('new/read_file')).toBe('read_file_1');
        expect(byPair.get('new/read file')).toBe('read_file_2');
        expect(result).toHaveLength(3);
      });
    });

    it('keeps names stable when a server disappears and comes back', () => {
      const first = assignToolNames([
        { uuid: 's1', tools: ['read_file'] },
        { uuid: 's2', tools: ['read_file'] },
      ]);
      const persisted = (uuid: string): Record<string, string> => toMappings(first.filter((x) => x.uuid === uuid));
      // s1 removed: s2 keeps read_file_1 rather than taking the freed bare name.
      const without = assignToolNames([{ uuid: 's2', tools: ['read_file'], mappings: persisted('s2') }]);
      expect(triples(without)).toEqual([['s2', 'read_file', 'read_file_1']]);
      // Reordered and s2 answering first: unchanged.
      const reordered = assignToolNames([
        { uuid: 's2', tools: ['read_file'], mappings: persisted('s2') },
        { uuid: 's1', tools: ['read_file'], mappings: persisted('s1') },
      ]);
      expect(triples(reordered)).toEqual([
        ['s2', 'read_file', 'read_file_1'],
        ['s1', 'read_file', 'read_file'],
      ]);
    });

    it('handles __proto__, constructor and toString as keys of mappings built by JSON.parse', () => {
      const mappings = JSON.parse(
        '{"__proto__":"proto_tool","constructor":"ctor_tool","toString":"to_string_tool","valueOf":"valueOf"}',
      ) as Record<string, string>;
      expect(Object.hasOwn(mappings, '__proto__')).toBe(true);
      const result = assignToolNames([
        { uuid: 's1', tools: ['__proto__', 'constructor', 'toString', 'hasOwnProperty'], mappings },
      ]);
      expect(result).toEqual([
        { uuid: 's1', original: '__proto__', exposed: 'proto_tool', reasons: ['alias'] },
        { uuid: 's1', original: 'constructor', exposed: 'ctor_tool', reasons: ['alias'] },
        { uuid: 's1', original: 'toString', exposed: 'to_string_tool', reasons: ['alias'] },
        { uuid: 's1', original: 'hasOwnProperty', exposed: 'hasOwnProperty', reasons: [] },
        { uuid: 's1', original: 'valueOf', exposed: 'valueOf', reasons: [] },
      ]);
    });

    it('handles __proto__, constructor and toString as persisted exposed names', () => {
      const mappings = JSON.parse('{"a b":"__proto__","c d":"constructor","e f":"toString"}') as Record<string, string>;
      const result = assignToolNames([
        { uuid: 's1', tools: ['a b', 'c d', 'e f'], mappings },
        { uuid: 's2', tools: ['__proto__', 'constructor', 'toString'] },
      ]);
      expect(triples(result)).toEqual([
        ['s1', 'a b', '__proto__'],
        ['s1', 'c d', 'constructor'],
        ['s1', 'e f', 'toString'],
        ['s2', '__proto__', '__proto___1'],
        ['s2', 'constructor', 'constructor_1'],
        ['s2', 'toString', 'toString_1'],
      ]);
    });
  });
});

describe('toMappings', () => {
  it('builds original → exposed for one server', () => {
    const result = assignToolNames([{ uuid: 's1', tools: ['read_file', 'read file'] }]);
    expect(toMappings(result)).toEqual({ read_file: 'read_file', 'read file': 'read_file_1' });
  });

  it('round-trips __proto__, constructor and toString as own properties', () => {
    const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const tools = ['__proto__', 'constructor', 'toString'];
    const first = assignToolNames([
      { uuid: 's0', tools },
      { uuid: 's1', tools },
    ]);
    const mappings = toMappings(first.filter((x) => x.uuid === 's1'));

    expect(Object.getPrototypeOf(mappings)).toBe(Object.prototype);
    expect(Object.keys(mappings)).toEqual(tools);
    for (const key of tools) expect(Object.hasOwn(mappings, key)).toBe(true);
    expect(Object.entries(mappings)).toEqual([
      ['__proto__', '__proto___1'],
      ['constructor', 'constructor_1'],
      ['toString', 'toString_1'],
    ]);

    // Through the persisted JSON form and back.
    const json = JSON.stringify(mappings);
    expect(json).toBe('{"__proto__":"__proto___1","constructor":"constructor_1","toString":"toString_1"}');
    const reloaded = JSON.parse(json) as Record<string, string>;
    expect(Object.entries(reloaded)).toEqual(Object.entries(mappings));

    // Fed back alone (s0 gone), s1 keeps its suffixed names.
    const again = assignToolNames([{ uuid: 's1', tools, mappings: reloaded }]);
    expect(triples(again)).toEqual([
      ['s1', '__proto__', '__proto___1'],
      ['s1', 'constructor', 'constructor_1'],
      ['s1', 'toString', 'toString_1'],
    ]);

    // Nothing leaked into Object.prototype.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeysBefore);
    expect(({} as Record<string, unknown>)['__proto___1']).toBeUndefined();
  });

  it('gives identical output when fed back', () => {
    const servers: ServerTools[] = [
      { uuid: 's1', tools: ['read file', 'read_file', '🔥', 'café'] },
      { uuid: 's2', tools: ['read_file', 'read_file_1', 'cafe', '🔥'] },
    ];
    const first = assignToolNames(servers);
    const second = assignToolNames(
      servers.map((s) => ({ ...s, mappings: toMappings(first.filter((x) => x.uuid === s.uuid)) })),
    );
    expect(second).toEqual(first);
  });
});

describe('checkAlias', () => {
  const assignments = assignToolNames([
    { uuid: 's1', tools: ['read_file', 'write_file'] },
    { uuid: 's2', tools: ['read_file'] },
  ]);
  const target = { uuid: 's1', original: 'read_file' };

  it.each([
    ['bad name!', '"bad name!" has characters model APIs refuse (space, "!"): use letters, digits, "_" or "-".'],
    ['', 'An alias cannot be empty.'],
    ['1abc', '"1abc" must start with a letter or "_".'],
    ['-abc', '"-abc" must start with a letter or "_".'],
    [repeatA(65), `"${repeatA(65).slice(0, 20)}…" is too long (65 characters, at most 64).`],
    ['café', '"café" has characters model APIs refuse ("é"): use letters, digits, "_" or "-".'],
    ['read\u200Bfile', '"read\u200Bfile" has characters model APIs refuse (U+200B): use letters, digits, "_" or "-".'],
    ['a.b/c:d e|f', '"a.b/c:d e|f" has characters model APIs refuse (".", "/", ":", space, "|"): use letters, digits, "_" or "-".'],
    ['a.b/c:d e|f?', '"a.b/c:d e|f?" has characters model APIs refuse (".", "/", ":", space, "|", …): use letters, digits, "_" or "-".'],
  ])('refuses the invalid alias %j, saying which rule it breaks', (alias, message) => {
    expect(checkAlias(alias, target, assignments)).toBe(message);
  });

  it('names the server of the tool that holds a taken name, when given labels', () => {
    const labels: Record<string, string> = { s1: 'Folder A', s2: 'Folder B' };
    expect(checkAlias('read_file_1', target, assignments, [], (uuid) => labels[uuid])).toBe('"read_file_1" is already the name of read_file on Folder B.');
  });

  it('refuses a reserved built-in name', () => {
    expect(checkAlias('search', target, assignments, ['search'])).toBe('"search" is the name of a built-in tool.');
    expect(checkAlias('search', target, assignments, new Set(['other', 'search']))).toBe(
      '"search" is the name of a built-in tool.',
    );
  });

  it('refuses a name taken by another tool of the same server', () => {
    expect(checkAlias('write_file', target, assignments)).toBe('"write_file" is already the name of tool "write_file".');
  });

  it('refuses a name taken by the same original on another server', () => {
    expect(checkAlias('read_file', { uuid: 's2', original: 'read_file' }, assignments)).toBe(
      '"read_file" is already the name of tool "read_file".',
    );
    expect(checkAlias('read_file_1', target, assignments)).toBe('"read_file_1" is already the name of tool "read_file".');
  });

  it('accepts the tool\u2019s own current name', () => {
    expect(checkAlias('read_file', target, assignments)).toBeNull();
    expect(checkAlias('read_file_1', { uuid: 's2', original: 'read_file' }, assignments)).toBeNull();
  });

  it('accepts a free valid name, including one differing from a taken name only in case', () => {
    expect(checkAlias('my_reader', target, assignments)).toBeNull();
    expect(checkAlias('Read_File', { uuid: 's2', original: 'read_file' }, assignments)).toBeNull();
    expect(checkAlias(repeatA(64), target, assignments)).toBeNull();
    expect(checkAlias('search', target, assignments, ['Search'])).toBeNull();
  });

  it('an accepted alias is kept by assignToolNames and explained as an alias', () => {
    expect(checkAlias('my_reader', target, assignments)).toBeNull();
    const result = assignToolNames([
      { uuid: 's1', tools: ['read_file', 'write_file'], mappings: { read_file: 'my_reader', write_file: 'write_file' } },
      { uuid: 's2', tools: ['read_file'], mappings: { read_file: 'read_file_1' } },
    ]);
    expect(result).toEqual([
      { uuid: 's1', original: 'read_file', exposed: 'my_reader', reasons: ['alias'] },
      { uuid: 's1', original: 'write_file', exposed: 'write_file', reasons: [] },
      { uuid: 's2', original: 'read_file', exposed: 'read_file_1', reasons: ['collision'] },
    ]);
  });
});
