// MCP Apps on the main side, against the published app servers (started for real over stdio, as a
// user configures them) and a fixture server whose tools and views say what the published ones do
// not: a tool for models only, a view that declares origins (some malformed) and permissions, a
// view sent as base64, a "view" of the wrong type. What a model is offered, what a view may call
// and read, what its sandbox's policy allows, and what it hands the model.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { ToolCallRefused } from '../../src/main/mcp/calls/approval-gate.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { callRecord } from './helpers/recorded-calls.js';
import { APPROVED, publishedEntry, removeTempDirs, serve, startMcp, statusOf, stopServed, tempDir, text, urlEntry } from './helpers/mcp-env.js';

const VIEW = 'text/html;profile=mcp-app';

describe('MCP Apps: views, visibility and what a view may ask', () => {
  let mcp: Mcp;
  let viewFile: string;
  const record = callRecord();

  beforeAll(async () => {
    viewFile = path.join(tempDir('apps-view-'), 'view.html');
    fs.writeFileSync(viewFile, '<!doctype html><p>first</p>');
    const fixture = await serve({
      id: 'fx',
      transport: 'http',
      recordCalls: record.file,
      tools: [
        'client_capabilities',
        { name: 'viewed', _meta: { ui: { resourceUri: 'ui://fx/view.html' } } },
        { name: 'model_only', annotations: { readOnlyHint: true }, _meta: { ui: { visibility: ['model'] } } },
        { name: 'app_only', annotations: { readOnlyHint: true }, _meta: { ui: { resourceUri: 'ui://fx/view.html', visibility: ['app'] } } },
        { name: 'flat', _meta: { 'ui/resourceUri': 'ui://fx/blob.html' } },
        { name: 'wrong_type', _meta: { ui: { resourceUri: 'ui://fx/plain.html' } } },
        { name: 'denied', annotations: { readOnlyHint: true } },
      ],
      resources: [
        {
          uri: 'ui://fx/view.html',
          name: 'view',
          mimeType: VIEW,
          textFile: viewFile,
          _meta: {
            ui: {
              csp: { resourceDomains: ['https://cdn.example.com', '*', "'unsafe-eval'", 'https:'], connectDomains: ['wss://rt.example.com'] },
              permissions: { camera: {}, clipboardWrite: {}, teleport: {} },
              prefersBorder: false,
            },
          },
        },
        { uri: 'ui://fx/blob.html', name: 'blob', mimeType: 'text/html; profile=mcp-app', blob: Buffer.from('<p>from base64</p>').toString('base64') },
        { uri: 'ui://fx/plain.html', name: 'plain', mimeType: 'text/html', text: '<p>plain</p>' },
        { uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain', text: 'the notes' },
      ],
    });
    ({ mcp } = await startMcp(tempDir(), [
      publishedEntry('basic', 'Basic', 'server-basic-vanillajs', ['--stdio']),
      publishedEntry('monitor', 'Monitor', 'server-system-monitor', ['--stdio']),
      urlEntry('fx', 'Fixture', 'http', fixture.url, { toolPolicies: { denied: 'deny' } }),
    ]));
  });

  afterAll(async () => {
    await mcp?.stop();
    await stopServed();
    removeTempDirs();
  });

  it('declares the extension with its MIME type when it connects', async () => {
    const caps = JSON.parse(text(await mcp.callTool('client_capabilities', {}, APPROVED))) as { extensions?: unknown };
    expect(caps.extensions).toEqual({ 'io.modelcontextprotocol/ui': { mimeTypes: [VIEW] } });
  });

  it("links tools to their views (nested and deprecated flat _meta) and says who may call them", () => {
    const ui = (uuid: string): Record<string, unknown> => Object.fromEntries(statusOf(mcp, uuid).tools.map((t) => [t.original, t.ui ?? null]));
    expect(ui('basic')).toEqual({ 'get-time': { resourceUri: 'ui://get-time/mcp-app.html', visibility: ['model', 'app'] } });
    expect(ui('monitor')).toEqual({
      'get-system-info': { resourceUri: 'ui://system-monitor/mcp-app.html', visibility: ['model', 'app'] },
      'poll-system-stats': { visibility: ['app'] },
    });
    expect(ui('fx')).toMatchObject({ client_capabilities: null, model_only: { visibility: ['model'] }, flat: { resourceUri: 'ui://fx/blob.html' } });
  });

  it('never offers a tool only for views to a model: getLlmTools, every provider, on demand, the search', () => {
    const appOnly = ['poll-system-stats', 'app_only'];
    expect(mcp.getLlmTools().map((t) => t.name)).toEqual(expect.arrayContaining(['get-time', 'get-system-info', 'model_only']));
    expect(mcp.getLlmTools().map((t) => t.name)).not.toEqual(expect.arrayContaining([appOnly[0]]));
    for (const provider of PROVIDER_IDS) {
      for (const loading of ['all', 'on-demand'] as const) {
        const offered = mcp.getProviderTools(provider, null, { loading, loaded: appOnly });
        const names = [...offered.report.map((entry) => entry.name), JSON.stringify(offered.tools)];
        for (const name of appOnly) expect(names.join('\n'), `${provider} ${loading}`).not.toContain(name);
        expect(offered.report.map((entry) => entry.name), provider).toContain('get-time');
      }
    }
    expect(mcp.findTools('poll system stats cpu memory').map((t) => t.name)).not.toContain('poll-system-stats');
    expect(mcp.getProviderReports().map((r) => r.name)).not.toContain('poll-system-stats');
  });

  it('refuses a call of a tool only for views from anyone but its view, and sends nothing', async () => {
    const refused = await mcp.callTool('app_only', {}, APPROVED).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolCallRefused);
    expect((refused as ToolCallRefused).reason).toBe('not-visible');
    expect(record.calls().map((c) => c.tool)).not.toContain('app_only');
  });

  it("fetches a published server's view and lets its own button's call through the bridge's checks", async () => {
    const view = await mcp.views.open('get-time', { callId: 'call-1', frameAncestors: ['http://127.0.0.1:1'] });
    expect(view).toMatchObject({ server: { uuid: 'basic', label: 'Basic' }, tool: 'get-time', resourceUri: 'ui://get-time/mcp-app.html', csp: {}, permissions: [] });
    expect(view.html).toContain('Get Server Time');
    expect(mcp.views.policyOf(view.viewId)).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors http://127.0.0.1:1",
    );
    // get-time has no annotations: "ask first". Without the user's yes nothing runs.
    await expect(mcp.views.callTool(view.viewId, 'get-time', {})).rejects.toMatchObject({ reason: 'needs-approval' });
    const result = await mcp.views.callTool(view.viewId, 'get-time', {}, APPROVED);
    expect(text(result)).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Its own server only: another server's tool is not even a name it can reach.
    await expect(mcp.views.callTool(view.viewId, 'get-system-info', {}, APPROVED)).rejects.toThrow(/has no tool "get-system-info"/);
    mcp.views.close(view.viewId);
    await expect(mcp.views.callTool(view.viewId, 'get-time', {}, APPROVED)).rejects.toThrow(/closed/);
    expect(mcp.views.policyOf(view.viewId)).toBeNull();
  });

  it('lets a view call its own tool that only views may call', async () => {
    const view = await mcp.views.open('get-system-info');
    const stats = await mcp.views.callTool(view.viewId, 'poll-system-stats', {}, APPROVED);
    expect(stats.isError).not.toBe(true);
    expect(JSON.stringify(stats)).toMatch(/memory|cpu/i);
  });

  it('refuses what a view may not call: a tool for models only, a denied tool', async () => {
    const view = await mcp.views.open('viewed');
    await expect(mcp.views.callTool(view.viewId, 'model_only', {}, APPROVED)).rejects.toMatchObject({ reason: 'not-visible' });
    await expect(mcp.views.callTool(view.viewId, 'denied', {}, APPROVED)).rejects.toMatchObject({ reason: 'denied' });
    const allowed = await mcp.views.callTool(view.viewId, 'app_only', {});
    expect(text(allowed)).toContain('"tool":"app_only"');
    expect(record.calls().map((c) => c.tool)).toEqual(expect.arrayContaining(['app_only']));
    expect(record.calls().map((c) => c.tool)).not.toEqual(expect.arrayContaining(['model_only']));
  });

  it("takes only well-formed declared origins into the view's policy, and the permissions it knows", async () => {
    const view = await mcp.views.open('viewed');
    expect(view.csp).toEqual({ resourceDomains: ['https://cdn.example.com'], connectDomains: ['wss://rt.example.com'] });
    expect(view.permissions).toEqual(['camera', 'clipboardWrite']);
    expect(view.prefersBorder).toBe(false);
    const policy = mcp.views.policyOf(view.viewId)!;
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com;");
    expect(policy).toContain('connect-src wss://rt.example.com;');
    expect(policy).not.toMatch(/unsafe-eval| \*|https:;/);
    const log = mcp.logs.read('fx').map((entry) => entry.text).join('\n');
    expect(log).toContain('View ui://fx/view.html:');
    expect(log).toContain('resourceDomains: "*" is not an origin');
    expect(log).toContain(`resourceDomains: "'unsafe-eval'" is not an origin`);
  });

  it('reads a view once per server version (cached), decodes base64, and refuses the wrong type', async () => {
    fs.writeFileSync(viewFile, '<!doctype html><p>second</p>');
    expect((await mcp.views.open('viewed')).html).toContain('first');
    expect((await mcp.views.open('flat')).html).toBe('<p>from base64</p>');
    await expect(mcp.views.open('wrong_type')).rejects.toThrow('ui://fx/plain.html is not a view: its type is "text/html", not text/html;profile=mcp-app.');
    await expect(mcp.views.open('model_only')).rejects.toThrow('has no view');
  });

  it("reads resources for a view on its own server only", async () => {
    const fx = await mcp.views.open('viewed');
    expect(await mcp.views.readResource(fx.viewId, 'file:///notes.txt')).toEqual({ contents: [{ uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'the notes' }] });
    const basic = await mcp.views.open('get-time');
    await expect(mcp.views.readResource(basic.viewId, 'file:///notes.txt')).rejects.toThrow(/on server "Basic" failed/);
  });

  it("keeps a view's model context and messages per call, and adds the context to what the model gets", async () => {
    const view = await mcp.views.open('viewed', { callId: 'call-ctx' });
    const heard: unknown[] = [];
    const stop = mcp.views.onMessage((event) => heard.push(event));
    mcp.views.setModelContext(view.viewId, { content: [{ type: 'text', text: 'first pick' }] });
    mcp.views.setModelContext(view.viewId, { content: [{ type: 'text', text: 'The user picked row 3.' }], structuredContent: { row: 3 } });
    expect(mcp.views.addMessage(view.viewId, { role: 'user', content: [{ type: 'text', text: 'Explain row 3' }] })).toBe(true);
    stop();
    expect(heard).toEqual([{ viewId: view.viewId, callId: 'call-ctx', server: 'fx', tool: 'viewed', message: { role: 'user', content: [{ type: 'text', text: 'Explain row 3' }] } }]);
    const kept = mcp.views.contexts.of('call-ctx')!;
    expect(kept.messages).toHaveLength(1);
    const result = await mcp.callTool('viewed', {}, APPROVED);
    const { items, report } = await mcp.getProviderResult('anthropic', 'viewed', result, { callId: 'toolu_1', viewContext: kept.modelContext });
    const sent = JSON.stringify(items);
    expect(sent).toContain("[Context from the tool's view:]");
    expect(sent).toContain('The user picked row 3.');
    expect(sent).toContain('\\"row\\":3');
    expect(sent).not.toContain('first pick');
    expect(report.changes.map((c) => c.kind)).toContain('view');
  });
});
