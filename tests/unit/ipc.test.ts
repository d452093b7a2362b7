// Every IPC handler, with valid input (real core, real fixture servers, real store in a temp
// folder) and with invalid input (refused with a clear message before any handler runs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { AppConfig, McpServer } from '../../src/types/config.js';
import type { AppState, ImportResult, IpcChannel } from '../../src/types/ipc.js';
import { IPC_CHANNELS } from '../../src/types/ipc.js';
import type { ProviderResult, ProviderTools, ToolProviderReports } from '../../src/types/providers.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import type { FoundTool, LlmTool, ServerStatus, ToolCallResult } from '../../src/types/mcp.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { answer, waitFor, waitForStatus } from './helpers/mcp-env.js';

const alpha = fixtureCommand({ id: 'alpha', transport: 'stdio', tools: ['search', 'unity/health'] });
// `fetch` has an optional argument, which OpenAI strict mode makes required and nullable.
const FETCH = { name: 'fetch', inputSchema: { type: 'object' as const, properties: { url: { type: 'string' }, depth: { type: 'integer' } }, required: ['url'] } };
const beta = fixtureCommand({ id: 'beta', transport: 'stdio', tools: ['search', FETCH] });

describe('IPC handlers', () => {
  let dir: string;
  let core: Core;
  let ipc: IpcServer;
  let a: McpServer;
  let b: McpServer;
  const call = async <T>(channel: IpcChannel, input?: unknown): Promise<T> => (await ipc.invoke(channel, input)) as T;
  const config = (): AppConfig => core.store.config as AppConfig;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipc-'));
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
    // Adding returns before the connect; the outcome arrives as status. Separate adds are named
    // as they list, so Alpha is ready (and named) before Beta is added.
    a = await call<McpServer>('addServer', { label: 'Alpha', type: 'stdio', ...alpha });
    await waitForStatus(core.mcp, a.uuid, 'ready');
    b = await call<McpServer>('addServer', { label: 'Beta', type: 'stdio', ...beta });
    await waitForStatus(core.mcp, b.uuid, 'ready');
  });

  afterAll(async () => {
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every write of the settings goes out as a state event holding what getState returns: the names a server lists, saved in the background, too', async () => {
    const states: AppState[] = [];
    const off = ipc.on('state', (state) => states.push(state));
    try {
      const gamma = await call<McpServer>('addServer', { label: 'Gamma', type: 'stdio', ...fixtureCommand({ id: 'gamma', transport: 'stdio', tools: ['ping'] }) });
      const named = (state: AppState | undefined): boolean => state?.config.mcp.servers.find((s) => s.uuid === gamma.uuid)?.toolMappings?.ping === 'ping';
      // The add is written before its connect; the names after it, by the manager.
      expect(named(states.at(-1))).toBe(false);
      await waitFor('the state event with the names Gamma listed', () => named(states.at(-1)));
      expect(states.at(-1)).toEqual(await call<AppState>('getState'));

      // Writes in one tick: one event.
      const before = states.length;
      core.store.update((draft) => { draft.prompt.tools = ['search']; });
      core.store.update((draft) => { draft.prompt.tools = null; });
      await Promise.resolve();
      expect(states.length).toBe(before + 1);
      expect(states.at(-1)!.config.prompt.tools).toBeNull();
      await call('removeServer', { uuid: gamma.uuid });
    } finally {
      off();
    }
  });

  it('refuses unknown channels and non-string channel names', async () => {
    await expect(ipc.invoke('__proto__', {})).rejects.toThrow('Unknown request "__proto__".');
    await expect(ipc.invoke('constructor', {})).rejects.toThrow('Unknown request "constructor".');
    await expect(ipc.invoke(42, {})).rejects.toThrow('Unknown request "42".');
  });

  it('refuses invalid input on every channel that takes input', async () => {
    const bad: Partial<Record<IpcChannel, unknown>> = {
      addServer: { label: 'x', type: 'ftp' },
      updateServer: { uuid: a.uuid, settings: { label: '', type: 'stdio' } },
      removeServer: { uuid: 7 },
      selectionsUsing: {},
      setServerEnabled: { uuid: a.uuid, enabled: 'yes' },
      restartServer: null,
      setToolEnabled: { uuid: a.uuid, original: '', enabled: true },
      setAlias: { uuid: a.uuid, original: 'search', alias: 5 },
      setToolPolicy: { uuid: a.uuid, original: 'search', policy: 'maybe' },
      setServerPolicy: { uuid: a.uuid, policy: 'allow', scope: 'some' },
      answerElicitation: { requestId: 'r1', action: 'ok' },
      importClaudeDesktop: { json: { mcpServers: {} } },
      setModels: { models: [{ engine: 'openai' }] },
      setSelection: { target: 'everything', tools: [] },
      getLlmTools: { tools: 'all' },
      getProviderTools: { provider: 'cohere' },
      getProviderReports: { selection: 'all' },
      getProviderResult: { provider: 'openai', name: 'search', callId: 'c1' },
      findTools: { query: '' },
      callTool: { name: 'search', args: [1, 2] },
      cancelCall: { callId: '' },
      checkToolArgs: { name: 'search', args: 'all' },
      getServerLogs: { uuid: a.uuid, after: -1 },
      dismissNotice: { kind: 'all' },
      signIn: { uuid: '' },
      signOut: {},
      setOAuthClientSecret: { uuid: a.uuid, secret: '' },
      listPrompts: { server: 'x' },
      getPrompt: { name: 'summarize', args: { n: 3 }, provider: 'openai' },
      completePromptArgument: { name: 'summarize', argument: '', value: 'a' },
      listResources: [],
      readResource: { uuid: a.uuid, uri: 'file:///a', template: 'file:///{x}', values: {}, provider: 'openai' },
      completeResourceVariable: { uuid: a.uuid, template: 'file:///{x}', variable: 'x' },
      getState: { unexpected: true },
      getStatus: 'now',
      finishUrlElicitation: { requestId: 'r1', action: 'open' },
      getInstructions: { selection: 'all' },
      listTasks: { all: true },
      cancelTask: { uuid: a.uuid, taskId: 7 },
      getIcon: { uuid: a.uuid, id: '../../etc/passwd' },
      checkFolders: { paths: ['relative/path'] },
      pickFolder: { path: '/etc' },
      setRegistryUrl: { url: 'file:///etc/passwd' },
      registrySearch: { query: 'x', registry: 'ftp://registry.example' },
      registryEntry: { name: '' },
      registryAdd: { name: 'a/b', version: '1', option: -1, values: {} },
      registryOpenBundle: { name: 'io.github.lab/../../x', version: '1', option: 0 },
      registryUpdates: { all: true },
      bundleUpload: { fileName: 'a.mcpb', chunk: 'not base64!' },
      bundleOpen: { uploadId: '../../etc' },
      bundleInstall: { stageId: 'x', values: { a: { nested: true } } },
      bundleDiscard: {},
      openToolView: { name: '' },
      closeToolView: { viewId: 'not-a-view' },
      callToolFromView: { viewId: '0123456789abcdef0123456789abcdef', name: 'search', args: 'all' },
      readResourceFromView: { viewId: '0123456789abcdef0123456789abcdef' },
      setViewModelContext: { viewId: '0123456789abcdef0123456789abcdef', context: { content: 'text' } },
      sendViewMessage: { viewId: '0123456789abcdef0123456789abcdef', message: { role: 'assistant', content: [] } },
      getViewContext: {},
      openViewLink: { viewId: '0123456789abcdef0123456789abcdef', url: 'javascript:alert(1)' },
      getToolReview: { uuid: 7 },
      approveTools: { uuid: a.uuid, tools: 'some' },
    };
    expect(Object.keys(bad).sort()).toEqual([...IPC_CHANNELS].sort());
    for (const [channel, input] of Object.entries(bad)) {
      await expect(ipc.invoke(channel, input), channel).rejects.toThrow(new RegExp(`^Invalid input for "${channel}": `));
    }
    expect(config().mcp.servers.map((s) => s.label)).toEqual(['Alpha', 'Beta']);
  });

  it('getState and getStatus: both servers ready, the second search is search_1', async () => {
    const state = await call<AppState>('getState');
    expect(state.host).toBe('web');
    expect(state.userDataDir).toBe(dir);
    expect(state.builtInTools).toContain('web_search');
    const status = await call<ServerStatus[]>('getStatus');
    expect(status.map((s) => [s.label, s.status])).toEqual([['Alpha', 'ready'], ['Beta', 'ready']]);
    expect(status[1]!.tools.map((t) => [t.original, t.exposed, t.reasons])).toEqual([
      ['search', 'search_1', ['collision']],
      ['fetch', 'fetch', []],
    ]);
  });

  it('getProviderResult: the result of a page call by its id (kept in main), or one given, as each provider takes it', async () => {
    const raw = await call<ToolCallResult>('callTool', { name: 'search_1', args: { q: 'x' }, approved: true, callId: 'page-call-1' });
    const byId = await call<ProviderResult>('getProviderResult', { provider: 'anthropic', name: 'search_1', resultOf: 'page-call-1', callId: 'toolu_7' });
    expect(byId.items).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_7', content: [{ type: 'text', text: (raw.content[0] as { text: string }).text }] }]);
    const given = await call<ProviderResult>('getProviderResult', { provider: 'gemini', name: 'search_1', result: { content: [{ type: 'text', text: 'hi' }], isError: true }, callId: 'g1' });
    expect(given.items).toEqual([{ functionResponse: { name: 'search_1', id: 'g1', response: { error: 'hi' } } }]);
    await expect(ipc.invoke('getProviderResult', { provider: 'openai', name: 'search_1', resultOf: 'never-ran', callId: 'c' })).rejects.toThrow('No result of a call "never-ran" is kept');
    await expect(ipc.invoke('getProviderResult', { provider: 'openai', name: 'search_1', resultOf: 'page-call-1', result: { content: [] }, callId: 'c' })).rejects.toThrow(/Give either resultOf/);
    // find_tools within a selection: the answer loads only what the selection's request holds.
    await call('callTool', { name: 'find_tools', args: { query: 'search' }, selection: ['search_1', 'fetch'], callId: 'page-find' });
    const found = await call<ProviderResult>('getProviderResult', { provider: 'anthropic', name: 'find_tools', resultOf: 'page-find', callId: 'toolu_8', selection: ['search_1', 'fetch'] });
    expect(found.items).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_8', content: [{ type: 'tool_reference', tool_name: 'search_1' }] }]);
    const loaded = await call<ProviderResult>('getProviderResult', { provider: 'anthropic', name: 'find_tools', resultOf: 'page-find', callId: 'toolu_9', selection: ['search_1', 'fetch'], loaded: ['search_1'] });
    expect(JSON.stringify(loaded.items)).toContain('Loaded for your next step:\\n- search_1');
    expect(JSON.stringify(loaded.items)).not.toContain('tool_reference');
    await expect(ipc.invoke('getProviderResult', { provider: 'anthropic', name: 'find_tools', resultOf: 'page-find', callId: 'c', selection: 'all' })).rejects.toThrow(/^Invalid input/);
  });

  it('callTool routes to the owning server under the original name', async () => {
    expect(answer(await call<ToolCallResult>('callTool', { name: 'search_1', args: { q: 'x' }, approved: true }))).toEqual({ server: 'beta', tool: 'search', args: { q: 'x' } });
    expect(answer(await call<ToolCallResult>('callTool', { name: 'unity_health', approved: true }))).toEqual({ server: 'alpha', tool: 'unity/health', args: {} });
    await expect(ipc.invoke('callTool', { name: 'nope' })).rejects.toThrow('Unknown tool "nope"');
  });

  it('checkToolArgs checks against the schema the owning server listed', async () => {
    expect(await call('checkToolArgs', { name: 'search_1', args: { q: 'x' } })).toEqual({ problems: [] });
    // With a provider, the arguments are checked as the server gets them, and the answer carries
    // them: the null strict mode put in for the optional `depth` is gone.
    const strictForm = { url: 'https://example.org', depth: null };
    expect(await call('checkToolArgs', { name: 'fetch', args: strictForm, provider: 'openai-strict' })).toEqual({ problems: [], sent: { url: 'https://example.org' } });
    expect(await call('checkToolArgs', { name: 'fetch', args: strictForm })).toEqual({ problems: [{ field: 'depth', message: 'must be integer' }] });
    await expect(ipc.invoke('checkToolArgs', { name: 'nope', args: {} })).rejects.toThrow('Unknown tool "nope"');
  });

  it('setModels, setSelection and getLlmTools', async () => {
    await call('setModels', { models: [{ engine: 'openai', model: 'gpt-4o', tools: ['search_1', 'fetch'] }] });
    await call('setSelection', { target: 'prompt', tools: ['search'] });
    await call('setSelection', { target: 'realtime', tools: null });
    expect(config().llm.defaults).toEqual([{ engine: 'openai', model: 'gpt-4o', tools: ['search_1', 'fetch'] }]);
    expect(config().prompt.tools).toEqual(['search']);
    const tools = await call<LlmTool[]>('getLlmTools', { tools: ['search_1'] });
    expect(tools.map((t) => t.name)).toEqual(['search_1']);
    expect((await call<LlmTool[]>('getLlmTools')).map((t) => t.name)).toEqual(['search', 'unity_health', 'search_1', 'fetch']);
  });

  it('getProviderTools on demand, findTools, and find_tools through callTool within a selection; bad options are refused', async () => {
    const onDemand = await call<ProviderTools>('getProviderTools', { provider: 'openai', loading: 'on-demand', loaded: ['fetch'] });
    expect(onDemand.tools.map((t) => (t as { function: { name: string } }).function.name)).toEqual(['find_tools', 'fetch']);
    expect(onDemand.deferred).toBe(3);
    expect(onDemand.tokens).toBeGreaterThan(0);
    const found = await call<FoundTool[]>('findTools', { query: 'fetch', limit: 2 });
    expect(found[0]).toMatchObject({ name: 'fetch', server: b.uuid, original: 'fetch' });
    expect(await call<FoundTool[]>('findTools', { query: 'search', selection: ['search_1'] })).toEqual([expect.objectContaining({ name: 'search_1' })]);
    // Hostile queries (1 MiB of text, regular-expression characters, only common words, only emoji): an answer, not an error.
    for (const query of ['x'.repeat(1 << 20), '.*(a|b)[^', 'the of a', '🙂🚀']) expect(await call<FoundTool[]>('findTools', { query })).toEqual([]);
    const result = await call<ToolCallResult>('callTool', { name: 'find_tools', args: { query: 'search' }, selection: ['search'] });
    expect(result.structuredContent).toEqual({ tools: [{ name: 'search', description: expect.any(String) as unknown }] });
    await expect(ipc.invoke('getProviderTools', { provider: 'openai', loading: 'lazy' })).rejects.toThrow(/^Invalid input for "getProviderTools": loading/);
    await expect(ipc.invoke('getProviderTools', { provider: 'openai', pinned: ['a', 'b', 'c', 'd', 'e', 'f'] })).rejects.toThrow(/^Invalid input for "getProviderTools": pinned/);
    await expect(ipc.invoke('findTools', { query: 'x', limit: 0 })).rejects.toThrow(/^Invalid input for "findTools": limit/);
    await expect(ipc.invoke('setModels', { models: [{ engine: 'openai', model: 'm', tools: null, toolLoading: 'sometimes' }] })).rejects.toThrow(/^Invalid input for "setModels": models.0.toolLoading/);
    const models = structuredClone(config().llm.defaults);
    const entry = { engine: 'openai', model: 'm', tools: null, toolLoading: 'on', tokenBudget: 5000, pinnedTools: ['fetch'] };
    await call('setModels', { models: [...models, entry] });
    expect(config().llm.defaults.at(-1)).toEqual(entry);
    await call('setModels', { models });
  });

  it('getProviderTools gives one provider\'s request tools; a bad provider or selection is refused', async () => {
    const all = await call<ProviderTools>('getProviderTools', { provider: 'anthropic' });
    expect(all.provider).toBe('anthropic');
    expect(all.maxTools).toBeNull();
    expect(all.report.map((r) => r.name)).toEqual(['search', 'unity_health', 'search_1', 'fetch']);
    expect(all.tools).toHaveLength(4);
    // Two servers list `search`: each description now names its server.
    expect(all.tools[0]).toMatchObject({ name: 'search', description: expect.stringContaining('Alpha') as unknown });
    const picked = await call<ProviderTools>('getProviderTools', { provider: 'gemini', selection: ['search_1'] });
    expect(picked.report.map((r) => [r.name, r.original, r.server])).toEqual([['search_1', 'search', b.uuid]]);
    await expect(ipc.invoke('getProviderTools', { provider: 'openai', selection: 'all' })).rejects.toThrow(/^Invalid input for "getProviderTools": selection/);
    await expect(ipc.invoke('getProviderTools', {})).rejects.toThrow(/^Invalid input for "getProviderTools": provider/);
    await expect(ipc.invoke('callTool', { name: 'search', provider: 'cohere' })).rejects.toThrow(/^Invalid input for "callTool": provider/);
    expect(answer(await call<ToolCallResult>('callTool', { name: 'search_1', args: { q: 'x' }, provider: 'openai-strict', approved: true }))).toEqual({ server: 'beta', tool: 'search', args: { q: 'x' } });
  });

  it('getProviderReports gives every provider\'s verdict per tool in one request, from the same kept adaptations as getProviderTools', async () => {
    const reports = await call<ToolProviderReports[]>('getProviderReports', {});
    expect(reports.map((r) => [r.name, r.original, r.server])).toEqual([['search', 'search', a.uuid], ['unity_health', 'unity/health', a.uuid], ['search_1', 'search', b.uuid], ['fetch', 'fetch', b.uuid]]);
    for (const provider of PROVIDER_IDS) {
      const { report } = await call<ProviderTools>('getProviderTools', { provider });
      report.forEach((entry, i) => {
        const { status, changes, reason } = entry;
        expect(reports[i]!.providers[provider]).toEqual(reason === undefined ? { status, changes } : { status, changes, reason });
        // The very list the provider's adaptation made: read from the cache, not adapted again.
        expect(reports[i]!.providers[provider].changes).toBe(changes);
      });
    }
    // Strict mode makes fetch's optional `depth` required and nullable.
    expect(reports[3]!.providers['openai-strict'].status).toBe('adapted');
    const picked = await call<ToolProviderReports[]>('getProviderReports', { selection: ['search_1'] });
    expect(picked.map((r) => r.name)).toEqual(['search_1']);
    await expect(ipc.invoke('getProviderReports', { selection: 'all' })).rejects.toThrow(/^Invalid input for "getProviderReports": selection/);
  });

  it('setAlias pins a name, selections follow; a taken alias is refused', async () => {
    const { exposed } = await call<{ exposed: string }>('setAlias', { uuid: b.uuid, original: 'search', alias: 'beta_search' });
    expect(exposed).toBe('beta_search');
    expect(config().llm.defaults[0]!.tools).toEqual(['beta_search', 'fetch']);
    await expect(ipc.invoke('setAlias', { uuid: b.uuid, original: 'fetch', alias: 'search' })).rejects.toThrow('"search" is already the name of search on Alpha.');
    await expect(ipc.invoke('setAlias', { uuid: b.uuid, original: 'fetch', alias: 'web_search' })).rejects.toThrow('built-in');
    const reset = await call<{ exposed: string }>('setAlias', { uuid: b.uuid, original: 'search', alias: null });
    expect(reset.exposed).toBe('search_1');
    expect(config().llm.defaults[0]!.tools).toEqual(['search_1', 'fetch']);
  });

  it('setToolEnabled switches a tool off for the model and for calls', async () => {
    await call('setToolEnabled', { uuid: b.uuid, original: 'fetch', enabled: false });
    expect((await call<LlmTool[]>('getLlmTools')).map((t) => t.name)).not.toContain('fetch');
    await expect(ipc.invoke('callTool', { name: 'fetch' })).rejects.toThrow('switched off');
    await call('setToolEnabled', { uuid: b.uuid, original: 'fetch', enabled: true });
    expect((await call<LlmTool[]>('getLlmTools')).map((t) => t.name)).toContain('fetch');
  });

  it('setServerEnabled, restartServer and updateServer keep names', async () => {
    await call('setServerEnabled', { uuid: b.uuid, enabled: false });
    const off = (await call<ServerStatus[]>('getStatus'))[1]!;
    expect(off.status).toBe('disabled');
    expect(off.tools.map((t) => t.exposed)).toEqual(['search_1', 'fetch']);
    await call('setServerEnabled', { uuid: b.uuid, enabled: true });
    await waitForStatus(core.mcp, b.uuid, 'ready');
    await call('restartServer', { uuid: b.uuid });
    await waitForStatus(core.mcp, b.uuid, 'ready');
    const updated = await call<McpServer>('updateServer', { uuid: b.uuid, settings: { label: 'Beta 2', type: 'stdio', ...beta } });
    expect(updated.label).toBe('Beta 2');
    await waitForStatus(core.mcp, b.uuid, 'ready');
    const status = (await call<ServerStatus[]>('getStatus'))[1]!;
    expect([status.status, status.tools.map((t) => t.exposed)]).toEqual(['ready', ['search_1', 'fetch']]);
  });

  it('importClaudeDesktop adds usable servers and explains the skipped ones', async () => {
    const json = JSON.stringify({ mcpServers: { Gamma: { ...fixtureCommand({ id: 'gamma', transport: 'stdio', tools: ['search'] }) }, Broken: { args: ['x'] } } });
    const result = await call<ImportResult>('importClaudeDesktop', { json });
    expect(result.added.map((s) => s.label)).toEqual(['Gamma']);
    expect(result.skipped).toEqual([{ name: 'Broken', reason: 'A stdio server needs a command.' }]);
    await expect(ipc.invoke('importClaudeDesktop', { json: '{"servers": {}}' })).rejects.toThrow('"mcpServers"');
    await waitForStatus(core.mcp, result.added[0]!.uuid, 'ready');
    const gamma = (await call<ServerStatus[]>('getStatus'))[2]!;
    expect(gamma.tools.map((t) => t.exposed)).toEqual(['search_2']);
    // The same file again adds nothing and says which server each entry already is.
    const again = await call<ImportResult>('importClaudeDesktop', { json });
    expect(again.added).toEqual([]);
    expect(again.alreadyAdded).toEqual([{ name: 'Gamma', label: 'Gamma' }]);
    expect(config().mcp.servers.map((s) => s.label)).toEqual(['Alpha', 'Beta 2', 'Gamma']);
  });

  it('selectionsUsing and removeServer: the deleted server leaves every selection', async () => {
    await call('setModels', { models: [{ engine: 'openai', model: 'gpt-4o', tools: ['search', 'search_1', 'fetch'] }] });
    await call('setSelection', { target: 'realtime', tools: ['fetch'] });
    expect(await call('selectionsUsing', { uuid: b.uuid })).toEqual([
      { where: 'gpt-4o (openai)', tools: ['search_1', 'fetch'] },
      { where: 'realtime', tools: ['fetch'] },
    ]);
    expect(await call('removeServer', { uuid: b.uuid })).toEqual({ removedFromSelections: 3 });
    expect(config().llm.defaults[0]!.tools).toEqual(['search']);
    expect(config().realtime.tools).toEqual([]);
    await expect(ipc.invoke('removeServer', { uuid: b.uuid })).rejects.toThrow(`No MCP server with id "${b.uuid}".`);
  });
});
