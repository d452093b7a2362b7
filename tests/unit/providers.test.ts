// The provider adapters on the hard schemas: every output checked against the provider's own
// documented rules (helpers/provider-rules.ts), and what each adaptation must do, one by one.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PROVIDER_LIMITS,
  PROVIDER_RULES,
  adaptTool,
  adaptTools,
  findTwins,
  restoreArguments,
  selectProviderTools,
  type SourceTool,
} from '../../src/main/providers/index.js';
import { PROVIDER_IDS, type ProviderId } from '../../src/types/providers.js';
import { HARD_SCHEMAS } from '../fixtures/hard-schemas.js';
import { ajv, violations } from './helpers/provider-rules.js';

type Json = Record<string, unknown>;

function tool(inputSchema: Json, extra: Partial<SourceTool> = {}): SourceTool {
  return { name: 'do_it', original: 'do it', server: { uuid: 'srv-1', label: 'Folder A' }, description: 'Does it.', inputSchema, ...extra };
}

/** The schema inside a provider's definition. */
function parametersOf(provider: ProviderId, definition: unknown): Json | undefined {
  const d = definition as Json;
  switch (provider) {
    case 'anthropic': return d.input_schema as Json;
    case 'gemini': return d.parameters as Json | undefined;
    case 'bedrock': return ((d.toolSpec as Json).inputSchema as Json).json as Json;
    case 'openai-responses': return d.parameters as Json;
    default: return (d.function as Json).parameters as Json;
  }
}

function descriptionOf(provider: ProviderId, definition: unknown): string {
  const d = definition as Json;
  if (provider === 'bedrock') return (d.toolSpec as Json).description as string;
  if (d.function !== undefined) return (d.function as Json).description as string;
  return d.description as string;
}

describe('every hard schema, every provider', () => {
  for (const [name, schema] of Object.entries(HARD_SCHEMAS)) {
    it(`${name}: passes the provider's rules, or is unsendable with a reason`, () => {
      for (const provider of PROVIDER_IDS) {
        const adapted = adaptTool(provider, tool(schema));
        if (adapted.report.status === 'unsendable') {
          expect(adapted.report.reason, provider).toMatch(/\w{3,}/);
          expect(adapted.definition).toBeNull();
        } else {
          expect(violations(provider, adapted.definition), provider).toEqual([]);
          expect(adapted.report.changes.length > 0, provider).toBe(adapted.report.status === 'adapted');
        }
      }
    });
  }

  it('a root that is not an object is unsendable everywhere, saying why', () => {
    for (const provider of PROVIDER_IDS) {
      const { report } = adaptTool(provider, tool(HARD_SCHEMAS.stringRoot!));
      expect(report.status).toBe('unsendable');
      expect(report.reason).toContain('not an object of named arguments');
    }
  });
});

