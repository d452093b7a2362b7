// The pure parts of starting a stdio command: looking it up on a POSIX or a Windows PATH
// (PATHEXT, `;`, quoted entries, `Path` in any case, the working folder first), overlaying a
// server's env on the inherited one, merging the login shell's PATH, the missing-command reason
// with what to install, and the login shell's output parsing. The real shells and real servers
// are in login-shell.test.ts and mcp-login-path.test.ts.
import { describe, expect, it } from 'vitest';
import { commandName, findCommand, hasFolder, mergePaths, overlayEnv, pathKey, pathOf, splitPath, withPath } from '../../src/main/mcp/stdio/command-search.js';
import { DEFAULT_LOGIN_SHELL_TIMEOUT_MS, LOGIN_SHELL_TIMEOUT_ENV, loginShellTimeout, parseMarked, pathScript } from '../../src/main/mcp/stdio/login-shell-path.js';
import { describeMissingCommand, installHint } from '../../src/main/mcp/stdio/missing-command.js';

/** isExecutable over a fixed set of files; Windows names compare without case, as NTFS does. */
function files(list: string[], windows = false): (file: string) => boolean {
  const set = new Set(list.map((file) => (windows ? file.toLowerCase() : file)));
  return (file) => set.has(windows ? file.toLowerCase() : file);
}

describe('POSIX lookup', () => {
  const isExecutable = files(['/usr/bin/node', '/home/u/.nvm/bin/npx', '/home/u/.nvm/bin/node', '/srv/app/bin/server']);

  it('finds a bare name in the first PATH folder that has it, skipping empty entries', () => {
    expect(findCommand('npx', { platform: 'linux', path: '/usr/bin::/home/u/.nvm/bin', isExecutable })).toBe('/home/u/.nvm/bin/npx');
    expect(findCommand('node', { platform: 'darwin', path: '/usr/bin:/home/u/.nvm/bin', isExecutable })).toBe('/usr/bin/node');
    expect(findCommand('node', { platform: 'darwin', path: '/home/u/.nvm/bin/:/usr/bin', isExecutable })).toBe('/home/u/.nvm/bin/node');
    expect(findCommand('uvx', { platform: 'linux', path: '/usr/bin:/home/u/.nvm/bin', isExecutable })).toBeNull();
    expect(findCommand('npx', { platform: 'linux', path: '', isExecutable })).toBeNull();
  });

  it('does not search the working folder, nor add extensions', () => {
    expect(findCommand('server', { platform: 'linux', path: '/usr/bin', cwd: '/srv/app/bin', isExecutable })).toBeNull();
    expect(findCommand('node', { platform: 'linux', path: '/usr/bin', pathExt: '.EXE', isExecutable: files(['/usr/bin/node.EXE']) })).toBeNull();
  });

  it('checks a command with a folder where it says, relative to the working folder', () => {
    expect(findCommand('/usr/bin/node', { platform: 'linux', path: '', isExecutable })).toBe('/usr/bin/node');
    expect(findCommand('./bin/server', { platform: 'linux', path: '/usr/bin', cwd: '/srv/app', isExecutable })).toBe('/srv/app/bin/server');
    expect(findCommand('bin/server', { platform: 'linux', path: '/srv/app', isExecutable })).toBeNull();
    expect(findCommand('/nonexistent/x', { platform: 'linux', path: '/usr/bin', isExecutable })).toBeNull();
  });

  it('takes PATH by its exact name only; a backslash is not a folder', () => {
    expect(pathKey({ Path: '/a', PATH: '/b' }, 'linux')).toBe('PATH');
    expect(pathKey({ Path: '/a' }, 'linux')).toBeUndefined();
    expect(hasFolder('a\\b', 'linux')).toBe(false);
    expect(hasFolder('a\\b', 'win32')).toBe(true);
  });
});

