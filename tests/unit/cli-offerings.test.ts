// `npm run inspect` for prompts and resources: the exact JSON shapes of `prompts --json`,
// `prompt`, `complete`, `resources --json` and `read`; exit 2 naming a missing required argument
// (or template variable) and for usage errors; 1 for a server that fails. In process through
// `main`, and once as a child for a clean stdout.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inspect, inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, serve, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

describe('inspect: prompts and resources', () => {
  let dir: string;

  beforeAll(async () => {
    dir = tempDir('inspect-offerings-');
    const offers = {
      prompts: [
        { name: 'summarize', description: 'Summarize a text', arguments: [{ name: 'text', description: 'What to summarize', required: true }, { name: 'style' }], completions: { style: ['short', 'long', 'list'] } },
        { name: 'greet/all' },
      ],
      resources: [{ uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain', text: 'Remember the milk' }, { uri: 'memo://1', name: 'memo' }],
      resourceTemplates: [{ uriTemplate: 'file:///logs/{day}', name: 'Logs', mimeType: 'text/plain' }],
    };
    // In-process HTTP servers: every `inspect` connects to them anew, in milliseconds.
    const [alpha, bravo] = await Promise.all([
      serve({ id: 'alpha', transport: 'http', ...offers }),
      serve({ id: 'bravo', transport: 'http', prompts: [{ name: 'summarize', arguments: [{ name: 'text' }] }] }),
    ]);
    seedStore(dir, [urlEntry('a', 'Alpha', 'http', alpha.url), urlEntry('b', 'Bravo', 'http', bravo.url)]);
  });

  afterAll(async () => {
    await stopServed();
    removeTempDirs();
  });
  afterEach(() => vi.restoreAllMocks());

  it('prompts --json prints exactly {prompts: [{name, original, server, description?, arguments}]}', async () => {
    const run = await inspect('--user-data', dir, 'prompts', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      prompts: [
        { name: 'summarize', original: 'summarize', server: 'Alpha', description: 'Summarize a text', arguments: [{ name: 'text', description: 'What to summarize', required: true }, { name: 'style', required: false }] },
        { name: 'greet_all', original: 'greet/all', server: 'Alpha', arguments: [] },
        { name: 'summarize_1', original: 'summarize', server: 'Bravo', arguments: [{ name: 'text', required: false }] },
      ],
    });
    const text = await inspect('--user-data', dir, 'prompts');
    expect(text.stdout.split('\n')).toEqual(['summarize text [style]  (Alpha)  Summarize a text', 'greet_all <- greet/all  (Alpha)', 'summarize_1 <- summarize [text]  (Bravo)']);
  });

  it('prompt NAME --arg K=V --provider P prints exactly {provider, messages}', async () => {
    const run = await inspect('--user-data', dir, 'prompt', 'summarize_1', '--provider', 'gemini');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ provider: 'gemini', messages: [{ role: 'user', parts: [{ text: JSON.stringify({ server: 'bravo', prompt: 'summarize', args: {} }) }] }] });
    const withArgs = await inspect('--user-data', dir, 'prompt', 'summarize', '--arg', 'text=a=b', '--arg', 'style=short', '--provider', 'openai');
    expect(JSON.parse(withArgs.stdout)).toEqual({ provider: 'openai', messages: [{ role: 'user', content: JSON.stringify({ server: 'alpha', prompt: 'summarize', args: { text: 'a=b', style: 'short' } }) }] });
  });

  it('exits 2 naming a missing required argument, 1 for an unknown prompt, 2 for usage errors', async () => {
    const missing = await inspect('--user-data', dir, 'prompt', 'summarize', '--arg', 'style=short', '--provider', 'openai');
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('inspect: The prompt "summarize" needs the argument "text".');
    expect((await inspect('--user-data', dir, 'prompt', 'nope', '--provider', 'openai')).code).toBe(1);
    const noProvider = await inspect('--user-data', dir, 'prompt', 'summarize');
    expect(noProvider.code).toBe(2);
    expect(noProvider.stderr).toMatch(/^inspect: prompt needs --provider; usage: /);
    expect((await inspect('--user-data', dir, 'prompt', 'summarize', '--arg', 'novalue', '--provider', 'openai')).stderr).toMatch(/--arg takes NAME=VALUE \(got "novalue"\)/);
    expect((await inspect('--user-data', dir, '--arg', 'a=b')).stderr).toMatch(/--arg goes with prompt, complete and read/);
    expect((await inspect('--user-data', dir, 'prompts', '--provider', 'openai')).code).toBe(2);
  });

  it('complete NAME ARG PREFIX prints exactly {values}', async () => {
    const run = await inspect('--user-data', dir, 'complete', 'summarize', 'style', 'l');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ values: ['long', 'list'] });
    // Bravo offers no completions: nothing to suggest.
    expect(JSON.parse((await inspect('--user-data', dir, 'complete', 'summarize_1', 'text', '')).stdout)).toEqual({ values: [] });
    const unknown = await inspect('--user-data', dir, 'complete', 'summarize', 'colour', '');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toContain('The prompt "summarize" has no argument "colour".');
  });

  it('resources --json prints exactly {resources: [{server, uri, name, mimeType?}], templates: [...]}', async () => {
    const run = await inspect('--user-data', dir, 'resources', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      resources: [
        { server: 'Alpha', uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain' },
        { server: 'Alpha', uri: 'memo://1', name: 'memo' },
      ],
      templates: [{ server: 'Alpha', uriTemplate: 'file:///logs/{day}', name: 'Logs', mimeType: 'text/plain', variables: [{ name: 'day', required: true }] }],
    });
  });

  it('read SERVER URI --provider P prints exactly {provider, items}', async () => {
    const run = await inspect('--user-data', dir, 'read', 'Alpha', 'file:///notes.txt', '--provider', 'anthropic');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ provider: 'anthropic', items: [{ type: 'text', text: '[Resource "file:///notes.txt" (text/plain)]\nRemember the milk' }] });
  });

  it('read: a template is filled from --arg; a missing value exits 2 naming it', async () => {
    const filled = await inspect('--user-data', dir, 'read', 'a', 'file:///logs/{day}', '--arg', 'day=monday', '--provider', 'bedrock');
    expect(JSON.parse(filled.stdout)).toEqual({ provider: 'bedrock', items: [{ text: expect.stringMatching(/^\[Resource "file:\/\/\/logs\/monday" \(application\/json\)\]\n\{"server":"alpha"/) }] });
    const missing = await inspect('--user-data', dir, 'read', 'Alpha', 'file:///logs/{day}', '--provider', 'bedrock');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('The resource template "Logs" needs a value for "day".');
  });

  it('read: a server no one has exits 2, a resource the server does not have exits 1', async () => {
    const nowhere = await inspect('--user-data', dir, 'read', 'Zulu', 'file:///notes.txt', '--provider', 'bedrock');
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('no server "Zulu"');
    expect((await inspect('--user-data', dir, 'read', 'Alpha', 'file:///gone', '--provider', 'bedrock')).code).toBe(1);
  });

  it('as a child process, stdout holds the JSON alone', async () => {
    const run = await inspectChild(['--user-data', dir, 'prompt', 'greet_all', '--provider', 'ollama']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ provider: 'ollama', messages: [{ role: 'user', content: JSON.stringify({ server: 'alpha', prompt: 'greet/all', args: {} }) }] });
  });
});
