// The legacy tool-name migration (docs/design.md §4): the pure rewrite, then the store side
// (backup, one write, ledger, failures). Real connections are in migration.connect.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairConfig } from '../../src/main/config/repair.js';
import { LEGACY_NAME, migrateLegacyToolNames, parseLegacyName } from '../../src/main/migrations/legacy-tool-names.js';
import { selectionsOf } from '../../src/main/config/selections.js';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import { LEGACY_SERVERS, MIGRATED_SELECTIONS, RESERVED, bulkLegacyConfig, legacyConfig } from './migration-legacy.js';

function parsed(raw: unknown): AppConfig {
  const { config, warnings } = repairConfig(raw);
  expect(warnings).toEqual([]);
  return config;
}

function migrate(config: AppConfig, reserved: string[] = RESERVED) {
  const result = migrateLegacyToolNames(config, { reserved, now: new Date('2026-11-02T10:00:00Z') });
  if (!result) throw new Error('expected a migration');
  return result;
}

function server(config: AppConfig, uuid: string): McpServer {
  return config.mcp.servers.find((s) => s.uuid === uuid)!;
}

/** A config with servers ending in the given suffixes and one prompt selection. */
function small(suffixes: string[], prompt: string[] | null, mappings: Array<Record<string, string>> = []): AppConfig {
  return parsed({
    mcp: {
      servers: suffixes.map((suffix, i) => ({
        uuid: `server-${i}-${suffix}`,
        label: `S${i}`,
        type: 'stdio',
        command: 'node',
        ...(mappings[i] ? { toolMappings: mappings[i] } : {}),
      })),
    },
    llm: { defaults: [] },
    prompt: { tools: prompt },
    realtime: { tools: null },
  });
}

