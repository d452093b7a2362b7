// The login shell's PATH read for real: bash with `.bash_profile`, sh with `.profile`, zsh with
// `.zprofile` and fish (where installed), each in a temp HOME. A profile that prints junk (to
// stdout and stderr, lots of it, a fake PATH line) or reads stdin still gives the PATH; one that
// hangs is killed with everything it started once the timeout is up; one that exits or a shell
// that does not exist gives a reason.
import { afterAll, describe, expect, it } from 'vitest';
import { LOGIN_SHELL_TIMEOUT_ENV, LoginShellReader } from '../../src/main/mcp/stdio/login-shell-path.js';
import { hasShell, isRunning, loginHome, pidFile, SET_PATH } from './helpers/login-home.js';
import { removeTempDirs, waitFor } from './helpers/mcp-env.js';

afterAll(removeTempDirs);

function read(shell: string, home: string, timeoutMs = 10_000): LoginShellReader {
  return LoginShellReader.start({ shell, env: { ...process.env, HOME: home, SHELL: shell }, timeoutMs }, 'linux');
}

describe("the login shell's PATH", () => {
  it("bash: what `.bash_profile` builds", async () => {
    const { home, loginPath } = loginHome({ '.bash_profile': SET_PATH });
    expect(await read('/bin/bash', home).result).toEqual({ shell: '/bin/bash', path: loginPath });
  });

  it('sh: what `.profile` builds', async () => {
    const { home, loginPath } = loginHome({ '.profile': SET_PATH });
    expect(await read('/bin/sh', home).result).toEqual({ shell: '/bin/sh', path: loginPath });
  });

  it('a PATH with non-Latin folders and spaces comes back as it is', async () => {
    const { home } = loginHome({ '.profile': 'export PATH="$HOME/outils é/工具:/usr/bin:/bin"\n' });
    expect(await read('/bin/sh', home).result).toEqual({ shell: '/bin/sh', path: `${home}/outils é/工具:/usr/bin:/bin` });
  });

  it.runIf(hasShell('/usr/bin/zsh'))('zsh: what `.zprofile` and `.zshrc` build (where zsh is installed)', async () => {
    const { home, tools } = loginHome({ '.zprofile': SET_PATH, '.zshrc': 'export PATH="$PATH:$HOME/rc"\n' });
    expect(await read('/usr/bin/zsh', home).result).toEqual({ shell: '/usr/bin/zsh', path: `${tools}:/usr/bin:/bin:${home}/rc` });
  });

  it.runIf(hasShell('/usr/bin/fish'))('fish: its PATH list joined with `:` (where fish is installed)', async () => {
    const { home, tools } = loginHome({ '.config/fish/config.fish': 'echo hello from fish\nset -gx PATH $HOME/tools /usr/bin /bin\n' });
    expect(await read('/usr/bin/fish', home).result).toEqual({ shell: '/usr/bin/fish', path: `${tools}:/usr/bin:/bin` });
  });

  it('a profile that prints junk (a fake PATH line, 2.5 MB, stderr) and reads stdin still gives the PATH', async () => {
    const noisy = [
      'echo "Welcome back!"',
      'echo "PATH=/fake/bin"',
      'printf "\\033[1;31mcolour\\033[0m\\n"',
      // 2.5 MB without a line break, then a few lines: more than the read keeps.
      "head -c 2500000 /dev/zero | tr '\\0' x; echo",
      'i=0; while [ $i -lt 100 ]; do echo "junk line $i"; i=$((i+1)); done',
      'echo "warning: something" >&2',
      'read -r answer',
      SET_PATH,
      'echo "after PATH"',
    ].join('\n');
    const { home, loginPath } = loginHome({ '.bash_profile': noisy });
    expect(await read('/bin/bash', home).result).toEqual({ shell: '/bin/bash', path: loginPath });
  });

  it('a profile that hangs: the read gives up at the timeout and kills the shell and what it started', async () => {
    const { home } = loginHome({ '.bash_profile': 'echo $$ > "$HOME/shell.pid"\nsleep 600 &\necho $! > "$HOME/child.pid"\nsleep 600\n' });
    const reader = read('/bin/bash', home, 1_000);
    const shellPid = await pidFile(home, 'shell.pid');
    const childPid = await pidFile(home, 'child.pid');
    expect(reader.settled).toBeUndefined();
    expect(reader.pid).toBe(shellPid);
    expect(await reader.result).toEqual({ shell: '/bin/bash', problem: '/bin/bash did not answer within 1 s' });
    await waitFor('the hung shell and its child to be killed', () => !isRunning(shellPid) && !isRunning(childPid));
    expect(reader.settled).toEqual({ shell: '/bin/bash', problem: '/bin/bash did not answer within 1 s' });
  });

  it('dispose (the app closing) kills a shell still running', async () => {
    const { home } = loginHome({ '.bash_profile': 'echo $$ > "$HOME/shell.pid"\nsleep 600\n' });
    const reader = read('/bin/bash', home);
    const shellPid = await pidFile(home, 'shell.pid');
    reader.dispose();
    const result = await reader.result;
    expect(result).toMatchObject({ shell: '/bin/bash', problem: expect.stringMatching(/^\/bin\/bash was stopped \(SIGKILL\) without printing its PATH/) });
    expect(isRunning(shellPid)).toBe(false);
  });

  it('a profile that exits gives the exit code and the last line it wrote to stderr', async () => {
    const { home } = loginHome({ '.profile': 'echo "profile is broken" >&2\nexit 3\n' });
    expect(await read('/bin/sh', home).result).toEqual({ shell: '/bin/sh', problem: '/bin/sh exited (code 3) without printing its PATH (it said: profile is broken)' });
  });

  it('a shell that does not exist gives the reason at once', async () => {
    const { home } = loginHome();
    const result = await read('/nonexistent/bin/zsh', home).result;
    expect(result).toMatchObject({ shell: '/nonexistent/bin/zsh', problem: expect.stringMatching(/ENOENT/) });
  });

  it('Windows has no login shell: a launch reads none, and nothing is started', async () => {
    expect(LoginShellReader.forLaunch({}, 'win32')).toBeUndefined();
    const reader = LoginShellReader.start({ shell: 'cmd.exe' }, 'win32');
    expect(await reader.result).toEqual({ shell: 'cmd.exe', problem: 'Windows has no login shell' });
    expect(reader.pid).toBeUndefined();
  });

  it(`a launch reads the login shell unless ${LOGIN_SHELL_TIMEOUT_ENV} is 0`, async () => {
    const { home, loginPath } = loginHome({ '.profile': SET_PATH });
    expect(LoginShellReader.forLaunch({ ...process.env, HOME: home, SHELL: '/bin/sh', [LOGIN_SHELL_TIMEOUT_ENV]: '0' }, 'linux')).toBeUndefined();
    const reader = LoginShellReader.forLaunch({ ...process.env, HOME: home, SHELL: '/bin/sh', [LOGIN_SHELL_TIMEOUT_ENV]: '5000' }, 'linux');
    expect(await reader?.result).toEqual({ shell: '/bin/sh', path: loginPath });
  });

  it('$SHELL names the shell when none is given', async () => {
    const { home, loginPath } = loginHome({ '.profile': SET_PATH });
    const reader = LoginShellReader.start({ env: { ...process.env, HOME: home, SHELL: '/bin/sh' } }, 'linux');
    expect(await reader.result).toEqual({ shell: '/bin/sh', path: loginPath });
  });
});