describe('Windows lookup', () => {
  const PATHEXT = '.COM;.EXE;.BAT;.CMD';
  const nodejs = 'C:\\Program Files\\nodejs';
  // Node's installer puts the POSIX shell script `npx` beside `npx.cmd`: only the shim can start.
  const isExecutable = files([`${nodejs}\\npx`, `${nodejs}\\npx.cmd`, `${nodejs}\\node.exe`, 'C:\\work\\server.bat', 'C:\\tools\\run.ps1'], true);

  it('finds npx as npx.cmd through PATHEXT, never the extensionless script beside it', () => {
    expect(findCommand('npx', { platform: 'win32', path: `C:\\Windows\\system32;${nodejs}`, pathExt: PATHEXT, isExecutable })).toBe(`${nodejs}\\npx.CMD`);
    expect(findCommand('node', { platform: 'win32', path: `C:\\Windows;${nodejs}\\`, pathExt: PATHEXT, isExecutable })).toBe(`${nodejs}\\node.EXE`);
  });

  it('uses PATHEXT as set, and the default without one', () => {
    expect(findCommand('npx', { platform: 'win32', path: nodejs, pathExt: '.EXE', isExecutable })).toBeNull();
    expect(findCommand('npx', { platform: 'win32', path: nodejs, isExecutable })).toBe(`${nodejs}\\npx.CMD`);
  });

  it('takes a name with an extension as is first, in any case', () => {
    expect(findCommand('NPX.CMD', { platform: 'win32', path: nodejs, pathExt: PATHEXT, isExecutable })).toBe(`${nodejs}\\NPX.CMD`);
    expect(findCommand('run.ps1', { platform: 'win32', path: 'C:\\tools', pathExt: PATHEXT, isExecutable })).toBe('C:\\tools\\run.ps1');
  });

  it('splits on `;`, drops quotes around an entry, and searches the working folder first (as cross-spawn does)', () => {
    expect(splitPath(`"${nodejs}";C:\\Windows;;`, 'win32')).toEqual([nodejs, 'C:\\Windows']);
    expect(findCommand('npx', { platform: 'win32', path: `"${nodejs}"`, pathExt: PATHEXT, isExecutable })).toBe(`${nodejs}\\npx.CMD`);
    expect(findCommand('server', { platform: 'win32', path: nodejs, pathExt: PATHEXT, cwd: 'C:\\work', isExecutable })).toBe('C:\\work\\server.BAT');
    expect(findCommand('server', { platform: 'win32', path: nodejs, pathExt: PATHEXT, isExecutable })).toBeNull();
  });

  it('checks a drive path or a relative path with PATHEXT too', () => {
    expect(findCommand('C:\\Program Files\\nodejs\\npx', { platform: 'win32', path: '', pathExt: PATHEXT, isExecutable })).toBe(`${nodejs}\\npx.CMD`);
    expect(findCommand('.\\server', { platform: 'win32', path: '', pathExt: PATHEXT, cwd: 'C:\\work', isExecutable })).toBe('C:\\work\\server.BAT');
  });

  it('reads PATH under any case of its name (the last one, as cross-spawn)', () => {
    expect(pathKey({ Path: 'C:\\a' }, 'win32')).toBe('Path');
    expect(pathOf({ path: 'C:\\a', Other: 'x' }, 'win32')).toBe('C:\\a');
    expect(pathKey({ PATH: 'C:\\a', Path: 'C:\\b' }, 'win32')).toBe('Path');
    expect(pathOf({ Other: 'x' }, 'win32')).toBeUndefined();
  });

  it("a server's `Path` replaces the inherited `PATH` under the inherited spelling: one PATH reaches the SDK", () => {
    const inherited = { PATH: 'C:\\Windows', TEMP: 'C:\\Temp', USERPROFILE: 'C:\\Users\\u' };
    const env = overlayEnv(inherited, { Path: 'D:\\mine', temp: 'D:\\tmp', API_KEY: 'k' }, 'win32');
    expect(env).toEqual({ PATH: 'D:\\mine', TEMP: 'D:\\tmp', USERPROFILE: 'C:\\Users\\u', API_KEY: 'k' });
    // What StdioClientTransport spawns with: its defaults spread under ours.
    expect(Object.keys({ ...inherited, ...env }).filter((key) => key.toUpperCase() === 'PATH')).toEqual(['PATH']);
    // On POSIX names are exact: `Path` is another variable.
    expect(overlayEnv({ PATH: '/usr/bin' }, { Path: '/x' }, 'linux')).toEqual({ PATH: '/usr/bin', Path: '/x' });
  });

  it('merges PATHs without repeating a folder (case-insensitively on Windows)', () => {
    expect(mergePaths('C:\\Users\\u\\AppData\\Roaming\\npm;c:\\windows', 'C:\\Windows;D:\\bin', 'win32')).toBe('C:\\Users\\u\\AppData\\Roaming\\npm;c:\\windows;D:\\bin');
    expect(mergePaths('/home/u/.nvm/bin:/usr/bin', '/usr/bin:/bin:/Usr/bin', 'linux')).toBe('/home/u/.nvm/bin:/usr/bin:/bin:/Usr/bin');
    expect(withPath({ Path: 'C:\\a', X: '1' }, 'C:\\b', 'win32')).toEqual({ Path: 'C:\\b', X: '1' });
    expect(withPath({ X: '1' }, '/b', 'linux')).toEqual({ X: '1', PATH: '/b' });
  });

  it('names a command without its folder and, on Windows, its executable extension', () => {
    expect(commandName('C:\\nodejs\\NPX.CMD', 'win32')).toBe('NPX');
    expect(commandName('uvx.exe', 'win32')).toBe('uvx');
    expect(commandName('uvx.exe', 'linux')).toBe('uvx.exe');
    expect(commandName('/opt/homebrew/bin/docker', 'darwin')).toBe('docker');
  });
});

