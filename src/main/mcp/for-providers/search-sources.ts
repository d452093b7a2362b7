// What the tool search indexes (Mcp.findTools, and through it find_tools and the providers' tool
// search on demand): the tools offered to a model (live, enabled, not denied), with their servers' labels.
import type { McpServer } from '../../../types/config.js';
import type { SearchSource } from '../../search/tool-search.js';
import type { IndexEntry } from '../names/tool-index.js';

/** What the search indexes: the offered tools (live, enabled, not denied), with their servers' labels. */
export function searchSources(enabled: readonly IndexEntry[], servers: readonly McpServer[]): SearchSource[] {
  const labels = new Map(servers.map((server) => [server.uuid, server.label]));
  const sources: SearchSource[] = [];
  for (const entry of enabled) {
    if (!entry.tool || entry.policy === 'deny') continue;
    sources.push({ name: entry.exposed, original: entry.original, server: entry.uuid, serverLabel: labels.get(entry.uuid) ?? entry.uuid, tool: entry.tool });
  }
  return sources;
}
