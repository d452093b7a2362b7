// Shared set-up of the manager sections: a real store in a temp folder, a real Mcp, real servers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Mcp } from '../src/main/mcp.js';
import { ConfigStore } from '../src/main/config/store.js';
import type { McpServer } from '../src/types/config.js';

/** A server entry as config.json holds it, without its uuid (given here) and state (enabled). */
export type BenchServer = Omit<McpServer, 'uuid' | 'state'>;

export interface BenchManager {
  mcp: Mcp;
  /** Time of `mcp.start()`: connect and list every server, in ms. */
  startMs: number;
  close(): Promise<void>;
}

/** A fresh user-data folder holding `servers`, then a started manager over it. */
export async function startManager(servers: readonly BenchServer[]): Promise<BenchManager> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mcp-'));
  const store = ConfigStore.open({ userDataDir: dir });
  store.update((config) => {
    config.mcp.servers = servers.map((settings, i) => ({ state: 'enabled' as const, ...settings, uuid: `bench-server-${i}` }));
  });
  const mcp = new Mcp({ store, log: () => undefined });
  const started = performance.now();
  await mcp.start();
  const startMs = performance.now() - started;
  return {
    mcp,
    startMs,
    async close() {
      await mcp.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
