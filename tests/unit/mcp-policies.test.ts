// Tool policies through the manager, against real fixture servers that record every call they
// receive: the defaults from annotations, allow / ask / deny enforced by Mcp.callTool (a refused
// call never reaches the server), denied tools never offered, and policies that follow a tool
// (server uuid + original name) through sanitizing, `_N` suffixes, aliases and restarts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import type { ApprovalRequest } from '../../src/main/mcp/calls/approval-gate.js';
import { ToolCallRefused } from '../../src/main/mcp/calls/approval-gate.js';
import { annotationPolicy, pickAnnotations } from '../../src/main/mcp/policies/annotations.js';
import { effectivePolicy } from '../../src/main/mcp/policies/policy.js';
import type { ConfigStore } from '../../src/main/config/store.js';
import type { AppConfig } from '../../src/types/config.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import type { FixtureConfig } from '../fixtures/config.js';
import { answer, removeTempDirs, serve, startMcp, statusOf, stopServed, tempDir, urlEntry, waitFor } from './helpers/mcp-env.js';
import { callRecord } from './helpers/recorded-calls.js';

afterAll(async () => {
  await stopServed();
  removeTempDirs();
});

const NOTES_TOOLS: FixtureConfig['tools'] = [
  { name: 'read_notes', title: 'Read the notes', annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: 'delete_notes', annotations: { title: 'Delete every note', destructiveHint: true, idempotentHint: true } },
  'plain',
  'search/files',
  'constructor',
  'toString',
];

describe('the policy of a tool (pure)', () => {
  it('reads only typed hints from a server\'s annotations', () => {
    expect(pickAnnotations({ readOnlyHint: 'yes', title: 42, destructiveHint: false, extra: 1 })).toEqual({ destructiveHint: false });
    expect(pickAnnotations(null)).toEqual({});
    expect(pickAnnotations({ title: ' ', openWorldHint: true })).toEqual({ openWorldHint: true });
    expect(annotationPolicy(pickAnnotations({ readOnlyHint: 'true' }))).toBe('ask');
  });

  it('the tool\'s choice, else the server\'s default, else read-only → allow and anything else → ask', () => {
    const readOnly = { readOnlyHint: true };
    expect(effectivePolicy(undefined, 'x', readOnly)).toEqual({ policy: 'allow', source: 'annotations' });
    expect(effectivePolicy({}, 'x', { destructiveHint: false })).toEqual({ policy: 'ask', source: 'annotations' });
    expect(effectivePolicy({ defaultPolicy: 'deny' }, 'x', readOnly)).toEqual({ policy: 'deny', source: 'server' });
    expect(effectivePolicy({ defaultPolicy: 'deny', toolPolicies: { x: 'allow' } }, 'x', undefined)).toEqual({ policy: 'allow', source: 'tool' });
    expect(effectivePolicy({ toolPolicies: {} }, '__proto__', undefined)).toEqual({ policy: 'ask', source: 'annotations' });
  });
});

async function refusal(call: Promise<unknown>): Promise<ToolCallRefused> {
  const error: unknown = await call.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ToolCallRefused);
  return error as ToolCallRefused;
}

