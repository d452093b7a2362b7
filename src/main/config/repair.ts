// Turns whatever is in config.json (possibly hand-edited) into a valid AppConfig, field by field,
// with a warning for every repair. Unknown fields are kept as they are, so nothing the user or a
// newer version saved is lost; only values that cannot mean anything are dropped.
import { randomUUID } from 'node:crypto';
import type { AppConfig, McpServer, ModelTools, StoredValue, ToolPolicy, ToolSelection } from '../../types/config.js';
import { AppConfigSchema, McpServerSchema, ServerSettingsSchema, ServerStateSchema, ServerTypeSchema, StoredValueSchema, ToolPolicySchema } from '../../types/config.js';
import { isRecord, setOwn } from '../../types/json.js';
import { MigrationReportSchema } from '../../types/migration.js';
import type { ToolLoadingMode } from '../../types/tool-loading.js';
import { MAX_PINNED_TOOLS, TokenBudgetSchema, ToolLoadingModeSchema } from '../../types/tool-loading.js';
import { repairRoots } from './roots-repair.js';
import { repairRegistryUrl, repairSource } from './source-repair.js';

export interface RepairResult {
  config: AppConfig;
  warnings: string[];
}

type Json = Record<string, unknown>;

/**
 * How deep a field this version does not know may nest. Such fields are kept as they are, but
 * one nested thousands of levels deep cannot be copied or serialized (the stack runs out), and
 * every read of the settings would fail; real settings never come near this.
 */
export const MAX_UNKNOWN_FIELD_DEPTH = 64;

/** Whether `value` nests more than `limit` levels of objects or lists; never recurses past it. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  for (const child of Object.values(value)) if (nestsDeeperThan(child, limit - 1)) return true;
  return false;
}

/**
 * A shallow copy of `raw` for spreading into the repaired object: fields this version knows
 * (`known`, rebuilt by the caller) are kept in place, unknown fields too, except those nested too
 * deep to handle, which are dropped with a warning.
 */
function keptFields(raw: Json, known: readonly string[], where: string, warnings: string[]): Json {
  const kept: Json = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!known.includes(key) && nestsDeeperThan(value, MAX_UNKNOWN_FIELD_DEPTH)) {
      warnings.push(`${where} "${key}" nests deeper than ${MAX_UNKNOWN_FIELD_DEPTH} levels and was dropped.`);
      continue;
    }
    setOwn(kept, key, value);
  }
  return kept;
}

/**
 * A map built entry by entry, so keys such as `__proto__` stay plain data, keeping the values
 * `keep` accepts (text; for env and headers also secret references).
 */
function valueMap<T>(
  value: unknown,
  what: string,
  warnings: string[],
  keep: { test: (item: unknown) => item is T; unusable: string },
): Record<string, T> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    warnings.push(`${what} was not an object and was reset.`);
    return undefined;
  }
  const entries = Object.entries(value);
  const kept = entries.filter((entry): entry is [string, T] => keep.test(entry[1]));
  if (kept.length < entries.length) warnings.push(`${what}: ${entries.length - kept.length} ${keep.unusable} dropped.`);
  return Object.fromEntries(kept);
}

const TEXT = { test: (item: unknown): item is string => typeof item === 'string', unusable: 'non-text value(s)' };
const STORED_VALUE = {
  test: (item: unknown): item is StoredValue => StoredValueSchema.safeParse(item).success,
  unusable: 'value(s) that are neither text nor a secret reference',
};

function stringMap(value: unknown, what: string, warnings: string[]): Record<string, string> | undefined {
  return valueMap(value, what, warnings, TEXT);
}

function stringList(value: unknown, what: string, warnings: string[]): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    warnings.push(`${what} was not a list and was reset.`);
    return undefined;
  }
  const kept = value.filter((item): item is string => typeof item === 'string');
  if (kept.length < value.length) warnings.push(`${what}: ${value.length - kept.length} non-text item(s) dropped.`);
  return kept;
}

/**
 * A tool policy as saved: itself, the same word in other case or with spaces (" Allow"), else
 * "deny": a repair never lets a tool run, or be offered, that the user may have meant to refuse.
 */
