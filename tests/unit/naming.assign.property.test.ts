// Property tests for the tool-naming core (docs/design.md §2): assigned names are valid, unique
// and an exact reverse lookup, stable when fed back, and independent of server and tool order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignToolNames,
  checkAlias,
  isValidToolName,
  type ServerTools,
} from '../../src/main/naming.js';
import { toolName, serversArb, reservedArb, garbageServersArb, permutationOf, pairKey, exposedByPair, withPersisted, expectWellFormed, expectedKept } from './helpers/naming-arbitraries.js';

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
