// The upgrade that records which saved tool names are user aliases (a server's `aliases`).
// Earlier versions did not store it: a name the rules would not give was taken for an alias.
// Since the rules now transliterate non-Latin names, that test would call every name given
// under the old rules (`搜索` → `tool_0b6efa3b`) an alias, so it is answered once, here, with
// the rules of the versions that gave those names, and stored. Pure: config in, config out.
import type { AppConfig } from '../../types/config.js';
import { TOOL_ALIASES_MIGRATION_ID } from '../../types/migration.js';
import type { AsciiFold } from '../naming.js';
import { ruleReasons } from '../naming.js';
import { foldMarks } from '../naming/transliterate.js';

/** How earlier versions folded non-ASCII names: compatibility decomposition, marks dropped. */
const legacyFold: AsciiFold = foldMarks;

/** Whether earlier versions showed `exposed` as the user's alias of `original`. */
export function wasLegacyAlias(original: string, exposed: string): boolean {
  return exposed !== original && ruleReasons(original, exposed, legacyFold) === null;
}

export interface AliasMigrationResult {
  /** The config with every server's aliases recorded and the migration in the ledger. */
  config: AppConfig;
  /** How many aliases were found (across servers). */
  aliases: number;
}

/**
 * Records, per server, the originals whose saved name earlier versions showed as an alias, next
 * to any aliases already recorded. Always returns a config with the ledger entry: once names are
 * given by today's rules, the old test must never run again. A name the opening repair just gave
 * (`renamedByRepair`) is today's rules', never an alias.
 */
export function recordToolAliases(config: AppConfig, renamedByRepair: (uuid: string, original: string) => boolean = () => false): AliasMigrationResult {
  let found = 0;
  const servers = config.mcp.servers.map((server) => {
    const aliases = new Set(server.aliases ?? []);
    const before = found;
    for (const [original, exposed] of Object.entries(server.toolMappings ?? {})) {
      if (!aliases.has(original) && !renamedByRepair(server.uuid, original) && wasLegacyAlias(original, exposed)) {
        aliases.add(original);
        found++;
      }
    }
    return found === before ? server : { ...server, aliases: [...aliases] };
  });
  return {
    config: {
      ...config,
      mcp: { ...config.mcp, servers },
      migrations: [...(config.migrations ?? []), TOOL_ALIASES_MIGRATION_ID],
    },
    aliases: found,
  };
}
