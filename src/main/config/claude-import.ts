// Reads a Claude Desktop style `{"mcpServers": {"name": {...}}}` JSON into server settings.
// Pure: the caller adds the servers. Entries that cannot be used are skipped with a reason, and
// entries that are already configured (importing the same file twice) are recognised.
import type { EnteredValue, McpServer, ServerSettings } from '../../types/config.js';
import { checkServerSettings } from '../../types/config.js';
import { isRecord } from '../../types/json.js';
import { sameList } from '../../types/lists.js';
import { messageOf } from '../../types/errors.js';

export interface ParsedImport {
  servers: ServerSettings[];
  skipped: Array<{ name: string; reason: string }>;
}

export function parseClaudeDesktopConfig(json: string): ParsedImport {
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch (error) {
    throw new Error(`The text is not valid JSON: ${messageOf(error)}`, { cause: error });
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

/**
 * The same server, whatever its label: the same command, arguments and environment (stdio), or
 * the same URL (HTTP, SSE). The working folder and headers do not make another server.
 */
export function sameServer(a: ServerSettings, b: ServerSettings): boolean {
  const aUrl = a.type === 'stdio' ? undefined : normalUrl(a.url);
  const bUrl = b.type === 'stdio' ? undefined : normalUrl(b.url);
  if (aUrl !== undefined || bUrl !== undefined) return aUrl === bUrl;
  return sameLaunch(a, b) && sameMap(a.env ?? {}, b.env ?? {});
}

/** The same command, arguments and names in the environment: only then do the env values decide. */
function sameLaunch(a: ServerSettings, b: ServerSettings): boolean {
  return a.command?.trim() === b.command?.trim() && sameList(a.args ?? [], b.args ?? []) && sameKeys(a.env ?? {}, b.env ?? {});
}

/**
 * The configured servers as an import compares them (`planImport`): a stdio server's env values
 * that are references are read from the secret store (`resolveEnv`) only when an entry could be
 * its twin, the same command, arguments and env names; every other server is decided by its
 * settings alone (a URL, a command), so an import reads no secret it does not need.
 */
export async function comparableServers(
  entries: readonly ServerSettings[],
  servers: readonly McpServer[],
  resolveEnv: (server: McpServer) => Promise<Record<string, string>>,
): Promise<ServerSettings[]> {
  return Promise.all(servers.map(async (server) => {
    const holdsRefs = Object.values(server.env ?? {}).some((value) => typeof value !== 'string');
    const twinPossible = server.type === 'stdio' && entries.some((entry) => entry.type === 'stdio' && sameLaunch(server, entry));
    return holdsRefs && twinPossible ? { ...server, env: await resolveEnv(server) } : server;
  }));
}

export interface ImportPlan {
  /** Settings to add, in the order of the file. */
  add: ServerSettings[];
  /** Entries matching a configured server, or an earlier entry of the same file. */
  alreadyAdded: Array<{ name: string; label: string }>;
}

/** Splits parsed entries into new servers and ones `existing` (or the file itself) already has. */
export function planImport(entries: readonly ServerSettings[], existing: readonly ServerSettings[]): ImportPlan {
  const plan: ImportPlan = { add: [], alreadyAdded: [] };
  for (const entry of entries) {
    const twin = existing.find((server) => sameServer(server, entry)) ?? plan.add.find((server) => sameServer(server, entry));
    if (twin) plan.alreadyAdded.push({ name: entry.label, label: twin.label });
    else plan.add.push(entry);
  }
  return plan;
}

function normalUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}

function sameKeys(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key));
}

function sameMap(a: Readonly<Record<string, EnteredValue>>, b: Readonly<Record<string, EnteredValue>>): boolean {
  return sameKeys(a, b) && Object.keys(a).every((key) => sameValue(a[key], b[key]));
}

/**
 * The same text. A reference into the secret store is never the same as anything: the caller
 * resolves configured servers' references first where they decide (`comparableServers`), so only
 * what cannot be read differs.
 */
function sameValue(a: EnteredValue | undefined, b: EnteredValue | undefined): boolean {
  const text = (value: EnteredValue | undefined): string | undefined =>
    typeof value === 'string' ? value : value !== undefined && 'secretValue' in value ? value.secretValue : undefined;
  const left = text(a);
  return left !== undefined && left === text(b);
}
