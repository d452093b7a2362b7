// Runs the browser host (src/main/hosts/web.ts) as a real child process, the way `npm run web` does,
// so the e2e tests cross the same process and HTTP boundaries a user's browser does. Also writes
// config.json files into fresh user-data folders for tests that start from a given config.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { asNobody, spawnTracked, stopChild, waitForLine } from '../fixtures/child-process.js';
import { entryArgs, REPO_ROOT, writeLauncher } from '../fixtures/entry.js';
import { FIXTURE_SERVER_PATH, fixtureCommand } from '../fixtures/launch.js';

export { REPO_ROOT };
const WEB_HOST = path.join(REPO_ROOT, 'src/main/hosts/web.ts');
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
/** The line web.ts prints: two spaces, then the address with this launch's token. */
const URL_LINE = /^\s+(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)\s*$/m;

export interface RunningHost {
  /** The address to open, token in the fragment. */
  url: string;
  pid: number;
  /** SIGTERM (the host closes its servers), SIGKILL if it has not exited in time; waits for exit. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or `kill -9` would; waits for exit. */
  kill(): Promise<void>;
}

export interface HostOptions {
  /**
   * Run as the unprivileged user `nobody` (setpriv), so that file modes bind: the tests run as
   * root, which no file mode stops.
   */
  asNobody?: boolean;
  /** The port to listen on; a free one when unset. */
  port?: number;
}

/** `node src/main/hosts/web.ts …` (tsx, or its bundle: tests/fixtures/entry.ts) as `npm run web` runs it, possibly as nobody. */
function hostCommand(userDataDir: string, options: HostOptions): [string, string[]] {
  const node = [process.execPath, ...entryArgs(WEB_HOST), '--user-data', userDataDir, '--port', String(options.port ?? 0)];
  return options.asNobody ? asNobody(node) : [node[0]!, node.slice(1)];
}

/** Starts the browser host on `userDataDir` (on `options.port`, else a free one); resolves once it prints its URL. */
export async function startHost(userDataDir: string, options: HostOptions = {}): Promise<RunningHost> {
  const [command, args] = hostCommand(userDataDir, options);
  const tracked = spawnTracked(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await waitForLine(tracked, URL_LINE, 'The browser host', START_TIMEOUT_MS);
  const { child } = tracked;
  return {
    url,
    pid: child.pid!,
    stop: () => stopChild(child, STOP_GRACE_MS),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface HostExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the browser host expecting it to refuse to start; resolves with how it exited. */
export function runHostToExit(userDataDir: string): Promise<HostExit> {
  const [command, args] = hostCommand(userDataDir, {});
  const tracked = spawnTracked(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  tracked.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const timer = setTimeout(() => tracked.child.kill('SIGKILL'), START_TIMEOUT_MS);
  return new Promise((resolve) => {
    // 'close', not 'exit': stdout and stderr are read to their end.
    tracked.child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: tracked.stderr() });
    });
  });
}

/** A fresh, empty user-data folder under the OS temp folder. */
export function makeUserDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-e2e-'));
}

export function removeUserDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

export interface FixtureServerEntry {
  uuid: string;
  label: string;
  /** The fixture's config; transport is always stdio here. */
  fixture: Omit<FixtureConfig, 'transport'>;
}

/**
 * A stdio fixture server as a user's config.json would hold a published one: `node <file>
 * <shown…>` run in `dir`, where `<file>` is a launcher for the fixture (tests/fixtures/entry.ts)
 * and the fixture's config is in FIXTURE_CONFIG. For pictures: the command line shows no test path.
 */
export function picturedServer(entry: FixtureServerEntry, dir: string, file: string, shown: string[]): McpServer {
  fs.mkdirSync(dir, { recursive: true });
  writeLauncher(path.join(dir, file), FIXTURE_SERVER_PATH);
  const config = JSON.stringify({ ...entry.fixture, transport: 'stdio' });
  return { uuid: entry.uuid, label: entry.label, state: 'enabled', type: 'stdio', command: 'node', args: [file, ...shown], cwd: dir, env: { FIXTURE_CONFIG: config } };
}

/** A config.json server entry that runs a stdio fixture server (absolute paths throughout). */
export function fixtureServer(entry: FixtureServerEntry): McpServer {
  const { command, args } = fixtureCommand({ ...entry.fixture, transport: 'stdio' });
  return { uuid: entry.uuid, label: entry.label, state: 'enabled', type: 'stdio', command, args };
}

export interface ConfigSeed {
  servers: McpServer[];
  models?: AppConfig['llm']['defaults'];
  prompt?: AppConfig['prompt']['tools'];
  realtime?: AppConfig['realtime']['tools'];
}

/** Writes config.json into `userDataDir` (before the host starts) and returns its path. */
export function writeConfig(userDataDir: string, seed: ConfigSeed): string {
  const config: AppConfig = {
    mcp: { servers: seed.servers },
    llm: { defaults: seed.models ?? [] },
    prompt: { tools: seed.prompt ?? null },
    realtime: { tools: seed.realtime ?? null },
  };
  const file = path.join(userDataDir, 'config.json');
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/** A fresh user-data folder holding the given config.json. */
export function userDataDirWithConfig(seed: ConfigSeed): string {
  const dir = makeUserDataDir();
  writeConfig(dir, seed);
  return dir;
}

/** A TCP port that was free a moment ago on 127.0.0.1 (to restart a host on the same address). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