describe('tool policies', () => {
  let mcp: Mcp;
  let store: ConfigStore;
  let dir: string;
  const notes = callRecord();
  const other = callRecord();
  const onDisk = (): AppConfig => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as AppConfig;
  const tool = (uuid: string, original: string) => statusOf(mcp, uuid).tools.find((t) => t.original === original)!;

  beforeAll(async () => {
    const [a, b] = await Promise.all([
      serve({ id: 'notes', transport: 'http', tools: NOTES_TOOLS, recordCalls: notes.file, listChanged: true }),
      serve({ id: 'other', transport: 'http', tools: ['plain', 'search_files', 'echo'], recordCalls: other.file }),
    ]);
    dir = tempDir();
    ({ mcp, store } = await startMcp(dir, [urlEntry('notes', 'Notes', 'http', a.url), urlEntry('other', 'Other', 'http', b.url)]));
  });

  it('with nothing set: read-only tools are allowed, everything else asks; annotations and titles are shown', () => {
    expect(tool('notes', 'read_notes')).toMatchObject({ policy: 'allow', policySource: 'annotations', title: 'Read the notes', annotations: { readOnlyHint: true, openWorldHint: false } });
    expect(tool('notes', 'delete_notes')).toMatchObject({ policy: 'ask', policySource: 'annotations', title: 'Delete every note', annotations: { title: 'Delete every note', destructiveHint: true, idempotentHint: true } });
    expect(tool('notes', 'plain')).toMatchObject({ policy: 'ask', annotations: {} });
    expect(tool('notes', 'plain').title).toBeUndefined();
    // Nothing was written: existing users keep their config as it was.
    expect(onDisk().mcp.servers.map((s) => [s.toolPolicies, s.defaultPolicy])).toEqual([[undefined, undefined], [undefined, undefined]]);
  });

  it('allow runs; ask is refused without approval and nothing reaches the server', async () => {
    expect(answer(await mcp.callTool('read_notes', { q: 1 }))).toMatchObject({ tool: 'read_notes' });
    const refused = await refusal(mcp.callTool('plain', { q: 2 }));
    expect(refused.reason).toBe('needs-approval');
    expect(refused.message).toBe('Cannot call tool "plain" ("plain" on server "Notes") without approval: its policy is "ask", and the call was not approved.');
    const no = await refusal(mcp.callTool('delete_notes', { all: true }, { approve: () => false }));
    expect(no.reason).toBe('not-approved');
    expect(notes.calls()).toEqual([{ tool: 'read_notes', args: { q: 1 } }]);
  });

  it('ask runs with approved: true, or when the approve callback says yes, which sees the call', async () => {
    const asked: ApprovalRequest[] = [];
    expect(answer(await mcp.callTool('delete_notes', { all: true }, { approve: async (request) => { asked.push(request); return true; } }))).toMatchObject({ tool: 'delete_notes' });
    expect(asked).toEqual([{
      tool: 'delete_notes', original: 'delete_notes', server: { uuid: 'notes', label: 'Notes' },
      title: 'Delete every note', annotations: { title: 'Delete every note', destructiveHint: true, idempotentHint: true }, args: { all: true },
    }]);
    expect(answer(await mcp.callTool('plain', {}, { approved: true }))).toMatchObject({ server: 'notes', tool: 'plain' });
    // An allowed tool never asks.
    await mcp.callTool('read_notes', {}, { approve: () => { throw new Error('must not be asked'); } });
    expect(notes.calls().map((c) => c.tool)).toEqual(['read_notes', 'delete_notes', 'plain', 'read_notes']);
  });

  it('deny: never offered to a model, refused even when approved, nothing reaches the server', async () => {
    const before = notes.calls().length;
    mcp.setToolPolicy('notes', 'delete_notes', 'deny');
    expect(tool('notes', 'delete_notes')).toMatchObject({ policy: 'deny', policySource: 'tool', inheritedPolicy: 'ask' });
    expect(mcp.getLlmTools().map((t) => t.name)).not.toContain('delete_notes');
    expect(mcp.getLlmTools(['delete_notes', 'plain']).map((t) => t.name)).toEqual(['plain']);
    // Every provider's list leaves it out, and its report says why.
    for (const provider of PROVIDER_IDS) {
      const { tools, report } = mcp.getProviderTools(provider);
      expect(JSON.stringify(tools)).not.toContain('delete_notes');
      expect(report.find((entry) => entry.name === 'delete_notes')).toEqual({
        name: 'delete_notes', server: 'notes', original: 'delete_notes', status: 'denied', changes: [],
        reason: 'its policy is "deny": it never runs and is never offered to a model; change its policy in the server\'s tool settings to offer it',
        tokens: 0,
      });
    }
    const picked = mcp.getProviderTools('anthropic', ['delete_notes', 'plain']);
    // (`plain` is adapted: Other lists a `plain` too, so its description names its server.)
    expect(picked.report.map((entry) => [entry.name, entry.status])).toEqual([['delete_notes', 'denied'], ['plain', 'adapted']]);
    expect(picked.tools).toEqual([expect.objectContaining({ name: 'plain' })]);
    let asked = false;
    const refused = await refusal(mcp.callTool('delete_notes', {}, { approved: true, approve: () => (asked = true) }));
    expect(refused.reason).toBe('denied');
    expect(refused.message).toMatch(/^Cannot call tool "delete_notes" \("delete_notes" on server "Notes"\): its policy is "deny"/);
    expect(asked).toBe(false);
    expect(notes.calls()).toHaveLength(before);
    // Saved by original name on the server's entry.
    expect(onDisk().mcp.servers[0]!.toolPolicies).toEqual({ delete_notes: 'deny' });
    mcp.setToolPolicy('notes', 'delete_notes', null);
    expect(tool('notes', 'delete_notes')).toMatchObject({ policy: 'ask', policySource: 'annotations' });
    expect(mcp.getProviderTools('openai', ['delete_notes']).report.map((entry) => entry.status)).toEqual(['ok']);
    expect(onDisk().mcp.servers[0]!.toolPolicies).toBeUndefined();
  });

  it('a tool denied while its approval was pending is still refused', async () => {
    const before = notes.calls().length;
    const refused = await refusal(mcp.callTool('plain', {}, {
      approve: () => {
        mcp.setToolPolicy('notes', 'plain', 'deny');
        return true;
      },
    }));
    expect(refused.reason).toBe('denied');
    expect(notes.calls()).toHaveLength(before);
    mcp.setToolPolicy('notes', 'plain', null);
  });

  it('one action for a whole server: every tool, or the read-only ones', async () => {
    mcp.setToolPolicy('notes', 'plain', 'deny');
    mcp.setServerPolicy('notes', 'allow', 'all');
    expect(store.config.mcp.servers[0]).toMatchObject({ defaultPolicy: 'allow' });
    expect(store.config.mcp.servers[0]!.toolPolicies).toBeUndefined();
    expect(statusOf(mcp, 'notes').tools.map((t) => [t.original, t.policy, t.policySource, t.inheritedPolicy])).toContainEqual(['plain', 'allow', 'server', 'allow']);
    expect(answer(await mcp.callTool('delete_notes'))).toMatchObject({ tool: 'delete_notes' });
    // The other server is untouched.
    expect(tool('other', 'plain').policy).toBe('ask');

    mcp.setServerPolicy('notes', 'deny', 'all');
    mcp.setServerPolicy('notes', 'allow', 'read-only');
    expect(statusOf(mcp, 'notes').tools.filter((t) => t.policy !== 'deny').map((t) => t.original)).toEqual(['read_notes']);
    expect(store.config.mcp.servers[0]).toMatchObject({ defaultPolicy: 'deny', toolPolicies: { read_notes: 'allow' } });
    mcp.setServerPolicy('notes', null, 'read-only');
    expect(store.config.mcp.servers[0]!.toolPolicies).toBeUndefined();
    mcp.setServerPolicy('notes', null, 'all');
    expect(store.config.mcp.servers[0]!.defaultPolicy).toBeUndefined();
    expect(tool('notes', 'read_notes')).toMatchObject({ policy: 'allow', policySource: 'annotations' });
  });

  it('tools named like Object.prototype members are plain keys', () => {
    expect(tool('notes', 'toString')).toMatchObject({ policy: 'ask', policySource: 'annotations' });
    mcp.setToolPolicy('notes', 'constructor', 'allow');
    expect(tool('notes', 'constructor')).toMatchObject({ policy: 'allow', policySource: 'tool' });
    expect(tool('notes', 'toString').policySource).toBe('annotations');
    expect(Object.keys(onDisk().mcp.servers[0]!.toolPolicies ?? {})).toEqual(['constructor']);
    mcp.setToolPolicy('notes', 'constructor', null);
  });

  it('refuses a policy for a tool the server never listed, and for an unknown server', () => {
    expect(() => mcp.setToolPolicy('notes', 'nope', 'allow')).toThrow('Server notes has no known tool "nope".');
    expect(() => mcp.setServerPolicy('gone', 'allow', 'all')).toThrow('No MCP server with id "gone".');
  });

  it('a policy on a tool the server stops listing is kept, and applies when it comes back', async () => {
    mcp.setToolPolicy('notes', 'search/files', 'deny');
    const exposed = tool('notes', 'search/files').exposed;
    expect(answer(await mcp.callTool('remove_tool', { name: 'search/files' }, { approved: true }))).toMatchObject({ tool: 'remove_tool' });
    await waitFor('search/files to go', () => !statusOf(mcp, 'notes').tools.some((t) => t.original === 'search/files'));
    expect(store.config.mcp.servers[0]!.toolPolicies).toEqual({ 'search/files': 'deny' });
    await mcp.callTool('add_tool', { name: 'search/files' }, { approved: true });
    await waitFor('search/files to come back', () => statusOf(mcp, 'notes').tools.some((t) => t.original === 'search/files'));
    expect(tool('notes', 'search/files')).toMatchObject({ exposed, policy: 'deny', policySource: 'tool' });
    mcp.setToolPolicy('notes', 'search/files', null);
  });
});

