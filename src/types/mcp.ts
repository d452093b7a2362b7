// What the Mcp manager reports about servers and tools. Shared by main, preload and renderer.
import type { ServerType } from './config.js';
import type { SecretField } from './secrets.js';

export type RenameReason = 'sanitized' | 'truncated' | 'collision' | 'alias';

/** `needs-secret`: a saved secret of the server is gone from the store (a keyring reset). */
export type ServerStatusKind = 'connecting' | 'ready' | 'failed' | 'needs-secret' | 'disabled';

export interface ToolStatus {
  original: string;
  exposed: string;
  reasons: RenameReason[];
  description?: string;
  /** False when the user switched the tool off for this server. */
  enabled: boolean;
}

export interface ServerStatus {
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
