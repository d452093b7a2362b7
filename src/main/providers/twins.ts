// Twins: tools of different servers with the same original name, or names that collide once
// sanitized (`a.b` and `a/b`), so the model could not tell them apart by description alone. And
// what adaptTools reads from the whole list, once per list rather than once per provider.
import { isValidToolName, sanitizeToolName } from '../naming.js';
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

/** What adaptTools reads from a whole list before adapting its tools. */
export interface ListFacts {
  /** Per index: the tool has a twin (findTwins). */
  twin: Uint8Array;
  /** Per index: the tool's exposed name is a valid function name. */
  validName: Uint8Array;
}

/** The facts of a list and what they were read from, to tell whether the list still holds the same tools. */
interface Seen extends ListFacts {
  tools: readonly SourceTool[];
  names: readonly unknown[];
  originals: readonly unknown[];
  servers: readonly unknown[];
}

const seen = new WeakMap<readonly SourceTool[], Seen>();

/**
 * The facts of a list adapted for several providers in turn (adaptTools once per provider):
 * worked out once per list object, and again whenever any tool, exposed or original name or
 * server of the list differs from what they were read from (the check builds nothing).
 */
export function listFacts(tools: readonly SourceTool[]): ListFacts {
  const last = seen.get(tools);
  if (last !== undefined && unchanged(tools, last)) return last;
  const twins = findTwins(tools);
  const twin = new Uint8Array(tools.length);
  const validName = new Uint8Array(tools.length);
  tools.forEach((tool, i) => {
    twin[i] = twins.has(tool) ? 1 : 0;
    validName[i] = isValidToolName(tool.name) ? 1 : 0;
  });
  const facts: Seen = {
    twin,
    validName,
    tools: [...tools],
    names: tools.map((tool) => tool.name),
    originals: tools.map((tool) => tool.original),
    servers: tools.map((tool) => tool.server.uuid),
  };
  seen.set(tools, facts);
  return facts;
}

function unchanged(tools: readonly SourceTool[], last: Seen): boolean {
  if (tools.length !== last.tools.length) return false;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    if (tool !== last.tools[i] || tool.name !== last.names[i] || tool.original !== last.originals[i] || tool.server?.uuid !== last.servers[i]) return false;
  }
  return true;
}