describe('policies follow the tool, not its name', () => {
  it('through sanitizing, a collision suffix, an alias and a restart', async () => {
    const record = callRecord();
    const tools: FixtureConfig['tools'] = ['plain', 'search/files'];
    const [a, b] = await Promise.all([
      serve({ id: 'A', transport: 'http', tools: ['plain', 'search_files'] }),
      serve({ id: 'B', transport: 'http', tools, recordCalls: record.file }),
    ]);
    const dir = tempDir();
    const servers = [urlEntry('a', 'A', 'http', a.url), urlEntry('b', 'B', 'http', b.url)];
    const first = await startMcp(dir, servers);
    // B's tools: plain → plain_1 (taken by A), search/files → search_files_1 (sanitized, then taken).
    expect(statusOf(first.mcp, 'b').tools.map((t) => t.exposed)).toEqual(['plain_1', 'search_files_1']);
    first.mcp.setToolPolicy('b', 'plain', 'allow');
    first.mcp.setToolPolicy('b', 'search/files', 'deny');
    expect(answer(await first.mcp.callTool('plain_1'))).toMatchObject({ server: 'B', tool: 'plain' });
    // A's tools of the same names keep their own (default) policy.
    expect(statusOf(first.mcp, 'a').tools.map((t) => t.policy)).toEqual(['ask', 'ask']);

    expect(first.mcp.setAlias('b', 'plain', 'b_plain')).toBe('b_plain');
    expect(first.mcp.setAlias('b', 'search/files', 'find_in_b')).toBe('find_in_b');
    expect(statusOf(first.mcp, 'b').tools.map((t) => [t.exposed, t.policy])).toEqual([['b_plain', 'allow'], ['find_in_b', 'deny']]);
    expect(answer(await first.mcp.callTool('b_plain'))).toMatchObject({ server: 'B', tool: 'plain' });
    await expect(first.mcp.callTool('find_in_b', {}, { approved: true })).rejects.toThrow(/its policy is "deny"/);
    await first.mcp.stop();

    const second = await startMcp(dir);
    try {
      expect(statusOf(second.mcp, 'b').tools.map((t) => [t.exposed, t.policy, t.policySource])).toEqual([['b_plain', 'allow', 'tool'], ['find_in_b', 'deny', 'tool']]);
      expect(answer(await second.mcp.callTool('b_plain'))).toMatchObject({ server: 'B', tool: 'plain' });
      await expect(second.mcp.callTool('find_in_b', {}, { approved: true })).rejects.toThrow(/its policy is "deny"/);
      expect(second.mcp.getLlmTools().map((t) => t.name)).toEqual(['plain', 'search_files', 'b_plain']);
      // Back to the rules' name: the policy stays with the tool.
      expect(second.mcp.setAlias('b', 'plain', null)).toBe('plain_1');
      expect(statusOf(second.mcp, 'b').tools.find((t) => t.original === 'plain')).toMatchObject({ exposed: 'plain_1', policy: 'allow' });
      // The three calls of B's `plain` (as plain_1, b_plain, b_plain); nothing of search/files.
      expect(record.calls().map((c) => c.tool)).toEqual(['plain', 'plain', 'plain']);

      // Editing the server's settings keeps them.
      await second.mcp.updateServer('b', { label: 'B renamed', type: 'http', url: b.url });
      expect(second.store.config.mcp.servers[1]).toMatchObject({ label: 'B renamed', toolPolicies: { plain: 'allow', 'search/files': 'deny' } });
      // Deleting the server deletes its policies with it.
      await second.mcp.removeServer('b');
      expect(JSON.stringify(second.store.config)).not.toContain('toolPolicies');
    } finally {
      await second.mcp.stop();
    }
  });
});
