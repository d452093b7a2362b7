// The shapes the provider adapters take and give (the report's shape is src/types/providers.ts).
import type { ProviderToolReport } from '../../types/providers.js';
import type { SchemaAdaptation, SchemaTarget } from './schema/index.js';
import type { Schema } from './schema/common/json.js';

/** One enabled MCP tool, as the manager hands it to the adapters. */
export interface SourceTool {
  /** Exposed name (already valid for every provider). */
  name: string;
  /** Name on its server. */
  original: string;
  server: { uuid: string; label: string };
  /** May be empty. */
  description: string;
  /** As the server listed it (untrusted). */
  inputSchema: Record<string, unknown>;
}

/**
 * Arguments a model sent under the adapted schema → what the server's schema expects. Throws
 * UnreadableArgument (an argument sent as a string holding JSON that cannot be read back), nothing else.
 */
export type ArgumentRestorer = (args: Record<string, unknown>) => Record<string, unknown>;

export interface AdaptedTool {
  /** The object for the provider's request `tools` array; null when unsendable. */
  definition: unknown;
  report: ProviderToolReport;
  /** null: arguments pass to the server as the model sent them. */
  restore: ArgumentRestorer | null;
  /**
   * Every argument value the definition accepts is valid for the server's schema once restored
   * (or refused by the restore, naming the argument). False when a constraint could only be
   * described in words (or the definition was not made).
   */
  exact: boolean;
}

/** One provider family's request shape. */
export interface ProviderAdapter {
  /** The schema dialect its `parameters` take. */
  target: SchemaTarget;
  /** The tools-array entry; `schema` is null when the provider takes no parameters for this tool. */
  definition(name: string, description: string, schema: Schema | null, adaptation: SchemaAdaptation): unknown;
}
