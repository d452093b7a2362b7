// Migration section: the legacy tool-name upgrade over 10,000 saved references, as the pure
// rewrite (what start-up computes) and end to end (open the store, back up, write once).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateLegacyToolNames } from '../src/main/migrations/legacy-tool-names.js';
import { runMigrations } from '../src/main/migrations/index.js';
import { TOOL_NAME_PATTERN } from '../src/main/naming.js';
import { ConfigStore } from '../src/main/config/store.js';
import type { AppConfig } from '../src/types/config.js';
import type { MigrationReport } from '../src/types/migration.js';
import { RESERVED } from './naming-input.js';
import type { BenchSection, SectionContext, SectionResult } from './section.js';
import { median, medianMs, round, seededRandom } from './stats.js';

const REFS = 10_000;
const SERVERS = 50;
const MODELS = 20;
const TOOLS_PER_SERVER = 200;
/** As in the naming section: a share of every server's tools comes from a common pool. */
const SHARED_FRACTION = 0.3;
const POOL = 200;
const UNKNOWN_EVERY = 100;
const SEED = 0x1e9ac7;
const TARGET_MS = 100;

/** Every 7th name needs sanitizing, as `unity/health` did. */
function toolName(stem: string, i: number): string {
  return i % 7 === 0 ? `${stem}/op.${i}` : `${stem}_op_${i}`;
}

/**
 * A legacy config: 50 servers of 200 tools, 10,000 `X___ssss` references (every (server, tool)
 * once, 1 in 100 pointing at a removed server) over 20 models, prompt and realtime. Round-tripped
 * through JSON, because the migration always gets the config as parsed from config.json.
 */
function legacyInput(): AppConfig {
  const random = seededRandom(SEED);
  const shared = Math.round(TOOLS_PER_SERVER * SHARED_FRACTION);
  const servers = Array.from({ length: SERVERS }, (_, s) => {
    const uuid = `00000000-0000-4000-8000-0000000${(0x10000 + s * 97).toString(16)}`;
    const tools = new Set<string>();
    while (tools.size < shared) tools.add(toolName('common', Math.floor(random() * POOL)));
    for (let i = 0; tools.size < TOOLS_PER_SERVER; i++) tools.add(toolName(`s${s}`, i));
    return { uuid, suffix: uuid.slice(-4), tools: [...tools] };
  });
  const refs = Array.from({ length: REFS }, (_, r) => {
    if (r % UNKNOWN_EVERY === 0) return `removed_${r}___zz${String(r % 97).padStart(2, '0')}`;
    const server = servers[r % SERVERS]!;
    return `${server.tools[Math.floor(r / SERVERS) % TOOLS_PER_SERVER]}___${server.suffix}`;
  });
  const perModel = REFS / (MODELS + 2);
  const slice = (i: number): string[] => refs.slice(Math.round(i * perModel), Math.round((i + 1) * perModel));
  const config: AppConfig = {
    mcp: { servers: servers.map((s, i) => ({ uuid: s.uuid, label: `Server ${i}`, state: 'enabled', type: 'stdio', command: 'node' })) },
    llm: { defaults: Array.from({ length: MODELS }, (_, i) => ({ engine: 'bench', model: `m${i}`, tools: slice(i) })) },
    prompt: { tools: slice(MODELS) },
    realtime: { tools: slice(MODELS + 1) },
  };
  return JSON.parse(JSON.stringify(config)) as AppConfig;
}

/** A fast wrong answer is no result: every reference accounted for, every new name valid and owned. */
function assertValid(config: AppConfig, report: MigrationReport): void {
  const fail = (why: string): never => {
    throw new Error(`migration sanity check failed: ${why}`);
  };
  const { rewritten, dropped, merged } = report.counts;
  if (rewritten + dropped !== REFS) fail(`${rewritten} rewritten + ${dropped} dropped of ${REFS}`);
  if (dropped !== REFS / UNKNOWN_EVERY) fail(`${dropped} dropped`);
  if (merged !== 0) fail(`${merged} merged`);
  const owner = new Map<string, string>();
  for (const server of config.mcp.servers) {
    for (const [original, exposed] of Object.entries(server.toolMappings ?? {})) {
      if (owner.has(exposed)) fail(`${exposed} given twice`);
      owner.set(exposed, `${server.uuid} ${original}`);
    }
  }
  for (const r of report.rewrites) {
    if (!TOOL_NAME_PATTERN.test(r.to)) fail(`invalid name ${r.to}`);
    const base = r.from.slice(0, -7);
    if (owner.get(r.to) !== `${r.serverUuid} ${base}`) fail(`${r.from} → ${r.to} is owned by ${owner.get(r.to)}`);
  }
}

/** runMigrations on a fresh copy of the legacy file: open, back up, one write. */
function endToEndMs(config: AppConfig, runs: number): number {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-migration-'));
  try {
    const times = Array.from({ length: runs }, (_, i) => {
      const dir = path.join(root, String(i));
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config, null, '\t'));
      const start = performance.now();
      const report = runMigrations(ConfigStore.open({ userDataDir: dir }), { reserved: RESERVED });
      const ms = performance.now() - start;
      if (report?.counts.rewritten !== REFS - REFS / UNKNOWN_EVERY) throw new Error('end-to-end migration did not run');
      return ms;
    });
    return median(times);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function run(ctx: SectionContext): Promise<SectionResult> {
  const config = legacyInput();
  const migrate = (): ReturnType<typeof migrateLegacyToolNames> => migrateLegacyToolNames(config, { reserved: RESERVED });
  const result = migrate();
  if (!result) throw new Error('migration sanity check failed: nothing to migrate');
  assertValid(result.config, result.report);

  ctx.log(`migration: timing ${REFS} references over ${SERVERS} servers`);
  const ms = medianMs(migrate, { warmup: 3, runs: 9, gc: ctx.gc });
  ctx.log('migration: end to end (open, back up, write)');
  const fullMs = endToEndMs(config, 5);
  const targets = { ms: ms < TARGET_MS };

  return {
    json: {
      refs: REFS,
      servers: SERVERS,
      rewritten: result.report.counts.rewritten,
      dropped: result.report.counts.dropped,
      ms: round(ms),
      endToEndMs: round(fullMs),
      targets,
    },
    rows: [
      { metric: `migrate ${REFS} refs / ${SERVERS} servers (in memory)`, value: `${round(ms)} ms`, target: `< ${TARGET_MS} ms`, pass: targets.ms },
      { metric: 'end to end: open, back up, write once', value: `${round(fullMs)} ms` },
    ],
  };
}

export const migration: BenchSection = { name: 'migration', run };
