// inspect's side of tool integrity, as child processes (their real exit codes and streams):
// `--json`'s `integrity` and `findings` per tool, `review [SERVER] [--json]`, `approve SERVER
// TOOL… | --all`, and `call` of a held tool (exit 1, the reason on stderr, nothing sent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD, changingServer, MULTIPLY, POISON, POISONED_ADD, tagged, toolsFile } from './helpers/changing-tools.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, tempDir } from './helpers/mcp-env.js';
import { callRecord } from './helpers/recorded-calls.js';

interface Listed {
  servers: Array<{ uuid: string; tools: Array<{ original: string; integrity?: string; findings?: Array<{ kind: string; severity: string; where: string; text: string }> }> }>;
}

describe('inspect and tool integrity', () => {
  const calc = toolsFile([ADD, MULTIPLY]);
  const dictionary = toolsFile([{ name: 'lookup', description: `Looks a word up.${tagged('Hi')}` }]);
  const record = callRecord();
  let dir: string;
  const run = (...argv: string[]) => inspectChild(['--user-data', dir, ...argv]);

  beforeAll(() => {
    dir = tempDir('inspect-integrity-');
    seedStore(dir, [
      changingServer('calc', 'Calc', calc, { recordCalls: record.file, extra: { defaultPolicy: 'allow' } }),
      changingServer('dict', 'Dictionary', dictionary),
    ]);
  });
  afterAll(() => removeTempDirs());

  it('--json: each listed tool has its integrity and findings; the first run approves the first listing', async () => {
    const listed = await run('--json');
    expect(listed.code, listed.stderr).toBe(0);
    const { servers } = JSON.parse(listed.stdout) as Listed;
    expect(servers.map((s) => [s.uuid, s.tools.map((t) => [t.original, t.integrity, t.findings?.map((f) => [f.kind, f.severity, f.where])])])).toEqual([
      ['calc', [['add', 'approved', []], ['multiply', 'approved', []]]],
      ['dict', [['lookup', 'new', [['hidden-characters', 'high', 'description']]]]],
    ]);
    // Hidden characters are shown, never written as they are.
    expect(servers[1]!.tools[0]!.findings![0]!.text).toContain('⟨U+E0048⟩⟨U+E0069⟩');
  }, 30_000);

  it('after the server changed: --json says so, review shows the change, call is refused with exit 1 and nothing sent', async () => {
    calc.write([POISONED_ADD, MULTIPLY]);
    const listed = JSON.parse((await run('--json')).stdout) as Listed;
    expect(listed.servers[0]!.tools.map((t) => [t.original, t.integrity])).toEqual([['add', 'changed'], ['multiply', 'approved']]);

    const review = await run('review', 'Calc', '--json');
    expect(review.code, review.stderr).toBe(0);
    expect(JSON.parse(review.stdout)).toEqual({
      servers: [{
        uuid: 'calc',
        label: 'Calc',
        tools: [{
          original: 'add',
          exposed: 'add',
          fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
          integrity: 'changed',
          changes: [
            { field: 'description', before: 'Adds two numbers.', after: `Adds two numbers.\n${POISON}` },
            { field: 'inputSchema', before: JSON.stringify(ADD.inputSchema, null, 2), after: JSON.stringify(POISONED_ADD.inputSchema, null, 2) },
          ],
          findings: expect.any(Array) as unknown,
        }],
        removed: [],
        findings: [],
      }],
    });
    // What the scan found in the new text: at least one high finding in the description, each shown as found.
    const findings = (JSON.parse(review.stdout) as { servers: Array<{ tools: Array<{ findings: Array<{ kind: string; severity: string; where: string; text: string }> }> }> }).servers[0]!.tools[0]!.findings;
    expect(findings.some((f) => f.severity === 'high' && f.where === 'description')).toBe(true);
    for (const finding of findings) expect(Object.keys(finding).sort()).toEqual(['kind', 'severity', 'text', 'where']);
    // Every server with something to review, as text.
    const text = await run('review');
    expect(text.code).toBe(0);
    const fingerprint = (JSON.parse(review.stdout) as { servers: Array<{ tools: Array<{ fingerprint: string }> }> }).servers[0]!.tools[0]!.fingerprint;
    expect(text.stdout).toContain(`Calc calc\n  add  [changed]  fingerprint ${fingerprint}\n    description:\n      - Adds two numbers.\n      + Adds two numbers.\n      + <IMPORTANT>`);
    expect(text.stdout).toContain('Dictionary dict\n  lookup  [new]');
    expect(text.stdout).toMatch(/finding: high hidden-characters in description: .*⟨U\+E0048⟩⟨U\+E0069⟩/);

    const call = await run('call', 'add', '{"a": 1, "b": 2}', '--yes');
    expect([call.code, call.stdout]).toEqual([1, '']);
    expect(call.stderr).toContain('Cannot call tool "add" ("add" on server "Calc"): its definition changed since it was approved (description, inputSchema). Nothing was sent to the server;');
    expect(record.calls()).toEqual([]);
  }, 60_000);

  it('approve --seen approves only the definition reviewed: one changed again since stays held (exit 1), the one read is approved', async () => {
    const reviewed = (JSON.parse((await run('review', 'Calc', '--json')).stdout) as { servers: Array<{ tools: Array<{ original: string; fingerprint: string }> }> }).servers[0]!.tools;
    expect(reviewed.map((tool) => tool.original)).toEqual(['add']);
    const seen = `add=${reviewed[0]!.fingerprint}`;
    // The server changes add again between the review and the approval.
    const again: typeof POISONED_ADD = { ...POISONED_ADD, description: `${String(POISONED_ADD.description)} Always.` };
    calc.write([again, MULTIPLY]);
    const stale = await run('approve', 'Calc', 'add', '--seen', seen, '--json');
    expect(stale.code).toBe(1);
    expect(JSON.parse(stale.stdout)).toEqual({ approved: [], cleared: [], stale: ['add'] });
    expect(stale.stderr).toContain('inspect: not approved, their definitions are not the ones reviewed (changed again since, or not named with --seen): add. Review again.');
    // --all with --seen: a held tool the review did not name stays held too (multiply, approved already, is approved as listed).
    const allStale = await run('approve', 'Calc', '--all', '--seen', `multiply=${reviewed[0]!.fingerprint}`);
    expect([allStale.code, allStale.stdout.trim()]).toEqual([1, 'Approved: multiply']);
    expect(allStale.stderr).toContain('): add. Review again.');
    expect(JSON.parse((await run('--json')).stdout).servers[0].tools[0].integrity).toBe('changed');
    expect(record.calls()).toEqual([]);

    // The new definition, reviewed and approved by its fingerprint.
    const current = (JSON.parse((await run('review', 'Calc', '--json')).stdout) as { servers: Array<{ tools: Array<{ fingerprint: string }> }> }).servers[0]!.tools[0]!.fingerprint;
    expect(current).not.toBe(reviewed[0]!.fingerprint);
    const approved = await run('approve', 'Calc', 'add', '--seen', `add=${current.toUpperCase()}`);
    expect([approved.code, approved.stdout.trim()], approved.stderr).toEqual([0, 'Approved: add']);
    expect(JSON.parse((await run('--json')).stdout).servers[0].tools[0].integrity).toBe('approved');
    // Back to the listing the next test starts from: changed again against what was just approved.
    calc.write([POISONED_ADD, MULTIPLY]);
  }, 90_000);

  it('approve takes exposed or original names, or --all; a name the server does not list approves nothing (exit 1)', async () => {
    const wrong = await run('approve', 'Calc', 'add', 'nope');
    expect([wrong.code, wrong.stdout]).toEqual([1, '']);
    expect(wrong.stderr).toContain('inspect: Server "Calc" lists no tool "nope"');
    expect(JSON.parse((await run('--json')).stdout).servers[0].tools[0].integrity).toBe('changed');

    const approved = await run('approve', 'calc', 'add');
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout.trim()).toBe('Approved: add');
    const call = await run('call', 'add', '{"a": 1, "b": 2}');
    expect(call.code, call.stderr).toBe(0);
    expect(record.calls()).toEqual([{ tool: 'add', args: { a: 1, b: 2 } }]);

    const all = await run('approve', 'Dictionary', '--all', '--json');
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual({ approved: ['lookup'], cleared: [], stale: [] });
    const nothing = await run('review', '--json');
    expect(JSON.parse(nothing.stdout)).toEqual({ servers: [] });
    expect((await run('review')).stdout.trim()).toBe('Nothing waits for review.');
  }, 60_000);

  it('usage errors exit 2', async () => {
    for (const argv of [['approve', 'Calc'], ['approve', 'Calc', 'add', '--all'], ['review', '--all'], ['--all'], ['review', 'Calc', 'add'], ['approve', 'Nobody', 'add'], ['review', '--seen', 'add=' + 'a'.repeat(64)], ['approve', 'Calc', 'add', '--seen', 'add=123'], ['approve', 'Calc', 'add', '--seen', 'a'.repeat(64)], ['approve', 'Calc', 'add', '--seen', `add=${'a'.repeat(64)}`, '--seen', `add=${'b'.repeat(64)}`]]) {
      const refused = await run(...argv);
      expect(refused.code, argv.join(' ')).toBe(2);
    }
  }, 60_000);
});
