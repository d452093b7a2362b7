// The IPC contract and the browser host agree on sizes: the largest request the contract takes,
// on EVERY channel, goes through the real host (a real core behind its HTTP server on 127.0.0.1),
// and one byte (or one character) more is refused by the contract with a message that says why,
// never by the host with a bare 413. A channel whose fields are bounded is sent with each field at
// its limit, in the characters that take the most bytes as JSON (a control character is 6: `\u0001`);
// a channel that takes any JSON (arguments, selections, values) is sent at exactly MAX_INPUT_BYTES.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { createIpcServer } from '../../src/main/ipc.js';
import type { WebServer } from '../../src/main/hosts/web-server.js';
import { MAX_BODY_BYTES, startWebServer } from '../../src/main/hosts/web-server.js';
import { MAX_ROOT_PATH_LENGTH, MAX_ROOTS } from '../../src/types/roots.js';
import { IPC_CHANNELS, MAX_UPLOAD_CHUNK_CHARS, type IpcChannel } from '../../src/types/ipc.js';
import { inputBytes, MAX_INPUT_BYTES } from '../../src/types/ipc-size.js';
import { removeTempDirs, tempDir } from './helpers/mcp-env.js';

/** The character that takes the most bytes as JSON (`\u0001`, six). */
const W = '\u0001';
const wide = (length: number): string => W.repeat(length);
const UUID = wide(200);
const VIEW_ID = 'f'.repeat(32);
/** A registry entry's name at its longest (the registry's pattern, 200 characters), `extra` more. */
const registryName = (extra: number): string => `a/${'b'.repeat(198 + extra)}`;
/** A registry nothing answers at: the handlers that fetch fail at once. */
const NOWHERE = 'http://127.0.0.1:1/';

/** `pad` cut into values of at most `size` characters under keys of one width (`k00000`, …). */
function chunks(pad: string, size: number): Record<string, string> {
  const values: Record<string, string> = {};
  for (let at = 0, i = 0; at < pad.length || i === 0; at += size, i++) values[`k${String(i).padStart(5, '0')}`] = pad.slice(at, at + size);
  return values;
}

/** `make(pad)` with ASCII padding so that it is exactly `bytes` as JSON (as the contract counts). */
function sized(make: (pad: string) => unknown, bytes: number): unknown {
  let length = bytes - inputBytes(make(''))!;
  for (let tries = 0; tries < 8; tries++) {
    const input = make('a'.repeat(length));
    const size = inputBytes(input)!;
    if (size === bytes) return input;
    length += bytes - size;
  }
  throw new Error(`could not size the input to ${bytes} bytes`);
}

interface Row {
  /** The largest input the contract takes. */
  largest: () => unknown;
  /** One byte, or one character, more: refused by the contract. */
  over: () => unknown;
  /** Puts back what a largest request that succeeded changed. */
  undo?: (core: Core, result: unknown) => Promise<void> | void;
}

/** A channel that takes any JSON: MAX_INPUT_BYTES, and MAX_INPUT_BYTES + 1. */
const capped = (make: (pad: string) => unknown, undo?: Row['undo']): Row => ({
  largest: () => sized(make, MAX_INPUT_BYTES),
  over: () => sized(make, MAX_INPUT_BYTES + 1),
  ...(undo ? { undo } : {}),
});
/** A channel whose fields are bounded: `make(1)` one field one character over. */
const bounded = (make: (extra: number) => unknown): Row => ({ largest: () => make(0), over: () => make(1) });
const none: Row = { largest: () => ({}), over: () => ({ x: 1 }) };
const byUuid: Row = bounded((extra) => ({ uuid: wide(200 + extra) }));

