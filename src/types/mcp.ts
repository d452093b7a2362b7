// What the Mcp manager reports about servers and tools. Shared by main, preload and renderer.
import type { ToolUi } from './apps.js';
import type { ServerType, ToolPolicy } from './config.js';
import type { IconRef } from './icons.js';
import type { Finding, ToolIntegrity } from './integrity.js';
import type { RootState } from './roots.js';
import type { TaskSupport } from './tasks.js';
import type { RenameReason } from './names.js';
import type { OfferingsStatus } from './offerings.js';
import type { SecretField } from './secrets.js';

export type { RenameReason } from './names.js';

/**
 * `needs-secret`: a saved secret of the server is gone from the store (a keyring reset).
 * `needs-sign-in`: the server asks for an OAuth sign-in the app does not hold.
 */
export type ServerStatusKind = 'connecting' | 'ready' | 'failed' | 'needs-secret' | 'needs-sign-in' | 'disabled';

/** A remote server's sign-in, as the renderer may know it: never a token or a secret. */
export interface ServerSignIn {
  /** Tokens are saved for this server; Sign out clears them. */
  signedIn: boolean;
  /** A sign-in is waiting for the browser to come back. */
  pending: boolean;
  /** The server asked for more permissions than were granted (the scope to sign in for). */
  moreScope?: string;
  /** A client secret the user entered is saved for this server (the value stays in main). */
  clientSecretSaved: boolean;
}

/**
 * What a server says about a tool (MCP `ToolAnnotations`): hints, never guarantees, from a server
 * that may not be trusted. Unset hints take the spec's defaults: not read-only, destructive,
 * not idempotent, open-world.
 */
export interface ToolAnnotations {
  title?: string;
  /** The tool does not modify its environment. */
  readOnlyHint?: boolean;
  /** It may perform destructive updates (meaningful only when not read-only). */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect (only when not read-only). */
  idempotentHint?: boolean;
  /** It may interact with an open world of external entities (the web, other people). */
  openWorldHint?: boolean;
}

/**
 * Where a tool's policy comes from: the user's choice for the tool, the server's default the
 * user chose, or (nothing chosen) the tool's annotations: read-only → allow, else ask.
 */
export type PolicySource = 'tool' | 'server' | 'annotations';

export interface ToolStatus {
  original: string;
  exposed: string;
  reasons: RenameReason[];
  description?: string;
  /** The tool's display title (its `title`, else its annotations' `title`), when it has one. */
  title?: string;
  /** The listed tool's annotations; empty while the server has not listed it (offline). */
  annotations: ToolAnnotations;
  /** False when the user switched the tool off for this server. */
  enabled: boolean;
  /** What a call of it does: run, ask first, or never run. */
  policy: ToolPolicy;
  policySource: PolicySource;
  /** Its policy without a choice of its own: the server's default, else by its annotations. */
  inheritedPolicy: ToolPolicy;
  /** Its icons (getIcon), when the server gives any. */
  icons?: IconRef[];
  /** It may (optional) or must (required) run as a task: a long call, polled until it ends. */
  taskSupport?: TaskSupport;
  /** Its view and who may call it (MCP Apps), when the server says; `visibility` ["app"]: used by its view only. */
  ui?: ToolUi;
  /**
   * While listed: its definition against what the user approved (docs/tool-integrity.md). A
   * changed or new tool, or one with a high finding not reviewed, is held: offered to no model,
   * refused when called (`held`).
   */
  integrity?: ToolIntegrity;
  /** While listed: what the scan found in its texts; a held tool's findings say why it is held. */
  findings?: Finding[];
  /** While listed: it waits for the user's review (integrity changed or new, or a high finding not reviewed). */
  held?: boolean;
}

/** A tool the server listed that cannot be used: its definition is malformed. */
export interface SkippedTool {
  /** Its name, or null when it has none (or the name is not text). */
  name: string | null;
  /** Why it was skipped, in words a user (or the server's author) can act on. */
  reason: string;
}

/** A server's state, its tools, and (OfferingsStatus) its prompts and resources. */
export interface ServerStatus extends OfferingsStatus {
  uuid: string;
  label: string;
  type: ServerType;
  status: ServerStatusKind;
  /** Why the server failed, in words a user can act on. */
  error?: string;
  /** While `needs-secret`: the env or header values to enter again. */
  missingSecrets?: SecretField[];
  /** The tools the server listed; while it is offline, the tools it is known to have. */
  tools: ToolStatus[];
  /** True while `tools` comes from saved names, not from a live listing. */
  offline: boolean;
  /** Tools of the live listing that were left out, each with its reason; the others work. */
  skippedTools: SkippedTool[];
  /** Tools of the live listing held for the user's review (`ToolStatus.held`); 0 while offline. */
  heldTools: number;
  /** HTTP and SSE servers: their OAuth sign-in. */
  signIn?: ServerSignIn;
  /** While connected: the protocol revision it speaks (`2026-07-28`, `2025-11-25`, …). */
  protocolVersion?: string;
  /** The server's own icons (getIcon), when it gives any. */
  icons?: IconRef[];
  /** What the server says about using its tools (Mcp.getInstructions puts it in a system prompt). */
  instructions?: string;
  /** The folders it may use (its saved `roots`), each with whether it was found; absent when it has none. */
  roots?: RootState[];
}

/** A function definition as the chat sends it to a model. */
export interface LlmTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

/** A tool `Mcp.findTools` found for a query, best first. */
export interface FoundTool {
  /** Exposed name. */
  name: string;
  /** The uuid of its server. */
  server: string;
  original: string;
  description: string;
  /** The search's relevance (BM25F, weighted by the share of the query's words held and by phrases); only its order means anything. */
  score: number;
}

export interface ToolCallResult {
  content: unknown[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** Where a server log entry comes from. */
export type LogSource = 'stderr' | 'connection' | 'server';
/** The MCP logging levels (RFC 5424 severities), which connection and stderr entries use too. */
export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** One line of a server's log. */
export interface LogEntry {
  /** Increases across all servers: read again with `after` to get only newer entries. */
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  source: LogSource;
  level: LogLevel;
  text: string;
}

/** A tool call's progress, as its server reports it (`notifications/progress`). */
export interface CallProgress {
  callId: string;
  progress: number;
  total?: number;
  message?: string;
}

/** What checking a call's arguments against the tool's input schema found. */
export interface ArgsCheck {
  /** One per field and message: `path` "is required", `count` "must be integer". */
  problems: Array<{ field: string; message: string }>;
  /** Set when the schema itself could not be used: the arguments were not checked. */
  unchecked?: string;
  /**
   * Only when a provider was given: the arguments as the server gets them, restored from that
   * provider's form (what was checked; what a confirmation shows).
   */
  sent?: Record<string, unknown>;
}
