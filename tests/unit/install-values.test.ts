// The install forms' values, both sides: the renderer's (what a field starts with, what is sent,
// problems under their fields, the file cut into upload pieces) and main's checks (required,
// numbers, yes/no, choices, absolute paths, several values, `--set KEY=VALUE`).
import { describe, expect, it } from 'vitest';
import { checkValues, parseSetOptions } from '../../src/main/install/values.js';
import { base64Chunks, initialValues, problemsByField, runText, toInstallValues } from '../../src/renderer/lib/install-form.js';
import type { InstallField } from '../../src/types/install.js';

const field = (id: string, more: Partial<InstallField> = {}): InstallField => ({ id, label: id, kind: 'string', required: false, secret: false, multiple: false, where: [], ...more });
const FIELDS = [
  field('name', { required: true }),
  field('port', { kind: 'number', min: 1, max: 65_535, default: '8080' }),
  field('verbose', { kind: 'boolean', default: 'false' }),
  field('dirs', { kind: 'directory', multiple: true, value: ['/a', '/b'] }),
  field('mode', { choices: ['fast', 'safe'] }),
  field('token', { secret: true, saved: true }),
];

describe('install values in the page', () => {
  it('starts from the saved value, else the default; checkboxes as booleans, lists as lines', () => {
    expect(initialValues(FIELDS)).toEqual({ name: '', port: '8080', verbose: false, dirs: '/a\n/b', mode: '', token: '' });
  });

  it('sends only what is filled in: lines as lists, checkboxes as true/false, secrets untrimmed', () => {
    expect(toInstallValues(FIELDS, { name: ' me ', port: '', verbose: true, dirs: '/a\n\n /c ', mode: 'fast', token: ' s3cret ' })).toEqual({ name: 'me', verbose: 'true', dirs: ['/a', '/c'], mode: 'fast', token: ' s3cret ' });
  });

  it('puts problems under their fields and the rest apart; says what runs in one line', () => {
    expect(problemsByField([{ field: 'name', message: 'a' }, { field: 'name', message: 'b' }, { field: 'zzz', message: 'c' }, { message: 'd' }], FIELDS)).toEqual({ byField: { name: 'a b' }, general: ['c', 'd'] });
    expect(runText({ type: 'stdio', command: 'npx', args: ['-y', 'pkg@1', '/a b'], env: [] })).toBe('npx -y pkg@1 "/a b"');
    expect(runText({ type: 'sse', url: 'https://x/sse', headers: [] })).toBe('SSE https://x/sse');
  });

  it('cuts a file into base64 pieces that each decode alone and join to the file', () => {
    const bytes = Uint8Array.from({ length: 10_001 }, (_, i) => (i * 7) % 256);
    const chunks = base64Chunks(bytes, 1_000);
    expect(chunks.every((chunk) => chunk.length <= 1_000)).toBe(true);
    expect(Buffer.concat(chunks.map((chunk) => Buffer.from(chunk, 'base64')))).toEqual(Buffer.from(bytes));
    expect(base64Chunks(new Uint8Array(0), 1_000)).toEqual(['']);
  });
});

describe('install values in main', () => {
  it('applies defaults, keeps a saved secret when left empty, and checks each kind', () => {
    const checked = checkValues(FIELDS, { name: 'me', dirs: ['/x'], token: '' });
    expect(checked).toEqual({ values: new Map<string, string | string[]>([['name', 'me'], ['port', '8080'], ['verbose', 'false'], ['dirs', ['/x']]]) });
    expect(checkValues(FIELDS, { port: '0', verbose: 'maybe', dirs: 'relative', mode: 'slow', extra: '1' })).toEqual({
      problems: [
        { field: 'extra', message: 'There is no setting "extra" (settings: name, port, verbose, dirs, mode, token).' },
        { field: 'name', message: '"name" is required.' },
        { field: 'port', message: '"port" must be at least 1.' },
        { field: 'verbose', message: '"verbose" must be true or false (got "maybe").' },
        { field: 'dirs', message: '"dirs" must be an absolute path to a folder (got "relative").' },
        { field: 'mode', message: '"mode" must be one of: fast, safe.' },
      ],
    });
    expect(checkValues([field('one')], { one: ['a', 'b'] })).toEqual({ problems: [{ field: 'one', message: '"one" takes one value (got 2).' }] });
    expect(checkValues([field('nul')], { nul: 'a\u0000b' })).toEqual({ problems: [{ field: 'nul', message: '"nul" contains a NUL character.' }] });
  });

  it('reads --set KEY=VALUE (a key given twice is a list; = may be in the value)', () => {
    expect(parseSetOptions(['a=1', 'b=x=y', 'a=2', 'c='])).toEqual({ a: ['1', '2'], b: 'x=y', c: '' });
    expect(() => parseSetOptions(['novalue'])).toThrow('--set takes KEY=VALUE (got "novalue")');
  });
});
