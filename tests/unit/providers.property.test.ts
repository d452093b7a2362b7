// Property tests of the provider adapters (fast-check):
// 1. For random, often hostile, input schemas every adapter returns without throwing, and its
//    output passes the provider's documented rules, or the tool is unsendable with a reason.
// 2. For random well-formed schemas (types, nested objects and arrays, enums of any scalars,
//    const, null unions, anyOf, allOf, $ref including recursion, closed objects, boolean
//    subschemas), argument values valid under the adapted schema, restored, are valid under the
//    server's original schema (ajv) whenever the adapter reports the adaptation exact. Value
//    constraints (pattern, bounds, …) are left out of this grammar: where a provider cannot
//    express them they move into the description, which no validator can hold a model to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adaptTool, restoreArguments, type SourceTool } from '../../src/main/providers/index.js';
import { PROVIDER_IDS, type ProviderId } from '../../src/types/providers.js';
import { ajv, violations } from './helpers/provider-rules.js';
import { geminiAsJsonSchema, sampleValue, seeded } from './helpers/schema-values.js';

type Json = Record<string, unknown>;

const KEYWORDS = [
  'type', 'properties', 'required', 'items', 'prefixItems', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'enum', 'const',
  'default', 'description', 'title', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength',
  'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'multipleOf', 'propertyNames', 'patternProperties', '$ref', '$defs', 'definitions',
  '$schema', '$id', 'nullable', 'dependencies', 'if', 'then', 'else', 'x-extra', '__proto__', 'examples', 'example',
] as const;
const NAMES = ['a', 'b', 'type', 'properties', 'default', '__proto__', 'constructor', '名前', 'x y'] as const;
const REFS = ['#', '#/$defs/a', '#/$defs/b', '#/definitions/a', '#/properties/a', 'https://example.com/s.json', '#/$defs/missing'] as const;

/** Schema-shaped garbage: real keywords with values that are right, wrong or nonsense. */
const hostileSchema = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.boolean(),
    fc.dictionary(
      fc.constantFrom(...KEYWORDS),
      fc.oneof(
        tie('schema'),
        fc.dictionary(fc.constantFrom(...NAMES), tie('schema'), { maxKeys: 3 }),
        fc.array(tie('schema'), { maxLength: 3 }),
        fc.constantFrom('object', 'string', 'array', 'integer', 'null', ['string', 'null'], ['a', 'b'], ...REFS),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      { maxKeys: 6 },
    ),
  ),
})).schema;

function sourceTool(inputSchema: unknown, description = 'A tool.'): SourceTool {
  return { name: 'tool_1', original: 'tool.1', server: { uuid: 's', label: 'Server' }, description, inputSchema: inputSchema as Json };
}

describe('adapters on random schemas', () => {
  for (const provider of PROVIDER_IDS) {
    it(`${provider}: never throws; passes the rules or is unsendable with a reason`, () => {
      fc.assert(
        fc.property(hostileSchema, fc.string({ maxLength: 1500 }), (schema, description) => {
          const adapted = adaptTool(provider, sourceTool(schema, description));
          if (adapted.report.status === 'unsendable') return typeof adapted.report.reason === 'string' && adapted.report.reason.length > 10;
          const problems = violations(provider, adapted.definition);
          if (problems.length > 0) throw new Error(`${problems.join('; ')}\n${JSON.stringify(adapted.definition)}`);
          return true;
        }),
        { numRuns: 250 },
      );
    });
  }
});

// The well-formed grammar of the restore property.
const scalarType = fc.constantFrom('string', 'number', 'integer', 'boolean');
const scalarValue = fc.oneof(fc.constantFrom('', 'a', 'b', '1', 'true', 'null'), fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null), fc.constantFrom(0.5, -2.25));
const leaf = fc.oneof(
  scalarType.map((type) => ({ type })),
  fc.tuple(scalarType, fc.string({ maxLength: 8 })).map(([type, description]) => ({ type, description, default: null })),
  scalarType.map((type) => ({ type: [type, 'null'] })),
  fc.uniqueArray(scalarValue, { minLength: 1, maxLength: 4, selector: (value) => JSON.stringify(value) }).map((values) => ({ enum: values })),
  scalarValue.map((value) => ({ const: value })),
  scalarType.map((type) => ({ anyOf: [{ type }, { type: 'null' }] })),
  fc.uniqueArray(scalarType, { minLength: 2, maxLength: 2 }).map(([a, b]) => ({ anyOf: [{ type: a }, { type: b }] })),
  fc.constantFrom<unknown>(true, {}, { $ref: '#/$defs/Leaf' }, { $ref: '#/$defs/Tree' }),
);
const propertyName = fc.constantFrom('a', 'b', 'type', 'default', 'properties', '名前');

