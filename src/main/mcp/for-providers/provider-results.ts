// A tool's result as a provider's next request takes it (Mcp.getProviderResult): the pure
// adapters (providers/results/) given what only the manager knows, the server's cap on result
// text and the check of the structured content against the tool's output schema. The MCP
// layer's own `find_tools` has no server: its answer loads the tools found, in the form of the
// request's tool search (providers/search-answer.ts), from the selection's list on demand.
import type { McpServer, ToolSelection } from '../../../types/config.js';
import type { ProviderId, ProviderResult, ProviderTools, ProviderToolsOptions } from '../../../types/providers.js';
import { isRecord } from '../../../types/json.js';
import { FIND_TOOLS_NAME } from '../../naming/builtin-tools.js';
import { providerResult } from '../../providers/results/index.js';
import type { ViewContextInput } from '../../providers/results/view-context.js';
import { searchAnswer } from '../../providers/search-answer.js';
import type { ServerConnection } from '../connection/connection.js';
import type { ToolIndex } from '../names/tool-index.js';

export interface ResultContext {
  index: ToolIndex;
  connections: ReadonlyMap<string, ServerConnection>;
  server: (uuid: string) => McpServer | undefined;
  /** `provider`'s list on demand (Mcp.getProviderTools with `loading: 'on-demand'`). */
  onDemand: (provider: ProviderId, selection: ToolSelection, options: Pick<ProviderToolsOptions, 'loaded' | 'pinned'>) => ProviderTools;
}

export interface ProviderResultOptions {
  /** The provider's id of the call (tool_call_id, call_id, tool_use_id, toolUseId, functionCall.id). */
  callId: string;
  /** The model sees no images or documents: each becomes a note. */
  textOnly?: boolean;
  /** What the tool's view asked to keep for the model (MCP Apps `ui/update-model-context`): added after the result. */
  viewContext?: ViewContextInput;
  /**
   * `find_tools` only: the request's selection (the one the search ran over), `loaded` and `pinned`,
   * as given to getProviderTools: the answer loads the tools found that the request defers, with
   * the definitions it carries. Unset: every offered tool, none loaded.
   */
  selection?: ToolSelection;
  loaded?: readonly string[];
  pinned?: readonly string[];
}

/** Throws only for a tool no server offers (the message names it); a malformed result is converted as far as it goes. */
export async function getProviderResult(context: ResultContext, provider: ProviderId, exposedName: string, result: unknown, options: ProviderResultOptions): Promise<ProviderResult> {
  if (exposedName === FIND_TOOLS_NAME) {
    return searchAnswer(provider, result, { callId: options.callId, textOnly: options.textOnly, list: () => context.onDemand(provider, options.selection ?? null, { loaded: options.loaded, pinned: options.pinned }) });
  }
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
