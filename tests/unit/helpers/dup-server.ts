// A stdio MCP server whose tools/list names one tool twice (a malformed but real-world list):
//
//   node --import <tsx loader> tests/unit/helpers/dup-server.ts <id>
//
// Every call answers {server, tool, args} like the fixture servers, plus which copy of the
// duplicated tool the description came from is visible in tools/list.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const id = process.argv[2] ?? 'dup';
const schema = { type: 'object' as const, properties: {} };
const server = new Server({ name: id, version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    { name: 'dup', description: 'first copy', inputSchema: schema },
    { name: 'read_file', description: 'dup-server read_file', inputSchema: schema },
    { name: 'dup', description: 'second copy', inputSchema: schema },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, (request): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify({ server: id, tool: request.params.name, args: request.params.arguments ?? {} }) }],
}));

process.stdin.on('end', () => process.exit(0));
await server.connect(new StdioServerTransport());
