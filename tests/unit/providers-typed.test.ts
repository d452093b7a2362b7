// Gemini 3 refuses a schema node without a type (TYPE_UNSPECIFIED) and Ollama's property type
// takes a list: what the adapters make of values with no type a provider can state, and the way
// back for values sent as strings holding JSON (parsed before the call, or refused naming the
// argument). The sweep over every fixture schema checks what helpers/provider-rules.ts encodes.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adaptTool, restoreArguments, UnreadableArgument, type SourceTool } from '../../src/main/providers/index.js';
import { HARD_SCHEMAS } from '../fixtures/hard-schemas.js';
import { violations } from './helpers/provider-rules.js';

type Json = Record<string, unknown>;

function tool(inputSchema: Json): SourceTool {
  return { name: 'do_it', original: 'do it', server: { uuid: 'srv-1', label: 'Folder A' }, description: 'Does it.', inputSchema };
}

const geminiProperties = (schema: Json): Record<string, Json> => ((adaptTool('gemini', tool(schema)).definition as Json).parameters as Json).properties as Record<string, Json>;
const ollamaProperties = (schema: Json): Record<string, Json> => (((adaptTool('ollama', tool(schema)).definition as Json).function as Json).parameters as Json).properties as Record<string, Json>;

/** What restoreArguments refuses with, or null when it does not throw. */
function refusal(source: SourceTool, args: Json): UnreadableArgument | null {
  try {
    restoreArguments('gemini', source, args);
    return null;
  } catch (error) {
    if (error instanceof UnreadableArgument) return error;
    throw error;
  }
}

describe('Gemini: every node has a type', () => {
  const properties = geminiProperties(HARD_SCHEMAS.untypedValues!);

  it('sends a value of any shape as a string holding JSON, and says so', () => {
    expect(properties.credentials).toEqual({ type: 'string', description: 'A JSON object. A string holding JSON (an object).' });
    expect(properties.rows).toEqual({ type: 'array', items: { type: 'string', description: 'A string holding JSON (any value).' } });
    expect(properties.value).toEqual({ type: 'string', description: 'Any value. A string holding JSON (any value).' });
    expect(properties.filter).toEqual({
      type: 'string',
      description: 'A name or a filter object. Matches any of [{"type":"string"},{"type":"object"}]. A string holding JSON (a string or an object).',
    });
    expect(properties.env).toEqual({ type: 'string', description: 'Other keys take: {"type":"string"}. A string holding JSON (an object).', nullable: true });
  });

  it('sends a oneOf of types as an anyOf, and enums and consts as typed string enums', () => {
    expect(properties.target).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(properties.speed).toEqual({ type: 'string', enum: ['fast', 'slow'] });
    expect(properties.retries).toEqual({ type: 'string', enum: ['1', '2', '3'] });
    expect(properties.unit).toEqual({ type: 'string', enum: ['ms'] });
  });

  it('drops "items" beside a type that is not an array and "properties" beside one that is not an object', () => {
    // Found by the property test (seed -1576138489): the untyped `{}` of `items` reached Gemini.
    const root = adaptTool('gemini', tool({ items: {}, properties: { '': 0 } }));
    expect(violations('gemini', root.definition)).toEqual([]);
    expect((root.definition as Json).parameters).not.toHaveProperty('items');
    expect(root.report.changes).toContain('removed "items" from schemas that are not arrays (Gemini reads it on arrays only)');
    const nested = geminiProperties({ type: 'object', properties: { name: { type: 'string', properties: { x: {} }, required: ['x'] }, tags: { type: ['string', 'array'], items: {} } } });
    expect(nested.name).toEqual({ type: 'string' });
    expect(nested.tags).toEqual({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', description: 'A string holding JSON (any value).' } }] });
  });

  it('reports what it did', () => {
    const { report } = adaptTool('gemini', tool(HARD_SCHEMAS.untypedValues!));
    expect(report.changes).toEqual(expect.arrayContaining([
      'sent objects without declared properties as strings holding JSON (Gemini refuses an OBJECT without properties); they are parsed back before the call',
      'sent values of any type as strings holding JSON (Gemini needs a type on every schema); they are parsed back before the call',
      'sent "oneOf" as "anyOf" (Gemini has no oneOf)',
    ]));
  });

  it('ends a cut recursion in a string holding JSON', () => {
    const text = JSON.stringify(adaptTool('gemini', tool(HARD_SCHEMAS.recursiveRef!)).definition);
    expect(text).toContain('{"type":"string","description":"Nested \\"#/$defs/Node\\" deeper than 4 levels: any value. A string holding JSON (any value)."}');
  });

  it('moves an anyOf of untyped alternatives beside a type into the description', () => {
    const filter = geminiProperties({
      type: 'object',
      properties: { filter: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] } },
    }).filter!;
    expect(filter.type).toBe('object');
    expect(filter.anyOf).toBeUndefined();
    expect(filter.description).toBe('Matches any of [{"required":["a"]},{"required":["b"]}].');
  });
});