const ROWS: Record<IpcChannel, Row> = {
  getState: none,
  getStatus: none,
  addServer: capped(
    (pad) => ({ label: wide(200), state: 'disabled', type: 'stdio', command: 'x', args: [pad] }),
    (core, result) => core.mcp.removeServer((result as { uuid: string }).uuid).then(() => undefined),
  ),
  updateServer: capped((pad) => ({ uuid: UUID, settings: { label: 'x', type: 'stdio', state: 'disabled', command: 'x', args: [pad] } })),
  removeServer: byUuid,
  selectionsUsing: byUuid,
  setServerEnabled: bounded((extra) => ({ uuid: wide(200 + extra), enabled: false })),
  restartServer: byUuid,
  setToolEnabled: bounded((extra) => ({ uuid: UUID, original: wide(10_000 + extra), enabled: false })),
  setAlias: bounded((extra) => ({ uuid: UUID, original: wide(10_000), alias: wide(200 + extra) })),
  setToolPolicy: bounded((extra) => ({ uuid: UUID, original: wide(10_000 + extra), policy: 'allow' })),
  setServerPolicy: bounded((extra) => ({ uuid: wide(200 + extra), policy: 'allow', scope: 'read-only' })),
  importClaudeDesktop: bounded((extra) => ({ json: wide(1_000_000 + extra) })),
  setModels: capped(
    (pad) => ({ models: [{ engine: 'e', model: 'm', tools: [pad] }] }),
    (core) => core.store.update((config) => { config.llm.defaults = []; }),
  ),
  setSelection: capped(
    (pad) => ({ target: 'prompt', tools: [pad] }),
    (core) => core.store.update((config) => { config.prompt.tools = null; }),
  ),
  getLlmTools: capped((pad) => ({ tools: [pad] })),
  getProviderTools: capped((pad) => ({ provider: 'openai', selection: [pad] })),
  getProviderReports: capped((pad) => ({ selection: [pad] })),
  // The query at its limit in its widest characters, and a selection filling the rest.
  findTools: capped((pad) => ({ query: wide(1 << 20), selection: [pad] })),
  getProviderResult: capped((pad) => ({ provider: 'openai', name: 'nope', result: { content: [{ type: 'text', text: pad }] }, callId: 'c' })),
  callTool: capped((pad) => ({ name: 'nope', args: { text: pad } })),
  answerElicitation: capped((pad) => ({ requestId: 'nope', action: 'accept', content: chunks(pad, 100_000) })),
  finishUrlElicitation: bounded((extra) => ({ requestId: wide(100 + extra), action: 'retry' })),
  getInstructions: capped((pad) => ({ selection: [pad] })),
  listTasks: none,
  cancelTask: bounded((extra) => ({ uuid: UUID, taskId: wide(1_000 + extra) })),
  getIcon: bounded((extra) => ({ uuid: UUID, id: 'a'.repeat(64 + extra) })),
  checkFolders: bounded((extra) => ({
    paths: Array.from({ length: MAX_ROOTS + extra }, (_, i) => `/${String(i).padStart(3, '0')}${wide(MAX_ROOT_PATH_LENGTH - 4)}`),
  })),
  pickFolder: none,
  checkToolArgs: capped((pad) => ({ name: 'nope', args: { text: pad } })),
  listPrompts: none,
  getPrompt: capped((pad) => ({ name: 'nope', args: chunks(pad, 1_000_000), provider: 'openai' })),
  completePromptArgument: capped((pad) => ({ name: 'nope', argument: 'a', value: 'v', others: chunks(pad, 1_000_000) })),
  listResources: none,
  readResource: capped((pad) => ({ uuid: UUID, template: 'x', values: chunks(pad, 1_000_000), provider: 'openai' })),
  completeResourceVariable: capped((pad) => ({ uuid: UUID, template: 'x', variable: 'v', value: 'v', others: chunks(pad, 1_000_000) })),
  cancelCall: bounded((extra) => ({ callId: wide(100 + extra) })),
  getServerLogs: bounded((extra) => ({ uuid: wide(200 + extra), after: Number.MAX_SAFE_INTEGER })),
  dismissNotice: bounded((extra) => ({ kind: `unencrypted-secrets${'s'.repeat(extra)}` })),
  signIn: byUuid,
  signOut: byUuid,
  openToolView: bounded((extra) => ({ name: wide(10_000 + extra), callId: wide(100) })),
  closeToolView: bounded((extra) => ({ viewId: 'f'.repeat(32 + extra) })),
  callToolFromView: capped((pad) => ({ viewId: VIEW_ID, name: 'x', args: { text: pad } })),
  readResourceFromView: bounded((extra) => ({ viewId: VIEW_ID, uri: wide(100_000 + extra) })),
  setViewModelContext: capped((pad) => ({ viewId: VIEW_ID, context: { structuredContent: { text: pad } } })),
  sendViewMessage: capped((pad) => ({ viewId: VIEW_ID, message: { role: 'user', content: [{ type: 'text', text: pad }] } })),
  getViewContext: bounded((extra) => ({ callId: wide(100 + extra) })),
  openViewLink: bounded((extra) => ({ viewId: VIEW_ID, url: `https://${wide(10_000 - 8 + extra)}` })),
  setOAuthClientSecret: bounded((extra) => ({ uuid: UUID, secret: wide(10_000 + extra) })),
  setRegistryUrl: {
    ...bounded((extra) => ({ url: `${NOWHERE}${wide(2_000 - NOWHERE.length + extra)}` })),
    undo: (core) => core.store.update((config) => { delete config.registryUrl; }),
  },
  registrySearch: bounded((extra) => ({ query: wide(200 + extra), cursor: wide(2_000), registry: `${NOWHERE}${wide(2_000 - NOWHERE.length)}` })),
  registryEntry: bounded((extra) => ({ name: registryName(extra), version: wide(255), registry: `${NOWHERE}${wide(2_000 - NOWHERE.length)}` })),
  registryAdd: capped((pad) => ({ name: 'io.example/x', version: '1', option: 0, values: chunks(pad, 100_000), label: wide(200), registry: NOWHERE, update: UUID, newInstance: true, force: true })),
  registryOpenBundle: bounded((extra) => ({ name: registryName(extra), version: wide(255), option: 1_000, registry: `${NOWHERE}${wide(2_000 - NOWHERE.length)}`, update: UUID, newInstance: true })),
  registryUpdates: none,
  bundleUpload: bounded((extra) => ({ uploadId: randomUUID(), fileName: wide(300), chunk: 'A'.repeat(MAX_UPLOAD_CHUNK_CHARS + extra) })),
  bundleOpen: bounded((extra) => ({ uploadId: `${randomUUID()}${'0'.repeat(extra)}` })),
  bundleInstall: capped((pad) => ({ stageId: randomUUID(), values: chunks(pad, 100_000), label: wide(200), force: true })),
  bundleDiscard: bounded((extra) => ({ stageId: `${randomUUID()}${'0'.repeat(extra)}` })),
  getToolReview: byUuid,
  // Tool names of at most 10,000 characters each, as many as fill the request.
  approveTools: capped((pad) => ({ uuid: UUID, tools: Object.values(chunks(pad, 10_000)) })),
};