describe('schemas', () => {
  it('removes "$schema" and "$id" for every provider, and says so', () => {
    for (const provider of PROVIDER_IDS) {
      const adapted = adaptTool(provider, tool(HARD_SCHEMAS.metaKeywords!));
      expect(JSON.stringify(adapted.definition)).not.toMatch(/\$schema|\$id|\$comment/);
      expect(adapted.report.changes).toContain('removed "$schema"');
    }
  });

  it('keeps a recursive $ref where the provider resolves references, and cuts it at depth 4 where not', () => {
    const anthropic = parametersOf('anthropic', adaptTool('anthropic', tool(HARD_SCHEMAS.recursiveRef!)).definition)!;
    expect((anthropic.$defs as Json).Node).toBeDefined();
    const validate = ajv.compile(anthropic);
    expect(validate({ tree: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] } })).toBe(true);
    expect(validate({ tree: { children: [] } })).toBe(false);

    const gemini = adaptTool('gemini', tool(HARD_SCHEMAS.recursiveRef!));
    expect(gemini.report.changes).toContain('inlined $ref "#/$defs/Node" (recursion cut at depth 4)');
    expect(gemini.exact).toBe(false);
    const text = JSON.stringify(gemini.definition);
    expect(text).not.toContain('$ref');
    expect(text.split('"children"').length - 1).toBe(4);
  });

  it('inlines an exponential $ref fan-out within bounds', () => {
    const adapted = adaptTool('bedrock', tool(HARD_SCHEMAS.refFanOut!));
    expect(adapted.report.status).toBe('adapted');
    expect(JSON.stringify(adapted.definition).length).toBeLessThan(5_000_000);
    expect(adapted.report.changes).toContain('cut a schema too large to adapt in full');
  });

  it('flattens a top-level anyOf/oneOf into one object and describes the alternatives', () => {
    for (const provider of PROVIDER_IDS) {
      const adapted = adaptTool(provider, tool(HARD_SCHEMAS.topLevelOneOf!));
      const parameters = parametersOf(provider, adapted.definition)!;
      expect(parameters.oneOf).toBeUndefined();
      expect(Object.keys(parameters.properties as Json)).toEqual(expect.arrayContaining(['path', 'url']));
      expect(descriptionOf(provider, adapted.definition)).toContain('Give exactly one of these sets of arguments: ("path") or ("url").');
    }
    const anyOf = adaptTool('anthropic', tool(HARD_SCHEMAS.topLevelAnyOf!));
    expect(descriptionOf('anthropic', anyOf.definition)).toContain('at least one of these sets of arguments');
  });

  it('keeps properties named type, properties, default, __proto__ and constructor as properties', () => {
    for (const provider of PROVIDER_IDS) {
      const parameters = parametersOf(provider, adaptTool(provider, tool(HARD_SCHEMAS.keywordNames!)).definition)!;
      const properties = parameters.properties as Json;
      expect(Object.keys(properties), provider).toEqual(['type', 'properties', 'default', '__proto__', 'constructor']);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      expect(Object.hasOwn(properties, '__proto__')).toBe(true);
    }
  });

  it('keeps non-Latin property names', () => {
    for (const provider of PROVIDER_IDS) {
      const parameters = parametersOf(provider, adaptTool(provider, tool(HARD_SCHEMAS.nonLatin!)).definition)!;
      expect(Object.keys(parameters.properties as Json)).toEqual(['名前', 'Привет']);
    }
  });

  it('Gemini: enums of numbers, booleans and null become string enums, and come back as they were', () => {
    const source = tool(HARD_SCHEMAS.enumsAndConst!);
    const parameters = parametersOf('gemini', adaptTool('gemini', source).definition)!;
    const properties = parameters.properties as Record<string, Json>;
    expect(properties.level).toEqual({ type: 'string', enum: ['1', '2', '3'] });
    expect(properties.flag).toEqual({ type: 'string', enum: ['true', 'false'], nullable: true });
    expect(properties.version).toEqual({ type: 'string', enum: ['2'] });
    expect(restoreArguments('gemini', source, { level: '2', flag: 'false', version: '2', kind: 'fixed', mixed: '1' })).toEqual({ level: 2, flag: false, version: 2, kind: 'fixed', mixed: 1 });
    expect(restoreArguments('gemini', source, { mixed: 'a', flag: null })).toEqual({ mixed: 'a', flag: null });
  });

  it('Gemini: no "additionalProperties"; unknown arguments of a closed object are removed before the call', () => {
    const source = tool({ type: 'object', properties: { path: { type: 'string' } }, additionalProperties: false });
    expect(JSON.stringify(adaptTool('gemini', source).definition)).not.toContain('additionalProperties');
    expect(restoreArguments('gemini', source, { path: '/a', extra: 1 })).toEqual({ path: '/a' });
    expect(restoreArguments('anthropic', source, { path: '/a', extra: 1 })).toEqual({ path: '/a', extra: 1 });
  });

  it('Gemini: a tool without arguments has no "parameters"', () => {
    expect(adaptTool('gemini', tool({ type: 'object', properties: {} })).definition).toEqual({ name: 'do_it', description: 'Does it.' });
  });

  it('Gemini: integer exclusive bounds become inclusive ones; other constraints move into the description', () => {
    const properties = parametersOf('gemini', adaptTool('gemini', tool(HARD_SCHEMAS.constraints!)).definition)!.properties as Record<string, Json>;
    expect(properties.count).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(properties.site).toEqual({ type: 'string', description: 'Format: uri.' });
    expect(properties.when).toEqual({ type: 'string', format: 'date-time' });
    expect(properties.ratio!.description).toBe('Less than 1.');
    expect(properties.tags!.description).toBe('Items must be unique.');
  });

  it('OpenAI: arrays get "items", objects get "properties"', () => {
    const properties = parametersOf('openai', adaptTool('openai', tool(HARD_SCHEMAS.bareContainers!)).definition)!.properties as Record<string, Json>;
    expect(properties.values).toEqual({ type: 'array', items: {} });
    expect(properties.options).toEqual({ type: 'object', properties: {} });
    expect(properties.nested).toEqual({ type: 'array', items: { type: 'object', properties: {} } });
  });

  it('merges allOf and keeps the three spellings of a null union valid', () => {
    const parameters = parametersOf('anthropic', adaptTool('anthropic', tool(HARD_SCHEMAS.allOfAndNullable!)).definition)!;
    expect(parameters.allOf).toBeUndefined();
    expect(parameters.required).toEqual(['a']);
    expect(Object.keys(parameters.properties as Json)).toEqual(['name', 'count', 'legacy', 'a', 'b']);
    expect((parameters.properties as Record<string, Json>).legacy).toEqual({ type: ['string', 'null'] });
    const gemini = parametersOf('gemini', adaptTool('gemini', tool(HARD_SCHEMAS.allOfAndNullable!)).definition)!.properties as Record<string, Json>;
    expect(gemini.name).toEqual({ type: 'string', nullable: true });
    expect(gemini.count).toEqual({ type: 'integer', nullable: true });
  });

  it('drops malformed keywords with a note instead of passing them on', () => {
    const adapted = adaptTool('anthropic', tool(HARD_SCHEMAS.garbage!));
    expect(adapted.report.changes).toEqual(expect.arrayContaining(['removed malformed "required"', 'removed malformed "type"', 'removed unsupported "x-vendor"']));
    expect(adapted.exact).toBe(false);
  });
});

