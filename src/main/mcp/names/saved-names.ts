// What the manager saves of the naming core's answer: each server's `toolMappings` (original →
// exposed, one entry per known tool) and `aliases` (the originals whose name the user chose).
// Pure helpers over the config, so the manager only decides when to save.
import type { McpServer } from '../../../types/config.js';
import type { NameAssignment } from '../../naming.js';
import { toMappings } from '../../naming.js';

/** The assignments of one naming run, per server uuid. */
export function byServer(assignments: readonly NameAssignment[]): Map<string, NameAssignment[]> {
  const result = new Map<string, NameAssignment[]>();
  for (const a of assignments) {
    const list = result.get(a.uuid);
    if (list) list.push(a);
    else result.set(a.uuid, [a]);
  }
  return result;
}

/**
 * The server's recorded aliases that its assignments still carry: an alias that was repaired
 * (invalid, taken) or reset no longer is one. A name only shown as an alias (a hand-edited
 * mapping) is not recorded.
 */
function keptAliases(server: McpServer, assignments: readonly NameAssignment[]): string[] {
  if (!server.aliases?.length) return [];
  const recorded = new Set(server.aliases);
  return assignments.filter((a) => recorded.has(a.original) && a.reasons.includes('alias')).map((a) => a.original);
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === b.length && b.every((name) => set.has(name));
}

/**
 * Whether the saved names of `server` differ from `next`. Tells `log` about every saved name that
 * was dropped: walking the saved names, not the new ones, because a saved name that is invalid or
 * taken is not kept by the core at all while its server has not listed the tool (always so at
 * start), and the user must still hear of it.
 */
export function savedNamesDiffer(server: McpServer, next: readonly NameAssignment[], log: (message: string) => void): boolean {
  const persisted = server.toolMappings ?? {};
  const now = new Map(next.map((a) => [a.original, a.exposed]));
  for (const [original, before] of Object.entries(persisted)) {
    const exposed = now.get(original);
    if (exposed === before) continue;
    log(`${server.label}: saved name "${before}" of tool "${original}" was invalid or taken; ${exposed === undefined ? 'the tool gets a new name when the server lists it' : `it is now "${exposed}"`}.`);
  }
  return !sameNames(persisted, next) || !sameMembers(server.aliases ?? [], keptAliases(server, next));
}

/** Whether saved mappings (original → exposed) hold exactly the names of `next`. */
export function sameNames(saved: Readonly<Record<string, string>>, next: readonly NameAssignment[]): boolean {
  return next.length === Object.keys(saved).length && next.every((a) => Object.hasOwn(saved, a.original) && saved[a.original] === a.exposed);
}

/** Writes `next` into the (draft) server: its mappings, and the aliases it still carries. */
export function saveNames(server: McpServer, next: readonly NameAssignment[]): void {
  server.toolMappings = toMappings(next);
  setAliases(server, keptAliases(server, next));
}

/** Persists a server's aliases; no key at all when it has none. */
export function setAliases(server: McpServer, aliases: readonly string[]): void {
  if (aliases.length > 0) server.aliases = [...aliases];
  else delete server.aliases;
}

/** A server's mappings and alias ledger with `original` pinned to `alias` (null: unpinned). */
export function pinAlias(server: McpServer, original: string, alias: string | null): { mappings: Record<string, string>; aliases: string[] } {
  const mappings = new Map(Object.entries(server.toolMappings ?? {}));
  const aliases = new Set(server.aliases ?? []);
  if (alias === null) {
    mappings.delete(original);
    aliases.delete(original);
  } else {
    mappings.set(original, alias);
    aliases.add(original);
  }
  return { mappings: Object.fromEntries(mappings), aliases: [...aliases] };
}
