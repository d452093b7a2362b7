// Names of the chat app's own built-in tools. They reach the model beside MCP tools, so no MCP
// tool may ever be exposed under one of them (naming rule 4).
export const BUILT_IN_TOOL_NAMES: readonly string[] = [
  'web_search',
  'web_browse',
  'generate_image',
  'run_python',
  'get_current_time',
];
