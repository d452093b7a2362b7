// The IPC channels of prompts and resources (real core, a real fixture server, a real store in a
// temp folder): what the page lists, gets, completes and reads, and input the contract refuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { McpServer } from '../../src/types/config.js';
import type { IpcChannel } from '../../src/types/ipc.js';
import type { Completion, PromptInfo, ProviderPrompt, ReadResource, ResourceListing } from '../../src/types/offerings.js';
import { fixtureCommand } from '../fixtures/launch.js';
import { waitForStatus } from './helpers/mcp-env.js';

const offering = fixtureCommand({
  id: 'offering',
  transport: 'stdio',
  prompts: [{ name: 'summarize/text', description: 'Summarize', arguments: [{ name: 'text', required: true }, { name: 'style' }], completions: { style: ['short', 'long'] } }],
  resources: [{ uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain', text: 'Remember the milk' }],
  resourceTemplates: [{ uriTemplate: 'file:///logs/{day}', name: 'Logs', completions: { day: ['monday', 'tuesday'] } }],
});

describe('IPC: prompts and resources', () => {
  let dir: string;
  let core: Core;
  let ipc: IpcServer;
  let server: McpServer;
  const call = async <T>(channel: IpcChannel, input?: unknown): Promise<T> => (await ipc.invoke(channel, input)) as T;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipc-offerings-'));
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
    server = await call<McpServer>('addServer', { label: 'Offering', type: 'stdio', ...offering });
    await waitForStatus(core.mcp, server.uuid, 'ready');
  });

  afterAll(async () => {
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('listPrompts and getPrompt: a prompt by the name the app gave it, its messages for a provider', async () => {
    expect(await call<PromptInfo[]>('listPrompts')).toEqual([{
      original: 'summarize/text', exposed: 'summarize_text', reasons: ['sanitized'], description: 'Summarize', uuid: server.uuid, server: 'Offering',
      arguments: [{ name: 'text', required: true }, { name: 'style', required: false }],
    }]);
    const prompt = await call<ProviderPrompt>('getPrompt', { name: 'summarize_text', args: { text: 'hello' }, provider: 'anthropic' });
    expect(prompt).toEqual({
      provider: 'anthropic',
      description: 'Summarize (from offering)',
      messages: [{ role: 'user', content: [{ type: 'text', text: JSON.stringify({ server: 'offering', prompt: 'summarize/text', args: { text: 'hello' } }) }] }],
      report: [],
    });
    await expect(ipc.invoke('getPrompt', { name: 'summarize_text', provider: 'anthropic' })).rejects.toThrow('The prompt "summarize_text" needs the argument "text".');
    expect(core.store.config.mcp.servers[0]!.promptMappings).toEqual({ 'summarize/text': 'summarize_text' });
  });

  it('completePromptArgument and completeResourceVariable: the server\'s suggestions', async () => {
    expect(await call<Completion>('completePromptArgument', { name: 'summarize_text', argument: 'style', value: 'l', others: { text: 'x' } })).toEqual({ values: ['long'], total: 1, hasMore: false });
    expect((await call<Completion>('completeResourceVariable', { uuid: server.uuid, template: 'file:///logs/{day}', variable: 'day', value: 't' })).values).toEqual(['tuesday']);
  });

  it('listResources and readResource: by URI or by template and values, as a provider\'s user content with what the server gave', async () => {
    const listing = await call<ResourceListing>('listResources');
    expect(listing.resources).toEqual([{ uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain', uuid: server.uuid, server: 'Offering' }]);
    expect(listing.templates).toEqual([{ uriTemplate: 'file:///logs/{day}', name: 'Logs', variables: [{ name: 'day', required: true }], uuid: server.uuid, server: 'Offering' }]);
    const read = await call<ReadResource>('readResource', { uuid: server.uuid, uri: 'file:///notes.txt', provider: 'openai' });
    expect(read).toEqual({
      provider: 'openai',
      uri: 'file:///notes.txt',
      items: [{ type: 'text', text: '[Resource "file:///notes.txt" (text/plain)]\nRemember the milk' }],
      report: [],
      contents: [{ uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'Remember the milk' }],
    });
    const filled = await call<ReadResource>('readResource', { uuid: server.uuid, template: 'file:///logs/{day}', values: { day: 'monday' }, provider: 'gemini' });
    expect(filled.uri).toBe('file:///logs/monday');
    expect(filled.items).toEqual([{ text: expect.stringContaining('"variables":{"day":"monday"}') }]);
    await expect(ipc.invoke('readResource', { uuid: server.uuid, template: 'file:///logs/{day}', values: {}, provider: 'gemini' })).rejects.toThrow('needs a value for "day"');
  });

  it('refuses what the contract does not allow before anything runs', async () => {
    await expect(ipc.invoke('readResource', { uuid: server.uuid, uri: 'file:///notes.txt' })).rejects.toThrow(/^Invalid input for "readResource": /);
    await expect(ipc.invoke('getPrompt', { name: 'x'.repeat(201), provider: 'openai' })).rejects.toThrow(/^Invalid input for "getPrompt": /);
    await expect(ipc.invoke('completePromptArgument', { name: 'summarize_text', argument: 'style', value: 'x'.repeat(10_001) })).rejects.toThrow(/^Invalid input for "completePromptArgument": /);
  });
});
