// `npm run inspect -- --user-data DIR call NAME 'JSON' --provider P --for-model --call-id ID
// [--text-only]`: exactly `{ "provider", "items", "report" }` as JSON on stdout and nothing else,
// against a real fixture server; the flags that go together are checked (exit 2, the usage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultViolations } from './helpers/result-rules.js';
import { inspect, inspectChild } from './helpers/inspect-child.js';
import { removeTempDirs, seedStore, serve, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

type Json = Record<string, unknown>;

describe('inspect call --for-model', () => {
  let dir: string;

  beforeAll(async () => {
    const kinds = await serve({ id: 'kinds', transport: 'http', resultKinds: true });
    dir = tempDir('inspect-results-');
    seedStore(dir, [urlEntry('k', 'Kinds', 'http', kinds.url)]);
  });

  afterAll(async () => {
    await stopServed();
    removeTempDirs();
  });

  it('prints exactly { provider, items, report } as JSON, and nothing else', async () => {
    const run = await inspectChild(['--user-data', dir, 'call', 'kinds_mixed', '{}', '--provider', 'anthropic', '--for-model', '--call-id', 'toolu_01']);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { provider: string; items: Json[]; report: Json };
    expect(run.stdout).toBe(`${JSON.stringify(printed, null, 2)}\n`);
    expect(Object.keys(printed)).toEqual(['provider', 'items', 'report']);
    expect(printed.provider).toBe('anthropic');
    expect(resultViolations('anthropic', printed.items, { callId: 'toolu_01', name: 'kinds_mixed' })).toEqual([]);
    expect((printed.items[0]!.content as Json[]).map((block) => block.type)).toEqual(['text', 'image', 'text', 'text', 'document']);
    expect(JSON.stringify(printed.items)).not.toContain('A note for you only.');
  });

  it('--text-only leaves images and documents out with notes; an error result exits 1 with its JSON', async () => {
    const text = await inspect('--user-data', dir, 'call', 'kinds_mixed', '{}', '--provider', 'gemini', '--for-model', '--call-id', 'g1', '--text-only');
    expect(text.code, text.stderr).toBe(0);
    const printed = JSON.parse(text.stdout) as { items: Array<{ functionResponse: Json }>; report: { media: Json } };
    expect(printed.items[0]!.functionResponse).not.toHaveProperty('parts');
    expect(printed.report.media).toEqual({ images: 0, documents: 0 });
    const error = await inspect('--user-data', dir, 'call', 'kinds_error', '{}', '--provider', 'bedrock', '--for-model', '--call-id', 'tu1');
    expect(error.code).toBe(1);
    expect(JSON.parse(error.stdout)).toMatchObject({ provider: 'bedrock', items: [{ toolResult: { toolUseId: 'tu1', status: 'error' } }] });
  });

  it.each([
    [['--for-model', '--call-id', 'x'], /--for-model needs --provider/],
    [['--provider', 'openai', '--for-model'], /--for-model needs --call-id ID/],
    [['--provider', 'openai', '--call-id', 'x'], /--call-id and --text-only go with --for-model/],
    [['--provider', 'openai', '--text-only'], /--call-id and --text-only go with --for-model/],
  ])('refuses %j with exit 2', async (flags, message) => {
    const run = await inspect('--user-data', dir, 'call', 'kinds_error', '{}', ...flags);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
