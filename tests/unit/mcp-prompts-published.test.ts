// Prompts and resources of the published everything server, two of it, configured as a user would
// (node + its bin script, over stdio): the second one's prompts get `_1`, completions narrow by
// the other argument, an embedded resource reaches the model, template resources are read by
// their values, and every provider takes what comes out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { MissingValueError } from '../../src/main/mcp/user-input/missing-value.js';
import type { ConfigStore } from '../../src/main/config/store.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { messageViolations, userContentViolations } from './helpers/message-rules.js';
import { textsOf } from './helpers/result-rules.js';
import { publishedEntry, removeTempDirs, startMcp, statusOf, tempDir } from './helpers/mcp-env.js';

const PROMPTS = ['simple-prompt', 'args-prompt', 'completable-prompt', 'resource-prompt'];
const TEXT_TEMPLATE = 'demo://resource/dynamic/text/{resourceId}';

describe('two published everything servers', () => {
  let mcp: Mcp;
  let store: ConfigStore;

  beforeAll(async () => {
    ({ mcp, store } = await startMcp(tempDir(), [
      publishedEntry('one', 'Everything', 'server-everything', ['stdio']),
      publishedEntry('two', 'Everything again', 'server-everything', ['stdio']),
    ]));
  }, 60_000);

  afterAll(async () => {
    await mcp?.stop();
    removeTempDirs();
  });

  it('the first keeps the bare prompt names, the second gets _1; both are saved', () => {
    expect(statusOf(mcp, 'one').prompts.map((p) => p.exposed)).toEqual(PROMPTS);
    expect(statusOf(mcp, 'two').prompts.map((p) => [p.original, p.exposed, p.reasons])).toEqual(PROMPTS.map((name) => [name, `${name}_1`, ['collision']]));
    expect(store.config.mcp.servers.map((s) => s.promptMappings)).toEqual([
      Object.fromEntries(PROMPTS.map((name) => [name, name])),
      Object.fromEntries(PROMPTS.map((name) => [name, `${name}_1`])),
    ]);
    expect(mcp.listPrompts().find((p) => p.exposed === 'args-prompt_1')).toMatchObject({
      server: 'Everything again',
      title: 'Arguments Prompt',
      arguments: [{ name: 'city', description: 'Name of the city', required: true }, { name: 'state', required: false }],
    });
  });

  it('lists each server\'s resources and templates, with the templates\' variables', () => {
    const { resources, templates } = mcp.listResources();
    const ofOne = resources.filter((r) => r.uuid === 'one');
    expect(ofOne.length).toBeGreaterThan(3);
    expect(resources.filter((r) => r.uuid === 'two').map((r) => r.uri)).toEqual(ofOne.map((r) => r.uri));
    expect(ofOne.find((r) => r.name === 'features.md')).toMatchObject({ uri: 'demo://resource/static/document/features.md', mimeType: 'text/markdown' });
    expect(templates.filter((t) => t.uuid === 'one').map((t) => [t.uriTemplate, t.variables])).toEqual([
      [TEXT_TEMPLATE, [{ name: 'resourceId', required: true }]],
      ['demo://resource/dynamic/blob/{resourceId}', [{ name: 'resourceId', required: true }]],
    ]);
  });

  it('completion/complete: the team members offered depend on the department chosen', async () => {
    expect((await mcp.completePromptArgument('completable-prompt_1', 'department', 'S')).values).toEqual(['Sales', 'Support']);
    expect((await mcp.completePromptArgument('completable-prompt_1', 'name', '', { department: 'Sales' })).values).toEqual(['David', 'Eve', 'Frank']);
    expect((await mcp.completePromptArgument('completable-prompt', 'name', 'A', { department: 'Engineering' })).values).toEqual(['Alice']);
    expect((await mcp.completeResourceVariable('two', TEXT_TEMPLATE, 'resourceId', '12')).values).toEqual(['12']);
  });

  it('getPrompt: arguments reach the prompt; a missing required one is named and nothing is asked of the server', async () => {
    const prompt = await mcp.getPrompt('args-prompt_1', { city: 'Paris', state: 'Île-de-France' }, { provider: 'openai' });
    expect(prompt.messages).toEqual([{ role: 'user', content: "What's weather in Paris, Île-de-France?" }]);
    const missing = mcp.getPrompt('args-prompt', { state: 'Texas' }, { provider: 'openai' });
    await expect(missing).rejects.toBeInstanceOf(MissingValueError);
    await expect(missing).rejects.toThrow('The prompt "args-prompt" needs the argument "city".');
  });

  it.each(PROVIDER_IDS)('%s: the resource prompt\'s embedded text resource reaches the model as text with its URI', async (provider) => {
    const prompt = await mcp.getPrompt('resource-prompt_1', { resourceType: 'Text', resourceId: '7' }, { provider });
    expect(messageViolations(provider, prompt.messages)).toEqual([]);
    // Two user messages of the server, one user turn.
    expect(prompt.messages).toHaveLength(1);
    const said = textsOf(prompt.messages).join('\n');
    expect(said).toContain('This prompt includes the Text resource with id: 7.');
    expect(said).toMatch(/\[Resource "demo:\/\/resource\/dynamic\/text\/7" \(text\/plain\)\]\nResource 7: This is a plaintext resource created at /);
  });

  it('a blob of a type no model takes (text/plain as base64) is a note, never base64 as text', async () => {
    const prompt = await mcp.getPrompt('resource-prompt', { resourceType: 'Blob', resourceId: '2' }, { provider: 'anthropic' });
    const said = textsOf(prompt.messages).join('\n');
    expect(said).toMatch(/\[resource omitted: "demo:\/\/resource\/dynamic\/blob\/2", text\/plain, \d+ bytes; models take no binary data of this type\]/);
    expect(said).not.toContain(Buffer.from('Resource 2: This is a base64 blob').toString('base64').slice(0, 20));
    expect(prompt.report).toEqual([expect.objectContaining({ kind: 'omitted', promptMessage: 1 })]);
  });

  it.each(PROVIDER_IDS)('%s: a template resource read by its values, and a static document, as user content the provider takes', async (provider) => {
    const dynamic = await mcp.readResource('two', { template: TEXT_TEMPLATE, values: { resourceId: '5' } }, { provider });
    expect(dynamic.uri).toBe('demo://resource/dynamic/text/5');
    expect(userContentViolations(provider, dynamic.items)).toEqual([]);
    expect(textsOf(dynamic.items).join('\n')).toContain('Resource 5: This is a plaintext resource');
    const features = await mcp.readResource('one', 'demo://resource/static/document/features.md', { provider });
    expect(userContentViolations(provider, features.items)).toEqual([]);
    expect(features.contents[0]).toMatchObject({ uri: 'demo://resource/static/document/features.md', mimeType: 'text/markdown', text: expect.any(String) });
  });
});
