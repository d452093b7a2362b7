// The published MCP servers' real tool lists (filesystem twice, memory, everything) through
// every provider adapter, checked against each provider's documented rules; and a real call
// made with the arguments a strict-mode model sends, restored before they reach the server.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptTool, adaptTools, restoreArguments, type SourceTool } from '../../src/main/providers/index.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';
import { violations } from './helpers/provider-rules.js';

const require = createRequire(import.meta.url);
const bin = (pkg: string): string => require.resolve(`@modelcontextprotocol/${pkg}/dist/index.js`);
const FIXTURE = new URL('../fixtures/published-tools.json', import.meta.url);

interface Server {
  uuid: string;
  label: string;
  client: Client;
  tools: Tool[];
}

async function start(uuid: string, label: string, pkg: string, args: string[], env?: Record<string, string>): Promise<Server> {
  const client = new Client({ name: 'providers-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin(pkg), ...args], env: { ...process.env, ...env } as Record<string, string>, stderr: 'ignore' }));
  return { uuid, label, client, tools: (await client.listTools()).tools };
}

function sources(server: Server, suffix = ''): SourceTool[] {
  return server.tools.map((tool) => ({
    name: `${tool.name.replace(/[^a-zA-Z0-9_-]/g, '_')}${suffix}`,
    original: tool.name,
    server: { uuid: server.uuid, label: server.label },
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  }));
}

describe('published MCP servers through every provider', () => {
  let servers: Server[];
  let root: string;
  let all: SourceTool[];

  beforeAll(async () => {
    root = fs.realpathSync(tempDir('providers-fs-'));
    fs.writeFileSync(path.join(root, 'notes.txt'), 'one\ntwo\nthree\n');
    servers = await Promise.all([
      start('fs-a', 'Folder A', 'server-filesystem', [root]),
      start('fs-b', 'Folder B', 'server-filesystem', [fs.realpathSync(tempDir('providers-fs-'))]),
      start('memory', 'Memory', 'server-memory', [], { MEMORY_FILE_PATH: path.join(tempDir('providers-memory-'), 'memory.jsonl') }),
      start('everything', 'Everything', 'server-everything', ['stdio']),
    ]);
    all = servers.flatMap((server, i) => sources(server, i === 1 ? '_1' : ''));
  });

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.client.close()));
    removeTempDirs();
  });

  it('lists the shapes the bench uses (tests/fixtures/published-tools.json)', () => {
    const recorded = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, Array<{ name: string; description: string; inputSchema: unknown }>>;
    const live = { filesystem: servers[0]!.tools, memory: servers[2]!.tools, everything: servers[3]!.tools };
    for (const [name, tools] of Object.entries(live)) {
      expect(tools.map((tool) => ({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema })), name).toEqual(recorded[name]);
    }
  });

  it('every tool is sendable to every provider and passes its rules', () => {
    expect(all.length).toBeGreaterThan(45);
    for (const provider of PROVIDER_IDS) {
      const result = adaptTools(provider, all);
      expect(result.report.filter((entry) => entry.status === 'unsendable'), provider).toEqual([]);
      expect(result.tools).toHaveLength(all.length);
      result.tools.forEach((definition, i) => expect(violations(provider, definition), `${provider} ${all[i]!.name}`).toEqual([]));
      for (const entry of result.report) expect(entry.changes, `${provider} ${entry.name}`).toContain('removed "$schema"');
    }
  });

  it('the two filesystem servers\' tools name their server; the others do not', () => {
    const result = adaptTools('openai', all);
    result.tools.forEach((definition, i) => {
      const description = ((definition as { function: { description: string } }).function).description;
      const source = all[i]!;
      if (source.server.uuid === 'fs-a') expect(description.endsWith('(MCP server: Folder A)'), source.name).toBe(true);
      else if (source.server.uuid === 'fs-b') expect(description.endsWith('(MCP server: Folder B)'), source.name).toBe(true);
      else expect(description, source.name).toBe(source.description);
    });
  });

  it('a strict-mode call: the nulls of optional arguments are removed, so the server accepts it', async () => {
    const readText = all.find((tool) => tool.server.uuid === 'fs-a' && tool.original === 'read_text_file')!;
    const strict = adaptTool('openai-strict', readText);
    const parameters = ((strict.definition as { function: { parameters: { required: string[] } } }).function).parameters;
    expect(parameters.required).toEqual(['path', 'tail', 'head']);
    // What a model bound by that schema sends: every property, null for the ones it leaves out.
    const sent = { path: path.join(root, 'notes.txt'), tail: null, head: 2 };
    const client = servers[0]!.client;
    const refused = await client.callTool({ name: 'read_text_file', arguments: sent });
    expect(refused.isError).toBe(true);
    const restored = restoreArguments('openai-strict', readText, sent);
    expect(restored).toEqual({ path: sent.path, head: 2 });
    const answer = await client.callTool({ name: 'read_text_file', arguments: restored });
    expect(answer.isError).toBeFalsy();
    expect(JSON.stringify(answer.content)).toContain('one\\ntwo');
  });
});
