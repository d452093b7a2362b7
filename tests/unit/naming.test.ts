// Unit tests for the tool-naming core (DESIGN.md section 2).
import { describe, expect, it } from 'vitest';
import {
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
  assignToolNames,
  checkAlias,
  explainName,
  isValidToolName,
  numberedName,
  sanitizeToolName,
  toMappings,
  type NameAssignment,
  type ServerTools,
} from '../../src/main/naming.js';

/** Reference FNV-1a (32-bit) over UTF-16 code units, written independently of the implementation. */
function fnv1a(text: string): string {
  let hash = 2166136261;
  for (const unit of Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))) {
    hash = Number((BigInt(hash ^ unit) * 16777619n) & 0xffffffffn);
    hash >>>= 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** [uuid, original, exposed] triples: compact, exact expectations. */
function triples(assignments: readonly NameAssignment[]): Array<[string, string, string]> {
  return assignments.map((a) => [a.uuid, a.original, a.exposed]);
}

/** Cast for deliberately malformed persisted data (what a hand-edited config.json may hold). */
function malformed(value: unknown): Readonly<Record<string, string>> {
  return value as Readonly<Record<string, string>>;
}

const a = (n: number): string => 'a'.repeat(n);

describe('TOOL_NAME_PATTERN and isValidToolName', () => {
  it('has the documented source and length limit', () => {
    expect(TOOL_NAME_PATTERN.source).toBe('^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$');
    expect(MAX_TOOL_NAME_LENGTH).toBe(64);
  });

  it.each([
    ['read_file', true],
    ['_', true],
    ['_-', true],
    ['A', true],
    ['a-b_c9', true],
    [a(64), true],
    [a(65), false],
    ['', false],
    ['1abc', false],
    ['-abc', false],
    ['read file', false],
    ['café', false],
    ['read_file\n', false],
    ['unity/health', false],
  ])('isValidToolName(%j) is %s', (name, valid) => {
    expect(isValidToolName(name)).toBe(valid);
    expect(TOOL_NAME_PATTERN.test(name)).toBe(valid);
  });

  it('rejects non-strings', () => {
    expect(isValidToolName(42)).toBe(false);
    expect(isValidToolName(null)).toBe(false);
    expect(isValidToolName(undefined)).toBe(false);
    expect(isValidToolName({ toString: () => 'read_file' })).toBe(false);
    expect(isValidToolName(['read_file'])).toBe(false);
  });
});

describe('sanitizeToolName', () => {
  it.each([
    ['unity/health', 'unity_health'],
    ['unity/changes/apply', 'unity_changes_apply'],
    ['server:tool', 'server_tool'],
    ['admin.tools.list', 'admin_tools_list'],
    ['café', 'cafe'],
    ['cafe\u0301', 'cafe'], // decomposed form folds the same way
    ['naïve tool', 'naive_tool'],
    ['Ångström', 'Angstrom'],
    ['ｆｏｏ', 'foo'], // fullwidth letters fold under NFKD
    ['ﬁle', 'file'], // ligature folds under NFKD
    ['straße', 'strasse'], // transliterated, as German writes it without ß
    ['Ωmega', 'Omega'],
    ['read file', 'read_file'],
    ['read  file', 'read__file'],
    ['a-b', 'a-b'],
    ['get-weather!', 'get-weather_'],
  ])('%j → %j', (original, expected) => {
    expect(sanitizeToolName(original)).toBe(expected);
  });

  describe('non-Latin scripts are transliterated (rule 2)', () => {
    it.each([
      ['搜索', 'sou_suo'],
      ['Привет мир', 'Privet_mir'],
      ['行驶证OCR', 'xing_shi_zheng_OCR'],
      ['身份证OCR', 'shen_fen_zheng_OCR'],
      ['读取文件', 'du_qu_wen_jian'],
      ['搜索_工具', 'sou_suo_gong_ju'],
      ['get搜索', 'get_sou_suo'], // a caseless script's words stand apart from their neighbours
      ['搜索Привет', 'sou_suo_Privet'],
      ['检索 v2', 'jian_suo_v2'],
      ['2号工具', '_2_hao_gong_ju'],
      ['検索', 'jian_suo'],
      ['テスト', 'tesuto'],
      ['검색', 'geomsaeg'],
      ['Ελληνικά', 'Ellinika'],
      ['Объект', 'Obekt'],
      ['Привет\u0301мир', 'Privetmir'], // a mark stays with the run it sits on
    ])('%j → %j', (original, expected) => {
      expect(sanitizeToolName(original)).toBe(expected);
    });

    it('keeps distinct originals apart after transliteration: collisions get suffixes', () => {
      const result = assignToolNames([{ uuid: 's1', tools: ['行驶证OCR', '身份证OCR', '搜索', '蒐索'] }]);
      expect(triples(result)).toEqual([
        ['s1', '行驶证OCR', 'xing_shi_zheng_OCR'],
        ['s1', '身份证OCR', 'shen_fen_zheng_OCR'],
        ['s1', '搜索', 'sou_suo'],
        ['s1', '蒐索', 'sou_suo_1'], // same reading, different characters
      ]);
    });
  });

  it('keeps valid names untouched, including ones that look odd', () => {
    for (const name of ['read_file', 'Read_File', '_', '__', '_-', '_1abc', 'x-', 'read_file_1', a(64)]) {
      expect(sanitizeToolName(name)).toBe(name);
    }
  });

  it('prefixes a leading digit or dash with `_`', () => {
    expect(sanitizeToolName('1password')).toBe('_1password');
    expect(sanitizeToolName('42')).toBe('_42');
    expect(sanitizeToolName('-x')).toBe('_-x');
    expect(sanitizeToolName('①')).toBe('_1'); // circled digit folds to a digit, then prefixed
    expect(sanitizeToolName('3d model')).toBe('_3d_model');
  });

  describe('lengths', () => {
    it('keeps 63 and 64 characters', () => {
      expect(sanitizeToolName(a(63))).toBe(a(63));
      expect(sanitizeToolName(a(64))).toBe(a(64));
    });

    it('cuts 65, 128 and 10,000 characters to exactly 64', () => {
      expect(sanitizeToolName(a(65))).toBe(a(64));
      expect(sanitizeToolName(a(128))).toBe(a(64));
      expect(sanitizeToolName(a(10_000))).toBe(a(64));
    });

    it('cuts after sanitizing, so the prefix counts towards 64', () => {
      expect(sanitizeToolName(`1${a(63)}`)).toBe(`_1${a(62)}`);
      expect(sanitizeToolName(`1${a(63)}`)).toHaveLength(64);
      expect(sanitizeToolName('x.'.repeat(5_000))).toBe('x_'.repeat(32));
    });

    it('counts an accented character as one after folding', () => {
      // 64 × "é" is 64 code units but invalid; folding gives 64 × "e", which fits exactly.
      expect(sanitizeToolName('é'.repeat(64))).toBe('e'.repeat(64));
      expect(sanitizeToolName('é'.repeat(65))).toBe('e'.repeat(64));
    });

    it('hashes a 10,000-emoji name to a short name', () => {
      const original = '🔥'.repeat(10_000);
      expect(sanitizeToolName(original)).toBe(`tool_${fnv1a(original)}`);
    });
  });

  describe('names with no ASCII letter or digit left', () => {
    it('agrees with the reference FNV-1a on known vectors', () => {
      expect(fnv1a('')).toBe('811c9dc5');
      expect(fnv1a('a')).toBe('e40c292c');
      expect(fnv1a('foobar')).toBe('bf9cf968');
    });

    it.each([
      ['', 'tool_811c9dc5'],
      [' ', 'tool_250c8f7f'],
      ['   ', 'tool_87384657'],
      ['\t', 'tool_0c0c6824'],
      ['-', 'tool_280c9438'],
      ['🔥', 'tool_b02ce137'],
      ['🚀', 'tool_4b328e38'],
    ])('%j → %j (stable across versions)', (original, expected) => {
      expect(sanitizeToolName(original)).toBe(expected);
      expect(sanitizeToolName(original)).toBe(`tool_${fnv1a(original)}`);
    });

    it('empty and whitespace-only names become tool_ + hash', () => {
      for (const original of ['', ' ', '  ', '\t\n', '\u00a0', '\u3000']) {
        expect(sanitizeToolName(original)).toBe(`tool_${fnv1a(original)}`);
      }
    });

    it('keeps distinct all-emoji and all-symbol originals distinct', () => {
      const originals = ['🔥', '🚀', '🔥🚀', '🚀🔥', '👍', '👍🏽', '\u0301', '☃', '★', '→'];
      const names = originals.map(sanitizeToolName);
      expect(new Set(names).size).toBe(originals.length);
      for (const [i, original] of originals.entries()) {
        expect(names[i]).toBe(`tool_${fnv1a(original)}`);
        expect(names[i]).toMatch(/^tool_[0-9a-f]{8}$/);
      }
    });

    it('does not hash when an ASCII letter or digit survives', () => {
      expect(sanitizeToolName('🔥 file')).toBe('__file');
      expect(sanitizeToolName('🔥1')).toBe('_1');
    });
  });

  describe('control, bidirectional and invisible characters', () => {
    it('replaces control characters', () => {
      expect(sanitizeToolName('read\nfile')).toBe('read_file');
      expect(sanitizeToolName('read\u0000file')).toBe('read_file');
      expect(sanitizeToolName('read\u007ffile')).toBe('read_file');
      expect(sanitizeToolName('read_file\r\n')).toBe('read_file__');
    });

    it('replaces a right-to-left override (U+202E) so it cannot disguise a name', () => {
      expect(sanitizeToolName('\u202Eevil')).toBe('_evil');
      expect(sanitizeToolName('read\u202Eelif')).toBe('read_elif');
      expect(sanitizeToolName('a\u202Db\u202Cc\u2066d\u2069')).toBe('a_b_c_d_');
    });

    it('replaces zero-width characters (U+200B, U+200D, U+FEFF) with a visible `_`', () => {
      expect(sanitizeToolName('read\u200Bfile')).toBe('read_file');
      expect(sanitizeToolName('read\u200Dfile')).toBe('read_file');
      expect(sanitizeToolName('\uFEFFread_file')).toBe('_read_file');
    });

    it('a name that differs from a valid one only by a zero-width space gets a suffix, not the name', () => {
      const result = assignToolNames([{ uuid: 's1', tools: ['read_file', 'read\u200Bfile'] }]);
      expect(triples(result)).toEqual([
        ['s1', 'read_file', 'read_file'],
        ['s1', 'read\u200Bfile', 'read_file_1'],
      ]);
    });

    it('turns each code point of an astral character into a single `_`', () => {
      expect(sanitizeToolName('a🔥b')).toBe('a_b');
      expect(sanitizeToolName('a\ud800b')).toBe('a_b'); // lone surrogate
    });
  });

  it('keeps __proto__, constructor and toString untouched', () => {
    expect(sanitizeToolName('__proto__')).toBe('__proto__');
    expect(sanitizeToolName('constructor')).toBe('constructor');
    expect(sanitizeToolName('toString')).toBe('toString');
  });

  it('is case-sensitive', () => {
    expect(sanitizeToolName('Read_File')).toBe('Read_File');
    expect(sanitizeToolName('READ FILE')).toBe('READ_FILE');
  });
});

describe('numberedName', () => {
  it('appends the suffix to a short base', () => {
    expect(numberedName('read_file', 1)).toBe('read_file_1');
    expect(numberedName('x', 12)).toBe('x_12');
  });

  it('never cuts the suffix: the base is truncated so the whole is 64', () => {
    expect(numberedName(a(64), 1)).toBe(`${a(62)}_1`);
    expect(numberedName(a(63), 1)).toBe(`${a(62)}_1`);
    expect(numberedName(a(62), 1)).toBe(`${a(62)}_1`);
    expect(numberedName(a(61), 1)).toBe(`${a(61)}_1`);
    expect(numberedName(a(64), 100)).toBe(`${a(60)}_100`);
    expect(numberedName(a(64), 100)).toHaveLength(64);
  });
});

describe('explainName', () => {
  it.each<[string, string, string[]]>([
    ['read_file', 'read_file', []],
    ['unity/health', 'unity_health', ['sanitized']],
    ['café', 'cafe', ['sanitized']],
    [a(65), a(64), ['truncated']],
    [a(10_000), a(64), ['truncated']],
    [`1${a(63)}`, `_1${a(62)}`, ['sanitized', 'truncated']],
    ['read_file', 'read_file_1', ['collision']],
    ['read_file', 'read_file_12', ['collision']],
    ['read file', 'read_file_2', ['sanitized', 'collision']],
    ['读取文件', 'du_qu_wen_jian_1', ['sanitized', 'collision']],
    [a(64), `${a(62)}_1`, ['truncated', 'collision']],
    [a(63), `${a(62)}_1`, ['truncated', 'collision']],
    [a(62), `${a(62)}_1`, ['collision']],
    [a(65), `${a(62)}_1`, ['truncated', 'collision']],
    ['read_file', 'my_reader', ['alias']],
    ['read_file', 'read_file_0', ['alias']],
    ['read_file', 'read_file_01', ['alias']],
    ['read_file', 'read_fil_1', ['alias']],
    ['read_file', 'Read_File', ['alias']],
    [a(64), `${a(61)}_1`, ['alias']],
  ])('explainName(%j, %j) → %j', (original, exposed, reasons) => {
    expect(explainName(original, exposed)).toEqual(reasons);
  });
});

describe('explainName with persisted aliases and names of earlier rules', () => {
  it('an alias is an alias whatever its shape, and only when marked', () => {
    expect(explainName('search', 'search_7', true)).toEqual(['alias']);
    expect(explainName('search', 'search_7')).toEqual(['collision']);
    expect(explainName('read file', 'read_file', true)).toEqual(['alias']);
    expect(explainName('read_file', 'read_file', true)).toEqual([]);
  });

  it('a name no rule gives to a valid original can only be a hand-chosen one', () => {
    expect(explainName('read_file', 'my_reader')).toEqual(['alias']);
  });

  it.each<[string, string, string[]]>([
    ['搜索', 'tool_0b6efa3b', ['sanitized']],
    ['Привет мир', 'tool_fa52a137', ['sanitized']],
    ['行驶证OCR', '___OCR', ['sanitized']],
    ['身份证OCR', '___OCR_1', ['sanitized', 'collision']],
    ['read file', 'my_reader', ['sanitized']],
  ])('a name an earlier version gave, %j → %j, is explained as %j', (original, exposed, reasons) => {
    expect(explainName(original, exposed)).toEqual(reasons);
  });

  it('assignToolNames keeps names given under earlier rules, and reads aliases from the server', () => {
    const result = assignToolNames([
      {
        uuid: 's1',
        tools: ['搜索', '行驶证OCR', '身份证OCR', 'search', 'find'],
        mappings: { 搜索: 'tool_0b6efa3b', 行驶证OCR: '___OCR', 身份证OCR: '___OCR_1', search: 'search_7', find: 'find_it' },
        aliases: ['search', 'find'],
      },
      { uuid: 's2', tools: ['搜索'] },
    ]);
    expect(result).toEqual([
      { uuid: 's1', original: '搜索', exposed: 'tool_0b6efa3b', reasons: ['sanitized'] },
      { uuid: 's1', original: '行驶证OCR', exposed: '___OCR', reasons: ['sanitized'] },
      { uuid: 's1', original: '身份证OCR', exposed: '___OCR_1', reasons: ['sanitized', 'collision'] },
      { uuid: 's1', original: 'search', exposed: 'search_7', reasons: ['alias'] },
      { uuid: 's1', original: 'find', exposed: 'find_it', reasons: ['alias'] },
      { uuid: 's2', original: '搜索', exposed: 'sou_suo', reasons: ['sanitized'] },
    ]);
  });

  it('ignores aliases that are not a list', () => {
    const aliases = 'search' as unknown as string[];
    const result = assignToolNames([{ uuid: 's1', tools: ['search'], mappings: { search: 'search_7' }, aliases }]);
    expect(result).toEqual([{ uuid: 's1', original: 'search', exposed: 'search_7', reasons: ['collision'] }]);
  });
});

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
    const result = assignToolNames([{ uuid: 's1', tools: [a(63), `b${a(63)}`, `c${a(64)}`, `d${a(127)}`, `e${a(9_999)}`] }]);
    expect(result).toEqual([
      { uuid: 's1', original: a(63), exposed: a(63), reasons: [] },
      { uuid: 's1', original: `b${a(63)}`, exposed: `b${a(63)}`, reasons: [] },
      { uuid: 's1', original: `c${a(64)}`, exposed: `c${a(63)}`, reasons: ['truncated'] },
      { uuid: 's1', original: `d${a(127)}`, exposed: `d${a(63)}`, reasons: ['truncated'] },
      { uuid: 's1', original: `e${a(9_999)}`, exposed: `e${a(63)}`, reasons: ['truncated'] },
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
      const long = `${a(60)}wxyz`; // 64 characters, valid
      const result = assignToolNames([
        { uuid: 's1', tools: [long] },
        { uuid: 's2', tools: [long] },
      ]);
      expect(result[0]!.exposed).toBe(long);
      expect(result[1]!.exposed).toBe(`${a(60)}wx_1`);
      expect(result[1]!.exposed).toHaveLength(64);
      expect(result[1]!.exposed.endsWith('_1')).toBe(true);
      expect(result[1]!.reasons).toEqual(['truncated', 'collision']);
    });

    it('truncates for a 63-character name too, and for two-digit suffixes', () => {
      const name63 = a(63);
      const servers: ServerTools[] = Array.from({ length: 12 }, (_, i) => ({ uuid: `s${i}`, tools: [name63] }));
      const exposed = assignToolNames(servers).map((x) => x.exposed);
      expect(exposed[0]).toBe(name63);
      expect(exposed[1]).toBe(`${a(62)}_1`);
      expect(exposed[9]).toBe(`${a(62)}_9`);
      expect(exposed[10]).toBe(`${a(61)}_10`);
      expect(exposed[11]).toBe(`${a(61)}_11`);
      for (const name of exposed) expect(name.length).toBeLessThanOrEqual(64);
      expect(exposed[10]).toHaveLength(64);
    });

    it('finds the first free suffix when two long names share their truncated base', () => {
      const result = assignToolNames([
        { uuid: 's1', tools: [`${a(62)}bc`, `${a(62)}de`] },
        { uuid: 's2', tools: [`${a(62)}bc`, `${a(62)}de`] },
      ]);
      expect(triples(result)).toEqual([
        ['s1', `${a(62)}bc`, `${a(62)}bc`],
        ['s1', `${a(62)}de`, `${a(62)}de`],
        ['s2', `${a(62)}bc`, `${a(62)}_1`],
        ['s2', `${a(62)}de`, `${a(62)}_2`],
      ]);
    });

    it('separates 65-character names that only differ after the cut', () => {
      const result = assignToolNames([{ uuid: 's1', tools: [`${a(64)}x`, `${a(64)}y`] }]);
      expect(result).toEqual([
        { uuid: 's1', original: `${a(64)}x`, exposed: a(64), reasons: ['truncated'] },
        { uuid: 's1', original: `${a(64)}y`, exposed: `${a(62)}_1`, reasons: ['truncated', 'collision'] },
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
      ['a 70-character name', a(70)],
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
    [a(65), `"${a(65).slice(0, 20)}…" is too long (65 characters, at most 64).`],
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
    expect(checkAlias(a(64), target, assignments)).toBeNull();
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
