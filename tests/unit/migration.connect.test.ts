// After the migration and a real connection to fixture MCP servers, every migrated selection
// names a tool that exists and whose calls reach the server the user originally picked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mcp } from '../../src/main/mcp.js';
import { runMigrations } from '../../src/main/migrations/index.js';
import { selectionsOf } from '../../src/main/config/selections.js';
import { ConfigStore } from '../../src/main/config/store.js';
import type { MigrationReport } from '../../src/types/migration.js';
import { startFixture, startFixtureInProcess, type FixtureHandle, type InProcessFixture } from '../fixtures/launch.js';
import { answer, APPROVED, removeTempDirs, tempDir } from './helpers/mcp-env.js';
import { LEGACY_SERVERS, MIGRATED_SELECTIONS, RESERVED, bulkLegacyConfig, legacyConfig, legacyTarget, writeConfig } from './migration-legacy.js';

const quiet = (): void => undefined;

afterAll(removeTempDirs);

describe('legacy config, migrated, then connected to stdio fixtures', () => {
  const dir = tempDir('migration-test-');
  const fixtures: FixtureHandle[] = [];
  let mcp: Mcp;
  let store: ConfigStore;
  let report: MigrationReport;

  beforeAll(async () => {
    for (const server of LEGACY_SERVERS) {
      fixtures.push(await startFixture({ id: server.id, transport: 'stdio', tools: [...server.tools] }));
    }
    writeConfig(dir, legacyConfig((server) => {
      const fixture = fixtures[LEGACY_SERVERS.indexOf(server)]!;
      return { type: 'stdio', command: fixture.command, args: fixture.args };
    }));
    store = ConfigStore.open({ userDataDir: dir });
    report = runMigrations(store, { reserved: RESERVED })!;
    mcp = new Mcp({ store, reserved: RESERVED, log: quiet });
    await mcp.start();
  });
  afterAll(async () => {
    await mcp?.stop();
    for (const fixture of fixtures) await fixture.stop();
  });

  it('connects every server', () => {
    expect(mcp.getStatus().map((s) => [s.label, s.status])).toEqual(LEGACY_SERVERS.map((s) => [s.label, 'ready']));
  });

  it('every saved name is a built-in tool or an MCP tool that exists', () => {
    const names = selectionsOf(store.config).flatMap((ref) => ref.get() ?? []);
    expect(names).toEqual([...MIGRATED_SELECTIONS['gpt-4o'], ...MIGRATED_SELECTIONS.prompt, ...MIGRATED_SELECTIONS.realtime]);
    // Offered to models now, not merely saved: every server is connected and lists it.
    const offered = new Set(mcp.getLlmTools().map((tool) => tool.name));
    for (const name of names) expect(RESERVED.includes(name) || offered.has(name), name).toBe(true);
  });

  it('every rewritten name routes to the server and tool the user picked', async () => {
    expect(report.rewrites).toHaveLength(9);
    for (const rewrite of report.rewrites) {
      const target = legacyTarget(rewrite.from)!;
      expect(mcp.originalToolName(rewrite.to)).toEqual({ uuid: target.uuid, original: target.original });
      expect(answer(await mcp.callTool(rewrite.to, {}, APPROVED)), `${rewrite.from} → ${rewrite.to}`).toMatchObject({
        server: target.id,
        tool: target.original,
      });
    }
  });

  it('connecting keeps the names the migration gave', () => {
    for (const server of store.config.mcp.servers) {
      const before = report.rewrites.filter((r) => r.serverUuid === server.uuid);
      for (const r of before) expect(server.toolMappings?.[legacyTarget(r.from)!.original]).toBe(r.to);
    }
  });
});

describe('10,000 legacy references, migrated, then connected to 10 HTTP fixtures', () => {
  const SERVERS = 10;
  const REFS = 10_000;
  const dir = tempDir('migration-test-');
  const fixtures: InProcessFixture[] = [];
  let uuids: string[] = [];
  let mcp: Mcp;
  let store: ConfigStore;

  beforeAll(async () => {
    for (let i = 0; i < SERVERS; i++) {
      fixtures.push(await startFixtureInProcess({ id: `bulk-${i}`, transport: 'http', generateTools: { prefix: 't', count: REFS / SERVERS } }));
    }
    const bulk = bulkLegacyConfig(SERVERS, REFS, (i) => ({ type: 'http', url: fixtures[i]!.url }));
    uuids = bulk.uuids;
    writeConfig(dir, bulk.config);
    store = ConfigStore.open({ userDataDir: dir });
    expect(runMigrations(store)?.counts).toMatchObject({ rewritten: REFS, dropped: 0, merged: 0 });
    mcp = new Mcp({ store, log: quiet });
    await mcp.start();
  });
  afterAll(async () => {
    await mcp?.stop();
    for (const fixture of fixtures) await fixture.stop();
  });

  it('every migrated name exists on the server the user picked', () => {
    const report = store.config.migrationReport!;
    expect(report.rewrites).toHaveLength(REFS);
    for (const rewrite of report.rewrites) {
      const [, base, suffix] = /^(.+)___(.{4})$/.exec(rewrite.from)!;
      const owner = mcp.originalToolName(rewrite.to);
      if (!owner || owner.original !== base || !owner.uuid.endsWith(suffix!)) {
        expect.fail(`${rewrite.from} → ${rewrite.to} resolves to ${JSON.stringify(owner)}`);
      }
    }
  });

  it('calls reach the right server (every 50th reference)', async () => {
    const rewrites = store.config.migrationReport!.rewrites.filter((_, i) => i % 50 === 0);
    const answers = await Promise.all(rewrites.map(async (r) => answer(await mcp.callTool(r.to, {}, APPROVED))));
    rewrites.forEach((rewrite, i) => {
      const [, base, suffix] = /^(.+)___(.{4})$/.exec(rewrite.from)!;
      expect(answers[i]).toMatchObject({ server: `bulk-${uuids.findIndex((u) => u.endsWith(suffix!))}`, tool: base });
    });
  });
});
