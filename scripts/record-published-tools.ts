// Records the tool lists of published MCP servers into tests/fixtures/published-corpus.json: the
// corpus the tool-search tests and the bench's recall figures use (real names, descriptions and
// schemas, as their servers list them). The servers are npm packages installed beforehand into a
// folder of their own (never into this project), e.g.:
//
//   mkdir /tmp/corpus && cd /tmp/corpus && npm init -y && npm install --ignore-scripts PACKAGE@VERSION…
//   npx tsx scripts/record-published-tools.ts /tmp/corpus
//
// Each server is started over stdio with placeholder credentials (listing tools needs none), asked
// for its tools once, and stopped. A server that fails to start is reported and left out.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { messageOf } from '../src/types/errors.js';

interface Recorded {
  /** The package and version the tools come from. */
  package: string;
  bin: string;
  args?: string[];
  env?: Record<string, string>;
}

const PLACEHOLDER = 'placeholder-not-a-credential';

const SERVERS: Record<string, Recorded> = {
  github: { package: '@modelcontextprotocol/server-github', bin: 'mcp-server-github', env: { GITHUB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER } },
  gitlab: { package: '@modelcontextprotocol/server-gitlab', bin: 'mcp-server-gitlab', env: { GITLAB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER } },
  slack: { package: '@modelcontextprotocol/server-slack', bin: 'mcp-server-slack', env: { SLACK_BOT_TOKEN: PLACEHOLDER, SLACK_TEAM_ID: 'T000' } },
  'google-maps': { package: '@modelcontextprotocol/server-google-maps', bin: 'mcp-server-google-maps', env: { GOOGLE_MAPS_API_KEY: PLACEHOLDER } },
  'brave-search': { package: '@modelcontextprotocol/server-brave-search', bin: 'mcp-server-brave-search', env: { BRAVE_API_KEY: PLACEHOLDER } },
  postgres: { package: '@modelcontextprotocol/server-postgres', bin: 'mcp-server-postgres', args: ['postgresql://127.0.0.1:1/none'] },
  puppeteer: { package: '@modelcontextprotocol/server-puppeteer', bin: 'mcp-server-puppeteer' },
  'aws-kb-retrieval': { package: '@modelcontextprotocol/server-aws-kb-retrieval', bin: 'mcp-server-aws-kb-retrieval', env: { AWS_ACCESS_KEY_ID: PLACEHOLDER, AWS_SECRET_ACCESS_KEY: PLACEHOLDER, AWS_REGION: 'us-east-1' } },
  notion: { package: '@notionhq/notion-mcp-server', bin: 'notion-mcp-server', env: { NOTION_TOKEN: PLACEHOLDER } },
  playwright: { package: '@playwright/mcp', bin: 'playwright-mcp' },
  chart: { package: '@antv/mcp-server-chart', bin: 'mcp-server-chart' },
  firecrawl: { package: 'firecrawl-mcp', bin: 'firecrawl-mcp', env: { FIRECRAWL_API_KEY: PLACEHOLDER } },
  circleci: { package: '@circleci/mcp-server-circleci', bin: 'mcp-server-circleci', env: { CIRCLECI_TOKEN: PLACEHOLDER } },
  context7: { package: '@upstash/context7-mcp', bin: 'context7-mcp' },
  tavily: { package: 'tavily-mcp', bin: 'tavily-mcp', env: { TAVILY_API_KEY: PLACEHOLDER } },
};

interface Shape {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

async function record(folder: string, server: Recorded): Promise<Shape[]> {
  const transport = new StdioClientTransport({
    command: path.join(folder, 'node_modules', '.bin', server.bin),
    args: server.args ?? [],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...server.env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'record-published-tools', version: '1.0.0' });
  await client.connect(transport, { timeout: 30_000 });
  try {
    const tools: Shape[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: 30_000 });
      for (const tool of page.tools) {
        tools.push({ name: tool.name, ...(tool.title ? { title: tool.title } : {}), description: tool.description ?? '', inputSchema: tool.inputSchema });
      }
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  } finally {
    await client.close();
  }
}

function versionOf(folder: string, name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: tsx scripts/record-published-tools.ts FOLDER (where the servers are installed)');
  const corpus: Record<string, { package: string; tools: Shape[] }> = {};
  for (const [label, server] of Object.entries(SERVERS)) {
    try {
      const tools = await record(folder, server);
      corpus[label] = { package: `${server.package}@${versionOf(folder, server.package)}`, tools };
      process.stderr.write(`${label}: ${tools.length} tools\n`);
    } catch (error) {
      process.stderr.write(`${label}: left out (${messageOf(error)})\n`);
    }
  }
  const out = new URL('../tests/fixtures/published-corpus.json', import.meta.url);
  fs.writeFileSync(out, `${JSON.stringify(corpus, null, 1)}\n`);
  process.stderr.write(`${Object.values(corpus).reduce((n, server) => n + server.tools.length, 0)} tools of ${Object.keys(corpus).length} servers\n`);
}

await main();
