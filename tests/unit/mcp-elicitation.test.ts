// Elicitation: a fixture server asks for input in the middle of a call (elicitation/create), and
// the manager hands the form to whoever called. Defaults fill omitted fields (SEP-1034), answers
// are checked before they go back, no callback means decline, and the call's timeout waits for
// the user. Then the same through IPC: the page gets an event, answers through a channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { Mcp } from '../../src/main/mcp.js';
import { checkElicitationAnswer, MAX_FORM_FIELDS, readElicitationForm, withDefaults } from '../../src/main/mcp/elicitation/form.js';
import type { ElicitationRequest } from '../../src/main/mcp/elicitation/router.js';
import type { ElicitationPrompt, ElicitationSchema } from '../../src/types/elicitation.js';
import { ELICIT_FORM } from '../fixtures/mcp-server.js';
import { APPROVED, removeTempDirs, seedStore, serve, startMcp, stopServed, tempDir, text, urlEntry, waitFor } from './helpers/mcp-env.js';
import { callRecord } from './helpers/recorded-calls.js';

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

/** What the fixture's `elicit` tool got back from the client. */
const elicited = (result: unknown): unknown => JSON.parse(text(result));

describe('the form of a request', () => {
  const form = readElicitationForm({ message: 'Hi', requestedSchema: ELICIT_FORM });
  if ('problem' in form) throw new Error(form.problem);
  const schema = form.requestedSchema;

  it('keeps the spec\'s field keywords only, and required names that are fields', () => {
    const read = readElicitationForm({
      message: 'x',
      requestedSchema: { type: 'object', properties: { a: { type: 'string', minLength: 2, pattern: '^a', 'x-ui': { evil: true } } }, required: ['a', 'ghost'] },
    });
    expect(read).toEqual({ message: 'x', requestedSchema: { type: 'object', properties: { a: { type: 'string', minLength: 2 } }, required: ['a'] } });
  });

  it('refuses nested fields, non-form requests and too many fields', () => {
    expect(readElicitationForm({ message: 'x', requestedSchema: { type: 'object', properties: { a: { type: 'object', properties: {} } } } })).toHaveProperty('problem');
    expect(readElicitationForm({ mode: 'url', message: 'x', url: 'https://example.com', elicitationId: '1' })).toHaveProperty('problem');
    const many = Object.fromEntries(Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(readElicitationForm({ message: 'x', requestedSchema: { type: 'object', properties: many } })).toEqual({ problem: `it asks for ${MAX_FORM_FIELDS + 1} fields, more than the ${MAX_FORM_FIELDS} a form shows` });
  });

  it('fills omitted fields with their defaults, never the given ones; `__proto__` is a plain field', () => {
    expect(withDefaults(schema, { age: 3, name: 'Bo' })).toEqual({ age: 3, name: 'Bo', colour: 'green', subscribe: true });
    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"p"}}}') as ElicitationSchema;
    const filled = withDefaults(proto, {});
    expect(Object.keys(filled)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
  });

  it('checks an answer per field: required, types, bounds, choices, unknown fields, formats', () => {
    expect(checkElicitationAnswer(schema, { age: 30 })).toEqual([]);
    expect(checkElicitationAnswer(schema, {})).toEqual([{ field: 'age', message: 'is required' }]);
    expect(checkElicitationAnswer(schema, { age: 'old', colour: 'pink', agee: 1 })).toEqual([
      { field: 'agee', message: 'is not a field of this form' },
      { field: 'age', message: 'must be integer' },
      { field: 'colour', message: 'must be one of "red", "green", "blue"' },
    ]);
    expect(checkElicitationAnswer(schema, { age: 151 })).toEqual([{ field: 'age', message: 'must be <= 150' }]);
    const formats: ElicitationSchema = {
      type: 'object',
      properties: { mail: { type: 'string', format: 'email' }, site: { type: 'string', format: 'uri' }, day: { type: 'string', format: 'date' }, at: { type: 'string', format: 'date-time' } },
    };
    expect(checkElicitationAnswer(formats, { mail: 'a@b.org', site: 'https://x.org/a', day: '2024-02-29', at: '2025-12-31T18:00:00+01:00' })).toEqual([]);
    expect(checkElicitationAnswer(formats, { mail: 'nope', site: 'not a uri', day: '2025-02-30', at: '2025-12-31T18:00' }).map((p) => p.field)).toEqual(['mail', 'site', 'day', 'at']);
  });
});

