// Reads a Claude Desktop style `{"mcpServers": {"name": {...}}}` JSON into server settings.
// Pure: the caller adds the servers. Entries that cannot be used are skipped with a reason.
import type { ServerSettings } from '../types/config.js';
import { checkServerSettings } from '../types/config.js';
import { isRecord } from '../types/json.js';

export interface ParsedImport {
  servers: ServerSettings[];
  skipped: Array<{ name: string; reason: string }>;
}

export function parseClaudeDesktopConfig(json: string): ParsedImport {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch (error) {
    throw new Error(`The text is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const servers = isRecord(root) && isRecord(root.mcpServers) ? root.mcpServers : null;
  if (!servers) throw new Error('Expected a JSON object with an "mcpServers" object, as in claude_desktop_config.json.');
  const result: ParsedImport = { servers: [], skipped: [] };
  for (const [name, entry] of Object.entries(servers)) {
    if (!isRecord(entry)) {
      result.skipped.push({ name, reason: 'not an object' });
      continue;
    }
    const declared = typeof entry.type === 'string' ? entry.type.toLowerCase() : undefined;
    const type = typeof entry.url === 'string'
      ? (declared === 'sse' || (declared === undefined && /\/sse\/?$/.test(entry.url)) ? 'sse' : 'http')
      : 'stdio';
    const checked = checkServerSettings({
      label: name,
      state: entry.disabled === true ? 'disabled' : 'enabled',
      type,
      command: entry.command,
      args: entry.args,
      cwd: entry.cwd,
      env: entry.env,
      url: entry.url,
      headers: entry.headers,
    });
    if ('problem' in checked) result.skipped.push({ name, reason: checked.problem });
    else result.servers.push(checked.settings);
  }
  return result;
}