describe('the missing-command reason', () => {
  it("says where it looked: the app's PATH and the login shell's, and what to install for npx", () => {
    expect(describeMissingCommand({
      command: 'npx', platform: 'darwin', appPath: '/usr/bin:/bin', loginShell: { shell: '/bin/zsh', path: '/opt/homebrew/bin:/usr/bin:/bin' },
    })).toBe("command not found: npx (looked in PATH: /usr/bin:/bin and the login shell's PATH: /opt/homebrew/bin:/usr/bin:/bin). Install Node.js (https://nodejs.org), which includes npx, or give its full path.");
  });

  it('names what provides uvx, docker and the other usual launchers; any other command is told to install it', () => {
    const reason = (command: string, platform: NodeJS.Platform = 'linux'): string => describeMissingCommand({ command, platform, appPath: '/usr/bin' });
    expect(reason('uvx')).toMatch(/Install uv \(https:\/\/docs\.astral\.sh\/uv\/\), which includes uvx, or give its full path\.$/);
    expect(reason('docker')).toMatch(/Install Docker \(Docker Desktop or Docker Engine: https:\/\/docs\.docker\.com\/get-docker\/\), or give/);
    expect(reason('bunx')).toMatch(/Install Bun \(https:\/\/bun\.sh\), which includes bunx,/);
    expect(reason('python3')).toMatch(/Install Python \(https:\/\/www\.python\.org\/downloads\/\),/);
    expect(reason('NPX.CMD', 'win32')).toMatch(/Install Node\.js .*, which includes npx,/);
    expect(reason('files-mcp')).toBe('command not found: files-mcp (looked in PATH: /usr/bin). Install it or give its full path.');
    expect(reason('__proto__')).toBe('command not found: __proto__ (looked in PATH: /usr/bin). Install it or give its full path.');
    for (const launcher of ['npm', 'node', 'uv', 'deno', 'bun', 'python', 'pip', 'pnpm', 'pipx']) expect(installHint(launcher, 'linux')).toBeTruthy();
    expect(installHint('npx.cmd', 'linux')).toBeUndefined();
  });

  it("says why the login shell's PATH is missing, or that it is the same as the app's", () => {
    expect(describeMissingCommand({ command: 'x', platform: 'linux', appPath: '/usr/bin', loginShell: { shell: '/bin/bash', problem: '/bin/bash did not answer within 10 s' } }))
      .toBe("command not found: x (looked in PATH: /usr/bin; the login shell's PATH could not be read: /bin/bash did not answer within 10 s). Install it or give its full path.");
    expect(describeMissingCommand({ command: 'x', platform: 'linux', appPath: '/usr/bin', loginShell: { shell: '/bin/bash', path: '/usr/bin' } }))
      .toBe("command not found: x (looked in PATH: /usr/bin, which is also the login shell's). Install it or give its full path.");
    expect(describeMissingCommand({ command: 'x', platform: 'linux', appPath: '' })).toBe('command not found: x (looked in PATH: (empty)). Install it or give its full path.');
  });

  it("a PATH set for the server is the only one named; a path with a folder says there is no such file", () => {
    expect(describeMissingCommand({ command: 'uvx', platform: 'linux', serverPath: '/opt/tools', appPath: '/usr/bin' }))
      .toBe('command not found: uvx (looked in the PATH set for this server: /opt/tools). Install uv (https://docs.astral.sh/uv/), which includes uvx, or give its full path.');
    expect(describeMissingCommand({ command: '/nonexistent/mcp-server', platform: 'linux', cwd: '/srv' }))
      .toBe("command not found: /nonexistent/mcp-server (no such file). Check the path in the server's settings.");
    expect(describeMissingCommand({ command: './bin/server', platform: 'linux', cwd: '/srv' }))
      .toBe("command not found: ./bin/server (no such file in /srv). Check the path in the server's settings.");
    expect(describeMissingCommand({ command: 'D:\\tools\\x.exe', platform: 'win32', cwd: 'C:\\work' })).toMatch(/\(no such file\)/);
  });
});

