// Property tests for the tool-naming core (DESIGN.md section 2): validity, uniqueness, exact
// reverse lookup, stability when fed back, and independence from server and tool order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TOOL_NAME_LENGTH,
  TOOL_NAME_PATTERN,
  assignToolNames,
  checkAlias,
  explainName,
  isValidToolName,
  sanitizeToolName,
  toMappings,
  type NameAssignment,
  type ServerTools,
} from '../../src/main/naming.js';
import { transliterateName } from '../../src/main/naming/transliterate.js';

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

const toolName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: realisticName, weight: 5 },
  { arbitrary: collidingName, weight: 3 },
  { arbitrary: longName, weight: 2 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 8 }), weight: 1 },
);

const serversArb: fc.Arbitrary<ServerTools[]> = fc.uniqueArray(
  fc.record({ uuid: fc.uuid(), tools: fc.array(toolName, { maxLength: 8 }) }),
  { selector: (s) => s.uuid, maxLength: 5 },
);

const reservedArb: fc.Arbitrary<string[]> = fc.array(
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

const garbageServersArb: fc.Arbitrary<ServerTools[]> = serversArb.chain((servers) =>
  fc.tuple(...servers.map((s) => garbageMappingsFor(s.tools))).map((all) =>
    servers.map((s, i) => ({ ...s, mappings: all[i] as Readonly<Record<string, string>> })),
  ),
);

function permutationOf<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}

// ---------------------------------------------------------------------------------------------
// Helpers

const pairKey = (uuid: string, original: string): string => JSON.stringify([uuid, original]);

/** (uuid, original) → exposed, failing on a repeated pair. */
function exposedByPair(result: readonly NameAssignment[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const a of result) {
    const key = pairKey(a.uuid, a.original);
    expect(map.has(key)).toBe(false);
    map.set(key, a.exposed);
  }
  return map;
}

/** Each server with its own assignments fed back as persisted mappings. */
function withPersisted(servers: readonly ServerTools[], result: readonly NameAssignment[]): ServerTools[] {
  return servers.map((s) => ({ ...s, mappings: toMappings(result.filter((a) => a.uuid === s.uuid)) }));
}

