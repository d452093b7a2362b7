// The cache hints of a 2026-07-28 server's lists (`ttlMs` on tools/list, prompts/list,
// resources/list and resources/templates/list), against the real fixture of the revision, which
// counts the requests it gets: a reconnect within the hints lists nothing; a start the user asks
// for lists everything; once a hint runs out the list is asked again on its next use (a model's
// request for tools, the prompt or resource pickers), once, and never by a timer; a hint of 0
// is never re-listed on use (the server's list changes keep the list current).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { modernCommand, startModernHttp } from '../fixtures/modern-launch.js';
import { APPROVED, removeTempDirs, startMcp, statusOf, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';

const servers: Array<{ stop: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  removeTempDirs();
});

const LISTS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'] as const;

/** How often the fixture process was asked each list (its `stats` tool counts requests by method). */
async function listed(mcp: Mcp): Promise<Record<(typeof LISTS)[number], number>> {
  const counts = JSON.parse(text(await mcp.callTool('stats', {}, APPROVED))) as Record<string, number>;
  return Object.fromEntries(LISTS.map((method) => [method, counts[method] ?? 0])) as Record<(typeof LISTS)[number], number>;
}

async function overHttp(ttlMs: number): Promise<Mcp> {
  const http = await startModernHttp({ ttlMs });
  servers.push(http);
  const { mcp } = await startMcp(tempDir(), [urlEntry('fresh', 'Fresh', 'http', http.url)]);
  expect(statusOf(mcp, 'fresh')).toMatchObject({ status: 'ready', protocolVersion: '2026-07-28' });
  return mcp;
}

describe('cache hints of the lists', () => {
  it('a reconnect within the hints lists nothing (a new process is asked nothing but the calls); a start the user asks for lists all', async () => {
    const { command, args } = modernCommand({ transport: 'stdio', ttlMs: 60_000 });
    const { mcp } = await startMcp(tempDir(), [{ uuid: 'fresh', label: 'Fresh', state: 'enabled', type: 'stdio', command, args }], { reconnect: { baseMs: 50, maxMs: 100, attempts: 3 } });
    try {
      expect(await listed(mcp)).toEqual({ 'tools/list': 1, 'prompts/list': 1, 'resources/list': 1, 'resources/templates/list': 1 });
      const tools = statusOf(mcp, 'fresh').tools.map((tool) => tool.original);
      await mcp.callTool('exit', {}, APPROVED);
      await waitFor('the reconnect', () => mcp.logs.read('fresh').some((entry) => entry.text.startsWith('Reconnect attempt')) && statusOf(mcp, 'fresh').status === 'ready');
      // The new process was asked no list: the kept ones stand for it while their hints hold.
      expect(await listed(mcp)).toEqual({ 'tools/list': 0, 'prompts/list': 0, 'resources/list': 0, 'resources/templates/list': 0 });
      expect(statusOf(mcp, 'fresh').tools.map((tool) => tool.original)).toEqual(tools);
      expect(mcp.listPrompts().map((prompt) => prompt.original)).toEqual(['greet', 'signed_in']);
      expect(mcp.listResources().resources.map((resource) => resource.uri)).toEqual(['fixture://secret', 'fixture://signed']);
      expect(mcp.logs.read('fresh').map((entry) => entry.text)).toEqual(expect.arrayContaining(['Prompt list still fresh (cache hint), not listed again', 'Resource list still fresh (cache hint), not listed again']));
      await mcp.restartServer('fresh');
      await waitFor('ready after the restart', () => statusOf(mcp, 'fresh').status === 'ready');
      expect(await listed(mcp)).toEqual({ 'tools/list': 1, 'prompts/list': 1, 'resources/list': 1, 'resources/templates/list': 1 });
    } finally {
      await mcp.stop();
    }
  });

  it('once a hint runs out, the next use lists again, once; nothing is listed by a timer', async () => {
    const mcp = await overHttp(1_000);
    try {
      const first = await listed(mcp);
      expect(first).toEqual({ 'tools/list': 1, 'prompts/list': 1, 'resources/list': 1, 'resources/templates/list': 1 });
      await sleep(1_300);
      // Run out, and no use: nothing was asked.
      expect(await listed(mcp)).toEqual(first);
      // A model's requests for tools (three in a row) list the tools again, once.
      mcp.getLlmTools();
      mcp.getProviderTools('anthropic');
      mcp.getLlmTools();
      await waitFor('the tools listed again', () => mcp.logs.read('fresh').some((entry) => entry.text.startsWith('Tool list changed')));
      await sleep(200);
      expect(await listed(mcp)).toEqual({ ...first, 'tools/list': 2 });
      // The prompt picker's list, then the resource browser's, each their own.
      mcp.listPrompts();
      mcp.listPrompts();
      await waitFor('the prompts listed again', () => mcp.logs.read('fresh').some((entry) => entry.text.startsWith('Prompt list changed')));
      expect(await listed(mcp)).toEqual({ ...first, 'tools/list': 2, 'prompts/list': 2 });
      mcp.listResources();
      await waitFor('the resources listed again', () => mcp.logs.read('fresh').some((entry) => entry.text.startsWith('Resource list changed')));
      expect(await listed(mcp)).toEqual({ 'tools/list': 2, 'prompts/list': 2, 'resources/list': 2, 'resources/templates/list': 2 });
      // Fresh again: uses now ask nothing.
      mcp.getLlmTools();
      mcp.listPrompts();
      mcp.listResources();
      await sleep(200);
      expect(await listed(mcp)).toEqual({ 'tools/list': 2, 'prompts/list': 2, 'resources/list': 2, 'resources/templates/list': 2 });
    } finally {
      await mcp.stop();
    }
  });

  it('a hint of 0 is never re-listed on use: the server\'s list changes keep the list current', async () => {
    const mcp = await overHttp(0);
    try {
      const first = await listed(mcp);
      await sleep(100);
      mcp.getLlmTools();
      mcp.listPrompts();
      mcp.listResources();
      await sleep(300);
      expect(await listed(mcp)).toEqual(first);
    } finally {
      await mcp.stop();
    }
  });
});
