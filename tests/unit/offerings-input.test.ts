// A 2026-07-28 server that asks for input (`input_required`) while it gives a prompt or a
// resource, against the real fixture of the revision (tests/fixtures/modern-server.ts): through
// IPC the request reaches the page's dialog as a call's does, form and URL mode alike, and the
// answer goes back in the next round; `inspect prompt` and `inspect read` answer from --answer,
// as `inspect call` does (run as child processes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { ElicitationPrompt } from '../../src/types/elicitation.js';
import type { ProviderPrompt, ReadResource } from '../../src/types/offerings.js';
import { modernCommand } from '../fixtures/modern-launch.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, tempDir, waitFor } from './helpers/mcp-env.js';

const { command, args } = modernCommand({ transport: 'stdio' });
const MODERN = { uuid: 'modern', label: 'Modern', state: 'enabled' as const, type: 'stdio' as const, command, args };

afterAll(() => removeTempDirs());

describe('through IPC: the page answers', () => {
  let core: Core;
  let ipc: IpcServer;
  const prompts: ElicitationPrompt[] = [];
  const ended: string[] = [];

  beforeAll(async () => {
    const dir = tempDir('offerings-input-');
    seedStore(dir, [MODERN]);
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
    ipc.on('elicitation', (prompt) => prompts.push(prompt));
    ipc.on('elicitationEnded', ({ requestId }) => ended.push(requestId));
  });

  afterAll(() => core.close());

  const next = async (count: number): Promise<ElicitationPrompt> => {
    await waitFor('the request to reach the page', () => prompts.length === count);
    return prompts[count - 1]!;
  };

  it('a prompt\'s form reaches the page\'s dialog; the answer completes the prompt', async () => {
    const getting = ipc.invoke('getPrompt', { name: 'greet', provider: 'anthropic' });
    const asked = await next(1);
    expect(asked).toMatchObject({ mode: 'form', serverLabel: 'Modern', tool: 'greet', fetching: 'prompt', message: 'Whom to greet?' });
    expect(asked).not.toHaveProperty('callId');
    // The dialog checks an answer before it goes: a missing field comes back, and the request waits.
    expect(await ipc.invoke('answerElicitation', { requestId: asked.requestId, action: 'accept', content: {} })).toMatchObject({ done: false });
    expect(await ipc.invoke('answerElicitation', { requestId: asked.requestId, action: 'accept', content: { value: 'Ada' } })).toEqual({ done: true, problems: [] });
    const prompt = (await getting) as ProviderPrompt;
    expect(prompt.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Greet Ada' }] }]);
    expect(ended).toContain(asked.requestId);
  });

  it('a resource\'s form too; a decline reaches the server, whose answer fails the read', async () => {
    const reading = ipc.invoke('readResource', { uuid: 'modern', uri: 'fixture://secret', provider: 'openai' });
    const asked = await next(2);
    expect(asked).toMatchObject({ mode: 'form', tool: 'fixture://secret', fetching: 'resource', message: 'The password?' });
    await ipc.invoke('answerElicitation', { requestId: asked.requestId, action: 'accept', content: { value: 'sesame' } });
    expect(((await reading) as ReadResource).contents).toEqual([{ uri: 'fixture://secret', text: 'unlocked with sesame' }]);
    const declined = ipc.invoke('readResource', { uuid: 'modern', uri: 'fixture://secret', provider: 'openai' });
    await ipc.invoke('answerElicitation', { requestId: (await next(3)).requestId, action: 'decline' });
    await expect(declined).rejects.toThrow(/the user chose decline; nothing to give/);
  });

  it('URL mode: the page is shown the whole URL; on accept the prompt goes on', async () => {
    const getting = ipc.invoke('getPrompt', { name: 'signed_in', provider: 'anthropic' });
    const asked = await next(4);
    expect(asked).toMatchObject({ mode: 'url', tool: 'signed_in', fetching: 'prompt', message: 'Sign in to continue', retry: false });
    expect(asked.mode === 'url' && asked.url.href).toBe('https://auth.example.com/prompt-sign-in');
    // The web host has no system browser: the page opens the URL itself.
    expect(await ipc.invoke('answerElicitation', { requestId: asked.requestId, action: 'accept' })).toEqual({ done: true, problems: [], open: 'https://auth.example.com/prompt-sign-in' });
    expect(((await getting) as ProviderPrompt).messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Signed in' }] }]);
  });

  it('URL mode for a resource', async () => {
    const reading = ipc.invoke('readResource', { uuid: 'modern', uri: 'fixture://signed', provider: 'openai' });
    const asked = await next(5);
    expect(asked).toMatchObject({ mode: 'url', tool: 'fixture://signed', fetching: 'resource', message: 'Sign in to read it' });
    await ipc.invoke('answerElicitation', { requestId: asked.requestId, action: 'accept' });
    expect(((await reading) as ReadResource).contents).toEqual([{ uri: 'fixture://signed', text: 'read after signing in' }]);
  });
});

describe('inspect prompt and read, as processes: --answer', () => {
  let dir: string;

  beforeAll(() => {
    dir = tempDir('offerings-answer-');
    seedStore(dir, [MODERN]);
  });

  it('prompt NAME --answer: a form answered from the terminal, said on stderr', async () => {
    const run = await inspectChild(['--user-data', dir, 'prompt', 'greet', '--provider', 'anthropic', '--answer', '{"value": "Ada"}']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ provider: 'anthropic', messages: [{ role: 'user', content: [{ type: 'text', text: 'Greet Ada' }] }] });
    expect(run.stderr).toContain('inspect: Modern asks for input: "Whom to greet?" (fields: value); answered with --answer 1.');
  });

  it('without --answer the request is declined; the server\'s answer to that fails the prompt: exit 1', async () => {
    const run = await inspectChild(['--user-data', dir, 'prompt', 'greet', '--provider', 'anthropic']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('inspect: Modern asks for input: "Whom to greet?" (fields: value); declined (give --answer \'JSON\' to answer).');
    expect(run.stderr).toMatch(/the user chose decline; nothing to give/);
  });

  it('read SERVER URI --answer \'{"action": "accept"}\': a URL request printed whole, not opened', async () => {
    const run = await inspectChild(['--user-data', dir, 'read', 'Modern', 'fixture://signed', '--provider', 'openai', '--answer', '{"action": "accept"}']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ provider: 'openai', items: [expect.objectContaining({ text: expect.stringContaining('read after signing in') as unknown })] });
    expect(run.stderr).toContain('inspect: Modern asks you to open a page at auth.example.com: "Sign in to read it"');
    expect(run.stderr).toContain('  https://auth.example.com/read-sign-in');
  });
});
