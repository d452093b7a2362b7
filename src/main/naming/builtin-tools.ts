// Names of the chat app's own built-in tools. They reach the model beside MCP tools, so no MCP
// tool may ever be exposed under one of them (naming rule 4).
export const BUILT_IN_TOOL_NAMES: readonly string[] = [
  'web_search',
  'web_browse',
  'generate_image',
  'run_python',
  'get_current_time',
];

/**
 * The MCP layer's own tool: sent instead of the tools themselves when they load on demand (for
 * providers without a tool search of their own), answered by the manager (`Mcp.callTool`).
 */
export const FIND_TOOLS_NAME = 'find_tools';

/** Every name no MCP tool may take: the chat's built-ins and the MCP layer's own. */
export const RESERVED_TOOL_NAMES: readonly string[] = [...BUILT_IN_TOOL_NAMES, FIND_TOOLS_NAME];