describe('elicitation through the manager', () => {
  let mcp: Mcp;
  const record = callRecord();

  beforeAll(async () => {
    const server = await serve({ id: 'asker', transport: 'http', tools: ['elicit', 'slow'], recordCalls: record.file });
    ({ mcp } = await startMcp(tempDir(), [urlEntry('asker', 'Asker', 'http', server.url)]));
  });

  it('hands the form to the caller, and sends the answer with the defaults of omitted fields', async () => {
    const requests: ElicitationRequest[] = [];
    const result = await mcp.callTool('elicit', { message: 'How old are you?' }, {
      ...APPROVED,
      elicit: async (request) => {
        if (request.mode === 'form') requests.push(request);
        return { action: 'accept', content: { age: 42 } };
      },
    });
    expect(elicited(result)).toEqual({ action: 'accept', content: { age: 42, name: 'Ada', colour: 'green', subscribe: true } });
    expect(requests).toHaveLength(1);
    const [request] = requests as [ElicitationRequest];
    expect(request).toMatchObject({ server: { uuid: 'asker', label: 'Asker' }, tool: 'elicit', original: 'elicit', message: 'How old are you?' });
    expect(Object.keys(request.requestedSchema.properties)).toEqual(['name', 'age', 'colour', 'subscribe']);
    expect(request.check({})).toEqual([{ field: 'age', message: 'is required' }]);
  });

  it('decline and cancel go back as they are; no callback declines', async () => {
    expect(elicited(await mcp.callTool('elicit', {}, { ...APPROVED, elicit: async () => ({ action: 'decline' }) }))).toEqual({ action: 'decline' });
    expect(elicited(await mcp.callTool('elicit', {}, { ...APPROVED, elicit: async () => ({ action: 'cancel' }) }))).toEqual({ action: 'cancel' });
    expect(elicited(await mcp.callTool('elicit', {}, APPROVED))).toEqual({ action: 'decline' });
  });

  it('an answer that does not fit the form is never sent: the server gets decline', async () => {
    const result = await mcp.callTool('elicit', {}, { ...APPROVED, elicit: async () => ({ action: 'accept', content: { age: 'very' } }) });
    expect(elicited(result)).toEqual({ action: 'decline' });
  });

  it('the call\'s timeout waits while the user answers', async () => {
    const result = await mcp.callTool('elicit', {}, {
      ...APPROVED,
      timeoutMs: 300,
      elicit: () => new Promise((resolve) => setTimeout(() => resolve({ action: 'accept', content: { age: 7 } }), 900)),
    });
    expect(elicited(result)).toMatchObject({ action: 'accept', content: { age: 7 } });
    // …and still runs when nobody is asked: the manager's own timeout (a caller that can answer),
    // and the SDK's (one that cannot).
    const unused = (): Promise<never> => Promise.reject(new Error('not asked'));
    await expect(mcp.callTool('slow', { ms: 2_000 }, { ...APPROVED, timeoutMs: 300, elicit: unused })).rejects.toThrow(/"slow".*MCP error -32001: Request timed out/);
    await expect(mcp.callTool('slow', { ms: 2_000 }, { ...APPROVED, timeoutMs: 300 })).rejects.toThrow(/"slow".*MCP error -32001: Request timed out/);
  });

  it('cancelling the call withdraws its request for input', async () => {
    const controller = new AbortController();
    let withdrawn = false;
    const call = mcp.callTool('elicit', {}, {
      ...APPROVED,
      signal: controller.signal,
      elicit: (_request, signal) => new Promise((resolve) => {
        signal.addEventListener('abort', () => {
          withdrawn = true;
          resolve({ action: 'cancel' });
        });
        controller.abort('Cancelled by the user');
      }),
    });
    await expect(call).rejects.toThrow(/Cancelled by the user/);
    expect(withdrawn).toBe(true);
  });
});

