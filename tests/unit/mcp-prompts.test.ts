// Prompts and resources from fixture servers (what the published everything server lacks): prompt
// names no model API takes, named by the tool-naming core in a namespace of their own, saved as
// promptMappings and stable across restarts and while offline, released when a server goes;
// every list paginated and followed on list_changed; malformed entries and failing lists cost
// themselves alone; arguments checked before anything is sent; completions.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_IN_TOOL_NAMES } from '../../src/main/naming/builtin-tools.js';
import { MissingValueError } from '../../src/main/mcp/user-input/missing-value.js';
import { TOOL_NAME_PATTERN } from '../../src/main/naming.js';
import { ConfigStore } from '../../src/main/config/store.js';
import type { McpServer } from '../../src/types/config.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { callRecord } from './helpers/recorded-calls.js';
import { answer, APPROVED, removeTempDirs, serve, startMcp, statusOf, stdioEntry, stopServed, tempDir, urlEntry, waitFor } from './helpers/mcp-env.js';

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

const LONG = `summarize_${'x'.repeat(80)}`;
const PROMPTS: FixtureConfig['prompts'] = [
  { name: 'summarize', description: 'Summarize a text', arguments: [{ name: 'text', required: true }, { name: 'style' }] },
  { name: 'summarize/long' },
  { name: '搜索' },
  { name: LONG },
  { name: 'web_search' },
];

/** exposed name of each prompt of one server, from its status. */
function promptNames(status: { prompts: Array<{ original: string; exposed: string }> }): Record<string, string> {
  return Object.fromEntries(status.prompts.map((p) => [p.original, p.exposed]));
}

describe('prompt names', () => {
  it('are valid, the first server keeps the bare name and later ones get _1; tools and built-in names are another namespace', async () => {
    const servers = [
      stdioEntry('a', 'A', { id: 'A', transport: 'stdio', tools: ['summarize'], prompts: PROMPTS }),
      stdioEntry('b', 'B', { id: 'B', transport: 'stdio', prompts: PROMPTS }),
    ];
    const { mcp, store } = await startMcp(tempDir(), servers, { reserved: BUILT_IN_TOOL_NAMES });
    try {
      const a = promptNames(statusOf(mcp, 'a'));
      const b = promptNames(statusOf(mcp, 'b'));
      expect(a).toEqual({ summarize: 'summarize', 'summarize/long': 'summarize_long', 搜索: 'sou_suo', [LONG]: LONG.slice(0, 64), web_search: 'web_search' });
      expect(b).toEqual({ summarize: 'summarize_1', 'summarize/long': 'summarize_long_1', 搜索: 'sou_suo_1', [LONG]: `${LONG.slice(0, 62)}_1`, web_search: 'web_search_1' });
      for (const name of [...Object.values(a), ...Object.values(b)]) expect(name).toMatch(TOOL_NAME_PATTERN);
      // The tool `summarize` keeps its name beside the prompt `summarize`.
      expect(statusOf(mcp, 'a').tools.map((t) => t.exposed)).toEqual(['summarize']);
      expect(statusOf(mcp, 'b').prompts.find((p) => p.original === 'summarize/long')?.reasons).toEqual(['sanitized', 'collision']);
      expect(store.config.mcp.servers.map((s) => s.promptMappings)).toEqual([a, b]);
      const listed = mcp.listPrompts().find((p) => p.exposed === 'summarize_1');
      expect(listed).toEqual({
        original: 'summarize', exposed: 'summarize_1', reasons: ['collision'], description: 'Summarize a text', uuid: 'b', server: 'B',
        arguments: [{ name: 'text', required: true }, { name: 'style', required: false }],
      });
    } finally {
      await mcp.stop();
    }
  });

  it('hold across restarts, whichever server answers first, and while a server is offline', async () => {
    const slow = { initializeMs: 600 };
    const dir = tempDir();
    const b = await serve({ id: 'B', transport: 'http', prompts: PROMPTS.slice(0, 2) });
    const servers: McpServer[] = [
      stdioEntry('a', 'A', { id: 'A', transport: 'stdio', prompts: PROMPTS.slice(0, 2), delays: slow }),
      urlEntry('b', 'B', 'http', b.url),
    ];
    const first = await startMcp(dir, servers);
    const names = { a: promptNames(statusOf(first.mcp, 'a')), b: promptNames(statusOf(first.mcp, 'b')) };
    await first.mcp.stop();
    // The slow first server still keeps the bare names.
    expect(names).toEqual({ a: { summarize: 'summarize', 'summarize/long': 'summarize_long' }, b: { summarize: 'summarize_1', 'summarize/long': 'summarize_long_1' } });

    // A is gone (a command that does not exist): its prompts are known by their saved names, and B keeps its own.
    const store = ConfigStore.open({ userDataDir: dir });
    store.update((config) => { config.mcp.servers[0]!.command = '/nonexistent/mcp-server'; });
    const second = await startMcp(dir);
    try {
      expect(statusOf(second.mcp, 'a').status).toBe('failed');
      expect(statusOf(second.mcp, 'a').prompts).toEqual([
        { original: 'summarize', exposed: 'summarize', reasons: [], arguments: [] },
        { original: 'summarize/long', exposed: 'summarize_long', reasons: ['sanitized'], arguments: [] },
      ]);
      expect(promptNames(statusOf(second.mcp, 'b'))).toEqual(names.b);
      // Only connected servers' prompts can be picked.
      expect(second.mcp.listPrompts().map((p) => p.exposed)).toEqual(['summarize_1', 'summarize_long_1']);
      await expect(second.mcp.getPrompt('summarize', { text: 'x' }, { provider: 'anthropic' })).rejects.toThrow(
        'Cannot get prompt "summarize" ("summarize" on server "A"): the server is not connected or no longer lists it.',
      );
      expect(second.store.config.mcp.servers.map((s) => s.promptMappings)).toEqual([names.a, names.b]);
    } finally {
      await second.mcp.stop();
    }
  });

  it('removing a server releases its prompt names; the others keep theirs', async () => {
    const servers = ['a', 'b'].map((id) => stdioEntry(id, id.toUpperCase(), { id, transport: 'stdio', prompts: [{ name: 'summarize' }] }));
    const { mcp, store } = await startMcp(tempDir(), servers);
    try {
      await mcp.removeServer('a');
      expect(promptNames(statusOf(mcp, 'b'))).toEqual({ summarize: 'summarize_1' });
      const added = await mcp.addServer({ label: 'C', type: 'stdio', ...commandOf({ id: 'c', transport: 'stdio', prompts: [{ name: 'summarize' }] }) });
      await waitFor('C to list its prompts', () => statusOf(mcp, added.uuid).prompts.length === 1);
      expect(promptNames(statusOf(mcp, added.uuid))).toEqual({ summarize: 'summarize' });
      expect(store.config.mcp.servers.map((s) => s.promptMappings)).toEqual([{ summarize: 'summarize_1' }, { summarize: 'summarize' }]);
    } finally {
      await mcp.stop();
    }
  });
});

