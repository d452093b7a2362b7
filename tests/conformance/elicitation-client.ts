// The client the official conformance suite runs for `elicitation-sep1034-client-defaults`:
// `<command> <server-url>`. It does what a user of the app does, through `inspect`: put the
// server into a fresh profile, list its tools, and call the first one approving the call (--yes)
// and accepting the server's form as it comes (--answer '{}'): the app fills in the defaults.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigStore } from '../../src/main/store.js';
import { CLI_ARGS } from '../unit/helpers/inspect-child.js';

function inspect(dir: string, args: string[]): { code: number; stdout: string } {
  const run = spawnSync(process.execPath, [...CLI_ARGS, '--user-data', dir, ...args], { encoding: 'utf8' });
  process.stderr.write(`[conformance client] inspect ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return { code: run.status ?? -1, stdout: run.stdout };
}

const url = process.argv[2];
if (!url) throw new Error('usage: elicitation-client.ts <server-url>');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
try {
  ConfigStore.open({ userDataDir: dir }).update((config) => {
    config.mcp.servers = [{ uuid: 'conformance', label: 'Conformance', state: 'enabled', type: 'http', url }];
  });
  const listing = JSON.parse(inspect(dir, ['--json']).stdout) as { servers: Array<{ tools: Array<{ exposed: string }> }> };
  const tool = listing.servers[0]?.tools[0];
  process.exitCode = tool ? inspect(dir, ['call', tool.exposed, '{}', '--yes', '--answer', '{}']).code : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
