// The upgrade from `<name>___<last 4 chars of server uuid>` tool names (docs/design.md §4).
// Pure: takes a config, returns the migrated copy and a report, or null when there is nothing
// to migrate. Names come from the naming core itself, so a migrated name is exactly the name the
// manager will give that tool once its server connects.
import type { AppConfig, McpServer } from '../../types/config.js';
import type { MigrationAmbiguity, MigrationDrop, MigrationReport, MigrationRewrite } from '../../types/migration.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID } from '../../types/migration.js';
import { assignToolNames } from '../naming.js';
import type { ServerTools } from '../naming.js';
import { selectionsOf } from '../config/selections.js';

/** `X___ssss`, suffix `[A-Za-z0-9-]{4}`; parsed by `parseLegacyName` without a match array. */
export const LEGACY_NAME = /^(.+)___([A-Za-z0-9-]{4})$/s;
const SUFFIX_LENGTH = 4;
/** `___` plus the suffix. */
const TAIL_LENGTH = 3 + SUFFIX_LENGTH;
const UNDERSCORE = 0x5f;

export interface LegacyMigrationOptions {
  /** Names of the app's built-in tools: never rewritten, never given to an MCP tool. */
  reserved?: Iterable<string>;
  /** The report's timestamp; now when unset. */
  now?: Date;
}

export interface LegacyMigrationResult {
  config: AppConfig;
  /** Without `backupPath`: the caller takes the backup. */
  report: MigrationReport;
}

function isSuffixChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x2d;
}

/**
 * `LEGACY_NAME` by hand: start-up parses every saved name, and a regex match allocates an array
 * per name. The base is everything before the last `___ssss`, so `a___b___ab12` keeps `a___b`.
 */
export function parseLegacyName(name: string): { base: string; suffix: string } | null {
  const n = name.length;
  if (n <= TAIL_LENGTH) return null;
  for (let i = n - TAIL_LENGTH; i < n - SUFFIX_LENGTH; i++) if (name.charCodeAt(i) !== UNDERSCORE) return null;
  for (let i = n - SUFFIX_LENGTH; i < n; i++) if (!isSuffixChar(name.charCodeAt(i))) return null;
  return { base: name.slice(0, n - TAIL_LENGTH), suffix: name.slice(n - SUFFIX_LENGTH) };
}

/** One tool of one server that saved names point at; shared by every reference to it. */
interface Target {
  kind: 'rewrite';
  server: McpServer;
  base: string;
  /** Several servers' ids end in this suffix; the first in config order was taken. */
  ambiguous: boolean;
  /** Filled in once the naming core has run. */
  exposed: string;
}

interface Drop {
  kind: 'drop';
  reason: string;
}

/** What one saved name turns into; null: left as it is. */
type Resolution = Target | Drop | null;

class Resolver {
  readonly #reserved: ReadonlySet<string>;
  /** Names some server is already known by: current names, not legacy ones, whatever they look like. */
  readonly #current = new Set<string>();
  readonly #bySuffix = new Map<string, McpServer[]>();
  readonly #drops = new Map<string, Drop>();
  /** Per server uuid: base → target, in first-seen order (the order the bases are named in). */
  readonly targets = new Map<string, Map<string, Target>>();
  readonly ambiguous = new Map<string, MigrationAmbiguity>();

  constructor(servers: readonly McpServer[], reserved: Iterable<string>) {
    this.#reserved = new Set(reserved);
    for (const server of servers) {
      for (const exposed of Object.values(server.toolMappings ?? {})) this.#current.add(exposed);
      const suffix = server.uuid.slice(-SUFFIX_LENGTH);
      const list = this.#bySuffix.get(suffix);
      if (list) list.push(server);
      else this.#bySuffix.set(suffix, [server]);
    }
  }

  resolve(name: string): Resolution {
    if (this.#reserved.has(name) || this.#current.has(name)) return null;
    const legacy = parseLegacyName(name);
    if (!legacy) return null;
    const servers = this.#bySuffix.get(legacy.suffix);
    if (!servers) return this.#drop(legacy.suffix);
    const server = servers[0]!;
    if (servers.length > 1 && !this.ambiguous.has(legacy.suffix)) {
      this.ambiguous.set(legacy.suffix, { suffix: legacy.suffix, servers: servers.map((s) => s.label), chosen: server.label });
    }
    let targets = this.targets.get(server.uuid);
    if (!targets) this.targets.set(server.uuid, (targets = new Map()));
    let target = targets.get(legacy.base);
    if (!target) {
      target = { kind: 'rewrite', server, base: legacy.base, ambiguous: servers.length > 1, exposed: '' };
      targets.set(legacy.base, target);
    }
    return target;
  }

  #drop(suffix: string): Drop {
    let drop = this.#drops.get(suffix);
    if (!drop) {
      drop = { kind: 'drop', reason: `no configured server has an id ending in "${suffix}" (the server was removed)` };
      this.#drops.set(suffix, drop);
    }
    return drop;
  }
}