describe('OpenAI strict mode', () => {
  it('closes objects, requires every property, makes optional ones nullable, and removes their nulls on the way back', () => {
    const source = tool({ type: 'object', properties: { path: { type: 'string' }, head: { type: 'number' }, mode: { type: 'string', enum: ['a', 'b'] } }, required: ['path'] });
    const adapted = adaptTool('openai-strict', source);
    const fn = (adapted.definition as Json).function as Json;
    expect(fn.strict).toBe(true);
    expect(fn.parameters).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, head: { type: ['number', 'null'] }, mode: { type: ['string', 'null'], enum: ['a', 'b', null] } },
      required: ['path', 'head', 'mode'],
      additionalProperties: false,
    });
    expect(restoreArguments('openai-strict', source, { path: '/x', head: null, mode: null })).toEqual({ path: '/x' });
    expect(restoreArguments('openai-strict', source, { path: '/x', head: 3, mode: 'a' })).toEqual({ path: '/x', head: 3, mode: 'a' });
  });

  it('sends a schema it cannot make strict non-strict, with the reason', () => {
    const cases: Array<[string, RegExp]> = [
      ['maps', /sent non-strict: "headers" is an object with free-form keys/],
      ['deepNesting', /sent non-strict: .*nested deeper than strict mode's 10 levels/],
      ['manyProperties', /sent non-strict: it has more than 5000 properties/],
      ['booleanSubschemas', /sent non-strict: "anything" accepts any value/],
    ];
    // Over 250 enum values of more than 15,000 characters: the failure names the property (and its path).
    const large = { type: 'string', enum: Array.from({ length: 251 }, (_, i) => `value-${i}-${'v'.repeat(60)}`) };
    const schemas: Record<string, unknown> = {
      ...HARD_SCHEMAS,
      largeEnum: { type: 'object', properties: { mode: large }, required: ['mode'] },
      nestedLargeEnum: { type: 'object', properties: { outer: { type: 'object', properties: { inner: large }, required: ['inner'] } }, required: ['outer'] },
    };
    cases.push(['largeEnum', /sent non-strict: "mode" has 251 enum values totalling \d+ characters/], ['nestedLargeEnum', /sent non-strict: "outer"\."inner" has 251 enum values/]);
    for (const [name, reason] of cases) {
      const adapted = adaptTool('openai-strict', tool(schemas[name] as Record<string, unknown>));
      expect(((adapted.definition as Json).function as Json).strict, name).toBe(false);
      expect(adapted.report.changes.join('\n'), name).toMatch(reason);
      expect(violations('openai-strict', adapted.definition)).toEqual([]);
    }
  });

  it('moves "default" into the description (strict mode refuses it)', () => {
    const fn = (adaptTool('openai-strict', tool({ type: 'object', properties: { n: { type: 'number', default: 3, description: 'How many' } }, required: ['n'] })).definition as Json).function as Json;
    expect((fn.parameters as Json).properties).toEqual({ n: { type: 'number', description: 'How many. Default: 3.' } });
  });
});

