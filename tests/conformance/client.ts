// The client the official conformance suite (@modelcontextprotocol/conformance) runs for each
// scenario: `<command> <server-url>`, with MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_PROTOCOL_VERSION
// (the wire the scripted server speaks) and, for some scenarios, MCP_CONFORMANCE_CONTEXT (a client
// ID and secret to enter). It does what a user of the app does, through `inspect`: put the server
// into a fresh profile, list, sign in whenever the app says the server needs it (opening the
// address like a browser: fetch it, follow the redirects to the app's loopback callback), and
// call the first tool with arguments its schema accepts, approving the call and accepting a form
// the server asks for as it comes. The same steps for every scenario: none is special-cased.
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

const CLI = fileURLToPath(new URL('../../src/main/hosts/cli/cli.ts', import.meta.url));
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

/** Signs in as a user does; the server's status once signed in ("ready"…), or null when it failed. */
async function signIn(dir: string): Promise<string | null> {
  const run = await inspect(dir, ['signin', UUID, '--timeout', '30'], (address) => visitSignIn(address));
  log(`signin: exit ${run.code}: ${run.stderr.trim()}`);
  if (run.code !== 0) return null;
  return /^Signed in to .*?: ([a-z-]+)/m.exec(run.stderr)?.[1] ?? 'unknown';
}

interface Listed {
  status: string;
  error?: string;
  tools: Array<{ original: string; exposed: string }>;
}

async function listing(dir: string): Promise<Listed> {
  const run = await inspect(dir, ['--json']);
  if (run.code !== 0) throw new Error(`inspect --json exited ${run.code}: ${run.stderr}`);
  const { servers } = JSON.parse(run.stdout) as { servers: Listed[] };
  const server = servers[0]!;
  log(`listing: ${server.status}${server.error ? ` (${server.error})` : ''}, tools: ${server.tools.map((t) => t.exposed).join(', ')}`);
  return server;
}

/**
 * Lists the server and signs in whenever the app says it needs it (at most MAX_SIGN_INS times);
 * the status it ends in. `signin` says the status its reconnect left the server in, so the
 * listing is asked again only when that is not known yet.
 */
async function signedIn(dir: string, listed?: Listed): Promise<string> {
  let status = (listed ?? (await listing(dir))).status;
  for (let i = 0; status === 'needs-sign-in' && i < MAX_SIGN_INS; i++) {
    const after = await signIn(dir);
    if (after === null) break;
    status = after === 'unknown' || after === 'connecting' ? (await listing(dir)).status : after;
  }
  return status;
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
 * names (`toolCalls`, by original name), else every tool once with arguments its schema accepts.
 * json-schema-2020-12-preservation asks for one more step: the focal tool's schema, as the model
 * would get it, passed back to the echo tool.
 */
async function toolCalls(dir: string): Promise<ToolCall[]> {
  const run = await inspect(dir, ['tools', '--provider', PROVIDER]);
  if (run.code !== 0) throw new Error(`inspect tools exited ${run.code}: ${run.stderr}`);
  const definitions = (JSON.parse(run.stdout) as { tools: Array<{ name: string; input_schema: unknown }> }).tools;
  if (definitions.length === 0) return [];
  const names = (await listing(dir)).tools;
  const exposed = (original: string): string => names.find((tool) => tool.original === original)?.exposed ?? original;
  if (process.env.MCP_CONFORMANCE_SCENARIO === 'json-schema-2020-12-preservation') {
    const focal = definitions.find((tool) => tool.name === exposed('json_schema_2020_12_tool'));
    return [{ name: exposed('json_schema_echo'), args: { schema: focal?.input_schema } }];
  }
  const asked = contextCalls();
  if (asked) return asked.filter((call) => definitions.some((tool) => tool.name === exposed(call.name))).map((call) => ({ name: exposed(call.name), args: call.arguments }));
  return definitions.map((tool) => ({ name: tool.name, args: exampleArguments(tool.input_schema) }));
}

/** One call as a user makes it: approved, the server's forms accepted as they come, signing in when asked. */
async function callTool(dir: string, call: ToolCall): Promise<number> {
  for (let i = 0; ; i++) {
    // The user approves the call (tools without annotations ask first) and accepts whatever
    // form the server asks for as it comes (the app fills in its defaults).
    const run = await inspect(dir, ['call', call.name, JSON.stringify(call.args), '--provider', PROVIDER, '--yes', '--answer', '{}']);
    log(`call ${call.name}: exit ${run.code}${run.stderr ? `: ${run.stderr.trim()}` : ''}`);
    if (run.code !== NEEDS_SIGN_IN || i >= MAX_SIGN_INS || (await signIn(dir)) === null) return run.code;
  }
}

async function main(url: string): Promise<number> {
  log(`scenario ${process.env.MCP_CONFORMANCE_SCENARIO ?? '?'} at ${url}`);
  const dir = await makeProfile(url);
  try {
    if ((await signedIn(dir)) !== 'ready') return 1;
    let calls = await toolCalls(dir);
    if (calls.length === 0) {
      // No tools: a server that asks for a sign-in again (it moved to another authorization
      // server) lists none until it has one.
      const listed = await listing(dir);
      if (listed.status !== 'needs-sign-in') return listed.status === 'ready' ? 0 : 1;
      if ((await signedIn(dir, listed)) !== 'ready') return 1;
      calls = await toolCalls(dir);
    }
    let code = 0;
    for (const call of calls) code = Math.max(code, await callTool(dir, call));
    return code;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const url = process.argv[2];
if (!url) {
  log('usage: client.ts <server-url>');
  process.exitCode = 2;
} else {
  process.exitCode = await main(url);
}
