// Stdio servers that start from the dock: a server whose launcher is only on the login shell's
// PATH (a temp HOME's `.bash_profile`, `.profile` or `.zprofile` adds the folder) starts and
// lists its tools, through the manager and through `npm run inspect` run with a bare
// `PATH=/usr/bin:/bin`; a missing command's reason names both PATHs and what to install; a PATH
// set for the server wins; a login shell that hangs or prints junk breaks and delays nothing
// beyond its timeout (servers on the app's PATH do not wait for it at all).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginShellReader, LOGIN_SHELL_TIMEOUT_ENV } from '../../src/main/mcp/stdio/login-shell-path.js';
import type { McpServer } from '../../src/types/config.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { runChild, inspectChild } from './helpers/inspect-child.js';
import { hasShell, isRunning, loginHome, pidFile, SET_PATH, writeLauncher } from './helpers/login-home.js';
import { answer, APPROVED, removeTempDirs, seedStore, startMcp, statusOf, tempDir, waitFor } from './helpers/mcp-env.js';

afterAll(removeTempDirs);

const FILES: FixtureConfig = { id: 'files', transport: 'stdio', tools: ['read_file', 'write_file'] };

function stdio(uuid: string, command: string, extra: Partial<McpServer> = {}): McpServer {
  return { uuid, label: uuid, state: 'enabled', type: 'stdio', command, args: [], ...extra };
}

/** `node` by name (on the app's PATH) running a fixture: a server that needs no login shell. */
function onAppPath(uuid: string): McpServer {
  return stdio(uuid, 'node', { args: fixtureCommand({ id: uuid, transport: 'stdio', tools: ['ping'] }).args });
}

function readerFor(shell: string, home: string, timeoutMs = 10_000): LoginShellReader {
  return LoginShellReader.start({ shell, env: { ...process.env, HOME: home, SHELL: shell }, timeoutMs });
}