describe('descriptions', () => {
  const long = 'x'.repeat(2_990) + ' end of it';

  it('fits OpenAI\'s 1,024 characters, keeps the server\'s name, and leaves other providers\' text whole', () => {
    const source = tool({ type: 'object', properties: {} }, { description: long });
    for (const provider of ['openai', 'openai-strict', 'openai-responses'] as const) {
      const adapted = adaptTool(provider, source, { twin: true });
      const text = descriptionOf(provider, adapted.definition);
      expect(text.length).toBeLessThanOrEqual(1024);
      expect(text.endsWith('… (MCP server: Folder A)')).toBe(true);
      expect(adapted.report.changes.join()).toContain('cut the description to 1,024 characters (it had 3,023;');
    }
    expect(descriptionOf('anthropic', adaptTool('anthropic', source).definition)).toBe(long);
  });

  it('is never empty for Bedrock', () => {
    const adapted = adaptTool('bedrock', tool({ type: 'object', properties: {} }, { description: '' }));
    expect(descriptionOf('bedrock', adapted.definition)).toBe('Tool "do it" of the MCP server "Folder A".');
    expect(violations('bedrock', adapted.definition)).toEqual([]);
    expect(descriptionOf('openai', adaptTool('openai', tool({ type: 'object', properties: {} }, { description: '' })).definition)).toBe('');
  });

  it('names the server only for twins', () => {
    const a = tool({ type: 'object', properties: {} }, { name: 'read_file', original: 'read_file', description: 'Read a file.' });
    const b = tool({ type: 'object', properties: {} }, { name: 'read_file_1', original: 'read_file', server: { uuid: 'srv-2', label: 'Folder B' }, description: 'Read a file.' });
    const c = tool({ type: 'object', properties: {} }, { name: 'search', original: 'search', description: 'Search.' });
    const result = adaptTools('anthropic', [a, b, c]);
    expect(result.tools.map((definition) => (definition as Json).description)).toEqual([
      'Read a file. (MCP server: Folder A)',
      'Read a file. (MCP server: Folder B)',
      'Search.',
    ]);
    expect(result.report[2]!.status).toBe('ok');
  });
});

describe('twins', () => {
  it('are tools of different servers whose names are equal or collide once sanitized', () => {
    const make = (original: string, uuid: string): SourceTool => tool({}, { original, name: original.replace(/\W/g, '_'), server: { uuid, label: uuid } });
    const dotted = make('a.b', 's1');
    const slashed = make('a/b', 's2');
    const sameServer = [make('x.y', 's3'), make('x/y', 's3')];
    const alone = make('unique', 's1');
    expect(findTwins([dotted, slashed, ...sameServer, alone])).toEqual(new Set([dotted, slashed]));
  });
});