/** The invariants every output must satisfy, whatever the input. */
function expectWellFormed(result: readonly NameAssignment[], reserved: readonly string[]): void {
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
function expectedKept(servers: readonly ServerTools[], reserved: readonly string[]): Map<string, string> {
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

// ---------------------------------------------------------------------------------------------
// Properties

describe('sanitizeToolName (properties)', () => {
  it('always gives a valid name, keeps valid names, and is idempotent', () => {
    fc.assert(
      fc.property(toolName, (original) => {
        const name = sanitizeToolName(original);
        expect(name).toMatch(TOOL_NAME_PATTERN);
        expect(sanitizeToolName(name)).toBe(name);
        expect(sanitizeToolName(original)).toBe(name);
        if (isValidToolName(original)) expect(name).toBe(original);
        const reasons = explainName(original, name);
        expect(reasons.length === 0).toBe(name === original);
        for (const reason of reasons) expect(['sanitized', 'truncated']).toContain(reason);
      }),
      { numRuns: 2000 },
    );
  });
});

/**
 * Rules 2–3 written the plain way, with regexes over code points, as DESIGN.md states them: the
 * core does the same in one char-code loop, and this holds the two equal. Transliteration (the
 * library's part) is the core's own `transliterateName`, applied where a non-ASCII character is.
 */
function sanitizeByTheRules(original: string): string {
  if (TOOL_NAME_PATTERN.test(original)) return original;
  // eslint-disable-next-line no-control-regex
  const folded = /[^\u0000-\u007f]/.test(original) ? transliterateName(original) : original;
  let name = folded.replace(/[^a-zA-Z0-9_-]/gu, '_');
  if (!/[a-zA-Z0-9]/.test(name)) {
    let hash = 0x811c9dc5; // FNV-1a over UTF-16 code units: the stable short hash of rule 2
    for (let i = 0; i < original.length; i++) hash = Math.imul(hash ^ original.charCodeAt(i), 0x01000193);
    name = `tool_${(hash >>> 0).toString(16).padStart(8, '0')}`;
  } else if (!/^[a-zA-Z_]/.test(name)) name = `_${name}`;
  return name.slice(0, MAX_TOOL_NAME_LENGTH);
}

describe('sanitizeToolName (against the rules)', () => {
  // Lone and paired surrogates, marks, wide and control characters: where a hand loop over
  // UTF-16 could split a code point or miss a character.
  const tricky = fc.string({
    unit: fc.oneof(
      fc.constantFrom('\ud83d', '\ude00', '😀', '\u0301', 'é', 'ﬁ', '①', '日', '\u0000', '\u007f', '\u00a0', '-', '_', '/', '9'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.constantFrom('a', 'Z', 'm'),
    ),
    maxLength: 80,
  });

  it('matches rules 2–3 written with regexes, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, toolName), (original) => {
        expect(sanitizeToolName(original)).toBe(sanitizeByTheRules(original));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('assignToolNames (properties)', () => {
  it('gives valid, unique, non-reserved names and an exact bijection to (uuid, original)', () => {
    fc.assert(
      fc.property(serversArb, reservedArb, (servers, reserved) => {
        const result = assignToolNames(servers, { reserved });
        expectWellFormed(result, reserved);

        // Every distinct original of every server, once, in config then list order.
        const expectedPairs = servers.flatMap((s) => [...new Set(s.tools)].map((t) => [s.uuid, t]));
        expect(result.map((a) => [a.uuid, a.original])).toEqual(expectedPairs);

        // Reverse lookup: exposed → exactly one (uuid, original).
        const byExposed = new Map(result.map((a) => [a.exposed, pairKey(a.uuid, a.original)]));
        expect(byExposed.size).toBe(result.length);
        expect(exposedByPair(result).size).toBe(result.length);

        // Without persisted mappings nothing is an alias.
        for (const a of result) expect(a.reasons).not.toContain('alias');
      }),
      { numRuns: 600 },
    );
  });

  it('keeps a valid, non-reserved original as is on the first server listing it', () => {
    fc.assert(
      fc.property(serversArb, reservedArb, (servers, reserved) => {
        const result = assignToolNames(servers, { reserved });
        const byPair = exposedByPair(result);
        const reservedSet = new Set(reserved);
        const claimed = new Set<string>();
        for (const s of servers) {
          for (const t of s.tools) {
            if (!isValidToolName(t) || reservedSet.has(t) || claimed.has(t)) continue;
            claimed.add(t);
            expect(byPair.get(pairKey(s.uuid, t))).toBe(t);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps every name as is when all originals are valid, distinct and free', () => {
    const validName = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(validName, { maxLength: 20 }),
        fc.integer({ min: 1, max: 4 }),
        (names, serverCount) => {
          const servers: ServerTools[] = Array.from({ length: serverCount }, (_, i) => ({
            uuid: `server-${i}`,
            tools: names.filter((_, j) => j % serverCount === i),
          }));
          const result = assignToolNames(servers);
          expect(result.map((a) => [a.original, a.exposed, a.reasons])).toEqual(
            servers.flatMap((s) => s.tools.map((t) => [t, t, []])),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives identical output when its output is fed back as persisted mappings', () => {
    fc.assert(
      fc.property(serversArb, reservedArb, (servers, reserved) => {
        const first = assignToolNames(servers, { reserved });
        const second = assignToolNames(withPersisted(servers, first), { reserved });
        expect(second).toEqual(first);
      }),
      { numRuns: 500 },
    );
  });

  it('with persisted mappings, does not depend on the order of servers or of their tools', () => {
    const scenario = fc.tuple(serversArb, reservedArb).chain(([servers, reserved]) =>
      fc.record({
        servers: fc.constant(servers),
        reserved: fc.constant(reserved),
        serverOrder: permutationOf(servers.map((_, i) => i)),
        toolOrders: fc.tuple(...servers.map((s) => permutationOf(s.tools))),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ servers, reserved, serverOrder, toolOrders }) => {
        const first = assignToolNames(servers, { reserved });
        const persisted = withPersisted(servers, first);
        const shuffled = serverOrder.map((i) => ({ ...persisted[i]!, tools: toolOrders[i]! }));
        const again = assignToolNames(shuffled, { reserved });
        expect(new Map([...exposedByPair(again)].sort())).toEqual(new Map([...exposedByPair(first)].sort()));
        expectWellFormed(again, reserved);
      }),
      { numRuns: 500 },
    );
  });

  it('with persisted mappings, adding or removing a server never changes the names of the others', () => {
    const scenario = fc
      .tuple(serversArb, reservedArb, fc.uuid(), fc.array(toolName, { maxLength: 8 }))
      .filter(([servers, , uuid]) => servers.every((s) => s.uuid !== uuid))
      .chain(([servers, reserved, uuid, tools]) =>
        fc.record({
          servers: fc.constant(servers),
          reserved: fc.constant(reserved),
          added: fc.constant<ServerTools>({ uuid, tools }),
          at: fc.integer({ min: 0, max: servers.length }),
          removed: fc.integer({ min: 0, max: Math.max(0, servers.length - 1) }),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ servers, reserved, added, at, removed }) => {
        const first = assignToolNames(servers, { reserved });
        const before = exposedByPair(first);
        const persisted = withPersisted(servers, first);

        // Added anywhere in config order, connected or offline (no tools listed), the newcomer
        // takes nothing already held.
        for (const others of [persisted, persisted.map((s) => ({ ...s, tools: [] }))]) {
          const withNew = [...others.slice(0, at), added, ...others.slice(at)];
          const result = assignToolNames(withNew, { reserved });
          expectWellFormed(result, reserved);
          const after = exposedByPair(result);
          for (const [key, exposed] of before) expect(after.get(key)).toBe(exposed);
          expect(after.size).toBe(before.size + new Set(added.tools).size);
        }

        // Removed: the rest keep their names.
        if (servers.length > 0) {
          const gone = servers[removed]!.uuid;
          const result = assignToolNames(
            persisted.filter((s) => s.uuid !== gone),
            { reserved },
          );
          const after = exposedByPair(result);
          for (const a of first) {
            if (a.uuid === gone) continue;
            expect(after.get(pairKey(a.uuid, a.original))).toBe(a.exposed);
          }
          expect(result.some((a) => a.uuid === gone)).toBe(false);
        }
      }),
      { numRuns: 250 },
    );
  });

  it('with malformed persisted mappings, keeps exactly the usable ones, repairs the rest, and settles in one pass', () => {
    fc.assert(
      fc.property(garbageServersArb, reservedArb, (servers, reserved) => {
        const result = assignToolNames(servers, { reserved });
        expectWellFormed(result, reserved);

        const kept = expectedKept(servers, reserved);
        const byPair = exposedByPair(result);
        for (const [key, exposed] of kept) expect(byPair.get(key)).toBe(exposed);

        // Covers every listed original, plus every kept mapping whose tool is not listed.
        const expectedPairs = servers.flatMap((s) => {
          const listed = [...new Set(s.tools)];
          const stale = [...kept.keys()]
            .map((k) => JSON.parse(k) as [string, string])
            .filter(([uuid, original]) => uuid === s.uuid && !listed.includes(original))
            .map(([, original]) => original);
          return [...listed, ...stale].map((t) => [s.uuid, t]);
        });
        expect(result.map((a) => [a.uuid, a.original])).toEqual(expectedPairs);

        // Only a kept persisted name can be an alias: repaired names follow the rules.
        for (const a of result) {
          if (!kept.has(pairKey(a.uuid, a.original))) expect(a.reasons).not.toContain('alias');
        }

        const second = assignToolNames(withPersisted(servers, result), { reserved });
        expect(second).toEqual(result);
      }),
      { numRuns: 600 },
    );
  });
});

describe('checkAlias (properties)', () => {
  it('accepts each tool\u2019s own name and refuses every other taken or reserved name', () => {
    fc.assert(
      fc.property(serversArb, reservedArb, toolName, (servers, reserved, candidate) => {
        const result = assignToolNames(servers, { reserved });
        const reservedSet = new Set(reserved);
        for (const a of result) {
          expect(checkAlias(a.exposed, a, result, reserved)).toBeNull();
        }
        for (const [i, a] of result.entries()) {
          const other = result[(i + 1) % result.length]!;
          if (other === a) continue;
          expect(checkAlias(other.exposed, a, result, reserved)).toBe(
            `"${other.exposed}" is already the name of tool "${other.original}".`,
          );
        }
        const target = result[0] ?? { uuid: 'none', original: 'none' };
        const verdict = checkAlias(candidate, target, result, reserved);
        const holder = result.find((a) => a.exposed === candidate);
        if (!isValidToolName(candidate)) expect(verdict).toMatch(/ cannot be empty| has characters model APIs refuse | must start with a letter | is too long \(\d+ characters, at most 64\)/);
        else if (reservedSet.has(candidate)) expect(verdict).toBe(`"${candidate}" is the name of a built-in tool.`);
        else if (holder && (holder.uuid !== target.uuid || holder.original !== target.original))
          expect(verdict).toBe(`"${candidate}" is already the name of tool "${holder.original}".`);
        else expect(verdict).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

describe('fast paths agree with the rules they stand for', () => {
  it('isValidToolName (a char-code loop) agrees with TOOL_NAME_PATTERN', () => {
    const near = fc.string({ unit: fc.constantFrom('a', 'Z', '_', '-', '0', '9', '@', '[', '`', '{', '/', ' ', 'é', 'İ'), maxLength: 70 });
    fc.assert(
      fc.property(fc.oneof(toolName, near, fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/)), (name) => {
        expect(isValidToolName(name)).toBe(TOOL_NAME_PATTERN.test(name));
      }),
      { numRuns: 3_000 },
    );
  });

  it('the ASCII path (no Unicode folding) sanitizes like the folding path', () => {
    // The same name with a combining accent goes through NFKD and mark removal, which drop the
    // accent again: both paths must then give the same name (the hash fallback aside, which
    // hashes the original and so differs by design).
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (name) => {
        fc.pre(/[a-zA-Z0-9]/.test(name));
        expect(sanitizeToolName(`${name}\u0301`)).toBe(sanitizeToolName(name));
      }),
      { numRuns: 2_000 },
    );
  });
});
