// The decision a stdio connect makes before it spawns, with the files and the login shell given:
// which PATH is searched, in which order, what environment the server gets, and that nothing
// waits for the login shell unless the command is missing from the app's PATH. Windows-style
// inputs (`Path`, `;`, PATHEXT shims) included. The real shells and servers: mcp-login-path.test.ts.
import { describe, expect, it } from 'vitest';
import type { LoginShellPath } from '../../src/main/mcp/stdio/login-shell-path.js';
import { LaunchError } from '../../src/main/mcp/stdio/launch-error.js';
import { prepareStdioLaunch } from '../../src/main/mcp/stdio/stdio-launch.js';

const never = { result: new Promise<LoginShellPath>(() => undefined) };
const answered = (path: string): { result: Promise<LoginShellPath> } => ({ result: Promise.resolve({ shell: '/bin/zsh', path }) });

function files(list: string[], windows = false): (file: string) => boolean {
  const set = new Set(list.map((file) => (windows ? file.toLowerCase() : file)));
  return (file) => set.has(windows ? file.toLowerCase() : file);
}

describe('POSIX', () => {
  const inherited = { HOME: '/Users/me', PATH: '/usr/bin:/bin', USER: 'me' };
  const isExecutable = files(['/usr/bin/node', '/opt/homebrew/bin/npx', '/opt/homebrew/bin/node']);

  it("a command on the app's PATH starts with the app's environment and never waits for the login shell", async () => {
    const launch = await prepareStdioLaunch({ command: 'node' }, { API_KEY: 'k' }, { platform: 'darwin', inherited, isExecutable, loginShell: never });
    expect(launch).toEqual({ env: { ...inherited, API_KEY: 'k' }, found: '/usr/bin/node', fromLoginShell: false });
  });

  it("a command only on the login shell's PATH starts with that PATH, the app's folders after it", async () => {
    const launch = await prepareStdioLaunch({ command: 'npx' }, {}, { platform: 'darwin', inherited, isExecutable, loginShell: answered('/opt/homebrew/bin:/usr/bin') });
    expect(launch).toEqual({ env: { ...inherited, PATH: '/opt/homebrew/bin:/usr/bin:/bin' }, found: '/opt/homebrew/bin/npx', fromLoginShell: true });
  });

  it("a PATH in the server's env is the only one searched, and it never waits for the login shell", async () => {
    const launch = await prepareStdioLaunch({ command: 'npx' }, { PATH: '/opt/homebrew/bin' }, { platform: 'darwin', inherited, isExecutable, loginShell: never });
    expect(launch.env.PATH).toBe('/opt/homebrew/bin');
    await expect(prepareStdioLaunch({ command: 'node' }, { PATH: '/opt/none' }, { platform: 'darwin', inherited, isExecutable, loginShell: never }))
      .rejects.toThrow(new LaunchError('command not found: node (looked in the PATH set for this server: /opt/none). Install Node.js (https://nodejs.org), or give its full path.'));
  });

  it('a command with a folder is checked where it says, without waiting', async () => {
    await expect(prepareStdioLaunch({ command: '/opt/homebrew/bin/npx' }, {}, { platform: 'darwin', inherited, isExecutable, loginShell: never }))
      .resolves.toMatchObject({ found: '/opt/homebrew/bin/npx', fromLoginShell: false });
    await expect(prepareStdioLaunch({ command: '/opt/x/npx' }, {}, { platform: 'darwin', inherited, isExecutable, loginShell: never }))
      .rejects.toThrow("command not found: /opt/x/npx (no such file). Check the path in the server's settings.");
  });

  it('found nowhere: the reason names both PATHs', async () => {
    await expect(prepareStdioLaunch({ command: 'uvx' }, {}, { platform: 'linux', inherited, isExecutable, loginShell: answered('/home/me/.local/bin:/usr/bin') }))
      .rejects.toThrow("command not found: uvx (looked in PATH: /usr/bin:/bin and the login shell's PATH: /home/me/.local/bin:/usr/bin). Install uv");
  });
});

describe('Windows', () => {
  const nodejs = 'C:\\Program Files\\nodejs';
  const inherited = { PATH: 'C:\\Windows\\system32', TEMP: 'C:\\Temp', USERPROFILE: 'C:\\Users\\me' };
  const isExecutable = files([`${nodejs}\\npx`, `${nodejs}\\npx.cmd`, `${nodejs}\\node.exe`], true);

  it("npx in the server's `Path` is found as npx.cmd, and the server gets one PATH, under the SDK's spelling", async () => {
    const launch = await prepareStdioLaunch({ command: 'npx' }, { Path: `${nodejs};C:\\Windows` }, { platform: 'win32', inherited, isExecutable });
    expect(launch.found).toBe(`${nodejs}\\npx.CMD`);
    expect(launch.env).toEqual({ PATH: `${nodejs};C:\\Windows`, TEMP: 'C:\\Temp', USERPROFILE: 'C:\\Users\\me' });
  });

  it("npx on the app's PATH starts at once; missing, the reason names the PATH and Node.js", async () => {
    const launch = await prepareStdioLaunch({ command: 'npx' }, {}, { platform: 'win32', inherited: { ...inherited, PATH: `C:\\Windows;"${nodejs}"` }, isExecutable, loginShell: never });
    expect(launch).toMatchObject({ found: `${nodejs}\\npx.CMD`, fromLoginShell: false });
    await expect(prepareStdioLaunch({ command: 'npx.cmd' }, {}, { platform: 'win32', inherited, isExecutable }))
      .rejects.toThrow('command not found: npx.cmd (looked in PATH: C:\\Windows\\system32). Install Node.js (https://nodejs.org), which includes npx, or give its full path.');
  });
});