describe('Gemini: strings holding JSON come back as values', () => {
  const source = tool(HARD_SCHEMAS.untypedValues!);

  it('parses them before the call, and converts the string enums back', () => {
    const sent = { credentials: '{"token": "t-1"}', rows: ['1', '"a"', '{"b": [2]}', 'null'], value: '[true]', target: 7, retries: '2', filter: '{"tag": "x"}', env: '{"HOME": "/h"}' };
    expect(restoreArguments('gemini', source, sent)).toEqual({
      credentials: { token: 't-1' },
      rows: [1, 'a', { b: [2] }, null],
      value: [true],
      target: 7,
      retries: 2,
      filter: { tag: 'x' },
      env: { HOME: '/h' },
    });
  });

  it('passes plain text on where the server takes a string, and leaves values that are not strings alone', () => {
    expect(restoreArguments('gemini', source, { credentials: '{}', value: 'just words', filter: 'by-name', rows: ['not json'], env: null })).toEqual({
      credentials: {},
      value: 'just words',
      filter: 'by-name',
      rows: ['not json'],
      env: null,
    });
    // A model that sends the object itself: passed on as it is.
    expect(restoreArguments('gemini', source, { credentials: { token: 't' } })).toEqual({ credentials: { token: 't' } });
  });

  it('refuses a string that does not read back as what the server takes, naming the argument', () => {
    const broken = refusal(source, { credentials: '{"token": ' });
    expect(broken?.field).toBe('credentials');
    expect(broken?.message).toMatch(/^The argument "credentials" must be a string holding JSON \(an object\), and "\{\\"token\\": " does not parse: .+\. Nothing was sent to the server; call the tool again with the argument fixed\.$/);
    expect(refusal(source, { credentials: '[1, 2]' })?.message).toContain('and "[1, 2]" holds an array.');
    expect(refusal(source, { credentials: '{}', env: 'HOME=/h' })?.field).toBe('env');
  });

  it('names nested fields and items', () => {
    const nested = tool({
      type: 'object',
      properties: {
        config: { type: 'object', properties: { auth: { type: 'object' } } },
        batches: { type: 'array', items: { type: 'object', properties: { options: { type: 'object' } } } },
      },
    });
    expect(refusal(nested, { config: { auth: 'x' } })?.field).toBe('config.auth');
    expect(refusal(nested, { batches: [{ options: '{}' }, { options: 'oops' }] })?.field).toBe('batches[1].options');
    expect(restoreArguments('gemini', nested, { config: { auth: '{"k": 1}' }, batches: [{ options: '{"v": true}' }] })).toEqual({ config: { auth: { k: 1 } }, batches: [{ options: { v: true } }] });
  });

  it('other providers pass such strings on untouched', () => {
    expect(restoreArguments('anthropic', source, { credentials: '{"token": "t-1"}' })).toEqual({ credentials: '{"token": "t-1"}' });
  });
});

describe('Ollama: every property has a type', () => {
  const properties = ollamaProperties(HARD_SCHEMAS.untypedValues!);

  it('infers it from enum and const values, or the alternatives\' types, or gives every JSON type', () => {
    expect(properties.speed!.type).toBe('string');
    expect(properties.retries!.type).toBe('integer');
    expect(properties.unit).toEqual({ enum: ['ms'], type: 'string' });
    expect(properties.target!.type).toEqual(['string', 'integer']);
    expect(properties.filter!.type).toEqual(['string', 'object']);
    expect(properties.value!.type).toEqual(['string', 'number', 'boolean', 'object', 'array', 'null']);
    expect(ollamaProperties(HARD_SCHEMAS.enumsAndConst!).mixed!.type).toEqual(['string', 'integer', 'null']);
    expect(ollamaProperties(HARD_SCHEMAS.booleanSubschemas!).anything!.type).toEqual(['string', 'number', 'boolean', 'object', 'array', 'null']);
  });

  it('keeps the values as the server wants them (no restore needed)', () => {
    expect(properties.retries!.enum).toEqual([1, 2, 3]);
    expect(adaptTool('ollama', tool(HARD_SCHEMAS.untypedValues!)).restore).toBeNull();
  });
});

describe('no Gemini node and no Ollama property without a type', () => {
  const published = JSON.parse(fs.readFileSync(new URL('../fixtures/published-tools.json', import.meta.url), 'utf8')) as Record<string, Array<{ name: string; inputSchema: Json }>>;
  const schemas: Array<[string, Json]> = [
    ...Object.entries(HARD_SCHEMAS),
    ...Object.entries(published).flatMap(([server, tools]) => tools.map((entry): [string, Json] => [`${server}/${entry.name}`, entry.inputSchema])),
  ];

  it.each(['gemini', 'ollama'] as const)('%s: every hard schema and every published tool (the property tests cover random schemas)', (provider) => {
    expect(schemas.length).toBeGreaterThan(50);
    for (const [name, schema] of schemas) {
      const adapted = adaptTool(provider, tool(schema));
      if (adapted.report.status === 'unsendable') continue;
      expect(violations(provider, adapted.definition).filter((problem) => problem.includes('no type')), name).toEqual([]);
    }
  });
});
