// Configs as the previous version of the app saved them: every MCP tool exposed as
// `<name>___<last 4 chars of the server uuid>`, no `toolMappings`, no migration ledger.
// Shared by the migration tests; not a test file itself.
import fs from 'node:fs';
import path from 'node:path';

export const RESERVED = ['search'];

/** Fixture id → uuid (last 4 chars are what legacy names carry) and the tools it lists. */
export const LEGACY_SERVERS = [
  // `read_file_1` is listed but was never selected: it only stays off work's migrated
  // `read_file_1` because the migration writes that name into work's toolMappings at once.
  { id: 'home', label: 'Files (home)', uuid: '1b4e28ba-2fa1-11d2-883f-b9a76119aa11', tools: ['read_file', 'write_file', 'read_file_1'] },
  { id: 'work', label: 'Files (work)', uuid: '6ec0bd7f-11c0-43da-975e-2a8ad9ebbb22', tools: ['read_file', 'list_dir'] },
  { id: 'unity', label: 'Unity', uuid: 'c56a4180-65aa-42ec-a945-5fd21deccc33', tools: ['unity/health', 'search', 'admin.tools.list'] },
] as const;

/** Transport settings for one legacy server; the pure tests need none that work. */
export type TransportOf = (server: (typeof LEGACY_SERVERS)[number]) => Record<string, unknown>;

const placeholderTransport: TransportOf = () => ({ type: 'stdio', command: 'node', args: ['server.js'] });

/**
 * Three servers, two sharing `read_file`; selections in all three places, `null` and empty
 * ones, a model entry without a `tools` key, a built-in tool (`search`), an unknown suffix
 * (`dd44`) and bases that need sanitizing.
 */
export function legacyConfig(transport: TransportOf = placeholderTransport): Record<string, unknown> {
  return {
    mcp: {
      servers: LEGACY_SERVERS.map((server) => ({ uuid: server.uuid, label: server.label, state: 'enabled', ...transport(server) })),
    },
    llm: {
      defaults: [
        {
          engine: 'openai',
          model: 'gpt-4o',
          // work's read_file first: config order, not selection order, decides who keeps the name
          tools: ['read_file___bb22', 'read_file___aa11', 'search', 'unity/health___cc33', 'write_file___aa11'],
        },
        { engine: 'anthropic', model: 'claude-sonnet', tools: null },
        { engine: 'ollama', model: 'llama3', tools: [] },
        { engine: 'mistral', model: 'mistral-large' },
      ],
    },
    prompt: { tools: ['write_file___aa11', 'gone___dd44', 'read_file___bb22'] },
    realtime: { tools: ['list_dir___bb22', 'search___cc33', 'admin.tools.list___cc33'] },
  };
}

/** The selections `legacyConfig` migrates to, with `RESERVED` as the built-in tools. */
export const MIGRATED_SELECTIONS = {
  'gpt-4o': ['read_file_1', 'read_file', 'search', 'unity_health', 'write_file'],
  prompt: ['write_file', 'read_file_1'],
  realtime: ['list_dir', 'search_1', 'admin_tools_list'],
};

/** `X___ssss` → the server the user picked and the tool's original name. */
export function legacyTarget(name: string): { uuid: string; id: string; original: string } | null {
  const match = /^(.+)___(.{4})$/s.exec(name);
  const server = match && LEGACY_SERVERS.find((s) => s.uuid.endsWith(match[2]!));
  return match && server ? { uuid: server.uuid, id: server.id, original: match[1]! } : null;
}

export function writeConfig(dir: string, config: unknown): string {
  const file = path.join(dir, 'config.json');
  fs.writeFileSync(file, `${JSON.stringify(config, null, '\t')}\n`);
  return file;
}

/**
 * `refs` legacy references over `servers` servers that all list `t0 … t<n-1>`: reference r
 * points at server r % servers, tool t⌊r / servers⌋, spread over model entries of 500 each.
 */
export function bulkLegacyConfig(
  servers: number,
  refs: number,
  transport: (index: number) => Record<string, unknown>,
): { config: Record<string, unknown>; uuids: string[] } {
  const uuids = Array.from({ length: servers }, (_, i) => `00000000-0000-4000-8000-00000000${(0xa000 + i).toString(16)}`);
  const names = Array.from({ length: refs }, (_, r) => `t${Math.floor(r / servers)}___${uuids[r % servers]!.slice(-4)}`);
  const defaults = [];
  for (let at = 0; at < refs; at += 500) defaults.push({ engine: 'bulk', model: `m${at / 500}`, tools: names.slice(at, at + 500) });
  return {
    config: {
      mcp: { servers: uuids.map((uuid, i) => ({ uuid, label: `Server ${i}`, state: 'enabled', ...transport(i) })) },
      llm: { defaults },
      prompt: { tools: null },
      realtime: { tools: [] },
    },
    uuids,
  };
}