describe("the manager, with the login shell's PATH", () => {
  it.each([
    ['bash', '/bin/bash', '.bash_profile'],
    ['sh', '/bin/sh', '.profile'],
    ...(hasShell('/usr/bin/zsh') ? [['zsh', '/usr/bin/zsh', '.zprofile']] : []),
  ])('%s: a launcher only %s\'s login PATH has starts, lists its tools and answers', async (_name, shell, profile) => {
    const { home, tools, loginPath } = loginHome({ [profile!]: SET_PATH });
    writeLauncher(tools, 'files-mcp', FILES);
    const { mcp } = await startMcp(tempDir(), [stdio('files', 'files-mcp'), stdio('nowhere', 'mcp-nowhere')], { loginShell: readerFor(shell!, home) });
    try {
      expect(statusOf(mcp, 'files')).toMatchObject({ status: 'ready', tools: [{ original: 'read_file' }, { original: 'write_file' }] });
      expect(answer(await mcp.callTool('read_file', { path: 'a' }, APPROVED))).toEqual({ server: 'files', tool: 'read_file', args: { path: 'a' } });
      expect(mcp.logs.read('files').map((entry) => entry.text)).toContain(`Found files-mcp on the login shell's PATH: ${tools}/files-mcp`);
      expect(statusOf(mcp, 'nowhere')).toMatchObject({
        status: 'failed',
        error: `command not found: mcp-nowhere (looked in PATH: ${process.env.PATH} and the login shell's PATH: ${loginPath}). Install it or give its full path.`,
      });
    } finally {
      await mcp.stop();
    }
  });

  it("without the login shell's PATH (no reader), a launcher outside the app's PATH fails and says where it looked", async () => {
    const { tools } = loginHome({ '.bash_profile': SET_PATH });
    writeLauncher(tools, 'files-mcp', FILES);
    const { mcp } = await startMcp(tempDir(), [stdio('files', 'files-mcp')]);
    try {
      expect(statusOf(mcp, 'files')).toMatchObject({ status: 'failed', error: `command not found: files-mcp (looked in PATH: ${process.env.PATH}). Install it or give its full path.` });
    } finally {
      await mcp.stop();
    }
  });

  it('a PATH set for the server wins over the login shell\'s: it alone is searched, and nothing waits for the shell', async () => {
    const { home, tools, loginPath } = loginHome({ '.bash_profile': `${SET_PATH}sleep 600\n` });
    writeLauncher(tools, 'files-mcp', FILES);
    // It hangs for ten minutes: a server that waited for it would time this test out.
    const reader = readerFor('/bin/bash', home, 600_000);
    const { mcp } = await startMcp(tempDir(), [
      stdio('own', 'files-mcp', { env: { PATH: loginPath } }),
      stdio('elsewhere', 'files-mcp', { env: { PATH: `${home}/empty:/usr/bin` } }),
      onAppPath('app'),
    ], { loginShell: reader });
    try {
      expect(statusOf(mcp, 'own').status).toBe('ready');
      expect(statusOf(mcp, 'app').status).toBe('ready');
      expect(statusOf(mcp, 'elsewhere')).toMatchObject({
        status: 'failed',
        error: `command not found: files-mcp (looked in the PATH set for this server: ${home}/empty:/usr/bin). Install it or give its full path.`,
      });
      // Every server has settled while the login shell still hangs in its profile.
      expect(reader.settled).toBeUndefined();
    } finally {
      reader.dispose();
      await mcp.stop();
    }
  });

  it('a login shell that hangs: a command not on the app\'s PATH fails at the timeout and says why; the shell is killed', async () => {
    // (That servers on the app's PATH never wait for the shell: the test above.)
    const { home, tools } = loginHome({ '.bash_profile': `echo $$ > "$HOME/shell.pid"\n${SET_PATH}sleep 600\n` });
    writeLauncher(tools, 'files-mcp', FILES);
    const { mcp } = await startMcp(tempDir(), [stdio('files', 'files-mcp')], { loginShell: readerFor('/bin/bash', home, 1_500) });
    try {
      expect(statusOf(mcp, 'files')).toMatchObject({
        status: 'failed',
        error: `command not found: files-mcp (looked in PATH: ${process.env.PATH}; the login shell's PATH could not be read: /bin/bash did not answer within 1.5 s). Install it or give its full path.`,
      });
      const shellPid = await pidFile(home, 'shell.pid');
      await waitFor('the hung shell to be killed', () => !isRunning(shellPid));
    } finally {
      await mcp.stop();
    }
  });

  it('a login shell that prints junk and then its PATH: the server starts', async () => {
    const { home, tools } = loginHome({ '.bash_profile': `echo "PATH=/fake"\necho "junk" >&2\nprintf '\\000\\001binary\\n'\n${SET_PATH}echo done\n` });
    writeLauncher(tools, 'files-mcp', FILES);
    const { mcp } = await startMcp(tempDir(), [stdio('files', 'files-mcp')], { loginShell: readerFor('/bin/bash', home) });
    try {
      expect(statusOf(mcp, 'files').status).toBe('ready');
    } finally {
      await mcp.stop();
    }
  });

  it('a working folder that does not exist is named as such, not as a missing command', async () => {
    const { mcp } = await startMcp(tempDir(), [onAppPath('cwd')].map((server) => ({ ...server, cwd: '/nonexistent/work' })));
    try {
      expect(statusOf(mcp, 'cwd')).toMatchObject({ status: 'failed', error: "working folder not found: /nonexistent/work. Check the folder in the server's settings." });
    } finally {
      await mcp.stop();
    }
  });
});