/**
 * A copy whose servers, model entries and selection holders are new objects, so mappings and
 * selections can be replaced without touching the input. Everything else (unchanged tool lists,
 * args, env) is shared rather than deep-cloned: 10,000 saved names are copied only once, when
 * they are rewritten. Neither object is mutated afterwards.
 */
function copyForRewrite(config: AppConfig): AppConfig {
  return {
    ...config,
    mcp: { ...config.mcp, servers: config.mcp.servers.map((server) => ({ ...server })) },
    llm: { ...config.llm, defaults: config.llm.defaults.map((entry) => ({ ...entry })) },
    prompt: { ...config.prompt },
    realtime: { ...config.realtime },
  };
}

export function migrateLegacyToolNames(
  config: AppConfig,
  options: LegacyMigrationOptions = {},
): LegacyMigrationResult | null {
  const reserved = [...(options.reserved ?? [])];
  const resolver = new Resolver(config.mcp.servers, reserved);
  // Per selection (by position in selectionsOf order, the same for the config and its copy):
  // what each name resolves to, kept only for selections the migration changes.
  const plans = new Map<number, Resolution[]>();
  selectionsOf(config).forEach((ref, i) => {
    const tools = ref.get();
    if (tools === null) return;
    const plan = tools.map((name) => resolver.resolve(name));
    if (plan.some((resolution) => resolution !== null)) plans.set(i, plan);
  });
  if (plans.size === 0) return null;

  // Every server with its persisted names, plus the legacy bases as tools: the core's first pass
  // keeps names already owned, and the rest follow config order, so when two servers' `read_file`
  // were saved the first keeps `read_file` and the other gets `read_file_1`.
  const input: ServerTools[] = config.mcp.servers.map((server) => ({
    uuid: server.uuid,
    tools: [...(resolver.targets.get(server.uuid)?.keys() ?? [])],
    mappings: server.toolMappings,
  }));
  for (const a of assignToolNames(input, { reserved })) {
    const target = resolver.targets.get(a.uuid)?.get(a.original);
    if (target) target.exposed = a.exposed;
  }

  const next = copyForRewrite(config);
  // The new names are owned from now on, even while the server is offline.
  for (const server of next.mcp.servers) {
    const targets = resolver.targets.get(server.uuid);
    if (!targets) continue;
    const mappings = new Map(Object.entries(server.toolMappings ?? {}));
    for (const target of targets.values()) mappings.set(target.base, target.exposed);
    server.toolMappings = Object.fromEntries(mappings);
  }

  const rewrites: MigrationRewrite[] = [];
  const drops: MigrationDrop[] = [];
  let ambiguousRefs = 0;
  let merged = 0;
  selectionsOf(next).forEach((ref, i) => {
    const plan = plans.get(i);
    const tools = ref.get();
    if (!plan || !tools) return;
    const kept = new Set<string>();
    let dropped = 0;
    tools.forEach((name, at) => {
      const resolution = plan[at]!;
      if (resolution === null) {
        kept.add(name);
      } else if (resolution.kind === 'drop') {
        drops.push({ where: ref.where, name, reason: resolution.reason });
        dropped++;
      } else {
        const { server, exposed } = resolution;
        rewrites.push({ where: ref.where, from: name, to: exposed, server: server.label, serverUuid: server.uuid });
        if (resolution.ambiguous) ambiguousRefs++;
        kept.add(exposed);
      }
    });
    merged += tools.length - dropped - kept.size;
    ref.set([...kept]);
  });

  const report: MigrationReport = {
    id: LEGACY_TOOL_SUFFIX_MIGRATION_ID,
    at: (options.now ?? new Date()).toISOString(),
    counts: {
      rewritten: rewrites.length,
      dropped: drops.length,
      ambiguous: ambiguousRefs,
      merged,
      selections: plans.size,
    },
    rewrites,
    drops,
    ambiguous: [...resolver.ambiguous.values()],
    shown: false,
  };
  return { config: next, report };
}