function policy(value: unknown, what: string, warnings: string[]): ToolPolicy {
  const parsed = ToolPolicySchema.safeParse(typeof value === 'string' ? value.trim().toLowerCase() : value);
  if (parsed.success && parsed.data === value) return parsed.data;
  const repaired = parsed.success ? parsed.data : 'deny';
  warnings.push(`${what} ${describeValue(value)} is not "allow", "ask" or "deny"; it was set to "${repaired}".`);
  return repaired;
}

/** No default (null, or none) is the annotations' default; anything else is repaired like a tool's. */
function defaultPolicy(value: unknown, where: string, warnings: string[]): ToolPolicy | undefined {
  if (value === undefined) return undefined;
  if (value !== null) return policy(value, `${where}: the default tool policy`, warnings);
  warnings.push(`${where}: the default tool policy was empty and was dropped (tools follow their annotations).`);
  return undefined;
}

function toolPolicies(value: unknown, where: string, warnings: string[]): Record<string, ToolPolicy> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    warnings.push(`${where} tool policies were not an object and were reset.`);
    return undefined;
  }
  // Entries, not assignments: a tool named `__proto__` keeps its policy as plain data.
  return Object.fromEntries(Object.entries(value).map(([tool, item]) => [tool, policy(item, `${where}: the policy of tool "${tool}"`, warnings)]));
}

/** A short, safe description of a value a user will recognise: `"none"`, `7`, `an object`. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}

/**
 * A saved tool selection. Only null (or no value: the default) means all tools; anything that
 * cannot be read as a list of names becomes no tools, so a repair never widens what a model may
 * use (docs/design.md §9).
 */
function selection(value: unknown, what: string, warnings: string[]): ToolSelection {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) {
    warnings.push(`${what} could not be read (${describeValue(value)}) and were reset to no tools.`);
    return [];
  }
  return stringList(value, what, warnings) ?? [];
}

/** The prompt or realtime section, whose one known field is a selection. */
function selectionSection(root: Json, key: 'prompt' | 'realtime', what: string, warnings: string[]): AppConfig['prompt'] {
  const value = root[key];
  if (value === undefined) return { tools: null };
  if (isRecord(value)) return { ...keptFields(value, ['tools'], `The "${key}" settings field`, warnings), tools: selection(value.tools, what, warnings) };
  warnings.push(`The "${key}" settings were not an object and were reset; ${what.toLowerCase()} were reset to no tools.`);
  return { tools: [] };
}

function optionalString(raw: Json, key: string, what: string, warnings: string[]): string | undefined {
  const value = raw[key];
  if (value === undefined || typeof value === 'string') return value;
  warnings.push(`${what}: "${key}" was not text and was dropped.`);
  return undefined;
}

