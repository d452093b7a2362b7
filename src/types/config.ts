// The persisted config (docs/design.md §3). The zod schemas are the contract; the types derive
// from them. Shared by main, preload and renderer, so nothing here touches Node or Electron.
import { z } from 'zod';
import { isRecord } from './json.js';
import { MigrationReportSchema } from './migration.js';
import { NewSecretSchema, SecretRefSchema } from './secrets.js';
import { RootsSchema } from './roots.js';
import { PinnedToolsSchema, TokenBudgetSchema, ToolLoadingModeSchema } from './tool-loading.js';

export const ServerTypeSchema = z.enum(['stdio', 'http', 'sse']);
export const ServerStateSchema = z.enum(['enabled', 'disabled']);
/**
 * What happens when a model (or the tester) calls a tool: it runs, it runs once the user says
 * yes, or it never runs (and is never offered to a model).
 */
export const ToolPolicySchema = z.enum(['allow', 'ask', 'deny']);

/** A selection of exposed tool names; null means "all tools". */
export const ToolSelectionSchema = z.array(z.string()).nullable();

const StringMapSchema = z.record(z.string(), z.string());

/** An env or header value in config.json: the text itself, or a reference into the secret store. */
export const StoredValueSchema = z.union([z.string(), SecretRefSchema]);
/**
 * An env or header value as the form or an import sends it: text (secret anyway when the rule
 * says so), the reference the form was given (keep the saved secret), or a new secret value.
 */
export const EnteredValueSchema = z.union([z.string(), SecretRefSchema, NewSecretSchema]);

/** What a user can set for a server (add/edit); the manager owns uuid and name mappings. */
export const ServerSettingsSchema = z.object({
  label: z.string().trim().min(1, 'A server needs a name').max(200),
  state: ServerStateSchema.default('enabled'),
  type: ServerTypeSchema,
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  env: z.record(z.string(), EnteredValueSchema).optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), EnteredValueSchema).optional(),
  /**
   * http, sse: the OAuth client ID to sign in with, for servers that do not let apps register
   * themselves. Not secret; a client secret, if any, lives in the secret store.
   */
  oauthClientId: z.string().trim().min(1).max(2_000).optional(),
  /** Connect-and-list timeout for this server; 30 s when unset. */
  connectTimeoutMs: z.number().int().min(100).max(600_000).optional(),
  /** How long a tool call may go without an answer or a progress report; 60 s when unset. */
  callTimeoutMs: z.number().int().min(1_000).max(3_600_000).optional(),
  /**
   * The longest a tool call may run, progress or not (the server's working time: not the time a
   * user spends answering it); an hour when unset (DEFAULT_MAX_CALL_MS).
   */
  maxCallMs: z.number().int().min(1_000).max(86_400_000).optional(),
  /**
   * How many characters of one tool result's text a model gets (the rest is cut, with a note);
   * 100,000 when unset (DEFAULT_MAX_RESULT_CHARS, about 25,000 tokens). The user sees it all.
   */
  maxResultChars: z.number().int().min(1_000).max(10_000_000).optional(),
  /**
   * Folders the server may use (MCP roots): absolute paths, none by default; given to it as
   * `file://` URIs. Changing them tells a connected server (`roots/list_changed`), no reconnect.
   */
  roots: RootsSchema.optional(),
});

/** The official MCP Registry: where "Browse servers" searches unless the settings name another. */
export const OFFICIAL_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

/** An http(s) address (a registry's); anything else is refused. */
export const HttpUrlSchema = z.string().max(2_000).refine((text) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// address');

/**
 * Where an installed bundle lives, relative to the profile: `bundles/<name>/<version>`. Each part
 * starts with a letter or digit, so neither is ever `.` or `..`: a hand-edited value cannot point
 * an uninstall anywhere else.
 */
export const BUNDLE_FOLDER_PATTERN = /^bundles\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}\/[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

const SourceName = z.string().min(1).max(300);
const SourceVersion = z.string().min(1).max(255);
/**
 * How a server was installed (docs/design.md §3): from a registry (its address) or from a
 * bundle (its folder), with the entry's name and version, so an update can be offered.
 */
export const ServerSourceSchema = z.union([
  z.object({ registry: HttpUrlSchema, name: SourceName, version: SourceVersion }).strict(),
  z.object({ bundle: z.string().regex(BUNDLE_FOLDER_PATTERN, 'not a bundle folder (bundles/<name>/<version>)'), name: SourceName, version: SourceVersion }).strict(),
]);

export const McpServerSchema = ServerSettingsSchema.extend({
  uuid: z.string().min(1),
  /** Secret values are references here, never the values (src/types/secrets.ts). */
  env: z.record(z.string(), StoredValueSchema).optional(),
  headers: z.record(z.string(), StoredValueSchema).optional(),
  /** original → exposed, one entry per tool the server has listed (identity entries included). */
  toolMappings: StringMapSchema.optional(),
  /**
   * The same for the server's prompts (named by the same core, in a namespace of their own):
   * original → exposed, one entry per prompt the server has listed.
   */
  promptMappings: StringMapSchema.optional(),
  /** Original names the user switched off for this server. */
  disabledTools: z.array(z.string()).optional(),
  /**
   * Original names whose exposed name (in toolMappings) is the user's alias, not the name the
   * naming rules give: persisted because the rules change between versions.
   */
  aliases: z.array(z.string()).optional(),
  /**
   * original → policy, set by the user per tool. Keyed by ORIGINAL name, so renames, aliases
   * and `_N` suffixes never lose one; kept while the server does not list the tool.
   */
  toolPolicies: z.record(z.string(), ToolPolicySchema).optional(),
  /**
   * The policy of this server's tools that have none of their own. Unset: by the tool's own
   * annotations, `readOnlyHint: true` → allow, anything else → ask.
   */
  defaultPolicy: ToolPolicySchema.optional(),
  /** Set by an install (registry or bundle); edits in the form keep it. */
  source: ServerSourceSchema.optional(),
});

export const ModelToolsSchema = z.object({
  engine: z.string(),
  model: z.string(),
  tools: ToolSelectionSchema,
  /** Load tools on demand: auto (unset: on when over the provider's limit or the token budget), on, off. */
  toolLoading: ToolLoadingModeSchema.optional(),
  /** Automatic loading goes on demand above this many tokens of tool definitions (unset: 20,000). */
  tokenBudget: TokenBudgetSchema.optional(),
  /** Exposed names loaded in every request even on demand (at most 5). */
  pinnedTools: PinnedToolsSchema.optional(),
});

export const AppConfigSchema = z.object({
  mcp: z.object({ servers: z.array(McpServerSchema) }),
  llm: z.object({ defaults: z.array(ModelToolsSchema) }),
  prompt: z.object({ tools: ToolSelectionSchema }),
  realtime: z.object({ tools: ToolSelectionSchema }),
  /** Random id of this profile: its entries in the OS keyring are filed under it. */
  profileId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/).optional(),
  /** Ids of the upgrade migrations already applied to this config. */
  migrations: z.array(z.string()).optional(),
  /** What the last upgrade migration did, until and after the UI has shown it. */
  migrationReport: MigrationReportSchema.optional(),
  /** The MCP registry "Browse servers" searches; unset: OFFICIAL_REGISTRY_URL. */
  registryUrl: HttpUrlSchema.optional(),
});