describe('`npm run inspect` with a bare PATH (/usr/bin:/bin), as an app started from the dock', () => {
  const BARE = '/usr/bin:/bin';

  function profileDir(home: string, tools: string): string {
    writeLauncher(tools, 'files-mcp', FILES);
    const dir = tempDir('inspect-login-');
    seedStore(dir, [stdio('files', 'files-mcp'), stdio('uvx', 'uvx', { args: ['mcp-server-fetch'] }), onAppPath('app')]);
    return dir;
  }

  it("starts the server from the login shell's PATH and lists its tools; uvx, found nowhere, names both PATHs and uv", async () => {
    // The profile talks, on stdout and stderr: none of it reaches inspect's JSON.
    const { home, tools, loginPath } = loginHome({ '.bash_profile': `echo "Welcome, $USER"\necho "note" >&2\n${SET_PATH}` });
    const dir = profileDir(home, tools);
    const run = await runChild('npm', ['run', '--silent', 'inspect', '--', '--user-data', dir, '--json'], {
      ...process.env, PATH: BARE, HOME: home, SHELL: '/bin/bash', [LOGIN_SHELL_TIMEOUT_ENV]: '20000',
    });
    expect(run.code, run.stderr).toBe(0);
    const servers = (JSON.parse(run.stdout) as { servers: Array<{ uuid: string; status: string; error?: string; tools: Array<{ exposed: string }> }> }).servers;
    const byUuid = new Map(servers.map((server) => [server.uuid, server]));
    expect(byUuid.get('files')).toMatchObject({ status: 'ready', tools: [{ exposed: 'read_file' }, { exposed: 'write_file' }] });
    expect(byUuid.get('app')).toMatchObject({ status: 'ready', tools: [{ exposed: 'ping' }] });
    // npm puts its own folders (node_modules/.bin, …) before the PATH it was given.
    const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(byUuid.get('uvx')?.status).toBe('failed');
    expect(byUuid.get('uvx')?.error).toMatch(new RegExp(
      `^command not found: uvx \\(looked in PATH: \\S*${escaped(BARE)} and the login shell's PATH: ${escaped(loginPath)}\\)\\. ` +
      `Install uv \\(https://docs\\.astral\\.sh/uv/\\), which includes uvx, or give its full path\\.$`,
    ));
  }, 60_000);

  it(`a login shell that hangs: servers on the app's PATH are listed, the rest fail at ${LOGIN_SHELL_TIMEOUT_ENV}, and the shell is gone when inspect exits`, async () => {
    const { home, tools } = loginHome({ '.bash_profile': `echo $$ > "$HOME/shell.pid"\nsleep 600\n` });
    const dir = profileDir(home, tools);
    const run = await inspectChild(['--user-data', dir, '--json'], { ...process.env, PATH: BARE, HOME: home, SHELL: '/bin/bash', [LOGIN_SHELL_TIMEOUT_ENV]: '1500' });
    expect(run.code, run.stderr).toBe(0);
    const servers = (JSON.parse(run.stdout) as { servers: Array<{ uuid: string; status: string; error?: string }> }).servers;
    expect(servers.find((server) => server.uuid === 'app')?.status).toBe('ready');
    expect(servers.find((server) => server.uuid === 'files')).toMatchObject({
      status: 'failed',
      error: `command not found: files-mcp (looked in PATH: ${BARE}; the login shell's PATH could not be read: /bin/bash did not answer within 1.5 s). Install it or give its full path.`,
    });
    expect(isRunning(await pidFile(home, 'shell.pid'))).toBe(false);
  }, 60_000);

  it(`${LOGIN_SHELL_TIMEOUT_ENV}=0 never runs the login shell: the reason names the app's PATH alone`, async () => {
    const { home, tools } = loginHome({ '.bash_profile': `echo $$ > "$HOME/shell.pid"\n${SET_PATH}` });
    const dir = profileDir(home, tools);
    const run = await inspectChild(['--user-data', dir, '--json'], { ...process.env, PATH: BARE, HOME: home, SHELL: '/bin/bash', [LOGIN_SHELL_TIMEOUT_ENV]: '0' });
    expect(run.code, run.stderr).toBe(0);
    const servers = (JSON.parse(run.stdout) as { servers: Array<{ uuid: string; status: string; error?: string }> }).servers;
    expect(servers.find((server) => server.uuid === 'files')).toMatchObject({
      status: 'failed',
      error: `command not found: files-mcp (looked in PATH: ${BARE}). Install it or give its full path.`,
    });
    expect(fs.existsSync(path.join(home, 'shell.pid'))).toBe(false);
  }, 60_000);

  it('with every command on the app\'s PATH, inspect does not wait for a hung login shell, and leaves none behind', async () => {
    const { home } = loginHome({ '.bash_profile': `echo $$ > "$HOME/shell.pid"\nsleep 600\n` });
    const dir = tempDir('inspect-login-');
    seedStore(dir, [onAppPath('app')]);
    // A login shell timeout of 10 minutes: an inspect that waited for it would time this test out.
    const run = await inspectChild(['--user-data', dir, '--json'], { ...process.env, PATH: BARE, HOME: home, SHELL: '/bin/bash', [LOGIN_SHELL_TIMEOUT_ENV]: '600000' });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ servers: [{ uuid: 'app', status: 'ready' }] });
    expect(isRunning(await pidFile(home, 'shell.pid'))).toBe(false);
  }, 60_000);
});