describe('adaptTools and selectProviderTools', () => {
  const tools: SourceTool[] = [
    tool({ type: 'object', properties: { a: { type: 'string' } } }, { name: 't1' }),
    tool(HARD_SCHEMAS.stringRoot!, { name: 't2' }),
    tool({ type: 'object', properties: {} }, { name: 't3' }),
  ];

  it('keeps the order, lists unsendable tools only in the report, and gives the provider\'s limit', () => {
    for (const provider of PROVIDER_IDS) {
      const result = adaptTools(provider, tools);
      expect(result.provider).toBe(provider);
      expect(result.maxTools).toBe(PROVIDER_LIMITS[provider].maxTools);
      expect(result.report.map((entry) => [entry.name, entry.status === 'unsendable'])).toEqual([['t1', false], ['t2', true], ['t3', false]]);
      expect(result.tools).toHaveLength(2);
    }
    expect(PROVIDER_LIMITS.openai.maxTools).toBe(128);
  });

  it('selects by exposed name without adapting again', () => {
    const prepared = adaptTools('openai', tools);
    const selected = selectProviderTools(prepared, ['t3', 't2', 'nope']);
    expect(selected.report.map((entry) => entry.name)).toEqual(['t2', 't3']);
    expect(selected.tools).toEqual([prepared.tools[1]]);
    // Everything: the very same definitions and report, not a copy (only the list's tokens are added).
    const all = selectProviderTools(prepared, null);
    expect(all.tools).toBe(prepared.tools);
    expect(all.report).toBe(prepared.report);
    expect('tokens' in prepared).toBe(false);
  });

  it('gives a restorer to each tool that needs one', () => {
    expect(adaptTool('openai-strict', tools[0]!).restore!({ a: null })).toEqual({});
    expect(adaptTool('openai-strict', tools[2]!).restore).toBeNull();
  });

  it('takes the twins of a list found once for several providers', () => {
    const list = [tool({ type: 'object', properties: {} }, { name: 'a', original: 'read' }), tool({ type: 'object', properties: {} }, { name: 'b', original: 'read', server: { uuid: 'srv-2', label: 'Folder B' } })];
    const twins = findTwins(list);
    expect(twins.size).toBe(2);
    for (const provider of PROVIDER_IDS) expect(adaptTools(provider, list, twins)).toEqual(adaptTools(provider, list));
  });
});

describe('never throws', () => {
  it('on hostile tools and arguments', () => {
    const cyclic: Json = { type: 'object', properties: {} };
    (cyclic.properties as Json).self = cyclic;
    const hostile = [
      tool(cyclic),
      tool(null as unknown as Json),
      tool([] as unknown as Json),
      tool({ type: 'object' }, { name: 'bad name' }),
      { name: 'x', original: 5, server: null, description: 7, inputSchema: 'no' } as unknown as SourceTool,
    ];
    for (const provider of PROVIDER_IDS) {
      for (const source of hostile) {
        const adapted = adaptTool(provider, source);
        expect(['ok', 'adapted', 'unsendable']).toContain(adapted.report.status);
        if (adapted.report.status !== 'unsendable') expect(violations(provider, adapted.definition)).toEqual([]);
        expect(restoreArguments(provider, source, { a: 1 })).toEqual({ a: 1 });
        expect(restoreArguments(provider, source, null as unknown as Json)).toBeNull();
      }
    }
    expect(adaptTool('openai', tool({ type: 'object' }, { name: 'bad name' })).report.reason).toContain('give the tool an alias');
  });
});

describe('documentation', () => {
  it('docs/providers.md has a row for every rule of every provider: its words and its source', () => {
    const page = fs.readFileSync(new URL('../../docs/providers.md', import.meta.url), 'utf8');
    // `| \`openai\`, \`deepseek\` | rule | <source> |` → the providers, the rule and the source of each row.
    const rows = page.split('\n').flatMap((line) => {
      const cells = /^\| (`[^|]+`) \| (.+) \| <([^>]+)> \|$/.exec(line);
      return cells ? [{ providers: cells[1]!.split(', ').map((id) => id.slice(1, -1)), rule: cells[2], source: cells[3] }] : [];
    });
    for (const [provider, rules] of Object.entries(PROVIDER_RULES)) {
      for (const { rule, source } of rules) {
        expect(rows.some((row) => row.providers.includes(provider) && row.rule === rule && row.source === source), `${provider}: ${rule}`).toBe(true);
      }
    }
  });
});