describe('migrateLegacyToolNames', () => {
  it('rewrites every saved selection to the names the naming rules give, first server keeping the bare name', () => {
    const { config, report } = migrate(parsed(legacyConfig()));
    expect(config.llm.defaults.map((m) => m.tools)).toEqual([MIGRATED_SELECTIONS['gpt-4o'], null, [], null]);
    expect(config.prompt.tools).toEqual(MIGRATED_SELECTIONS.prompt);
    expect(config.realtime.tools).toEqual(MIGRATED_SELECTIONS.realtime);
    const [home, work, unity] = LEGACY_SERVERS.map((s) => server(config, s.uuid).toolMappings);
    expect(home).toEqual({ read_file: 'read_file', write_file: 'write_file' });
    expect(work).toEqual({ read_file: 'read_file_1', list_dir: 'list_dir' });
    expect(unity).toEqual({ 'unity/health': 'unity_health', search: 'search_1', 'admin.tools.list': 'admin_tools_list' });
    expect(report.counts).toEqual({ rewritten: 9, dropped: 1, ambiguous: 0, merged: 0, selections: 3 });
    expect(report.drops).toEqual([{ where: 'prompt', name: 'gone___dd44', reason: expect.stringContaining('"dd44"') }]);
    expect(report.rewrites[0]).toEqual({
      where: 'gpt-4o (openai)', from: 'read_file___bb22', to: 'read_file_1', server: 'Files (work)', serverUuid: LEGACY_SERVERS[1].uuid,
    });
    expect(report).toMatchObject({ id: '2026-11-legacy-tool-suffixes', at: '2026-11-02T10:00:00.000Z', shown: false, ambiguous: [] });
  });

  it('does not touch its input', () => {
    const input = parsed(legacyConfig());
    const before = structuredClone(input);
    migrate(input);
    expect(input).toEqual(before);
  });

  it('returns null when there is nothing to migrate: bare names, built-ins, null and empty selections', () => {
    expect(migrateLegacyToolNames(small(['aa11'], ['read_file', 'search']), { reserved: RESERVED })).toBeNull();
    expect(migrateLegacyToolNames(small(['aa11'], null))).toBeNull();
    expect(migrateLegacyToolNames(small(['aa11'], []))).toBeNull();
    expect(migrateLegacyToolNames(parsed({}))).toBeNull();
  });

  it('leaves built-in names and names a server already owns alone, even when they look legacy', () => {
    const config = small(['aa11'], ['run___aa11', 'get___aa11', 'x___aa11'], [{ 'get___aa11': 'get___aa11' }]);
    const { config: next, report } = migrate(config, ['run___aa11']);
    expect(next.prompt.tools).toEqual(['run___aa11', 'get___aa11', 'x']);
    expect(report.rewrites.map((r) => r.from)).toEqual(['x___aa11']);
  });

  it('keeps names the servers already own and respects them when assigning', () => {
    // S1 already owns `read_file` (and S0 has an alias): ownership beats config order.
    const config = small(['aa11', 'bb22'], ['read_file___aa11', 'write_file___aa11', 'read_file___bb22'], [
      { write_file: 'save' },
      { read_file: 'read_file' },
    ]);
    const { config: next } = migrate(config);
    expect(next.prompt.tools).toEqual(['read_file_1', 'save', 'read_file']);
    expect(next.mcp.servers[0]!.toolMappings).toEqual({ write_file: 'save', read_file: 'read_file_1' });
    expect(next.mcp.servers[1]!.toolMappings).toEqual({ read_file: 'read_file' });
  });

  it('sanitizes, truncates and keeps odd bases as plain keys', () => {
    const long = `x${'y'.repeat(80)}`;
    const names = ['unity/health', 'café', '搜索', long, 'a___b', '__proto__', 'constructor'];
    const { config: next } = migrate(small(['aa11'], names.map((n) => `${n}___aa11`)));
    const tools = next.prompt.tools!;
    expect(tools.slice(0, 5)).toEqual(['unity_health', 'cafe', 'sou_suo', long.slice(0, 64), 'a___b']);
    expect(tools.slice(5)).toEqual(['__proto__', 'constructor']);
    const mappings = next.mcp.servers[0]!.toolMappings!;
    expect(Object.keys(mappings)).toEqual(names);
    expect(Object.hasOwn(mappings, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(mappings)).toBe(Object.prototype);
  });

  it('reports servers whose ids end alike as ambiguous and resolves to the first in config order', () => {
    const config = small(['ee55', 'ee55', 'ff66'], ['open___ee55', 'open___ff66', 'close___ee55']);
    const { config: next, report } = migrate(config);
    expect(next.prompt.tools).toEqual(['open', 'open_1', 'close']);
    expect(report.rewrites.map((r) => r.server)).toEqual(['S0', 'S2', 'S0']);
    expect(report.ambiguous).toEqual([{ suffix: 'ee55', servers: ['S0', 'S1'], chosen: 'S0' }]);
    expect(report.counts.ambiguous).toBe(2);
    expect(next.mcp.servers[1]!.toolMappings).toBeUndefined();
  });

  it('merges duplicates the rewrite creates inside one selection, keeping the first position', () => {
    const config = small(['aa11'], ['read_file', 'write_file___aa11', 'read_file___aa11', 'write_file___aa11'], [{ read_file: 'read_file' }]);
    const { config: next, report } = migrate(config);
    expect(next.prompt.tools).toEqual(['read_file', 'write_file']);
    expect(report.counts).toMatchObject({ rewritten: 3, merged: 2, selections: 1 });
  });

  it('a selection whose every reference is gone becomes empty, not "all tools"', () => {
    const { config: next, report } = migrate(small(['aa11'], ['old___zz99']));
    expect(next.prompt.tools).toEqual([]);
    expect(report.counts).toMatchObject({ rewritten: 0, dropped: 1, selections: 1 });
  });

  it('leaves selections without legacy names exactly as they were', () => {
    const raw = legacyConfig();
    (raw.llm as { defaults: unknown[] }).defaults.push({ engine: 'x', model: 'dup', tools: ['a', 'a'] });
    const { config: next } = migrate(parsed(raw));
    expect(next.llm.defaults.at(-1)!.tools).toEqual(['a', 'a']);
  });

  it('migrates 10,000 references and is idempotent on its own output', () => {
    const { config: raw, uuids } = bulkLegacyConfig(50, 10_000, () => ({ type: 'stdio', command: 'node' }));
    const input = parsed(raw);
    const { config: next, report } = migrate(input, []);
    expect(report.counts).toEqual({ rewritten: 10_000, dropped: 0, ambiguous: 0, merged: 0, selections: 20 });
    const all = selectionsOf(next).flatMap((ref) => ref.get() ?? []);
    expect(new Set(all).size).toBe(10_000);
    // Server 0 keeps the bare names, server k gets `_k`: config order, first free suffix.
    expect(next.mcp.servers[0]!.toolMappings!.t7).toBe('t7');
    expect(server(next, uuids[49]!).toolMappings!.t7).toBe('t7_49');
    expect(migrateLegacyToolNames(next)).toBeNull();
  });
});

describe('parseLegacyName', () => {
  it('agrees with LEGACY_NAME on any string', () => {
    const piece = fc.constantFrom('_', '___', 'a', 'Z', '9', '-', '/', '.', 'é', '搜', '\n', 'ab12', '');
    const name = fc.oneof(fc.string(), fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')));
    fc.assert(
      fc.property(name, (text) => {
        const match = LEGACY_NAME.exec(text);
        expect(parseLegacyName(text)).toEqual(match ? { base: match[1], suffix: match[2] } : null);
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps a base that holds `___` whole', () => {
    expect(parseLegacyName('a___b___ab12')).toEqual({ base: 'a___b', suffix: 'ab12' });
    expect(parseLegacyName('a____ab12')).toEqual({ base: 'a_', suffix: 'ab12' });
    expect(parseLegacyName('___ab12')).toBeNull();
  });
});