export type ServerType = z.infer<typeof ServerTypeSchema>;
export type ServerState = z.infer<typeof ServerStateSchema>;
export type ToolPolicy = z.infer<typeof ToolPolicySchema>;
export type ToolSelection = z.infer<typeof ToolSelectionSchema>;
export type ServerSettings = z.infer<typeof ServerSettingsSchema>;
export type ServerSettingsInput = z.input<typeof ServerSettingsSchema>;
export type StoredValue = z.infer<typeof StoredValueSchema>;
export type EnteredValue = z.infer<typeof EnteredValueSchema>;
export type McpServer = z.infer<typeof McpServerSchema>;
export type ServerSource = z.infer<typeof ServerSourceSchema>;
export type ModelTools = z.infer<typeof ModelToolsSchema>;
export type AppConfig = z.infer<typeof AppConfigSchema>;

/** A saved selection (a model's, prompt, realtime) and which of the given tools it holds. */
export interface SelectionUse {
  where: string;
  tools: string[];
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** The MCP SDK's own default request timeout (DEFAULT_REQUEST_TIMEOUT_MSEC), named here for the renderer. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** The longest a tool call runs when its server sets no `maxCallMs`: progress reports do not extend it. */
export const DEFAULT_MAX_CALL_MS = 3_600_000;

export function defaultConfig(): AppConfig {
  return {
    mcp: { servers: [] },
    llm: { defaults: [] },
    prompt: { tools: null },
    realtime: { tools: null },
  };
}

/** Every problem of a failed zod parse in one line a user can read: `label: A server needs a name`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message).join('; ');
}

/** One thing wrong with entered settings, and the setting it is about (for a form to show it there). */
export interface SettingsIssue {
  field?: string;
  message: string;
}

/**
 * Settings a user entered (the form, a Claude Desktop import), checked against the schema and
 * for a usable transport: the settings, or why they cannot be used (`problem` in one line,
 * `issues` one per setting).
 */
export function checkServerSettings(input: unknown): { settings: ServerSettings } | { problem: string; issues: SettingsIssue[] } {
  const parsed = ServerSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issues: SettingsIssue[] = parsed.error.issues.map((issue) => ({ field: issue.path[0]?.toString(), message: issue.message }));
    // Say what is missing for the transport too, so a form shows every problem at once.
    const transport = isRecord(input) ? transportIssue(input as Partial<ServerSettings>) : null;
    if (transport && !issues.some((issue) => issue.field === transport.field)) issues.push(transport);
    return { problem: describeIssues(parsed.error), issues };
  }
  const transport = transportIssue(parsed.data);
  return transport ? { problem: transport.message, issues: [transport] } : { settings: parsed.data };
}

/** A server's transport settings are complete enough to connect; null or why not. */
export function transportProblem(server: ServerSettings): string | null {
  return transportIssue(server)?.message ?? null;
}

function transportIssue(server: Partial<ServerSettings>): Required<SettingsIssue> | null {
  if (server.type === 'stdio') return typeof server.command === 'string' && server.command.trim() ? null : { field: 'command', message: 'A stdio server needs a command.' };
  if (server.type !== 'http' && server.type !== 'sse') return null;
  if (!server.url) return { field: 'url', message: `An ${server.type === 'http' ? 'HTTP' : 'SSE'} server needs a URL.` };
  try {
    const url = new URL(server.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { field: 'url', message: 'The URL must start with http:// or https://.' };
  } catch {
    return { field: 'url', message: `"${server.url}" is not a valid URL.` };
  }
  return null;
}
