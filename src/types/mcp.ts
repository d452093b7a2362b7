// What the Mcp manager reports about servers and tools. Shared by main, preload and renderer.
import type { ServerType } from './config.js';

export type RenameReason = 'sanitized' | 'truncated' | 'collision' | 'alias';

export type ServerStatusKind = 'connecting' | 'ready' | 'failed' | 'disabled';

export interface ToolStatus {
  original: string;
  exposed: string;
  reasons: RenameReason[];
  description?: string;
  /** False when the user switched the tool off for this server. */
  enabled: boolean;
}

/** A tool the server listed that cannot be used: its definition is malformed. */
export interface SkippedTool {
  /** Its name, or null when it has none (or the name is not text). */
  name: string | null;
  /** Why it was skipped, in words a user (or the server's author) can act on. */
  reason: string;
}

export interface ServerStatus {
  uuid: string;
  label: string;
  type: ServerType;
  status: ServerStatusKind;
  /** Why the server failed, in words a user can act on. */
  error?: string;
  /** The tools the server listed; while it is offline, the tools it is known to have. */
  tools: ToolStatus[];
  /** True while `tools` comes from saved names, not from a live listing. */
  offline: boolean;
  /** Tools of the live listing that were left out, each with its reason; the others work. */
  skippedTools: SkippedTool[];
}

/** A function definition as the chat sends it to a model. */
export interface LlmTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ToolCallResult {
  content: unknown[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}
