// The client the official conformance suite (@modelcontextprotocol/conformance) runs for each
// scenario: `<command> <server-url>`, with MCP_CONFORMANCE_SCENARIO and, for some scenarios,
// MCP_CONFORMANCE_CONTEXT (a client ID and secret to enter). It does what a user of the app
// does, through `inspect`: put the server into a fresh profile, list, sign in whenever the app
// says the server needs it (opening the address like a browser: fetch it, follow the redirects
// to the app's loopback callback), and call the first tool with arguments its schema accepts,
// approving the call and accepting a form the server asks for as it comes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SecretAuthStorage } from '../../src/main/auth/secret-storage.js';
import { SecretStore } from '../../src/main/secrets/store.js';
import { ConfigStore } from '../../src/main/config/store.js';
import { entryArgs } from '../fixtures/entry.js';
import { visitSignIn } from '../unit/helpers/oauth.js';
import { exampleArguments } from './arguments.js';

const CLI = fileURLToPath(new URL('../../src/main/hosts/cli.ts', import.meta.url));
const UUID = '00000000-0000-4000-8000-00000000c0f0';
/** How many times the app may ask for a sign-in before the client stops obliging. */
const MAX_SIGN_INS = 4;
const NEEDS_SIGN_IN = 3;
/** The provider whose tool definitions the client reads (and whose arguments the call turns back). */
const PROVIDER = 'anthropic';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function log(message: string): void {
  process.stderr.write(`[conformance client] ${message}\n`);
}

/** Runs inspect; with `onFirstLine`, that is called with its first stdout line while it runs. */
function inspect(dir: string, args: string[], onFirstLine?: (line: string) => Promise<unknown>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entryArgs(CLI), '--user-data', dir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let visited: Promise<unknown> = Promise.resolve();
    child.stdout.on('data', (chunk: Buffer) => {
      const had = stdout.includes('\n');
      stdout += chunk.toString();
      if (onFirstLine && !had && stdout.includes('\n')) visited = onFirstLine(stdout.split('\n')[0]!).catch((error: unknown) => log(`the browser's part failed: ${String(error)}`));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => void visited.then(() => resolve({ code: code ?? -1, stdout, stderr })));
  });
}

async function signIn(dir: string): Promise<boolean> {
  const run = await inspect(dir, ['signin', UUID, '--timeout', '30'], (address) => visitSignIn(address));
  log(`signin: exit ${run.code}: ${run.stderr.trim()}`);
  return run.code === 0;
}

async function listing(dir: string): Promise<{ status: string; error?: string; tools: Array<{ original: string; exposed: string }> }> {
  const run = await inspect(dir, ['--json']);
  if (run.code !== 0) throw new Error(`inspect --json exited ${run.code}: ${run.stderr}`);
  const { servers } = JSON.parse(run.stdout) as { servers: Array<{ status: string; error?: string; tools: Array<{ original: string; exposed: string }> }> };
  return servers[0]!;
}

/** The profile a user would have after adding the server (and typing in a client ID, if given). */
async function makeProfile(url: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { client_id?: string; client_secret?: string };
  const store = ConfigStore.open({ userDataDir: dir });
  store.update((config) => {
    config.mcp.servers = [{ uuid: UUID, label: 'Conformance', state: 'enabled', type: 'http', url, ...(context.client_id ? { oauthClientId: context.client_id } : {}) }];
  });
  if (context.client_secret) await new SecretAuthStorage(SecretStore.forConfig(store)).set(UUID, 'clientSecret', context.client_secret);
  return dir;
}

interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** What the scenario's context asks to call: `toolCalls` of original names and arguments. */
function contextCalls(): Array<{ name: string; arguments: Record<string, unknown> }> | null {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }> };
  return Array.isArray(context.toolCalls) ? context.toolCalls : null;
}

/**
 * The calls a user makes, from what the app would send a model (`inspect tools --provider
 * anthropic`, whose definitions carry the JSON schema as it is): the calls the scenario's context
 * names, else every tool once with arguments its schema accepts. json-schema-2020-12-preservation
 * asks for one more step: the focal tool's schema, as the model would get it, passed back to the
 * echo tool.
 */
async function toolCalls(dir: string, tools: Array<{ original: string; exposed: string }>): Promise<ToolCall[]> {
  const run = await inspect(dir, ['tools', '--provider', PROVIDER]);
  if (run.code !== 0) throw new Error(`inspect tools exited ${run.code}: ${run.stderr}`);
  const definitions = (JSON.parse(run.stdout) as { tools: Array<{ name: string; input_schema: unknown }> }).tools;
  const exposed = (original: string): string => tools.find((tool) => tool.original === original)?.exposed ?? original;
  const schemaOf = (original: string): unknown => definitions.find((tool) => tool.name === exposed(original))?.input_schema;
  if (process.env.MCP_CONFORMANCE_SCENARIO === 'json-schema-2020-12-preservation') {
    return [{ name: exposed('json_schema_echo'), args: { schema: schemaOf('json_schema_2020_12_tool') } }];
  }
  const asked = contextCalls();
  if (asked) return asked.filter((call) => definitions.some((tool) => tool.name === exposed(call.name))).map((call) => ({ name: exposed(call.name), args: call.arguments }));
  return definitions.map((tool) => ({ name: tool.name, args: exampleArguments(tool.input_schema) }));
}

async function main(url: string): Promise<number> {
  log(`scenario ${process.env.MCP_CONFORMANCE_SCENARIO ?? '?'} at ${url}`);
  const dir = await makeProfile(url);
  try {
    let server = await listing(dir);
    for (let i = 0; server.status === 'needs-sign-in' && i < MAX_SIGN_INS; i++) {
      if (!(await signIn(dir))) break;
      server = await listing(dir);
    }
    log(`listing: ${server.status}${server.error ? ` (${server.error})` : ''}, tools: ${server.tools.map((t) => t.exposed).join(', ')}`);
    if (server.status !== 'ready') return 1;
    let code = 0;
    for (const call of await toolCalls(dir, server.tools)) code = Math.max(code, await callTool(dir, call));
    return code;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One call as a user makes it: approved, the server's forms accepted as they come, signing in when asked. */
async function callTool(dir: string, call: ToolCall): Promise<number> {
  for (let i = 0; ; i++) {
    // The user approves the call (tools without annotations ask first) and accepts whatever
    // form the server asks for as it comes (the app fills in its defaults).
    const run = await inspect(dir, ['call', call.name, JSON.stringify(call.args), '--provider', PROVIDER, '--yes', '--answer', '{}']);
    log(`call ${call.name}: exit ${run.code}${run.stderr ? `: ${run.stderr.trim()}` : ''}`);
    if (run.code !== NEEDS_SIGN_IN || i >= MAX_SIGN_INS || !(await signIn(dir))) return run.code;
  }
}

const url = process.argv[2];
if (!url) {
  log('usage: client.ts <server-url>');
  process.exitCode = 2;
} else {
  process.exitCode = await main(url);
}