function objectOf(node: fc.Arbitrary<unknown>): fc.Arbitrary<Json> {
  return fc.tuple(fc.dictionary(propertyName, node, { maxKeys: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.boolean()).map(([properties, flags, closed]) => {
    const required = Object.keys(properties).filter((_, i) => flags[i]);
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...(closed ? { additionalProperties: false } : {}) };
  });
}

const wellFormed = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    objectOf(tie('node')),
    tie('node').map((items) => ({ type: 'array', items })),
    fc.tuple(fc.dictionary(fc.constantFrom('c', 'd'), tie('node'), { maxKeys: 2 }), fc.dictionary(fc.constantFrom('e', 'f'), tie('node'), { maxKeys: 2 })).map(([first, second]) => ({
      allOf: [{ type: 'object', properties: first }, { properties: second }],
    })),
  ),
})).node;

const definitionLeaf = leaf.filter((schema) => !(typeof schema === 'object' && schema !== null && '$ref' in schema));
const rootSchema = fc.tuple(objectOf(wellFormed), definitionLeaf).map(([root, definition]) => ({
  ...root,
  $defs: {
    Leaf: definition,
    Tree: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Tree' } } }, required: ['value'] },
  },
}));

function adaptedSchema(provider: ProviderId, definition: unknown): Json {
  const d = definition as Json;
  switch (provider) {
    case 'anthropic': return d.input_schema as Json;
    case 'gemini': return (geminiAsJsonSchema(d.parameters ?? { type: 'object', properties: {} }) as Json);
    case 'bedrock': return ((d.toolSpec as Json).inputSchema as Json).json as Json;
    case 'openai-responses': return d.parameters as Json;
    default: return (d.function as Json).parameters as Json;
  }
}

describe('restored arguments', () => {
  for (const provider of PROVIDER_IDS) {
    it(`${provider}: values valid under the adapted schema are valid for the server once restored`, () => {
      let exact = 0;
      let runs = 0;
      fc.assert(
        fc.property(rootSchema, fc.integer(), (schema, seed) => {
          runs++;
          const tool = sourceTool(schema);
          const adapted = adaptTool(provider, tool);
          expect(adapted.report.status).not.toBe('unsendable');
          // Within the provider's rules (Gemini: every node typed; Ollama: every property typed).
          expect(violations(provider, adapted.definition)).toEqual([]);
          if (!adapted.exact) return;
          exact++;
          const parameters = adaptedSchema(provider, adapted.definition);
          const validAdapted = ajv.compile(parameters);
          const validOriginal = ajv.compile(schema);
          const rand = seeded(seed);
          for (let i = 0; i < 4; i++) {
            const args = sampleValue(parameters, parameters, rand) as Json;
            if (!validAdapted(args)) throw new Error(`generator: ${JSON.stringify(args)} invalid under ${JSON.stringify(parameters)}: ${ajv.errorsText(validAdapted.errors)}`);
            const restored = restoreArguments(provider, tool, args);
            if (!validOriginal(restored)) {
              throw new Error(`restored ${JSON.stringify(restored)} (sent ${JSON.stringify(args)}) invalid for ${JSON.stringify(schema)}: ${ajv.errorsText(validOriginal.errors)}`);
            }
          }
        }),
        { numRuns: 200 },
      );
      // The property must not hold vacuously: most of these schemas adapt exactly.
      expect(exact / runs).toBeGreaterThan(provider === 'ollama' ? 0.2 : provider === 'gemini' ? 0.3 : 0.5);
    });
  }
});
