// Arbitraries and checks shared by the naming property tests (fast-check).
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
  explainName,
  sanitizeToolName,
  toMappings,
  type NameAssignment,
  type ServerTools,
} from '../../../src/main/naming.js';

// ---------------------------------------------------------------------------------------------
// Arbitraries

const realisticName = fc.constantFrom(
  'read_file',
  'read_file_1',
  'read_file_2',
  'write_file',
  'search',
  'search_1',
  'Search',
  'SEARCH',
  'list',
  'unity/health',
  'unity/changes/apply',
  'server:tool',
  'admin.tools.list',
  'café',
  'cafe',
  'cafe_1',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '读取文件',
  '写入文件',
  '🔥',
  '🚀',
  '',
  ' ',
  '\t',
  '1password',
  '_1password',
  '-x',
  '0',
  '1',
  '10',
  'read file',
  'read.file',
  'read\u200Bfile',
  '\u202Eevil',
  'tool_811c9dc5',
  'tool_811c9dc5_1',
  'a'.repeat(63),
  'a'.repeat(64),
  'a'.repeat(65),
);

/** Names that all fold to `a_b` (or its suffixed forms), to force collisions. */
const collidingName = fc.constantFrom('a b', 'a.b', 'a/b', 'a:b', 'a_b', 'a_b_1', 'a_b_2', 'á b', 'a\u200Bb', 'a\u202Eb', 'A_B', 'a b_1');

/** Long names sharing a prefix, so that truncation and suffixing collide. */
const longName = fc.oneof(
  fc
    .tuple(fc.integer({ min: 58, max: 70 }), fc.string({ unit: fc.constantFrom('x', 'y', '.', '_', 'é', '1'), maxLength: 4 }))
    .map(([n, tail]) => 'x'.repeat(n) + tail),
  fc.string({ unit: fc.constantFrom('a', 'b', '_', '-', '.', ' '), minLength: 60, maxLength: 200 }),
);

export const toolName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: realisticName, weight: 5 },
  { arbitrary: collidingName, weight: 3 },
  { arbitrary: longName, weight: 2 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 8 }), weight: 1 },
);

export const serversArb: fc.Arbitrary<ServerTools[]> = fc.uniqueArray(
  fc.record({ uuid: fc.uuid(), tools: fc.array(toolName, { maxLength: 8 }) }),
  { selector: (s) => s.uuid, maxLength: 5 },
);

export const reservedArb: fc.Arbitrary<string[]> = fc.array(
  fc.oneof(fc.constantFrom('read_file', 'search', 'a_b', 'a_b_1', 'tool_811c9dc5', 'x'.repeat(64), 'cafe'), toolName),
  { maxLength: 4 },
);

/** Persisted mappings as a hand-edited or stale config.json may hold them. */
function garbageMappingsFor(tools: readonly string[]): fc.Arbitrary<unknown> {
  const key = tools.length > 0 ? fc.oneof(fc.constantFrom(...tools), toolName) : toolName;
  const value: fc.Arbitrary<unknown> = fc.oneof(
    { arbitrary: toolName.map(sanitizeToolName), weight: 4 },
    { arbitrary: fc.constantFrom('read_file', 'search', 'a_b', 'a_b_1', 'my_alias', 'bad name', 'a'.repeat(70), ''), weight: 3 },
    { arbitrary: toolName, weight: 1 },
    { arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.constant(['read_file'])), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fc.dictionary(key, value, { maxKeys: 6 }), weight: 8 },
    { arbitrary: fc.constantFrom<unknown>(['read_file', 'search'], 'read_file', null, undefined, 7), weight: 1 },
  );
}

export const garbageServersArb: fc.Arbitrary<ServerTools[]> = serversArb.chain((servers) =>
  fc.tuple(...servers.map((s) => garbageMappingsFor(s.tools))).map((all) =>
    servers.map((s, i) => ({ ...s, mappings: all[i] as Readonly<Record<string, string>> })),
  ),
);

export function permutationOf<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}

// ---------------------------------------------------------------------------------------------
// Helpers

export const pairKey = (uuid: string, original: string): string => JSON.stringify([uuid, original]);

/** (uuid, original) → exposed, failing on a repeated pair. */
export function exposedByPair(result: readonly NameAssignment[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const a of result) {
    const key = pairKey(a.uuid, a.original);
    expect(map.has(key)).toBe(false);
    map.set(key, a.exposed);
  }
  return map;
}

/** Each server with its own assignments fed back as persisted mappings. */
export function withPersisted(servers: readonly ServerTools[], result: readonly NameAssignment[]): ServerTools[] {
  return servers.map((s) => ({ ...s, mappings: toMappings(result.filter((a) => a.uuid === s.uuid)) }));
}

/** The invariants every output must satisfy, whatever the input. */
export function expectWellFormed(result: readonly NameAssignment[], reserved: readonly string[]): void {
  const reservedSet = new Set(reserved);
  const seen = new Set<string>();
  for (const a of result) {
    expect(a.exposed).toMatch(TOOL_NAME_PATTERN);
    expect(a.exposed.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
    expect(reservedSet.has(a.exposed)).toBe(false);
    expect(seen.has(a.exposed)).toBe(false);
    seen.add(a.exposed);
    expect(a.reasons).toEqual(explainName(a.original, a.exposed));
  }
}

/**
 * Independent model of the persisted pass: which (uuid, original) keep which persisted name.
 * Valid, not reserved, not claimed earlier in config order (own entries only).
 */
export function expectedKept(servers: readonly ServerTools[], reserved: readonly string[]): Map<string, string> {
  const taken = new Set(reserved);
  const kept = new Map<string, string>();
  for (const s of servers) {
    const m: unknown = s.mappings;
    if (m === null || typeof m !== 'object' || Array.isArray(m)) continue;
    for (const original of Object.keys(m)) {
      const exposed: unknown = Object.getOwnPropertyDescriptor(m, original)?.value;
      if (typeof exposed !== 'string' || !TOOL_NAME_PATTERN.test(exposed) || taken.has(exposed)) continue;
      taken.add(exposed);
      kept.set(pairKey(s.uuid, original), exposed);
    }
  }
  return kept;
}
