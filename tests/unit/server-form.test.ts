// The server form's fields ↔ settings (src/renderer/lib/server-form.ts): pure, so tested here.
import { describe, expect, it } from 'vitest';
import type { McpServer, ServerSettingsInput } from '../../src/types/config.js';
import type { PairDraft, ServerDraft } from '../../src/renderer/lib/server-form.js';
import { checkDraft, clientSecretChange, draftOf, emptyDraft, formatArgs, parseArgs, splitShellWords, valuesOf } from '../../src/renderer/lib/server-form.js';

const pair = (key: string, value: string, extra: Partial<PairDraft> = {}): PairDraft => ({ key, value, secret: false, ...extra });

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

describe('env and header rows', () => {
  it('keeps __proto__ an ordinary key, skips blank rows, trims header values only', () => {
    const env = valuesOf('env', [pair('A', '1=2 '), pair('__proto__', 'x'), pair('', ''), pair('EMPTY', '')]);
    expect(Object.entries(env)).toEqual([['A', '1=2 '], ['__proto__', 'x'], ['EMPTY', '']]);
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
    expect(valuesOf('headers', [pair(' Accept ', '  text/plain ')])).toEqual({ Accept: 'text/plain' });
    expect(() => valuesOf('env', [pair('A', '1'), pair('', 'orphan')])).toThrow('Environment, row 2: a value needs a name.');
    expect(() => valuesOf('headers', [pair('Accept', '1'), pair('Accept', '2')])).toThrow('Headers: "Accept" is given twice.');
  });

  it('sends a value as a new secret when the rule or the toggle says so, and a saved one as its reference', () => {
    expect(valuesOf('env', [
      pair('OPENAI_API_KEY', 'sk-1'),
      pair('REGION', 'eu', { secret: true }),
      pair('DEBUG', '1'),
      pair('GITHUB_TOKEN', '', { secret: true, saved: { secret: 'abc' } }),
    ])).toEqual({ OPENAI_API_KEY: { secretValue: 'sk-1' }, REGION: { secretValue: 'eu' }, DEBUG: '1', GITHUB_TOKEN: { secret: 'abc' } });
    expect(valuesOf('headers', [pair('Authorization', 'Bearer t'), pair('Content-Type', 'application/json'), pair('X-Custom', 'v')]))
      .toEqual({ Authorization: { secretValue: 'Bearer t' }, 'Content-Type': 'application/json', 'X-Custom': { secretValue: 'v' } });
  });
});

/** What checkDraft gives a form that is right: its settings (the test fails on any error). */
function settingsOf(draft: ServerDraft, state: 'enabled' | 'disabled'): ServerSettingsInput {
  const checked = checkDraft(draft, state);
  if (!('settings' in checked)) throw new Error(`unexpected errors: ${JSON.stringify(checked.errors)}`);
  return checked.settings;
}

/** The errors checkDraft gives, by field. */
const errorsOf = (draft: ServerDraft): Record<string, string> => {
  const checked = checkDraft(draft, 'enabled');
  return 'errors' in checked ? checked.errors : {};
};