function commandOf(config: FixtureConfig): { command: string; args: string[] } {
  const { command, args } = stdioEntry('x', 'x', config);
  return { command: command!, args: args! };
}

describe('listing', () => {
  it('follows every page of prompts, resources and templates; leaves malformed prompts out with a reason', async () => {
    const fixture = await serve({
      id: 'P',
      transport: 'http',
      pageSize: 2,
      prompts: ['one', 'two', 'three', 'four', 'five'].map((name) => ({ name })),
      malformedPrompts: [{ name: 7 }, { description: 'no name' }, { name: 'bad_args', arguments: 'none' }],
      resources: ['a', 'b', 'c', 'd', 'e'].map((name) => ({ uri: `file:///${name}.txt`, name, mimeType: 'text/plain' })),
      resourceTemplates: [
        { uriTemplate: 'file:///logs/{day}', name: 'Logs' },
        { uriTemplate: 'search://q{?query,page}', name: 'Search' },
        { uriTemplate: 'file:///{+path}', name: 'Any file' },
      ],
    });
    const { mcp } = await startMcp(tempDir(), [urlEntry('p', 'P', 'http', fixture.url)]);
    try {
      const status = statusOf(mcp, 'p');
      expect(status.prompts.map((p) => p.exposed)).toEqual(['one', 'two', 'three', 'four', 'five']);
      expect(status.offeringProblems).toHaveLength(3);
      expect(status.offeringProblems[0]).toMatch(/^prompt number 6 left out: its definition is malformed \(name: /);
      expect(status.offeringProblems[2]).toMatch(/^prompt "bad_args" left out: its definition is malformed \(arguments: /);
      expect(mcp.listResources().resources.map((r) => r.uri)).toEqual(['a', 'b', 'c', 'd', 'e'].map((n) => `file:///${n}.txt`));
      expect(mcp.listResources().templates.map((t) => [t.name, t.variables])).toEqual([
        ['Logs', [{ name: 'day', required: true }]],
        ['Search', [{ name: 'query', required: false }, { name: 'page', required: false }]],
        ['Any file', [{ name: 'path', required: true }]],
      ]);
      // The tools are there as ever.
      expect(status.status).toBe('ready');
    } finally {
      await mcp.stop();
    }
  });

  it('a list the server fails to give costs that list alone', async () => {
    const fixture = await serve({
      id: 'F',
      transport: 'http',
      tools: ['echo'],
      prompts: [{ name: 'hello' }],
      resources: [{ uri: 'file:///a.txt', name: 'a' }],
      resourceTemplates: [{ uriTemplate: 'file:///{name}', name: 'Files' }],
      failLists: ['prompts/list', 'resources/templates/list'],
    });
    const { mcp } = await startMcp(tempDir(), [urlEntry('f', 'F', 'http', fixture.url)]);
    try {
      const status = statusOf(mcp, 'f');
      expect(status.status).toBe('ready');
      expect(status.prompts).toEqual([]);
      expect(status.resources.map((r) => r.uri)).toEqual(['file:///a.txt']);
      expect(status.resourceTemplates).toEqual([]);
      expect(status.offeringProblems).toEqual([
        'prompts/list failed: MCP error -32603: prompts/list is broken on purpose',
        'resources/templates/list failed: MCP error -32603: resources/templates/list is broken on purpose',
      ]);
      expect(answer(await mcp.callTool('echo', {}, APPROVED))).toMatchObject({ server: 'F', tool: 'echo' });
      expect(mcp.logs.read('f').some((e) => e.level === 'warning' && e.text.startsWith('prompts/list failed'))).toBe(true);
    } finally {
      await mcp.stop();
    }
  });

  it('a list that never answers is given up after the connect timeout; the server is ready with its tools', async () => {
    const fixture = await serve({ id: 'H', transport: 'http', tools: ['echo'], prompts: [{ name: 'hello' }], resources: [{ uri: 'file:///a.txt', name: 'a' }], hangLists: ['prompts/list'] });
    const started = Date.now();
    const { mcp } = await startMcp(tempDir(), [urlEntry('h', 'H', 'http', fixture.url, { connectTimeoutMs: 1_500 })]);
    try {
      const status = statusOf(mcp, 'h');
      expect(status.status).toBe('ready');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
      expect(status.offeringProblems).toEqual([expect.stringMatching(/^prompts\/list failed: MCP error -32001: Request timed out/)]);
      expect(status.resources.map((r) => r.uri)).toEqual(['file:///a.txt']);
      expect(answer(await mcp.callTool('echo', {}, APPROVED))).toMatchObject({ server: 'H', tool: 'echo' });
    } finally {
      await mcp.stop();
    }
  });

  it('follows prompts/list_changed and resources/list_changed: a new prompt is named, a removed one keeps its saved name', async () => {
    const fixture = await serve({ id: 'L', transport: 'http', prompts: [{ name: 'summarize' }], offeringsChanged: true });
    const { mcp, store } = await startMcp(tempDir(), [
      stdioEntry('first', 'First', { id: 'first', transport: 'stdio', prompts: [{ name: 'translate' }] }),
      urlEntry('l', 'L', 'http', fixture.url),
    ]);
    try {
      await mcp.callTool('add_prompt', { name: 'translate' }, APPROVED);
      await waitFor('the new prompt', () => statusOf(mcp, 'l').prompts.length === 2);
      expect(promptNames(statusOf(mcp, 'l'))).toEqual({ summarize: 'summarize', translate: 'translate_1' });
      await mcp.callTool('remove_prompt', { name: 'translate' }, APPROVED);
      await waitFor('the prompt to go', () => statusOf(mcp, 'l').prompts.length === 1);
      expect(store.config.mcp.servers[1]!.promptMappings).toEqual({ summarize: 'summarize', translate: 'translate_1' });

      await mcp.callTool('add_resource', { name: 'notes' }, APPROVED);
      await waitFor('the new resource', () => mcp.listResources().resources.length === 1);
      expect(mcp.listResources().resources).toEqual([{ uri: 'fixture:///notes', name: 'notes', uuid: 'l', server: 'L' }]);
      await mcp.callTool('remove_resource', { name: 'notes' }, APPROVED);
      await waitFor('the resource to go', () => mcp.listResources().resources.length === 0);
      expect(mcp.logs.read('l').map((e) => e.text)).toContain('Resource list changed: 0 resources, 0 templates listed');
    } finally {
      await mcp.stop();
    }
  });
});

describe('getting a prompt and completing its arguments', () => {
  it('a missing required argument is an error naming it, an unknown one is refused, and nothing reaches the server', async () => {
    const record = callRecord();
    const { mcp } = await startMcp(tempDir(), [stdioEntry('a', 'A', { id: 'A', transport: 'stdio', prompts: PROMPTS.slice(0, 1), recordCalls: record.file })]);
    try {
      const missing = mcp.getPrompt('summarize', { style: 'short' }, { provider: 'openai' });
      await expect(missing).rejects.toBeInstanceOf(MissingValueError);
      await expect(missing).rejects.toThrow('The prompt "summarize" needs the argument "text".');
      await expect(mcp.getPrompt('summarize', { text: '', style: 'x' }, { provider: 'openai' })).rejects.toMatchObject({ argument: 'text' });
      await expect(mcp.getPrompt('summarize', { text: 'a', lenght: '3' }, { provider: 'openai' })).rejects.toThrow(
        'The prompt "summarize" has no argument "lenght" (its arguments are "text", "style").',
      );
      await expect(mcp.getPrompt('nope', {}, { provider: 'openai' })).rejects.toThrow('Unknown prompt "nope": no MCP server offers a prompt by that name.');
      await expect(mcp.getPrompt('summarize', { text: 'a' }, { provider: 'gpt' as never })).rejects.toThrow('Unknown provider "gpt"');
      expect(record.calls()).toEqual([]);
    } finally {
      await mcp.stop();
    }
  });

  it('completion/complete offers values by prefix, narrowed by the other arguments; a server without completions offers none', async () => {
    const completing = {
      id: 'C',
      transport: 'stdio' as const,
      prompts: [{ name: 'team', arguments: [{ name: 'department', required: true }, { name: 'member' }], completions: { department: ['Engineering', 'Sales', 'Support'], member: ['{{department}} lead', '{{department}} intern'] } }],
      resourceTemplates: [{ uriTemplate: 'file:///logs/{day}', name: 'Logs', completions: { day: ['monday', 'tuesday'] } }],
    };
    const { mcp } = await startMcp(tempDir(), [
      stdioEntry('c', 'C', completing),
      stdioEntry('n', 'N', { id: 'N', transport: 'stdio', prompts: [{ name: 'plain', arguments: [{ name: 'x' }] }] }),
    ]);
    try {
      expect(await mcp.completePromptArgument('team', 'department', 'S')).toEqual({ values: ['Sales', 'Support'], total: 2, hasMore: false });
      expect((await mcp.completePromptArgument('team', 'member', '', { department: 'Sales', member: 'ignored' })).values).toEqual(['Sales lead', 'Sales intern']);
      expect(await mcp.completePromptArgument('plain', 'x', '')).toEqual({ values: [] });
      await expect(mcp.completePromptArgument('team', 'colour', '')).rejects.toThrow('The prompt "team" has no argument "colour".');
      expect((await mcp.completeResourceVariable('c', 'file:///logs/{day}', 'day', 't')).values).toEqual(['tuesday']);
      await expect(mcp.completeResourceVariable('c', 'file:///other/{x}', 'x', '')).rejects.toThrow('Server "C" lists no resource template "file:///other/{x}".');
    } finally {
      await mcp.stop();
    }
  });
});

describe('saved prompt names in config.json', () => {
  it('are repaired at open like tool names, and a promptMappings that is not an object is reset with a warning', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({
      mcp: { servers: [
        { uuid: 'a', label: 'A', type: 'stdio', command: 'x', promptMappings: { summarize: 'my prompt!', translate: 'translate' } },
        { uuid: 'b', label: 'B', type: 'stdio', command: 'x', promptMappings: ['nope'] },
      ] },
    }));
    const store = ConfigStore.open({ userDataDir: dir });
    expect(store.config.mcp.servers.map((s) => s.promptMappings)).toEqual([{ summarize: 'summarize', translate: 'translate' }, undefined]);
    const repaired = store.notices.find((n) => n.kind === 'repaired');
    expect(repaired?.details).toEqual(expect.arrayContaining([
      'Server 2 prompt names was not an object and was reset.',
      'Server "A", prompt "summarize": "my prompt!" → "summarize" (not a valid prompt name).',
    ]));
  });
});
