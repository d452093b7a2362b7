// Records the tool lists of published MCP servers into tests/fixtures/published-corpus.json: the
// corpus the tool-search tests and the bench's recall figures use (real names, descriptions and
// argument names, as their servers list them). The servers are npm packages installed beforehand
// into a folder of their own (never into this project), e.g.:
//
//   mkdir /tmp/corpus && cd /tmp/corpus && npm init -y && npm install --ignore-scripts PACKAGE@VERSION…
//   npx tsx scripts/record-published-tools.ts /tmp/corpus [LABEL…]
//
// Each server is started over stdio with placeholder credentials (listing tools needs none), asked
// for its tools, and stopped. A server that fails to start is reported and left out. With labels,
// only those servers are recorded again and the others are kept as the file has them.
// What is kept of a tool is what search reads: name, title, description, and of the input schema
// each top-level property's type and description (nested schemas, enums and defaults are dropped:
// they made the file ten times larger and no search reads them).
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { messageOf } from '../src/types/errors.js';
import { SERVERS, type Recorded } from './published-servers.js';

interface Shape {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

const PARALLEL = 4;
const TIMEOUT_MS = 60_000;

function manifestOf(folder: string, name: string): { version: string; bin?: string | Record<string, string> } {
  return JSON.parse(fs.readFileSync(path.join(folder, 'node_modules', name, 'package.json'), 'utf8')) as { version: string; bin?: string | Record<string, string> };
}

/** The server's entry file: its package's own bin (several packages share bin names such as `mcp`). */
function entryOf(folder: string, server: Recorded): string {
  const { bin } = manifestOf(folder, server.package);
  const file = typeof bin === 'string' ? bin : bin?.[server.bin ?? ''] ?? Object.values(bin ?? {})[0];
  if (file === undefined) throw new Error(`${server.package} has no bin`);
  return path.join(folder, 'node_modules', server.package, file);
}

/** The input schema as search reads it: top-level properties with their type and description. */
function slimSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const given = schema.properties;
  if (given !== null && typeof given === 'object') {
    for (const [key, value] of Object.entries(given as Record<string, unknown>)) {
      const property = (value ?? {}) as Record<string, unknown>;
      properties[key] = {
        ...(typeof property.type === 'string' ? { type: property.type } : {}),
        ...(typeof property.description === 'string' ? { description: property.description } : {}),
      };
    }
  }
  return { type: 'object', properties, ...(Array.isArray(schema.required) ? { required: schema.required } : {}) };
}

async function record(folder: string, server: Recorded): Promise<Shape[]> {
  const home = fs.mkdtempSync(path.join(folder, 'home-'));
  for (const [file, text] of Object.entries(server.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(home, file)), { recursive: true });
    fs.writeFileSync(path.join(home, file), text);
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entryOf(folder, server), ...(server.args ?? [])],
    env: { PATH: process.env.PATH ?? '', HOME: home, ...server.env },
    cwd: home,
    stderr: 'pipe',
  });
  // The server's last words, to say why one that fails to start was left out.
  let said = '';
  transport.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-300)));
  const client = new Client({ name: 'record-published-tools', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: TIMEOUT_MS });
    const tools: Shape[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: TIMEOUT_MS });
      for (const tool of page.tools) {
        tools.push({ name: tool.name, ...(tool.title ? { title: tool.title } : {}), description: tool.description ?? '', inputSchema: slimSchema(tool.inputSchema) });
      }
      cursor = page.nextCursor;
    } while (cursor);
    if (tools.length === 0) throw new Error('listed no tools');
    return tools;
  } catch (error) {
    throw new Error(`${messageOf(error)}; stderr: ${said.trim().replace(/\s+/g, ' ')}`, { cause: error });
  } finally {
    await client.close().catch(() => undefined);
    fs.rmSync(home, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [folder, ...only] = process.argv.slice(2);
  if (!folder) throw new Error('usage: tsx scripts/record-published-tools.ts FOLDER [LABEL…] (FOLDER: where the servers are installed)');
  const out = new URL('../tests/fixtures/published-corpus.json', import.meta.url);
  const kept = only.length > 0 && fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, { package: string; tools: Shape[] }>) : {};
  const recorded: Record<string, { package: string; tools: Shape[] }> = {};
  const queue = Object.entries(SERVERS).filter(([label]) => only.length === 0 || only.includes(label));
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [label, server] = next;
      try {
        const tools = await record(folder, server);
        recorded[label] = { package: `${server.package}@${manifestOf(folder, server.package).version}`, tools };
        process.stderr.write(`${label}: ${tools.length} tools\n`);
      } catch (error) {
        process.stderr.write(`${label}: left out (${messageOf(error)})\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // Config order, so the file does not depend on which server answered first.
  const corpus: Record<string, { package: string; tools: Shape[] }> = {};
  for (const label of Object.keys(SERVERS)) {
    const server = recorded[label] ?? kept[label];
    if (server) corpus[label] = server;
  }
  fs.writeFileSync(out, `${JSON.stringify(corpus)}\n`);
  process.stderr.write(`${Object.values(corpus).reduce((n, server) => n + server.tools.length, 0)} tools of ${Object.keys(corpus).length} servers\n`);
}

await main();
