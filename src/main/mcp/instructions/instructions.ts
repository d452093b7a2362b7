// A server's instructions (what it says, at `initialize` or in `server/discover`, about how to use
// its tools) for a chat app's system prompt: `Mcp.getInstructions(selection)` gives those of the
// servers whose tools a request carries, as one block, each server named; a server whose tools
// are all left out of the selection (or all switched off, denied, offline) is left out too. What
// the block costs in tokens is added to getProviderTools' `tokens`.
import type { McpServer, ToolSelection } from '../../../types/config.js';
import type { ProviderTools } from '../../../types/providers.js';
import { textTokens } from '../../providers/tokens.js';
import { stripHidden } from '../../integrity/hidden-characters.js';
import type { ServerConnection } from '../connection/connection.js';
import type { ToolIndex } from '../names/tool-index.js';

export interface ServerInstructions {
  uuid: string;
  label: string;
  instructions: string;
}

export interface InstructionsContext {
  index: ToolIndex;
  connections: ReadonlyMap<string, ServerConnection>;
  servers: () => readonly McpServer[];
}

/** The block's first lines, before the servers' own. */
const HEADING = 'Instructions from the MCP servers whose tools you can call (each in its own words):';

export class Instructions {
  /** The last block counted, and its tokens: the same block is not counted twice in a row. */
  #counted = { text: '', tokens: 0 };

  constructor(private readonly context: InstructionsContext) {}

  /** The instructions of the servers with a tool offered in `selection` (null: every offered tool), in config order. */
  of(selection: ToolSelection = null): ServerInstructions[] {
    const wanted = selection === null ? null : new Set(selection);
    const carried = new Set<string>();
    for (const entry of this.context.index.enabledTools()) {
      if (entry.policy !== 'deny' && (wanted === null || wanted.has(entry.exposed))) carried.add(entry.uuid);
    }
    const found: ServerInstructions[] = [];
    for (const server of this.context.servers()) {
      const instructions = carried.has(server.uuid) ? this.context.connections.get(server.uuid)?.features.instructions : undefined;
      if (instructions) found.push({ uuid: server.uuid, label: server.label, instructions });
    }
    return found;
  }

  /**
   * One block for a system prompt: each server named, then its instructions; '' when none has
   * any. Hidden characters never reach a model: removed, as from tool definitions.
   */
  block(selection: ToolSelection = null): string {
    const found = this.of(selection);
    if (found.length === 0) return '';
    return stripHidden([HEADING, ...found.map(({ label, instructions }) => `## MCP server "${label.replace(/["\n]/g, ' ')}"\n\n${instructions}`)].join('\n\n'));
  }

  /** `tools` with the block's tokens added to `tokens` (and named in `instructionTokens`). */
  withCost(tools: ProviderTools, selection: ToolSelection = null): ProviderTools {
    const text = this.block(selection);
    if (text === '') return tools;
    if (this.#counted.text !== text) this.#counted = { text, tokens: textTokens(text) };
    return { ...tools, tokens: tools.tokens + this.#counted.tokens, instructionTokens: this.#counted.tokens };
  }
}
