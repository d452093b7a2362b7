// A tool's result as a provider's next request takes it (Mcp.getProviderResult): the pure
// adapters (providers/results/) given what only the manager knows, the server's cap on result
// text and the check of the structured content against the tool's output schema.
import type { McpServer } from '../../../types/config.js';
import type { ProviderId, ProviderResult } from '../../../types/providers.js';
import { isRecord } from '../../../types/json.js';
import { providerResult } from '../../providers/results/index.js';
import type { ViewContextInput } from '../../providers/results/view-context.js';
import type { ServerConnection } from '../connection/connection.js';
import type { ToolIndex } from '../names/tool-index.js';

export interface ResultContext {
  index: ToolIndex;
  connections: ReadonlyMap<string, ServerConnection>;
  server: (uuid: string) => McpServer | undefined;
}

export interface ProviderResultOptions {
  /** The provider's id of the call (tool_call_id, call_id, tool_use_id, toolUseId, functionCall.id). */
  callId: string;
  /** The model sees no images or documents: each becomes a note. */
  textOnly?: boolean;
  /** What the tool's view asked to keep for the model (MCP Apps `ui/update-model-context`): added after the result. */
  viewContext?: ViewContextInput;
}

/** Throws only for a tool no server offers (the message names it); a malformed result is converted as far as it goes. */
export async function getProviderResult(context: ResultContext, provider: ProviderId, exposedName: string, result: unknown, options: ProviderResultOptions): Promise<ProviderResult> {
  const entry = context.index.get(exposedName);
  if (!entry) throw new Error(`Unknown tool "${exposedName}": no MCP server offers a tool by that name.`);
  const connection = context.connections.get(entry.uuid);
  const outputSchema = entry.tool && connection ? connection.checkOutput(entry.tool, isRecord(result) ? result : {}) : null;
  return providerResult(provider, exposedName, result, {
    callId: options.callId,
    textOnly: options.textOnly,
    maxTextChars: context.server(entry.uuid)?.maxResultChars,
    outputSchema,
    ...(options.viewContext ? { viewContext: options.viewContext } : {}),
  });
}
