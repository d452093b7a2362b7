// `npm run inspect` for what servers ask of the app and show through it: `instructions --json`
// (exactly `{ "servers": [ { "label", "instructions" } ] }`), `tasks --json`, `roots` (listed,
// set, cleared; a relative path refused with exit 2; a missing folder saved with a warning),
// `icons`, and a URL request during `call`, accepted with `--answer '{"action": "accept"}'`:
// the URL is printed for the user to open, never opened. As child processes, for a clean stdout.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/types/config.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, serve, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

describe('inspect: instructions, tasks, roots, icons and URL requests', () => {
  let dir: string;
  let visitBase: string;

  beforeAll(async () => {
    dir = tempDir('inspect-features-');
    const [files, linker, quiet] = await Promise.all([
      serve({ id: 'files', transport: 'http', tools: ['read_file'], instructions: 'Read before you write.' }),
      serve({ id: 'linker', transport: 'http', tools: ['open_url'], icons: [{ src: 'http://insecure.example/x.png' }, { src: 'data:image/png;base64,bm90IGEgcG5n' }], instructions: 'Sign in first.' }),
      serve({ id: 'quiet', transport: 'http', tools: ['ping'] }),
    ]);
    visitBase = linker.url.replace(/\/mcp$/, '');
    seedStore(dir, [
      urlEntry('files', 'Files', 'http', files.url),
      urlEntry('linker', 'Linker', 'http', linker.url, { defaultPolicy: 'allow' }),
      urlEntry('quiet', 'Quiet', 'http', quiet.url),
    ]);
  });

  afterAll(async () => {
    await stopServed();
    removeTempDirs();
  });

  const saved = (): AppConfig => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as AppConfig;

  it('instructions --json prints exactly { servers: [ { label, instructions } ] }; without --json, the block', async () => {
    const run = await inspectChild(['--user-data', dir, 'instructions', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ servers: [{ label: 'Files', instructions: 'Read before you write.' }, { label: 'Linker', instructions: 'Sign in first.' }] });
    const text = await inspectChild(['--user-data', dir, 'instructions']);
    expect(text.stdout).toContain('## MCP server "Files"\n\nRead before you write.');
  });

  it('tasks --json prints { tasks: [] } when none runs', async () => {
    const run = await inspectChild(['--user-data', dir, 'tasks', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ tasks: [] });
  });

  it('call: a URL request accepted with --answer \'{"action": "accept"}\' prints the URL, opens nothing, and the server gets accept', async () => {
    const run = await inspectChild(['--user-data', dir, 'call', 'open_url', JSON.stringify({ elicitationId: 'cli-1', message: 'Sign in to Linker' }), '--answer', '{"action": "accept"}']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ content: [{ type: 'text', text: JSON.stringify({ answer: { action: 'accept' }, visited: false }) }] });
    expect(run.stderr).toContain('inspect: Linker asks you to open a page at 127.0.0.1');
    expect(run.stderr).toContain(`  ${visitBase}/visit/cli-1\n`);
    expect(run.stderr).toContain('warning: The address is not encrypted');
    const declined = await inspectChild(['--user-data', dir, 'call', 'open_url', '{}']);
    expect(JSON.parse(declined.stdout).content[0].text).toContain('"decline"');
    expect(declined.stderr).toContain(`declined (give --answer '{"action": "accept"}' to open it).`);
  });

  it('roots: set, listed with a missing one warned about, cleared; a relative path exits 2', async () => {
    const here = fs.realpathSync(tempDir('inspect-root-'));
    const set = await inspectChild(['--user-data', dir, '--json', 'roots', 'Quiet', 'set', here, '/no/such/folder']);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ uuid: 'quiet', label: 'Quiet', roots: [{ path: here, missing: false }, { path: '/no/such/folder', missing: true }] });
    expect(set.stderr).toContain('warning: /no/such/folder is not a folder that exists; it stays saved');
    expect(saved().mcp.servers.find((s) => s.uuid === 'quiet')?.roots).toEqual([here, '/no/such/folder']);
    const relative = await inspectChild(['--user-data', dir, 'roots', 'Quiet', 'set', 'projects/a']);
    expect(relative.code).toBe(2);
    expect(relative.stderr).toContain('"projects/a" is not an absolute path');
    const cleared = await inspectChild(['--user-data', dir, 'roots', 'Quiet', 'clear']);
    expect(cleared.stdout.trim()).toBe('Quiet may use no folders.');
    expect(saved().mcp.servers.find((s) => s.uuid === 'quiet')?.roots).toBeUndefined();
  });

  it('icons lists each icon with what became of it', async () => {
    const run = await inspectChild(['--user-data', dir, '--json', 'icons', 'Linker']);
    expect(run.code).toBe(0);
    const { icons } = JSON.parse(run.stdout) as { icons: Array<{ for: string; problem?: string }> };
    // The http: icon is never fetched, and says so; the data: one is fetched, and is no image.
    expect(icons).toEqual([
      { for: 'server', id: expect.any(String), problem: 'The icon http://insecure.example/x.png is not shown: only https: and data: icons are fetched, not http:.' },
      { for: 'server', id: expect.any(String), problem: expect.stringContaining('it is not a PNG, JPEG, WebP or SVG image') },
    ]);
  });
});
