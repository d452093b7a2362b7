// Saved tool names that a hand edit broke (a `toolMappings` value that is not a valid name, a
// built-in tool's name, or a name two tools claim) are repaired when the settings are opened,
// before any server connects, like every other repair: the store keeps a copy of the file first
// and tells the user each change. The new names come from the naming core run over the saved
// mappings alone, so they are the names the tools keep once their servers connect.
import type { AppConfig } from '../types/config.js';
import { FIND_TOOLS_NAME } from './builtin-tools.js';
import type { NameAssignment } from './naming.js';
import { assignToolNames, isValidToolName } from './naming.js';
import { rewriteSelections, selectionsOf } from './selections.js';

/**
 * Repairs `config` in place and returns one line per change, for the user: "Server "Files", tool
 * "echo": "my alias!" → "echo" (not a valid tool name)". Saved selections that held a name no
 * tool could have (an invalid one) follow that tool to its new name. `renamed` hears of each tool
 * given a new name.
 */
export function repairSavedNames(config: AppConfig, reserved: Iterable<string> = [], renamed?: (uuid: string, original: string) => void): string[] {
  const builtIn = new Set(reserved);
  const servers = config.mcp.servers;
  const assignments = assignToolNames(
    servers.map((server) => ({ uuid: server.uuid, tools: Object.keys(server.toolMappings ?? {}), mappings: server.toolMappings })),
    { reserved: builtIn },
  );
  const named = new Map<string, Map<string, string>>();
  const owners = new Map<string, NameAssignment>();
  for (const a of assignments) {
    const ofServer = named.get(a.uuid) ?? new Map<string, string>();
    ofServer.set(a.original, a.exposed);
    named.set(a.uuid, ofServer);
    owners.set(a.exposed, a);
  }
  const labels = new Map(servers.map((server) => [server.uuid, server.label]));
  const why = (before: string): string => {
    if (!isValidToolName(before)) return 'not a valid tool name';
    if (builtIn.has(before)) return 'the name of a built-in tool';
    const owner = owners.get(before);
    return owner ? `already the name of tool "${owner.original}" of server "${labels.get(owner.uuid)}"` : 'taken';
  };

  const changes: string[] = [];
  // Invalid saved name → the tool's new name; null when two tools had the same invalid name.
  const follow = new Map<string, string | null>();
  for (const server of servers) {
    const saved = server.toolMappings;
    if (!saved) continue;
    const now = named.get(server.uuid)!;
    const next: Record<string, string> = {};
    let changed = false;
    for (const [original, before] of Object.entries(saved)) {
      const exposed = now.get(original)!;
      Object.defineProperty(next, original, { value: exposed, enumerable: true, writable: true, configurable: true });
      if (exposed === before) continue;
      changed = true;
      renamed?.(server.uuid, original);
      changes.push(`Server "${server.label}", tool "${original}": "${before}" → "${exposed}" (${why(before)}).`);
      // A selection holding `find_tools` meant this tool: the MCP layer's own is never selected.
      if (!isValidToolName(before) || before === FIND_TOOLS_NAME) follow.set(before, follow.has(before) ? null : exposed);
    }
    if (changed) server.toolMappings = next;
  }

  for (const ref of selectionsOf(config)) {
    for (const name of ref.get() ?? []) {
      const to = follow.get(name);
      if (to) changes.push(`Tool selection of ${ref.where}: "${name}" → "${to}", following its tool.`);
    }
  }
  rewriteSelections(config, (name) => follow.get(name) ?? name);
  return changes;
}