interface Reply {
  status: number;
  body: { ok: boolean; result?: unknown; error?: string };
}

describe('the largest request of every channel, through the browser host', () => {
  let dir: string;
  let core: Core;
  let server: WebServer;

  /** One POST as the page's client sends it (`{"input": …}`), its answer parsed. */
  function post(channel: string, body: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/${channel}`,
        headers: { Host: `127.0.0.1:${server.port}`, 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  const send = (channel: string, input: unknown): Promise<Reply> => post(channel, JSON.stringify({ input }));

  beforeAll(async () => {
    dir = tempDir('ipc-sizes-');
    const staticDir = path.join(dir, 'renderer');
    fs.mkdirSync(staticDir);
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    core = await startCore({ userDataDir: path.join(dir, 'user-data'), host: 'web', log: () => undefined });
    server = await startWebServer({ ipc: createIpcServer(core, { kind: 'web', userDataDir: dir }), staticDir });
  });

  afterAll(async () => {
    await server.close();
    await core.close();
    removeTempDirs();
  });

  it('has a row for every channel of the contract', () => {
    expect(Object.keys(ROWS).sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it.each([...IPC_CHANNELS])('%s: the largest valid request goes through; one byte more is refused by the contract, saying why', async (channel) => {
    const row = ROWS[channel];
    const largest = row.largest();
    const size = inputBytes(largest)!;
    expect(size).toBeLessThanOrEqual(MAX_INPUT_BYTES);
    const through = await send(channel, largest);
    // 200: the contract took it and the handler ran (answering a result, or its own error).
    expect(through.status, through.body.error).toBe(200);
    if (!through.body.ok) expect(through.body.error).not.toMatch(/^Invalid input|bytes as JSON/);
    if (through.body.ok) await row.undo?.(core, through.body.result);

    const over = row.over();
    const refused = await send(channel, over);
    expect(refused.status).toBe(400);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error).toMatch(new RegExp(`^Invalid input for "${channel}": `));
    if (inputBytes(over)! > MAX_INPUT_BYTES) {
      expect(refused.body.error).toBe(`Invalid input for "${channel}": it is ${(MAX_INPUT_BYTES + 1).toLocaleString('en-US')} bytes as JSON, more than the ${MAX_INPUT_BYTES.toLocaleString('en-US')} any request may be.`);
    }
  }, 60_000);

  it('findTools takes a query of 1 MiB of any characters, within a request at the contract\'s limit', async () => {
    const input = ROWS.findTools.largest() as { query: string };
    expect(input.query).toHaveLength(1 << 20);
    expect(inputBytes(input)).toBe(MAX_INPUT_BYTES);
    expect(await send('findTools', input)).toEqual({ status: 200, body: { ok: true, result: [] } });
  }, 60_000);

  it('the host answers 413 only to a body no client of the contract sends, with a message, and keeps answering', async () => {
    // A valid input padded with spaces past what the host reads.
    const padded = `{"input": {"query": "x"}${' '.repeat(MAX_BODY_BYTES)}}`;
    const reply = await post('findTools', padded);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ ok: false, error: `The request is ${Buffer.byteLength(padded).toLocaleString('en-US')} bytes, more than this host reads (${MAX_BODY_BYTES.toLocaleString('en-US')}): no request's input may be more than ${MAX_INPUT_BYTES.toLocaleString('en-US')} bytes as JSON.` });
    expect(await send('getStatus', undefined)).toEqual({ status: 200, body: { ok: true, result: [] } });
  }, 60_000);

  it('counts bytes as UTF-8 JSON does: accents, CJK, emoji, escapes, a lone surrogate', () => {
    for (const value of ['plain', 'café', '搜索', '🙂🚀', `a${W}b"c\\`, '\ud800x', { nested: ['é', 1, null, true] }]) {
      expect(inputBytes(value), JSON.stringify(value)).toBe(Buffer.byteLength(JSON.stringify(value), 'utf8'));
    }
    expect(inputBytes(undefined)).toBe(0);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(inputBytes(cycle)).toBeNull();
    expect(inputBytes(10n)).toBeNull();
  });
});
