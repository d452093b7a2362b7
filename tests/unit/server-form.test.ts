// The server form's text fields ↔ settings (src/renderer/lib/server-form.ts): pure, so tested here.
import { describe, expect, it } from 'vitest';
import type { McpServer } from '../../src/types/config.js';
import { checkDraft, draftOf, emptyDraft, formatArgs, parseArgs, parsePairs, settingsOf, splitShellWords } from '../../src/renderer/lib/server-form.js';

describe('arguments', () => {
  it('splits one line like a shell, without expanding anything', () => {
    expect(splitShellWords(`-y  "@scope/pkg" 'a b' c\\ d "say \\"hi\\"" $HOME`)).toEqual(['-y', '@scope/pkg', 'a b', 'c d', 'say "hi"', '$HOME']);
    expect(splitShellWords(`'' ""`)).toEqual(['', '']);
    expect(() => splitShellWords(`"open`)).toThrow('Arguments: a double quote is not closed.');
  });

  it('takes several lines as one argument each, and formats back to what parses the same', () => {
    expect(parseArgs('--root\n  /tmp/with space  \n\n--flag')).toEqual(['--root', '/tmp/with space', '--flag']);
    for (const args of [[], ['a b'], [''], ["it's"], ['x', 'y z'], ['one']]) {
      expect(parseArgs(formatArgs(args))).toEqual(args);
    }
  });
});

describe('pairs', () => {
  it('splits at the first separator, and keeps __proto__ an ordinary key', () => {
    const env = parsePairs('A=1=2\n__proto__=x\n\nEMPTY=', '=', 'Environment');
    expect(Object.entries(env)).toEqual([['A', '1=2'], ['__proto__', 'x'], ['EMPTY', '']]);
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
    expect(parsePairs('Authorization:  Bearer t:1 ', ':', 'Headers')).toEqual({ Authorization: 'Bearer t:1' });
    expect(() => parsePairs('A=1\nno separator', '=', 'Environment')).toThrow('Environment, line 2: expected KEY=VALUE.');
  });
});

describe('settingsOf', () => {
  const stdio = { ...emptyDraft(), label: ' Files ', command: ' npx ', args: '-y pkg', env: 'TOKEN=abc', timeout: '2.5' };

  it('builds the settings of a stdio and an http server', () => {
    expect(settingsOf(stdio, 'enabled')).toEqual({ label: 'Files', state: 'enabled', type: 'stdio', command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: 'abc' }, connectTimeoutMs: 2500 });
    const http = { ...emptyDraft(), label: 'Remote', type: 'http' as const, url: 'https://example.test/mcp', headers: 'X-Key: 1' };
    expect(settingsOf(http, 'disabled')).toEqual({ label: 'Remote', state: 'disabled', type: 'http', url: 'https://example.test/mcp', headers: { 'X-Key': '1' } });
  });

  it('refuses what the manager would refuse, with the same messages', () => {
    expect(() => settingsOf({ ...stdio, label: '  ' }, 'enabled')).toThrow('A server needs a name');
    expect(() => settingsOf({ ...stdio, command: ' ' }, 'enabled')).toThrow('A stdio server needs a command.');
    expect(() => settingsOf({ ...emptyDraft(), label: 'S', type: 'sse' }, 'enabled')).toThrow('An SSE server needs a URL.');
    expect(() => settingsOf({ ...emptyDraft(), label: 'S', type: 'http', url: 'ftp://x' }, 'enabled')).toThrow('The URL must start with http:// or https://.');
    expect(() => settingsOf({ ...stdio, timeout: 'soon' }, 'enabled')).toThrow('Connect timeout: Give a number of seconds between 0.1 and 600.');
    expect(() => settingsOf({ ...stdio, timeout: '601' }, 'enabled')).toThrow('between 0.1 and 600');
  });

  it('an empty form: every problem, each under its field, in words the form uses (no internal keys)', () => {
    expect(checkDraft(emptyDraft(), 'enabled')).toEqual({ errors: { label: 'A server needs a name', command: 'A stdio server needs a command.' } });
    expect(checkDraft({ ...emptyDraft(), type: 'http', timeout: 'x', callTimeout: '0.5', args: '"' }, 'enabled')).toEqual({
      errors: {
        label: 'A server needs a name',
        url: 'An HTTP server needs a URL.',
        timeout: 'Give a number of seconds between 0.1 and 600.',
        callTimeout: 'Give a number of seconds between 1 and 3600.',
      },
    });
    expect(() => settingsOf(emptyDraft(), 'enabled')).toThrow(/^Name: A server needs a name$/);
    expect(() => settingsOf({ ...stdio, env: 'no separator' }, 'enabled')).toThrow(/^Environment, line 1: expected KEY=VALUE\.$/);
  });

  it('a call timeout in seconds becomes callTimeoutMs', () => {
    expect(settingsOf({ ...stdio, callTimeout: '120' }, 'enabled')).toMatchObject({ callTimeoutMs: 120_000 });
  });

  it('reads back a saved server into the same settings', () => {
    const server: McpServer = { uuid: 'u', label: 'Files', state: 'enabled', type: 'stdio', command: 'npx', args: ['-y', 'a b'], env: { K: 'v' }, cwd: '/srv', connectTimeoutMs: 1500, callTimeoutMs: 90_000 };
    const { uuid: _uuid, ...settings } = server;
    expect(settingsOf(draftOf(server), 'enabled')).toEqual(settings);
  });
});