describe('checkDraft', () => {
  const stdio = { ...emptyDraft(), label: ' Files ', command: ' npx ', args: '-y pkg', env: [pair('TOKEN', 'abc'), pair('LANG', 'C')], timeout: '2.5' };

  it('builds the settings of a stdio and an http server', () => {
    expect(settingsOf(stdio, 'enabled')).toEqual({ label: 'Files', state: 'enabled', type: 'stdio', command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: { secretValue: 'abc' }, LANG: 'C' }, connectTimeoutMs: 2500 });
    const http = { ...emptyDraft(), label: 'Remote', type: 'http' as const, url: 'https://example.test/mcp', headers: [pair('Accept', 'application/json')] };
    expect(settingsOf(http, 'disabled')).toEqual({ label: 'Remote', state: 'disabled', type: 'http', url: 'https://example.test/mcp', headers: { Accept: 'application/json' } });
  });

  it('refuses what the manager would refuse, with the same messages', () => {
    expect(errorsOf({ ...stdio, label: '  ' })).toEqual({ label: 'A server needs a name' });
    expect(errorsOf({ ...stdio, command: ' ' })).toEqual({ command: 'A stdio server needs a command.' });
    expect(errorsOf({ ...emptyDraft(), label: 'S', type: 'sse' })).toEqual({ url: 'An SSE server needs a URL.' });
    expect(errorsOf({ ...emptyDraft(), label: 'S', type: 'http', url: 'ftp://x' })).toEqual({ url: 'The URL must start with http:// or https://.' });
    expect(errorsOf({ ...stdio, timeout: 'soon' })).toEqual({ timeout: 'Give a number of seconds between 0.1 and 600.' });
    expect(errorsOf({ ...stdio, timeout: '601' })).toEqual({ timeout: 'Give a number of seconds between 0.1 and 600.' });
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
    expect(errorsOf({ ...stdio, env: [pair('', 'no name')] })).toEqual({ env: 'Environment, row 1: a value needs a name.' });
  });

  it('a result text limit in characters becomes maxResultChars; out of bounds is refused under its field', () => {
    expect(settingsOf({ ...stdio, maxResultChars: ' 20,000 ' }, 'enabled')).toMatchObject({ maxResultChars: 20_000 });
    expect(settingsOf({ ...stdio, maxResultChars: '' }, 'enabled')).not.toHaveProperty('maxResultChars');
    for (const typed of ['12', '1e9', '2.5k', '5000.5']) {
      expect(checkDraft({ ...stdio, maxResultChars: typed }, 'enabled')).toEqual({ errors: { maxResultChars: 'Give a whole number of characters between 1,000 and 10,000,000.' } });
    }
    expect(draftOf({ uuid: 'u', label: 'L', state: 'enabled', type: 'stdio', command: 'x', maxResultChars: 50_000 }).maxResultChars).toBe('50000');
  });

  it('a call timeout in seconds becomes callTimeoutMs', () => {
    expect(settingsOf({ ...stdio, callTimeout: '120' }, 'enabled')).toMatchObject({ callTimeoutMs: 120_000 });
  });

  it('the longest call in minutes becomes maxCallMs, and reads back; out of bounds it says so', () => {
    expect(settingsOf({ ...stdio, maxCall: '90' }, 'enabled')).toMatchObject({ maxCallMs: 5_400_000 });
    expect(settingsOf({ ...stdio, maxCall: '0.5' }, 'enabled')).toMatchObject({ maxCallMs: 30_000 });
    expect(settingsOf({ ...stdio }, 'enabled')).not.toHaveProperty('maxCallMs');
    expect(errorsOf({ ...stdio, maxCall: '2000' })).toEqual({ maxCall: 'Give a number of minutes between 0.1 and 1440.' });
    expect(errorsOf({ ...stdio, maxCall: 'an hour' })).toEqual({ maxCall: 'Give a number of minutes between 0.1 and 1440.' });
    expect(draftOf({ uuid: 'u', label: 'L', state: 'enabled', type: 'stdio', command: 'x', maxCallMs: 1_800_000 }).maxCall).toBe('30');
  });

  it('reads back a saved server into the same settings: references stay references, with no value', () => {
    const server: McpServer = {
      uuid: 'u', label: 'Files', state: 'enabled', type: 'stdio', command: 'npx', args: ['-y', 'a b'],
      env: { K: 'v', API_KEY: { secret: 'ref1' }, OTHER: { secret: 'ref2' } }, cwd: '/srv', connectTimeoutMs: 1500, callTimeoutMs: 90_000, maxCallMs: 7_200_000,
    };
    const draft = draftOf(server);
    expect(draft.env.filter((row) => row.saved).map((row) => [row.key, row.value])).toEqual([['API_KEY', ''], ['OTHER', '']]);
    const { uuid: _uuid, ...settings } = server;
    expect(settingsOf(draft, 'enabled')).toEqual(settings);
  });
});

describe('OAuth client fields', () => {
  const http = (extra: Partial<ReturnType<typeof emptyDraft>>) => ({ ...emptyDraft(), label: 'R', type: 'http' as const, url: 'https://x.example/mcp', ...extra });

  it('sends a typed-in client ID with the settings, never the secret', () => {
    const settings = settingsOf(http({ oauthClientId: '  app-123 ', oauthClientSecret: 's3cret' }), 'enabled');
    expect(settings.oauthClientId).toBe('app-123');
    expect(JSON.stringify(settings)).not.toContain('s3cret');
    expect(checkDraft(http({ oauthClientSecret: 's3cret' }), 'enabled')).toEqual({ errors: { oauthClientSecret: 'Enter the client ID it belongs to.' } });
    expect(draftOf({ uuid: 'u', state: 'enabled', label: 'R', type: 'http', url: 'https://x.example/mcp', oauthClientId: 'app-123' }).oauthClientId).toBe('app-123');
  });

  it('saves a new secret, removes one on request or with the client ID, and otherwise keeps it', () => {
    expect(clientSecretChange(http({ oauthClientId: 'a', oauthClientSecret: 'new' }))).toBe('new');
    expect(clientSecretChange(http({ oauthClientId: 'a' }))).toBeUndefined();
    expect(clientSecretChange(http({ oauthClientId: 'a', removeClientSecret: true }))).toBeNull();
    expect(clientSecretChange(http({ oauthClientId: '' }))).toBeNull();
    expect(clientSecretChange({ ...emptyDraft(), oauthClientSecret: 'x' })).toBeUndefined();
  });
});

describe('folders (roots)', () => {
  const draft = (roots: string[]): ServerDraft => ({ ...emptyDraft(), label: 'Files', command: 'npx', roots });

  it('are sent when there are any, and left out (cleared) when none', () => {
    expect(checkDraft(draft(['/home/me/a', '/srv/b']), 'enabled')).toMatchObject({ settings: { roots: ['/home/me/a', '/srv/b'] } });
    const none = checkDraft(draft([]), 'enabled');
    expect(none).toHaveProperty('settings');
    expect(none).not.toHaveProperty('settings.roots');
  });

  it('a relative path is refused under the folders', () => {
    expect(checkDraft(draft(['projects']), 'enabled')).toEqual({ errors: { roots: '"projects" is not an absolute path (it must start with / or a drive such as C:\\).' } });
  });

  it('an edit starts from the saved folders', () => {
    const server: McpServer = { uuid: 'u', label: 'F', state: 'enabled', type: 'stdio', command: 'x', roots: ['/a'] };
    expect(draftOf(server).roots).toEqual(['/a']);
    expect(draftOf({ ...server, roots: undefined }).roots).toEqual([]);
  });
});
