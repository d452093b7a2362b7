// `npm run inspect` and MCP Apps, as child processes against the published vanillajs app server
// (started for real over stdio): `call … --json` names the tool's view as `"ui": {"resourceUri"}`
// and says on stderr that a headless host cannot render it; `read SERVER ui://…` prints the view's
// HTML as it is; a tool only for its view is refused to `call`.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectChild } from './helpers/inspect-child.js';
import { publishedEntry, publishedScript, removeTempDirs, seedStore, tempDir } from './helpers/mcp-env.js';

describe('inspect and MCP Apps', () => {
  let dir: string;
  let monitorDir: string;

  beforeAll(() => {
    dir = tempDir('inspect-apps-');
    seedStore(dir, [publishedEntry('basic', 'Basic', 'server-basic-vanillajs', ['--stdio'])]);
    monitorDir = tempDir('inspect-apps-');
    seedStore(monitorDir, [publishedEntry('monitor', 'Monitor', 'server-system-monitor', ['--stdio'])]);
  });
  afterAll(() => removeTempDirs());

  it('call --json prints the result with "ui": {"resourceUri"}, and says a headless host cannot render the view', async () => {
    const run = await inspectChild(['--user-data', dir, 'call', 'get-time', '{}', '--yes', '--json']);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { content: Array<{ text: string }>; ui: unknown };
    expect(printed.ui).toEqual({ resourceUri: 'ui://get-time/mcp-app.html' });
    expect(printed.content[0]!.text).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(run.stderr).toContain('get-time has a view (ui://get-time/mcp-app.html). A headless host cannot render it; the app shows it beside the result. Its HTML: inspect read basic ui://get-time/mcp-app.html');
    // Without --json the result is printed as before, without "ui".
    const plain = await inspectChild(['--user-data', dir, 'call', 'get-time', '{}', '--yes']);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).not.toHaveProperty('ui');
  });

  it('read SERVER ui://… prints the view as its server gives it', async () => {
    const run = await inspectChild(['--user-data', dir, 'read', 'Basic', 'ui://get-time/mcp-app.html']);
    expect(run.code).toBe(0);
    const published = fs.readFileSync(publishedScript('server-basic-vanillajs').replace(/index\.js$/, 'mcp-app.html'), 'utf8');
    expect(run.stdout.trimEnd()).toBe(published.trimEnd());
    expect(run.stderr).toContain('ui://get-time/mcp-app.html is an MCP App view (');
    expect(run.stderr).toContain('A headless host cannot render it');
  });

  it('refuses to call a tool only for its view, and lists it in no provider\'s tools', async () => {
    const run = await inspectChild(['--user-data', monitorDir, 'call', 'poll-system-stats', '{}', '--yes']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('it is used by its view only');
    const tools = await inspectChild(['--user-data', monitorDir, 'tools', '--provider', 'openai']);
    expect(tools.code).toBe(0);
    expect(tools.stdout).toContain('"get-system-info"');
    expect(tools.stdout).not.toContain('poll-system-stats');
  });
});