function repairServer(raw: Json, index: number, seen: Set<string>, warnings: string[]): McpServer {
  const where = `Server ${index + 1}`;
  let uuid = typeof raw.uuid === 'string' && raw.uuid ? raw.uuid : '';
  if (!uuid || seen.has(uuid)) {
    uuid = randomUUID();
    warnings.push(`${where} had a missing or duplicate id and was given a new one.`);
  }
  seen.add(uuid);
  const command = optionalString(raw, 'command', where, warnings);
  const url = optionalString(raw, 'url', where, warnings);
  const type = ServerTypeSchema.safeParse(raw.type);
  const state = ServerStateSchema.safeParse(raw.state ?? 'enabled');
  if (!type.success) warnings.push(`${where}: unknown type ${JSON.stringify(raw.type)}; guessed from its settings.`);
  if (!state.success) warnings.push(`${where}: unknown state ${JSON.stringify(raw.state)}; the server was disabled.`);
  const label = typeof raw.label === 'string' && raw.label.trim() ? raw.label : (command ?? url ?? `Server ${index + 1}`);
  // Checked by the schema's own rule: anything it refuses would fail the whole server later.
  const timeout = ServerSettingsSchema.shape.connectTimeoutMs.safeParse(raw.connectTimeoutMs);
  if (!timeout.success) warnings.push(`${where}: connect timeout ${JSON.stringify(raw.connectTimeoutMs)} is not usable and was dropped.`);
  const callTimeout = ServerSettingsSchema.shape.callTimeoutMs.safeParse(raw.callTimeoutMs);
  if (!callTimeout.success) warnings.push(`${where}: call timeout ${JSON.stringify(raw.callTimeoutMs)} is not usable and was dropped.`);
  const maxCall = ServerSettingsSchema.shape.maxCallMs.safeParse(raw.maxCallMs);
  if (!maxCall.success) warnings.push(`${where}: longest call ${JSON.stringify(raw.maxCallMs)} is not usable and was dropped (the default, one hour, applies).`);
  const maxResultChars = ServerSettingsSchema.shape.maxResultChars.safeParse(raw.maxResultChars);
  if (!maxResultChars.success) warnings.push(`${where}: result text limit ${JSON.stringify(raw.maxResultChars)} is not usable and was dropped (the default, 100,000 characters, applies).`);
  const server: McpServer = {
    ...keptFields(raw, Object.keys(McpServerSchema.shape), `${where} field`, warnings),
    uuid,
    label,
    state: state.success ? state.data : 'disabled',
    type: type.success ? type.data : url ? 'http' : 'stdio',
    command,
    args: stringList(raw.args, `${where} args`, warnings),
    cwd: optionalString(raw, 'cwd', where, warnings),
    env: valueMap(raw.env, `${where} env`, warnings, STORED_VALUE),
    url,
    headers: valueMap(raw.headers, `${where} headers`, warnings, STORED_VALUE),
    connectTimeoutMs: timeout.success ? timeout.data : undefined,
    callTimeoutMs: callTimeout.success ? callTimeout.data : undefined,
    maxCallMs: maxCall.success ? maxCall.data : undefined,
    maxResultChars: maxResultChars.success ? maxResultChars.data : undefined,
    toolMappings: stringMap(raw.toolMappings, `${where} tool names`, warnings),
    promptMappings: stringMap(raw.promptMappings, `${where} prompt names`, warnings),
    disabledTools: stringList(raw.disabledTools, `${where} switched-off tools`, warnings),
    toolPolicies: toolPolicies(raw.toolPolicies, where, warnings),
    defaultPolicy: defaultPolicy(raw.defaultPolicy, where, warnings),
    aliases: stringList(raw.aliases, `${where} aliases`, warnings),
    roots: repairRoots(raw.roots, where, warnings),
    source: repairSource(raw.source, where, warnings),
  };
  // Drop keys that repaired to undefined, so the written file has no `"x": undefined` noise.
  for (const key of Object.keys(server) as Array<keyof McpServer>) {
    if (server[key] === undefined) delete server[key];
  }
  return server;
}

function repairModels(value: unknown, warnings: string[]): ModelTools[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    warnings.push('The per-model tool selections were not a list and were reset.');
    return [];
  }
  return value.flatMap((entry, i): ModelTools[] => {
    if (!isRecord(entry)) {
      warnings.push(`Model entry ${i + 1} was not an object and was dropped.`);
      return [];
    }
    const where = `Model entry ${i + 1}`;
    const model: ModelTools = {
      ...keptFields(entry, ['engine', 'model', 'tools', 'toolLoading', 'tokenBudget', 'pinnedTools'], `${where} field`, warnings),
      engine: typeof entry.engine === 'string' ? entry.engine : '',
      model: typeof entry.model === 'string' ? entry.model : '',
      tools: selection(entry.tools, `${where} tools`, warnings),
      toolLoading: toolLoading(entry.toolLoading, where, warnings),
      tokenBudget: tokenBudget(entry.tokenBudget, where, warnings),
      pinnedTools: pinnedTools(entry.pinnedTools, where, warnings),
    };
    for (const key of ['toolLoading', 'tokenBudget', 'pinnedTools'] as const) if (model[key] === undefined) delete model[key];
    return [model];
  });
}

/** The loading setting as saved, the same word in other case or with spaces, else the default (auto). */
function toolLoading(value: unknown, where: string, warnings: string[]): ToolLoadingMode | undefined {
  if (value === undefined) return undefined;
  const parsed = ToolLoadingModeSchema.safeParse(typeof value === 'string' ? value.trim().toLowerCase() : value);
  if (parsed.success && parsed.data === value) return parsed.data;
  warnings.push(`${where}: loading tools on demand ${describeValue(value)} is not "auto", "on" or "off"; ${parsed.success ? `it was set to "${parsed.data}"` : 'it was reset to "auto"'}.`);
  return parsed.success ? parsed.data : undefined;
}

