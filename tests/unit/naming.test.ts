// Unit tests for the tool-naming core (docs/design.md §2): the name rules: the pattern, sanitizing, numbered names and why a name differs.
import { describe, expect, it } from 'vitest';
import {
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
  assignToolNames,
  explainName,
  isValidToolName,
  numberedName,
  sanitizeToolName,
} from '../../src/main/naming.js';
import { fnv1a, triples, repeatA } from './helpers/naming.js';

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
    [repeatA(64), true],
    [repeatA(65), false],
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
    for (const name of ['read_file', 'Read_File', '_', '__', '_-', '_1abc', 'x-', 'read_file_1', repeatA(64)]) {
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
      expect(sanitizeToolName(repeatA(63))).toBe(repeatA(63));
      expect(sanitizeToolName(repeatA(64))).toBe(repeatA(64));
    });

    it('cuts 65, 128 and 10,000 characters to exactly 64', () => {
      expect(sanitizeToolName(repeatA(65))).toBe(repeatA(64));
      expect(sanitizeToolName(repeatA(128))).toBe(repeatA(64));
      expect(sanitizeToolName(repeatA(10_000))).toBe(repeatA(64));
    });

    it('cuts after sanitizing, so the prefix counts towards 64', () => {
      expect(sanitizeToolName(`1${repeatA(63)}`)).toBe(`_1${repeatA(62)}`);
      expect(sanitizeToolName(`1${repeatA(63)}`)).toHaveLength(64);
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
    expect(numberedName(repeatA(64), 1)).toBe(`${repeatA(62)}_1`);
    expect(numberedName(repeatA(63), 1)).toBe(`${repeatA(62)}_1`);
    expect(numberedName(repeatA(62), 1)).toBe(`${repeatA(62)}_1`);
    expect(numberedName(repeatA(61), 1)).toBe(`${repeatA(61)}_1`);
    expect(numberedName(repeatA(64), 100)).toBe(`${repeatA(60)}_100`);
    expect(numberedName(repeatA(64), 100)).toHaveLength(64);
  });
});

describe('explainName', () => {
  it.each<[string, string, string[]]>([
    ['read_file', 'read_file', []],
    ['unity/health', 'unity_health', ['sanitized']],
    ['café', 'cafe', ['sanitized']],
    [repeatA(65), repeatA(64), ['truncated']],
    [repeatA(10_000), repeatA(64), ['truncated']],
    [`1${repeatA(63)}`, `_1${repeatA(62)}`, ['sanitized', 'truncated']],
    ['read_file', 'read_file_1', ['collision']],
    ['read_file', 'read_file_12', ['collision']],
    ['read file', 'read_file_2', ['sanitized', 'collision']],
    ['读取文件', 'du_qu_wen_jian_1', ['sanitized', 'collision']],
    [repeatA(64), `${repeatA(62)}_1`, ['truncated', 'collision']],
    [repeatA(63), `${repeatA(62)}_1`, ['truncated', 'collision']],
    [repeatA(62), `${repeatA(62)}_1`, ['collision']],
    [repeatA(65), `${repeatA(62)}_1`, ['truncated', 'collision']],
    ['read_file', 'my_reader', ['alias']],
    ['read_file', 'read_file_0', ['alias']],
    ['read_file', 'read_file_01', ['alias']],
    ['read_file', 'read_fil_1', ['alias']],
    ['read_file', 'Read_File', ['alias']],
    [repeatA(64), `${repeatA(61)}_1`, ['alias']],
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
