// Shared helpers for the Mcp-manager tests: temp user-data folders, stores seeded with servers,
// fixture server entries as a user would configure them, call answers, and polling.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppConfig, McpServer } from '../../../src/types/config.js';
import type { ServerStatus, ServerStatusKind } from '../../../src/types/mcp.js';
import type { McpOptions } from '../../../src/main/mcp.js';
import { Mcp } from '../../../src/main/mcp.js';
import { ConfigStore } from '../../../src/main/config/store.js';
import type { FixtureConfig } from '../../fixtures/config.js';
import { fixtureCommand, startFixtureInProcess, type InProcessFixture } from '../../fixtures/launch.js';

export { TSX_LOADER_URL } from '../../fixtures/launch.js';
const require = createRequire(import.meta.url);
/** A stdio server listing the same tool twice (the fixture's catalog cannot: it is a Map). */
export const DUP_SERVER_PATH = fileURLToPath(new URL('./dup-server.ts', import.meta.url));

const made = new Set<string>();
const served: InProcessFixture[] = [];

/** An in-process fixture server that stopServed() stops: a test file's servers, tracked once. */
export async function serve(config: FixtureConfig): Promise<InProcessFixture> {
  const fixture = await startFixtureInProcess(config);
  served.push(fixture);
  return fixture;
}

export async function stopServed(): Promise<void> {
  await Promise.all(served.splice(0).map((fixture) => fixture.stop()));
}

/** A fresh user-data folder under the OS temp dir; removed by `removeTempDirs`. */
export function tempDir(prefix = 'mcp-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** A stdio server entry that runs a fixture server. */
export function stdioEntry(uuid: string, label: string, fixture: FixtureConfig, extra: Partial<McpServer> = {}): McpServer {
  const { command, args } = fixtureCommand(fixture);
  return { uuid, label, state: 'enabled', type: 'stdio', command, args, ...extra };
}

/** The bin script of a published package (`dist/index.js`), also of those whose `exports` hide it (the MCP App servers). */
export function publishedScript(pkg: string): string {
  const name = `@modelcontextprotocol/${pkg}`;
  try {
    return require.resolve(`${name}/dist/index.js`);
  } catch {
    return path.join(path.dirname(require.resolve(name)), 'index.js');
  }
}

/** A published MCP server package (`@modelcontextprotocol/<pkg>`), run as a user would: node + its bin script, over stdio. */
export function publishedEntry(uuid: string, label: string, pkg: string, args: string[], env?: Record<string, string>): McpServer {
  const script = publishedScript(pkg);
  return { uuid, label, state: 'enabled', type: 'stdio', command: process.execPath, args: [script, ...args], ...(env ? { env } : {}) };
}

/** An http or sse server entry for a fixture listening at `url`. */
export function urlEntry(uuid: string, label: string, type: 'http' | 'sse', url: string, extra: Partial<McpServer> = {}): McpServer {
  return { uuid, label, state: 'enabled', type, url, ...extra };
}

/** Opens a store in `dir` and writes `servers` (and any other config parts) into it. */
export function seedStore(dir: string, servers: readonly McpServer[], rest: Partial<AppConfig> = {}): ConfigStore {
  const store = ConfigStore.open({ userDataDir: dir });
  store.update((config) => {
    Object.assign(config, structuredClone(rest));
    config.mcp.servers = structuredClone([...servers]);
  });
  return store;
}

export interface Started {
  mcp: Mcp;
  store: ConfigStore;
  logs: string[];
}

/** Opens the store in `dir` (seeding `servers` when given), starts an Mcp on it. */
export async function startMcp(
  dir: string,
  servers?: readonly McpServer[],
  options: Partial<McpOptions> & { rest?: Partial<AppConfig> } = {},
): Promise<Started> {
  const { rest, ...mcpOptions } = options;
  const store = servers ? seedStore(dir, servers, rest) : ConfigStore.open({ userDataDir: dir, reserved: mcpOptions.reserved });
  const logs: string[] = [];
  const mcp = new Mcp({ store, log: (message) => logs.push(message), ...mcpOptions });
  await mcp.start();
  return { mcp, store, logs };
}

/**
 * A call the user has approved: fixture tools are mostly unannotated, so their policy is "ask".
 * For tests about calling, not about approval (those are in mcp-policies.test.ts).
 */
export const APPROVED = { approved: true } as const;

/** What a fixture tool call answered: which server, which original name, which arguments. */
export interface Answer {
  server: string;
  tool: string;
  args: Record<string, unknown>;
}

export function answer(result: unknown): Answer {
  const content = (result as CallToolResult).content[0];
  if (content?.type !== 'text') throw new Error(`expected a text answer, got ${JSON.stringify(result)}`);
  return JSON.parse(content.text) as Answer;
}

/** The text of a (published server's) tool answer. */
export function text(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

export function statusOf(mcp: Mcp, uuid: string): ServerStatus {
  const status = mcp.getStatus().find((s) => s.uuid === uuid);
  if (!status) throw new Error(`no status for ${uuid}`);
  return status;
}

/** original → exposed of one server, from getStatus. */
export function namesOf(mcp: Mcp, uuid: string): Record<string, string> {
  return Object.fromEntries(statusOf(mcp, uuid).tools.map((t) => [t.original, t.exposed]));
}

/** Every server's original → exposed, keyed by uuid: what must be stable. */
export function allNames(mcp: Mcp): Record<string, Record<string, string>> {
  return Object.fromEntries(mcp.getStatus().map((s) => [s.uuid, namesOf(mcp, s.uuid)]));
}

export async function waitFor(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function waitForStatus(mcp: Mcp, uuid: string, status: ServerStatusKind, timeoutMs = 10_000): Promise<ServerStatus> {
  await waitFor(`${uuid} to be ${status}`, () => statusOf(mcp, uuid).status === status, timeoutMs);
  return statusOf(mcp, uuid);
}

/** Records every status a server goes through, from onStatus events. */
export function recordStatuses(mcp: Mcp): { of(uuid: string): ServerStatusKind[]; stop(): void } {
  const seen = new Map<string, ServerStatusKind[]>();
  const stop = mcp.onStatus((all) => {
    for (const s of all) {
      const list = seen.get(s.uuid) ?? [];
      if (list[list.length - 1] !== s.status) list.push(s.status);
      seen.set(s.uuid, list);
    }
  });
  return { of: (uuid) => seen.get(uuid) ?? [], stop: () => void stop() };
}

/** A name of `length` characters, unique per `seed`. */
export function longName(seed: string, length = 100): string {
  return `${seed}_${'x'.repeat(length)}`.slice(0, length);
}
