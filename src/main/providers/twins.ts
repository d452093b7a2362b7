// Twins: tools of different servers with the same original name, or names that collide once
// sanitized (`a.b` and `a/b`), so the model could not tell them apart by description alone.
import { sanitizeToolName } from '../naming.js';
import type { SourceTool } from './types.js';

/** Which of `tools` have a twin on another server (by server uuid + original name). */
export function findTwins(tools: readonly SourceTool[]): Set<SourceTool> {
  // Most names are unique: a group is a list only once a second tool shares its key.
  const groups = new Map<string, SourceTool | SourceTool[]>();
  for (const tool of tools) {
    const key = sanitizeToolName(String(tool.original));
    const group = groups.get(key);
    if (group === undefined) groups.set(key, tool);
    else if (Array.isArray(group)) group.push(tool);
    else groups.set(key, [group, tool]);
  }
  const twins = new Set<SourceTool>();
  for (const group of groups.values()) {
    if (!Array.isArray(group)) continue;
    const servers = new Set(group.map((tool) => tool.server.uuid));
    if (servers.size > 1) for (const tool of group) twins.add(tool);
  }
  return twins;
}
