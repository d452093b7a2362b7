// `npm run inspect` as a child process, started the way a dock or a script starts it: a bare PATH
// (/usr/bin:/bin), a temporary HOME whose login shell adds the only folder the server's launcher
// is in, and no server the app's PATH finds. Nothing else holds the event loop while inspect
// waits for the login shell, so a read that let the loop run dry ended the process silently with
// exit 0: no in-process test can show that. One test per command family (listing, call, tools,
// prompts, resources), and the exit guard for any path that still ends without an answer.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UNANSWERED_EXIT_CODE } from '../../src/main/hosts/exit-guard.js';
import { LOGIN_SHELL_TIMEOUT_ENV } from '../../src/main/mcp/stdio/login-shell-path.js';
import type { McpServer } from '../../src/types/config.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { entryArgs } from '../fixtures/entry.js';
import { inspectChild, runChild, type InspectRun } from './helpers/inspect-child.js';
import { loginHome, SET_PATH, writeLauncher } from './helpers/login-home.js';
import { removeTempDirs, seedStore, tempDir } from './helpers/mcp-env.js';

afterAll(removeTempDirs);

const BARE = '/usr/bin:/bin';

const FILES: FixtureConfig = {
  id: 'files',
  transport: 'stdio',
  tools: ['read_file'],
  prompts: [{ name: 'summarize', arguments: [{ name: 'text', required: true }] }],
  resources: [{ uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain', text: 'Remember the milk' }],
};

function stdio(uuid: string, command: string): McpServer {
  return { uuid, label: uuid, state: 'enabled', type: 'stdio', command, args: [] };
}

/**
 * A profile with two servers and nothing on the app's PATH: `files`, whose launcher only the login
 * shell's PATH holds, and `nowhere`, found on neither. Approval for read_file is given in advance.
 */
function dockProfile(): { dir: string; env: NodeJS.ProcessEnv; loginPath: string } {
  const { home, tools, loginPath } = loginHome({ '.bash_profile': SET_PATH });
  writeLauncher(tools, 'files-mcp', FILES);
  const dir = tempDir('inspect-dock-');
  seedStore(dir, [{ ...stdio('files', 'files-mcp'), toolPolicies: { read_file: 'allow' } }, stdio('nowhere', 'mcp-nowhere')]);
  // Only what a desktop session gives an app: no npm, no inherited PATH beyond the bare one.
  const env = { HOME: home, SHELL: '/bin/bash', PATH: BARE, [LOGIN_SHELL_TIMEOUT_ENV]: '20000' };
  return { dir, env, loginPath };
}

/** Every run answers: a zero exit always comes with output. */
function answered(run: InspectRun): InspectRun {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout.trim()).not.toBe('');
  return run;
}

describe('inspect as a child process, with a bare PATH and the command on the login shell\'s PATH only', () => {
  it('listing: the login-shell server is ready, the one found nowhere failed with where it looked', async () => {
    const { dir, env, loginPath } = dockProfile();
    const run = answered(await inspectChild(['--user-data', dir, '--json'], env));
    expect(JSON.parse(run.stdout)).toEqual({
      servers: [
        { uuid: 'files', label: 'files', status: 'ready', protocolVersion: '2025-11-25', tools: [{ original: 'read_file', exposed: 'read_file', reasons: [], policy: 'allow', annotations: {}, integrity: 'approved', findings: [] }] },
        {
          uuid: 'nowhere',
          label: 'nowhere',
          status: 'failed',
          error: `command not found: mcp-nowhere (looked in PATH: ${BARE} and the login shell's PATH: ${loginPath}). Install it or give its full path.`,
          tools: [],
        },
      ],
    });
    // The text listing answers too.
    const text = answered(await inspectChild(['--user-data', dir], env));
    expect(text.stdout.split('\n')[0]).toBe('files [ready] files (MCP 2025-11-25)');
  }, 60_000);

  it('call: the tool answers through the server the login shell found', async () => {
    const { dir, env } = dockProfile();
    const run = answered(await inspectChild(['--user-data', dir, 'call', 'read_file', '{"path":"a.txt"}'], env));
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: JSON.stringify({ server: 'files', tool: 'read_file', args: { path: 'a.txt' } }) }] });
  }, 60_000);

  it('tools: the provider\'s request tools hold the login-shell server\'s tool', async () => {
    const { dir, env } = dockProfile();
    const run = answered(await inspectChild(['--user-data', dir, 'tools', '--provider', 'anthropic'], env));
    const tools = (JSON.parse(run.stdout) as { tools: Array<{ name: string }> }).tools;
    expect(tools.map((tool) => tool.name)).toEqual(['read_file']);
  }, 60_000);

  it('prompts: the login-shell server\'s prompt is listed', async () => {
    const { dir, env } = dockProfile();
    const run = answered(await inspectChild(['--user-data', dir, 'prompts', '--json'], env));
    expect((JSON.parse(run.stdout) as { prompts: Array<{ name: string; server: string }> }).prompts).toEqual([
      expect.objectContaining({ name: 'summarize', server: 'files' }),
    ]);
  }, 60_000);

  it('resources: the login-shell server\'s resource is listed and read', async () => {
    const { dir, env } = dockProfile();
    const list = answered(await inspectChild(['--user-data', dir, 'resources', '--json'], env));
    expect((JSON.parse(list.stdout) as { resources: Array<{ uri: string; server: string }> }).resources).toEqual([
      expect.objectContaining({ uri: 'file:///notes.txt', server: 'files' }),
    ]);
    const read = answered(await inspectChild(['--user-data', dir, 'read', 'files', 'file:///notes.txt', '--provider', 'anthropic'], env));
    expect(read.stdout).toContain('Remember the milk');
  }, 60_000);
});

describe('the exit guard', () => {
  it('a process whose work never settles exits non-zero and says why, instead of 0 with nothing', async () => {
    // A script that awaits a promise nothing will settle: the event loop runs dry under the guard.
    const dir = tempDir('exit-guard-');
    const script = path.join(dir, 'never.mts');
    const guard = JSON.stringify(new URL('../../src/main/hosts/exit-guard.ts', import.meta.url).href);
    fs.writeFileSync(script, `import { answerOrFail } from ${guard};\nawait answerOrFail('probe', () => new Promise<number>(() => {}));\nconsole.log('unreachable');\n`);
    const run = await runChild(process.execPath, entryArgs(script), { ...process.env });
    expect(run.code).toBe(UNANSWERED_EXIT_CODE);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('probe: stopped before it could answer');
  }, 30_000);

  it('work that settles keeps its own exit code and prints no warning', async () => {
    const dir = tempDir('exit-guard-');
    const script = path.join(dir, 'done.mts');
    const guard = JSON.stringify(new URL('../../src/main/hosts/exit-guard.ts', import.meta.url).href);
    fs.writeFileSync(script, `import { answerOrFail } from ${guard};\nprocess.exitCode = await answerOrFail('probe', async () => 3);\nconsole.log('answered');\n`);
    const run = await runChild(process.execPath, entryArgs(script), { ...process.env });
    expect(run).toEqual({ code: 3, stdout: 'answered\n', stderr: '' });
  }, 30_000);
});
