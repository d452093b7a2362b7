// Mcp.getProviderResult against a real fixture server that returns every kind of result (a 3 MB
// text, a BMP, a 9000 px PNG, a 6 MB PNG, audio, links, embedded text and PDF, structured content
// with and without its text, an error, parts for the user only): every item of every provider
// passes that provider's rules (helpers/result-rules.ts), and each kind is what it must be.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { ERROR_LINE } from '../../src/main/providers/results/index.js';
import { DEFAULT_MAX_RESULT_CHARS, PROVIDER_IDS, type ProviderId, type ProviderResult } from '../../src/types/providers.js';
import { BIG_TEXT_LENGTH, WEATHER } from '../fixtures/result-kinds.js';
import { resultViolations, textsOf } from './helpers/result-rules.js';
import { removeTempDirs, serve, startMcp, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

const CALL = 'call_1';
type Json = Record<string, unknown>;
const IMAGE_PROVIDERS = PROVIDER_IDS.filter((id) => id !== 'deepseek');

describe('Mcp.getProviderResult with a server returning every kind of result', () => {
  let mcp: Mcp;
  const results = new Map<string, unknown>();

  beforeAll(async () => {
    const kinds = await serve({ id: 'kinds', transport: 'http', resultKinds: true });
    const capped = await serve({ id: 'capped', transport: 'http', resultKinds: true });
    ({ mcp } = await startMcp(tempDir('results-'), [urlEntry('k', 'Kinds', 'http', kinds.url), urlEntry('c', 'Capped', 'http', capped.url, { maxResultChars: 5_000 })]));
  }, 60_000);

  afterAll(async () => {
    await mcp?.stop();
    await stopServed();
    removeTempDirs();
  });

  async function result(name: string): Promise<unknown> {
    if (!results.has(name)) results.set(name, await mcp.callTool(name, {}));
    return results.get(name);
  }

  /** The result for every provider, each checked against that provider's rules. */
  async function forAll(name: string, options: { textOnly?: boolean } = {}): Promise<Map<ProviderId, ProviderResult>> {
    const raw = await result(name);
    const out = new Map<ProviderId, ProviderResult>();
    for (const provider of PROVIDER_IDS) {
      const converted = await mcp.getProviderResult(provider, name, raw, { callId: CALL, ...options });
      expect(Object.keys(converted)).toEqual(['provider', 'items', 'report']);
      expect(resultViolations(provider, converted.items, { callId: CALL, name }), `${name} for ${provider}`).toEqual([]);
      out.set(provider, converted);
    }
    return out;
  }

  it('cuts a 3 MB text to the default 100,000 characters and says so; the server setting changes the cap', async () => {
    const all = await forAll('kinds_big_text');
    for (const [provider, converted] of all) {
      expect(converted.report.text, provider).toEqual({ sent: DEFAULT_MAX_RESULT_CHARS, total: BIG_TEXT_LENGTH + 'The log follows.\n'.length, limit: DEFAULT_MAX_RESULT_CHARS });
      expect(converted.report.changes.map((c) => c.kind)).toEqual(['cut']);
      const texts = textsOf(converted.items).join('');
      expect(texts.length).toBeLessThan(DEFAULT_MAX_RESULT_CHARS + 1_000);
      expect(texts).toContain('[Cut: this result has 3,000,017 characters of text; the model gets the first 100,000.');
    }
    // The second server lists the same tools (named with _1) and caps results at 5,000 characters.
    const capped = await mcp.getProviderResult('openai', 'kinds_big_text_1', await mcp.callTool('kinds_big_text_1', {}), { callId: CALL });
    expect(capped.report.text).toEqual({ sent: 5_000, total: BIG_TEXT_LENGTH + 'The log follows.\n'.length, limit: 5_000 });
    // The full result stays for the user: the call's own result is untouched.
    expect(JSON.stringify(await result('kinds_big_text')).length).toBeGreaterThan(BIG_TEXT_LENGTH);
  });

  it('converts the BMP to PNG for every provider that takes images; DeepSeek gets a note', async () => {
    const all = await forAll('kinds_bmp');
    for (const provider of IMAGE_PROVIDERS) {
      const converted = all.get(provider)!;
      expect(converted.report.media.images, provider).toBe(1);
      expect(converted.report.changes[0], provider).toMatchObject({ kind: 'converted', block: 1, message: expect.stringContaining('converted from BMP to PNG') });
    }
    expect(textsOf(all.get('deepseek')!.items).join('\n')).toContain('[image omitted: image/bmp, 120×80, DeepSeek takes no images]');
    const anthropic = all.get('anthropic')!.items[0] as Json;
    expect(anthropic.content).toEqual([{ type: 'text', text: 'A bitmap:' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: expect.any(String) } }]);
  });

  it('brings the 9000 px PNG to 8000 px for Anthropic and Bedrock and leaves it for the others', async () => {
    const all = await forAll('kinds_wide_png');
    const anthropicData = ((all.get('anthropic')!.items[0] as Json).content as Json[])[0]!.source as Json;
    expect((await sharp(Buffer.from(String(anthropicData.data), 'base64')).metadata()).width).toBe(8000);
    const bedrockImage = (((all.get('bedrock')!.items[0] as Json).toolResult as Json).content as Json[])[0]!.image as Json;
    expect((await sharp(Buffer.from(String((bedrockImage.source as Json).bytes), 'base64')).metadata()).width).toBe(8000);
    expect(all.get('gemini')!.report.changes).toEqual([]);
    expect(all.get('anthropic')!.report.changes[0]).toMatchObject({ kind: 'resized', message: expect.stringContaining('scaled from 9000×60 to 8000×53') });
  });

  it('brings the 6 MB PNG within Anthropic\'s 5 MB and Bedrock\'s 3.75 MB', async () => {
    const all = await forAll('kinds_heavy_png');
    for (const provider of ['anthropic', 'bedrock'] as const) expect(all.get(provider)!.report.changes[0], provider).toMatchObject({ kind: 'resized' });
    expect(all.get('openai')!.report.changes).toEqual([]);
  }, 60_000);

  it('audio becomes a note for every provider, never base64 in text', async () => {
    const all = await forAll('kinds_audio');
    for (const [provider, converted] of all) {
      expect(textsOf(converted.items).join('\n'), provider).toMatch(/\[audio omitted: audio\/wav, 8 KB; models take no audio here\]/);
      expect(converted.report.changes[0]).toMatchObject({ kind: 'omitted', block: 1 });
    }
  });

  it('links become lines of text with name, URI, type and description', async () => {
    const all = await forAll('kinds_links');
    const text = textsOf(all.get('ollama')!.items).join('\n');
    expect(text).toContain('[Resource link: report.pdf <https://example.com/report.pdf> (application/pdf) — The quarterly report]');
    expect(text).toContain('[Resource link: Raw data <file:///srv/data.csv> (text/csv)]');
  });

  it('embedded text goes inline with its URI; the PDF as a document where taken; the zip as a note', async () => {
    const all = await forAll('kinds_embedded');
    const anthropic = (all.get('anthropic')!.items[0] as Json).content as Json[];
    expect(anthropic.map((block) => block.type)).toEqual(['text', 'document', 'image', 'text']);
    expect(anthropic[0]).toEqual({ type: 'text', text: '[Resource "file:///notes.txt" (text/plain)]\nEmbedded notes' });
    const bedrock = ((all.get('bedrock')!.items[0] as Json).toolResult as Json).content as Json[];
    expect(bedrock[1]).toMatchObject({ document: { format: 'pdf', name: 'report' } });
    const responses = (all.get('openai-responses')!.items[0] as Json).output as Json[];
    expect(responses[1]).toMatchObject({ type: 'input_file', filename: 'report.pdf', file_data: expect.stringMatching(/^data:application\/pdf;base64,JVBER/) });
    const openai = all.get('openai')!.items;
    expect(openai).toHaveLength(2);
    expect(((openai[1] as Json).content as Json[]).map((part) => part.type)).toEqual(['text', 'file', 'image_url']);
    const gemini = (all.get('gemini')!.items[0] as Json).functionResponse as Json;
    expect((gemini.parts as Json[]).map((part) => (part.inlineData as Json).mimeType)).toEqual(['application/pdf', 'image/png']);
    for (const provider of ['mistral', 'ollama'] as const) expect(textsOf(all.get(provider)!.items).join('\n')).toMatch(/\[document omitted: "report\.pdf", PDF, .* takes no PDF documents here\]/);
    expect(textsOf(all.get('anthropic')!.items).join('\n')).toContain('[resource omitted: "file:///archive.zip", application/zip');
  });

  it('structured content reaches the model once: as JSON where taken (Bedrock json, Gemini output), else as text', async () => {
    for (const name of ['kinds_structured_with_text', 'kinds_structured_only']) {
      const all = await forAll(name);
      for (const [provider, converted] of all) {
        const sent = JSON.stringify(converted.items);
        expect(sent.split('Lyon').length - 1, `${name} for ${provider}`).toBe(1);
        expect(converted.report.changes.map((c) => c.kind)).toEqual(['structured']);
        expect(converted.report.outputSchema).toEqual({ valid: true });
      }
      expect(((all.get('bedrock')!.items[0] as Json).toolResult as Json).content).toEqual([{ json: WEATHER }]);
      expect(((all.get('gemini')!.items[0] as Json).functionResponse as Json).response).toEqual({ output: WEATHER });
      expect((all.get('openai')!.items[0] as Json).content).toBe(JSON.stringify(WEATHER));
    }
  });

  it('a mismatch with the output schema: the SDK refuses the call; a result given back is reported, not refused', async () => {
    await expect(mcp.callTool('kinds_structured_wrong', {})).rejects.toThrow(/does not match the tool's output schema/);
    const given = { content: [{ type: 'text', text: 'temperature unknown' }], structuredContent: { city: 'Lyon', temperature: 'warm' } };
    const converted = await mcp.getProviderResult('anthropic', 'kinds_structured_wrong', given, { callId: CALL });
    expect(converted.report.outputSchema).toEqual({ valid: false, problem: expect.stringMatching(/temperature/) });
    expect(converted.report.changes.at(-1)).toMatchObject({ kind: 'schema' });
    // Results of the manager's own calls were checked by the SDK: a copy is checked again, the original is not.
    const checked = await result('kinds_structured_only');
    expect((await mcp.getProviderResult('openai', 'kinds_structured_only', structuredClone(checked), { callId: CALL })).report.outputSchema).toEqual({ valid: true });
    const missing = await mcp.getProviderResult('openai', 'kinds_structured_only', { content: [] }, { callId: CALL });
    expect(missing.report.outputSchema).toEqual({ valid: false, problem: 'the tool declares an output schema but the result has no structured content' });
  });

  it('flags an error the way each provider takes it', async () => {
    const all = await forAll('kinds_error');
    expect(all.get('anthropic')!.items[0]).toMatchObject({ is_error: true });
    expect(all.get('bedrock')!.items[0]).toMatchObject({ toolResult: { status: 'error' } });
    expect(all.get('gemini')!.items[0]).toEqual({ functionResponse: { name: 'kinds_error', id: CALL, response: { error: 'The disk is full.' } } });
    for (const provider of ['openai', 'openai-strict', 'mistral', 'deepseek', 'ollama'] as const) {
      expect((all.get(provider)!.items[0] as Json).content, provider).toBe(`${ERROR_LINE}\n\nThe disk is full.`);
    }
    expect((all.get('openai-responses')!.items[0] as Json).output).toBe(`${ERROR_LINE}\n\nThe disk is full.`);
    for (const converted of all.values()) expect(converted.report).toMatchObject({ isError: true, changes: [{ kind: 'error' }] });
  });

  it('keeps parts for the user only from the model and reports them', async () => {
    const all = await forAll('kinds_audience');
    for (const [provider, converted] of all) {
      const sent = textsOf(converted.items).join('\n');
      expect(sent, provider).toContain('For both.');
      expect(sent).toContain('For the model only.');
      expect(sent).not.toContain('For the user only.');
      expect(converted.report.changes).toEqual([expect.objectContaining({ kind: 'for-user', block: 1 })]);
    }
  });

  it('textOnly turns every image and document into a note', async () => {
    const all = await forAll('kinds_embedded', { textOnly: true });
    for (const [provider, converted] of all) {
      expect(converted.report.media, provider).toEqual({ images: 0, documents: 0 });
      expect(textsOf(converted.items).join('\n')).toContain('only text was asked for');
    }
  });

  it('refuses an unknown provider or tool with a clear message', async () => {
    await expect(mcp.getProviderResult('gpt' as ProviderId, 'kinds_error', {}, { callId: CALL })).rejects.toThrow(/Unknown provider "gpt"; known providers: openai/);
    await expect(mcp.getProviderResult('openai', 'nope', {}, { callId: CALL })).rejects.toThrow(/Unknown tool "nope"/);
  });

  it('a malformed result is converted as far as it goes, never thrown on', async () => {
    for (const raw of [null, 'text', { content: 'x' }, { content: [null, { type: 'image' }] }, { isError: 'yes', structuredContent: [1] }]) {
      for (const provider of PROVIDER_IDS) {
        const converted = await mcp.getProviderResult(provider, 'kinds_audio', raw, { callId: CALL });
        expect(resultViolations(provider, converted.items, { callId: CALL, name: 'kinds_audio' }), `${JSON.stringify(raw)} for ${provider}`).toEqual([]);
      }
    }
  });
});