describe("the login shell's output", () => {
  const marker = '__mcp_login_path_0123456789abcdef__';

  it('is the value between the first two markers; anything the profile prints around it is ignored', () => {
    expect(parseMarked(`Welcome!\nPATH=/fake\n${marker}/a:/b${marker}bye\n`, marker)).toBe('/a:/b');
    expect(parseMarked(`${marker}${marker}`, marker)).toBe('');
    expect(parseMarked(`junk ${marker}/a:/b`, marker)).toBeNull();
    expect(parseMarked('junk only', marker)).toBeNull();
  });

  it('prints PATH with printf in sh-family shells and joins the list in fish', () => {
    expect(pathScript('/bin/zsh', marker)).toBe(`printf '%s%s%s' '${marker}' "$PATH" '${marker}'`);
    expect(pathScript('/usr/local/bin/fish', marker)).toBe(`printf '%s%s%s' '${marker}' (string join : $PATH) '${marker}'`);
  });

  it(`waits ${DEFAULT_LOGIN_SHELL_TIMEOUT_MS} ms by default; ${LOGIN_SHELL_TIMEOUT_ENV} changes it, 0 turns the read off`, () => {
    expect(loginShellTimeout({})).toBe(DEFAULT_LOGIN_SHELL_TIMEOUT_MS);
    expect(loginShellTimeout({ [LOGIN_SHELL_TIMEOUT_ENV]: '2500' })).toBe(2500);
    expect(loginShellTimeout({ [LOGIN_SHELL_TIMEOUT_ENV]: '0' })).toBe(0);
    expect(loginShellTimeout({ [LOGIN_SHELL_TIMEOUT_ENV]: 'soon' })).toBe(DEFAULT_LOGIN_SHELL_TIMEOUT_MS);
    expect(loginShellTimeout({ [LOGIN_SHELL_TIMEOUT_ENV]: '-1' })).toBe(DEFAULT_LOGIN_SHELL_TIMEOUT_MS);
  });
});
