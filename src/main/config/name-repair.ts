// Saved tool (and prompt) names that a hand edit broke (a `toolMappings` value that is not a valid name, a
// built-in tool's name, or a name two tools claim) are repaired when the settings are opened,
// before any server connects, like every other repair: the store keeps a copy of the file first
// and tells the user each change. The new names come from the naming core run over the saved
// mappings alone, so they are the names the tools keep once their servers connect.
import type { AppConfig, McpServer } from '../../types/config.js';
import { FIND_TOOLS_NAME } from '../naming/builtin-tools.js';
import type { NameAssignment } from '../naming.js';
import { assignToolNames, isValidToolName } from '../naming.js';
import { rewriteSelections, selectionsOf } from './selections.js';
import { setOwn } from '../../types/json.js';

/**
 * Repairs `config` in place and returns one line per change, for the user: "Server "Files", tool
 * "echo": "my alias!" → "echo" (not a valid tool name)". Saved selections that held a name no
 * tool could have (an invalid one) follow that tool to its new name. `renamed` hears of each tool
 * given a new name. Saved prompt names (`promptMappings`, a namespace of their own, where the
 * built-in tools' names are not reserved) are repaired the same way.
 */
export function repairSavedNames(config: AppConfig, reserved: Iterable<string> = [], renamed?: (uuid: string, original: string) => void): string[] {
  const { changes, follow } = repairKind(config, TOOLS, new Set(reserved), renamed);
  for (const ref of selectionsOf(config)) {
    for (const name of ref.get() ?? []) {
      const to = follow.get(name);
      if (to) changes.push(`Tool selection of ${ref.where}: "${name}" → "${to}", following its tool.`);
    }
  }
  rewriteSelections(config, (name) => follow.get(name) ?? name);
  changes.push(...repairKind(config, PROMPTS, new Set()).changes);
  return changes;
}

/** Where one kind of name is saved, and what it is called in messages. */
interface NameKind {
  what: 'tool' | 'prompt';
  get: (server: McpServer) => Record<string, string> | undefined;
  set: (server: McpServer, mappings: Record<string, string>) => void;
}

const TOOLS: NameKind = { what: 'tool', get: (server) => server.toolMappings, set: (server, mappings) => { server.toolMappings = mappings; } };
const PROMPTS: NameKind = { what: 'prompt', get: (server) => server.promptMappings, set: (server, mappings) => { server.promptMappings = mappings; } };

/**
 * Repairs one kind of saved names: the changes for the user, and each invalid saved name → the
 * new name of its holder (null when two held the same invalid name).
 */
function repairKind(config: AppConfig, kind: NameKind, builtIn: ReadonlySet<string>, renamed?: (uuid: string, original: string) => void): { changes: string[]; follow: Map<string, string | null> } {
  const servers = config.mcp.servers;
  const assignments = assignToolNames(
    servers.map((server) => ({ uuid: server.uuid, tools: Object.keys(kind.get(server) ?? {}), mappings: kind.get(server) })),
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
    if (!isValidToolName(before)) return `not a valid ${kind.what} name`;
    if (builtIn.has(before)) return 'the name of a built-in tool';
    const owner = owners.get(before);
    return owner ? `already the name of ${kind.what} "${owner.original}" of server "${labels.get(owner.uuid)}"` : 'taken';
  };

  const changes: string[] = [];
  const follow = new Map<string, string | null>();
  for (const server of servers) {
    const saved = kind.get(server);
    if (!saved) continue;
    const now = named.get(server.uuid)!;
    const next: Record<string, string> = {};
    let changed = false;
    for (const [original, before] of Object.entries(saved)) {
      const exposed = now.get(original)!;
      setOwn(next, original, exposed);
      if (exposed === before) continue;
      changed = true;
      renamed?.(server.uuid, original);
      changes.push(`Server "${server.label}", ${kind.what} "${original}": "${before}" → "${exposed}" (${why(before)}).`);
      // A selection holding `find_tools` meant this tool: the MCP layer's own is never selected.
      if (!isValidToolName(before) || before === FIND_TOOLS_NAME) follow.set(before, follow.has(before) ? null : exposed);
    }
    if (changed) kind.set(server, next);
  }
  return { changes, follow };
}