describe('elicitation and approval through IPC', () => {
  let core: Core;
  let ipc: IpcServer;
  const record = callRecord();
  const prompts: ElicitationPrompt[] = [];
  const ended: string[] = [];

  beforeAll(async () => {
    const server = await serve({ id: 'asker', transport: 'http', tools: ['elicit', { name: 'wipe', annotations: { destructiveHint: true } }], recordCalls: record.file });
    const dir = tempDir();
    seedStore(dir, [urlEntry('asker', 'Asker', 'http', server.url, { toolPolicies: { elicit: 'allow' } })]);
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
    ipc = createIpcServer(core, { kind: 'web', userDataDir: dir });
    ipc.on('elicitation', (prompt) => prompts.push(prompt));
    ipc.on('elicitationEnded', ({ requestId }) => ended.push(requestId));
  });

  afterAll(() => core.close());

  it('an ask tool runs with approved: true only; deny is refused even then; nothing refused reaches the server', async () => {
    await expect(ipc.invoke('callTool', { name: 'wipe' })).rejects.toThrow(/its policy is "ask"/);
    expect(record.calls()).toEqual([]);
    expect(text(await ipc.invoke('callTool', { name: 'wipe', args: { all: 1 }, approved: true }))).toContain('"tool":"wipe"');
    await ipc.invoke('setToolPolicy', { uuid: 'asker', original: 'wipe', policy: 'deny' });
    await expect(ipc.invoke('callTool', { name: 'wipe', approved: true })).rejects.toThrow(/its policy is "deny"/);
    expect(record.calls()).toEqual([{ tool: 'wipe', args: { all: 1 } }]);
    await ipc.invoke('setServerPolicy', { uuid: 'asker', policy: 'allow', scope: 'all' });
    expect(core.store.config.mcp.servers[0]).toMatchObject({ defaultPolicy: 'allow' });
    expect(core.store.config.mcp.servers[0]!.toolPolicies).toBeUndefined();
  });

  it('the page gets the form as an event; a wrong answer comes back as problems; a right one ends it', async () => {
    const call = ipc.invoke('callTool', { name: 'elicit', args: { message: 'Your age?' }, callId: 'c-ask' });
    await waitFor('the form to reach the page', () => prompts.length === 1);
    const [prompt] = prompts as [ElicitationPrompt];
    expect(prompt).toMatchObject({ mode: 'form', callId: 'c-ask', serverLabel: 'Asker', tool: 'elicit', message: 'Your age?' });
    expect(prompt.mode === 'form' && prompt.requestedSchema.required).toEqual(['age']);
    expect(await ipc.invoke('answerElicitation', { requestId: prompt.requestId, action: 'accept', content: { age: -1 } })).toEqual({
      done: false, problems: [{ field: 'age', message: 'must be >= 0' }],
    });
    expect(ended).toEqual([]);
    expect(await ipc.invoke('answerElicitation', { requestId: prompt.requestId, action: 'accept', content: { age: 5, subscribe: false } })).toEqual({ done: true, problems: [] });
    expect(elicited(await call)).toEqual({ action: 'accept', content: { age: 5, subscribe: false, name: 'Ada', colour: 'green' } });
    expect(ended).toEqual([prompt.requestId]);
    await expect(ipc.invoke('answerElicitation', { requestId: prompt.requestId, action: 'decline' })).rejects.toThrow(/no longer waiting/);
  });

  it('cancelling the call ends its form', async () => {
    const call = ipc.invoke('callTool', { name: 'elicit', callId: 'c-cancel' });
    await waitFor('the form to reach the page', () => prompts.length === 2);
    await ipc.invoke('cancelCall', { callId: 'c-cancel' });
    await expect(call).rejects.toThrow(/Cancelled by the user/);
    await waitFor('the form to end', () => ended.includes(prompts[1]!.requestId));
  });
});
