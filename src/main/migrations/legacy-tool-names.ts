// The upgrade from `<name>___<last 4 chars of server uuid>` tool names (DESIGN.md section 4).
// Pure: takes a config, returns the migrated copy and a report, or null when there is nothing
// to migrate. Names come from the naming core itself, so a migrated name is exactly the name the
// manager will give that tool once its server connects.
import type { AppConfig, McpServer } from '../../types/config.js';
import type { MigrationAmbiguity, MigrationDrop, MigrationReport, MigrationRewrite } from '../../types/migration.js';
import { LEGACY_TOOL_SUFFIX_MIGRATION_ID } from '../../types/migration.js';
import { assignToolNames } from '../naming.js';
import type { ServerTools } from '../naming.js';
import { selectionsOf } from '../selections.js';

/** `X___ssss`: greedy, so a base that itself holds `___` (`a___b___ab12`) stays whole. */
const LEGACY_NAME = /^(.+)___([A-Za-z0-9-]{4})$/s;
const SUFFIX_LENGTH = 4;

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

/** What one saved name turns into; computed once per distinct name. */
type Resolution =
  | { kind: 'keep' }
  | { kind: 'drop'; reason: string }
  | { kind: 'rewrite'; server: McpServer; base: string; ambiguous: boolean };

const KEEP: Resolution = { kind: 'keep' };

class Resolver {
  readonly #reserved: ReadonlySet<string>;
  /** Names some server is already known by: current names, not legacy ones, whatever they look like. */
  readonly #current = new Set<string>();
  readonly #bySuffix = new Map<string, McpServer[]>();
  readonly #cache = new Map<string, Resolution>();
  /** Per server uuid: the legacy bases referenced, in first-seen order. */
  readonly bases = new Map<string, Set<string>>();
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
    let resolution = this.#cache.get(name);
    if (!resolution) {
      resolution = this.#resolve(name);
      this.#cache.set(name, resolution);
    }
    return resolution;
  }

  #resolve(name: string): Resolution {
    if (this.#reserved.has(name) || this.#current.has(name)) return KEEP;
    const match = LEGACY_NAME.exec(name);
    if (!match) return KEEP;
    const base = match[1]!;
    const suffix = match[2]!;
    const servers = this.#bySuffix.get(suffix);
    if (!servers) {
      return { kind: 'drop', reason: `no configured server has an id ending in "${suffix}" (the server was removed)` };
    }
    const server = servers[0]!;
    if (servers.length > 1 && !this.ambiguous.has(suffix)) {
      this.ambiguous.set(suffix, { suffix, servers: servers.map((s) => s.label), chosen: server.label });
    }
    let bases = this.bases.get(server.uuid);
    if (!bases) this.bases.set(server.uuid, (bases = new Set()));
    bases.add(base);
    return { kind: 'rewrite', server, base, ambiguous: servers.length > 1 };
  }
}

/** True when a selection holds a name the migration changes; untouched selections stay as they are. */
function touches(tools: readonly string[], resolver: Resolver): boolean {
  return tools.some((name) => resolver.resolve(name).kind !== 'keep');
}

export function migrateLegacyToolNames(
  config: AppConfig,
  options: LegacyMigrationOptions = {},
): LegacyMigrationResult | null {
  const reserved = [...(options.reserved ?? [])];
  const resolver = new Resolver(config.mcp.servers, reserved);
  // Positions in selectionsOf order, which is the same for the config and its clone.
  const pending = new Set<number>();
  selectionsOf(config).forEach((ref, i) => {
    const tools = ref.get();
    if (tools !== null && touches(tools, resolver)) pending.add(i);
  });
  if (pending.size === 0) return null;

  // Every server with its persisted names, plus the legacy bases as tools: the core's first pass
  // keeps names already owned, and the rest follow config order, so when two servers' `read_file`
  // were saved the first keeps `read_file` and the other gets `read_file_1`.
  const input: ServerTools[] = config.mcp.servers.map((server) => ({
    uuid: server.uuid,
    tools: [...(resolver.bases.get(server.uuid) ?? [])],
    mappings: server.toolMappings,
  }));
  const names = new Map<string, Map<string, string>>();
  for (const a of assignToolNames(input, { reserved })) {
    let perServer = names.get(a.uuid);
    if (!perServer) names.set(a.uuid, (perServer = new Map()));
    perServer.set(a.original, a.exposed);
  }
  const exposedOf = (uuid: string, base: string): string => names.get(uuid)!.get(base)!;

  const next = structuredClone(config);
  // The new names are owned from now on, even while the server is offline.
  for (const server of next.mcp.servers) {
    const bases = resolver.bases.get(server.uuid);
    if (!bases) continue;
    const mappings = new Map(Object.entries(server.toolMappings ?? {}));
    for (const base of bases) mappings.set(base, exposedOf(server.uuid, base));
    server.toolMappings = Object.fromEntries(mappings);
  }

  const rewrites: MigrationRewrite[] = [];
  const drops: MigrationDrop[] = [];
  let ambiguousRefs = 0;
  let merged = 0;
  let changedSelections = 0;
  selectionsOf(next).forEach((ref, i) => {
    const tools = ref.get();
    if (tools === null || !pending.has(i)) return;
    const kept = new Set<string>();
    let dropped = 0;
    for (const name of tools) {
      const resolution = resolver.resolve(name);
      if (resolution.kind === 'keep') {
        kept.add(name);
      } else if (resolution.kind === 'drop') {
        drops.push({ where: ref.where, name, reason: resolution.reason });
        dropped++;
      } else {
        const to = exposedOf(resolution.server.uuid, resolution.base);
        rewrites.push({ where: ref.where, from: name, to, server: resolution.server.label, serverUuid: resolution.server.uuid });
        if (resolution.ambiguous) ambiguousRefs++;
        kept.add(to);
      }
    }
    merged += tools.length - dropped - kept.size;
    ref.set([...kept]);
    changedSelections++;
  });

  const report: MigrationReport = {
    id: LEGACY_TOOL_SUFFIX_MIGRATION_ID,
    at: (options.now ?? new Date()).toISOString(),
    counts: {
      rewritten: rewrites.length,
      dropped: drops.length,
      ambiguous: ambiguousRefs,
      merged,
      selections: changedSelections,
    },
    rewrites,
    drops,
    ambiguous: [...resolver.ambiguous.values()],
    shown: false,
  };
  return { config: next, report };
}
