// The answer to a model's `find_tools` call (Mcp.callTool('find_tools', { query })): the best
// matches among the model's selection, each with its exposed name and a one-line description, as
// text for the model and as `structuredContent.tools` for the chat, which loads those tools in
// its next request (getProviderTools' `loaded`). A call the model got wrong is answered with an
// error result it can read and correct, never a throw; an over-long query is searched by its start.
import { FIND_TOOLS_NAME } from '../../naming/builtin-tools.js';
import type { ToolSelection } from '../../../types/config.js';
import type { ToolCallResult } from '../../../types/mcp.js';
import { MAX_QUERY_CHARS, type ToolSearch } from '../../search/tool-search.js';

const MAX_RESULTS = 10;
const MAX_LINE = 160;

/** The first sentence (or line) of a description, cut to MAX_LINE characters. */
export function oneLine(description: string): string {
  const line = description.trim().split(/\r?\n/)[0] ?? '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length <= MAX_LINE ? sentence : `${sentence.slice(0, MAX_LINE - 1)}…`;
}

function failed(text: string): ToolCallResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export function answerFindTools(search: ToolSearch, args: Record<string, unknown>, selection: ToolSelection = null): ToolCallResult {
  const query = args.query;
  if (typeof query !== 'string' || query.trim() === '') return failed(`${FIND_TOOLS_NAME} needs a "query": what the tool should do, in a few words.`);
  const limit = typeof args.limit === 'number' && Number.isInteger(args.limit) ? Math.min(MAX_RESULTS, Math.max(1, args.limit)) : undefined;
  const found = search.find(query, { selection, limit });
  const tools = found.map((tool) => ({ name: tool.name, description: oneLine(tool.description) }));
  const cut = query.length > MAX_QUERY_CHARS ? ` (only its first ${MAX_QUERY_CHARS.toLocaleString('en-US')} characters were read: say what the tool should do in a few words)` : '';
  const quoted = oneLine(query);
  const text =
    tools.length === 0
      ? `No tool matches "${quoted}"${cut}. Try other words for what the tool should do.`
      : `Loaded for your next step${cut}:\n${tools.map((tool) => `- ${tool.name}${tool.description === '' ? '' : `: ${tool.description}`}`).join('\n')}`;
  return { content: [{ type: 'text', text }], structuredContent: { tools } };
}