/** A token budget as saved; a whole number in text ("20000") is read as one, anything else dropped. */
function tokenBudget(value: unknown, where: string, warnings: string[]): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  const parsed = TokenBudgetSchema.safeParse(number);
  if (parsed.success && number === value) return parsed.data;
  warnings.push(`${where}: the token budget ${describeValue(value)} ${parsed.success ? 'was text and was read as a number' : 'is not usable and was dropped (the default, 20,000, applies)'}.`);
  return parsed.success ? parsed.data : undefined;
}

/** Pinned tools as saved: names only, each once, at most MAX_PINNED_TOOLS (the first ones kept). */
function pinnedTools(value: unknown, where: string, warnings: string[]): string[] | undefined {
  const list = stringList(value, `${where} pinned tools`, warnings);
  if (list === undefined) return undefined;
  const names = [...new Set(list.filter((name) => name !== ''))];
  if (names.length > MAX_PINNED_TOOLS) warnings.push(`${where}: ${names.length} pinned tools, at most ${MAX_PINNED_TOOLS} are kept (the first ones).`);
  return names.slice(0, MAX_PINNED_TOOLS);
}

// A section that is there but not an object is reset with a warning, so the store tells the user
// and keeps a copy of the file before overwriting it.
function section(raw: Json, key: string, warnings: string[]): Json {
  const value = raw[key];
  if (value !== undefined && !isRecord(value)) warnings.push(`The "${key}" settings were not an object and were reset.`);
  return isRecord(value) ? value : {};
}

export function repairConfig(raw: unknown): RepairResult {
  const warnings: string[] = [];
  const root: Json = isRecord(raw) ? raw : {};
  const mcp = section(root, 'mcp', warnings);
  const seen = new Set<string>();
  let servers: McpServer[] = [];
  if (Array.isArray(mcp.servers)) {
    servers = mcp.servers.flatMap((entry: unknown, i) => {
      if (isRecord(entry)) return [repairServer(entry, i, seen, warnings)];
      warnings.push(`Server entry ${i + 1} was not an object and was dropped.`);
      return [];
    });
  } else if (mcp.servers !== undefined) {
    warnings.push('The MCP server list was not a list and was reset.');
  }
  const llm = section(root, 'llm', warnings);
  const config: AppConfig = {
    ...keptFields(root, ['mcp', 'llm', 'prompt', 'realtime', 'migrations', 'migrationReport', 'profileId', 'registryUrl'], 'Settings field', warnings),
    mcp: { ...keptFields(mcp, ['servers'], 'The "mcp" settings field', warnings), servers },
    llm: { ...keptFields(llm, ['defaults'], 'The "llm" settings field', warnings), defaults: repairModels(llm.defaults, warnings) },
    prompt: selectionSection(root, 'prompt', 'Prompt tools', warnings),
    realtime: selectionSection(root, 'realtime', 'Realtime tools', warnings),
  };
  const registryUrl = repairRegistryUrl(root.registryUrl, warnings);
  if (registryUrl !== undefined) config.registryUrl = registryUrl;
  else delete config.registryUrl;
  // The profile id files this profile's keyring entries; one that is not an id finds nothing.
  if (root.profileId !== undefined && !AppConfigSchema.shape.profileId.safeParse(root.profileId).success) {
    delete config.profileId;
    warnings.push('The profile id was not valid and was dropped: saved secrets must be entered again.');
  }
  const migrations = stringList(root.migrations, 'Migration ledger', warnings);
  if (migrations) config.migrations = migrations;
  else delete config.migrations;
  // The report is only shown to the user: an unreadable one is not worth keeping, but say so.
  const report = root.migrationReport === undefined ? undefined : MigrationReportSchema.safeParse(root.migrationReport);
  if (report?.success) config.migrationReport = report.data;
  else delete config.migrationReport;
  if (report && !report.success) warnings.push('The report of the last upgrade could not be read and was dropped.');
  return { config, warnings };
}
