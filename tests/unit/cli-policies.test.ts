// `inspect call` under the tools' policies, as a child process (its real exit code): an allow
// tool runs; an ask tool is refused (exit 1, nothing sent to the server) unless --yes; a deny tool
// is refused even with --yes. A server's requests for input are declined unless --answer is given,
// and answered with its values (omitted fields taking their defaults) when it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessFixture } from '../fixtures/launch.js';
import { inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, serve, stopServed, tempDir, text, urlEntry } from './helpers/mcp-env.js';
import { callRecord } from './helpers/recorded-calls.js';

describe('inspect call and policies', () => {
  const record = callRecord();
  let dir: string;
  let server: InProcessFixture;
  const call = (...argv: string[]) => inspectChild(['--user-data', dir, 'call', ...argv]);

  beforeAll(async () => {
    server = await serve({
      id: 'P',
      transport: 'http',
      recordCalls: record.file,
      tools: [{ name: 'look', annotations: { readOnlyHint: true } }, 'change', { name: 'wipe', annotations: { destructiveHint: true } }, 'elicit'],
    });
    dir = tempDir('inspect-policies-');
    seedStore(dir, [urlEntry('p', 'Policies', 'http', server.url, { toolPolicies: { wipe: 'deny', elicit: 'allow' } })]);
  });

  afterAll(async () => {
    await stopServed();
    removeTempDirs();
  });

  it('--json lists each tool\'s policy and annotations', async () => {
    const run = await inspectChild(['--user-data', dir, '--json']);
    expect(run.code).toBe(0);
    const { servers } = JSON.parse(run.stdout) as { servers: Array<{ tools: Array<{ original: string; policy: string; annotations: object }> }> };
    expect(servers[0]!.tools.map((t) => [t.original, t.policy, t.annotations])).toEqual([
      ['look', 'allow', { readOnlyHint: true }],
      ['change', 'ask', {}],
      ['wipe', 'deny', { destructiveHint: true }],
      ['elicit', 'allow', {}],
    ]);
  });

  it('allow runs; ask exits 1 without --yes and sends nothing; with --yes it runs; deny exits 1 even with --yes', async () => {
    const look = await call('look', '{"q": 1}');
    expect(look.code).toBe(0);
    expect(text(JSON.parse(look.stdout))).toContain('"tool":"look"');

    const ask = await call('change', '{"to": 2}');
    expect([ask.code, ask.stdout]).toEqual([1, '']);
    expect(ask.stderr).toContain('Cannot call tool "change" ("change" on server "Policies") without approval: its policy is "ask", and the call was not approved. Give --yes to approve this call.');
    expect(record.calls()).toEqual([{ tool: 'look', args: { q: 1 } }]);

    const yes = await call('change', '{"to": 2}', '--yes');
    expect(yes.code).toBe(0);

    const deny = await call('wipe', '{}', '--yes');
    expect([deny.code, deny.stdout]).toEqual([1, '']);
    expect(deny.stderr).toContain('its policy is "deny", so it never runs');
    expect(deny.stderr).not.toContain('--yes');
    expect(record.calls().map((c) => c.tool)).toEqual(['look', 'change']);
  });

  it('tools --provider P reports a denied tool as denied and leaves it out', async () => {
    const run = await inspectChild(['--user-data', dir, 'tools', '--provider', 'openai']);
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout) as { tools: Array<{ function: { name: string } }>; report: Array<{ name: string; status: string }> };
    expect(listed.tools.map((t) => t.function.name)).toEqual(['look', 'change', 'elicit']);
    expect(listed.report.map((r) => [r.name, r.status])).toEqual([['look', 'ok'], ['change', 'ok'], ['wipe', 'denied'], ['elicit', 'ok']]);
  });

  it('a request for input is declined without --answer, and answered with it (defaults filled in)', async () => {
    const declined = await call('elicit', '{"message": "Your age?"}');
    expect(declined.code).toBe(0);
    expect(JSON.parse(text(JSON.parse(declined.stdout)))).toEqual({ action: 'decline' });
    expect(declined.stderr).toContain('Policies asks for input: "Your age?" (fields: name, age, colour, subscribe); declined (give --answer \'JSON\' to answer).');

    const answered = await call('elicit', '{"times": 3}', '--answer', '{"age": 30}', '--answer', '{"age": "old"}');
    expect(answered.code).toBe(0);
    expect(JSON.parse(text(JSON.parse(answered.stdout)))).toEqual([
      { action: 'accept', content: { age: 30, name: 'Ada', colour: 'green', subscribe: true } },
      { action: 'decline' },
      { action: 'decline' },
    ]);
    expect(answered.stderr).toContain('the --answer does not fit (age must be integer), so it was declined.');
  });
});
