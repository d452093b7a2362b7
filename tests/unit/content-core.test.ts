// The content rules (src/main/providers/content/): MCP content blocks and resource contents →
// parts → fitted to each provider (real images converted by sharp, measured after) → the
// provider's message. Results' renderers and prompts/resources build on these.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contentParts, prepareContent, providerMessage, resourceParts, sniffImage } from '../../src/main/providers/content/index.js';
import { MEDIA_RULES, RESULT_RULES } from '../../src/main/providers/content/media-rules.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { animatedGif, b64, bmp, pdf, png, svg, tiff, wav } from '../fixtures/media.js';

const image = (data: Buffer, mimeType = 'image/png') => ({ type: 'image', mimeType, data: b64(data) });

async function decoded(data: string): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined; bytes: number }> {
  const bytes = Buffer.from(data, 'base64');
  const meta = await sharp(bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, bytes: bytes.length };
}

describe('contentParts: MCP content blocks → parts', () => {
  it('keeps text, images and PDFs as parts; links, embedded text and unknown things as text or notes, in order', () => {
    const { parts, changes } = contentParts([
      { type: 'text', text: 'Hello' },
      image(Buffer.from('x')),
      { type: 'audio', mimeType: 'audio/wav', data: b64(wav()) },
      { type: 'resource_link', uri: 'https://example.com/a.pdf', name: 'a.pdf', mimeType: 'application/pdf', description: 'The report' },
      { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'Notes' } },
      { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: b64(pdf()) } },
      { type: 'resource', resource: { uri: 'file:///x.zip', mimeType: 'application/zip', blob: 'UEsDBA==' } },
      { type: 'mystery', x: 1 },
      42,
    ]);
    expect(parts.map((part) => part.type)).toEqual(['text', 'image', 'text', 'text', 'text', 'document', 'text', 'text', 'text']);
    expect(parts[2]).toMatchObject({ note: true, text: '[audio omitted: audio/wav, 8 KB; models take no audio here]' });
    expect(parts[3]).toMatchObject({ text: '[Resource link: a.pdf <https://example.com/a.pdf> (application/pdf) — The report]' });
    expect(parts[4]).toMatchObject({ text: '[Resource "file:///notes.txt" (text/plain)]\nNotes' });
    expect(parts[5]).toMatchObject({ type: 'document', name: 'r.pdf', block: 5 });
    expect(parts[6]).toMatchObject({ note: true, text: '[resource omitted: "file:///x.zip", application/zip, 4 bytes; models take no binary data of this type]' });
    expect(parts[7]).toMatchObject({ note: true });
    expect(changes.map((change) => [change.kind, change.block])).toEqual([['omitted', 2], ['omitted', 6], ['omitted', 7], ['omitted', 8]]);
  });

  it('keeps parts for the user only from the model and says so', () => {
    const { parts, changes } = contentParts([
      { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'] } },
      { type: 'text', text: 'for the user', annotations: { audience: ['user'] } },
      { type: 'text', text: 'for the model', annotations: { audience: ['assistant'] } },
    ]);
    expect(parts.map((part) => (part.type === 'text' ? part.text : part.type))).toEqual(['for both', 'for the model']);
    expect(changes).toEqual([{ kind: 'for-user', block: 1, message: expect.stringMatching(/for the user only/) }]);
  });

  it('never turns base64 into text: a data URL inside text becomes a note, empty text is dropped', () => {
    const payload = b64(Buffer.alloc(3000, 7));
    const { parts, changes } = contentParts([{ type: 'text', text: `see data:image/png;base64,${payload} here` }, { type: 'text', text: '  ' }]);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ text: 'see [data URL omitted: image/png, 3 KB] here' });
    expect(JSON.stringify(parts)).not.toContain(payload.slice(0, 64));
    expect(changes[0]).toMatchObject({ kind: 'omitted', block: 0 });
  });

  it('reads resource contents (text and blob) by the same rules', async () => {
    const { parts } = resourceParts([
      { uri: 'file:///a.md', mimeType: 'text/markdown', text: '# A' },
      { uri: 'file:///pic.png', mimeType: 'image/png', blob: b64(await png(10, 10)) },
      { uri: 'file:///bad' },
    ]);
    expect(parts.map((part) => part.type)).toEqual(['text', 'image', 'text']);
    expect(parts[1]).toMatchObject({ uri: 'file:///pic.png', block: 1 });
  });

  it('cleans base64: a data URL prefix and line breaks are removed', async () => {
    const data = b64(await png(4, 4));
    const wrapped = `data:image/png;base64,${data.replace(/(.{20})/g, '$1\n')}`;
    const [part] = contentParts([{ type: 'image', mimeType: 'image/png', data: wrapped }]).parts;
    expect(part).toMatchObject({ type: 'image', data });
  });
});

describe('prepareContent: fitted to each provider', () => {
  it('a provider without images, or textOnly, gets a note that says what the image was and why', async () => {
    const source = contentParts([image(await png(64, 64))]);
    const deepseek = await prepareContent('deepseek', source);
    expect(deepseek.parts).toEqual([{ type: 'text', text: '[image omitted: image/png, 64×64, DeepSeek takes no images]', block: 0, note: true }]);
    expect(deepseek.changes[0]).toMatchObject({ kind: 'omitted', block: 0 });
    const textOnly = await prepareContent('anthropic', source, { textOnly: true });
    expect(textOnly.parts[0]).toMatchObject({ text: '[image omitted: image/png, 64×64, only text was asked for]' });
  });

  it('passes an image that fits as it is, and corrects a wrong MIME type', async () => {
    const data = b64(await png(30, 20));
    const fitted = await prepareContent('anthropic', contentParts([{ type: 'image', mimeType: 'image/jpeg', data }]));
    expect(fitted.parts[0]).toMatchObject({ type: 'image', mimeType: 'image/png', data, width: 30, height: 20 });
    expect(fitted.changes).toEqual([expect.objectContaining({ kind: 'converted', message: expect.stringMatching(/PNG image declared as image\/jpeg/) })]);
  });

  it('converts BMP (which sharp cannot read), TIFF and SVG to PNG, pixels intact', async () => {
    for (const [bytes, mimeType, name] of [[bmp(33, 17), 'image/bmp', 'BMP'], [await tiff(40, 30), 'image/tiff', 'TIFF'], [svg(50, 20), 'image/svg+xml', 'SVG']] as const) {
      for (const provider of ['anthropic', 'openai', 'gemini', 'bedrock', 'ollama'] as const) {
        const fitted = await prepareContent(provider, contentParts([image(bytes, mimeType)]));
        const part = fitted.parts[0]!;
        expect(part, `${name} for ${provider}`).toMatchObject({ type: 'image', mimeType: 'image/png' });
        if (part.type !== 'image') continue;
        const meta = await decoded(part.data);
        expect(meta.format).toBe('png');
        expect([meta.width, meta.height]).toEqual([part.width, part.height]);
        expect(fitted.changes[0]).toMatchObject({ kind: 'converted', message: expect.stringContaining(`converted from ${name} to PNG`) });
      }
    }
    // The BMP's pixels: bottom-up rows read the right way up, 24-bit with no transparency.
    const fitted = await prepareContent('anthropic', contentParts([image(bmp(3, 2), 'image/bmp')]));
    const part = fitted.parts[0]!;
    if (part.type !== 'image') throw new Error('no image');
    const { data, info } = await sharp(Buffer.from(part.data, 'base64')).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 255]);
    expect([...data.subarray(3, 6)]).toEqual([30, 160, 40]);
  });

  it('scales a 9000 px image to 8000 px for Anthropic and Bedrock, not for OpenAI', async () => {
    const source = contentParts([image(await png(9000, 60))]);
    for (const provider of ['anthropic', 'bedrock'] as const) {
      const part = (await prepareContent(provider, source)).parts[0]!;
      if (part.type !== 'image') throw new Error(`${provider}: no image`);
      expect((await decoded(part.data)).width).toBe(8000);
    }
    const openai = (await prepareContent('openai', source)).parts[0]!;
    expect(openai).toMatchObject({ width: 9000, data: source.parts[0]!.type === 'image' ? source.parts[0]!.data : '' });
  });

  it('brings a 6 MB PNG within Anthropic\'s 5 MB and Bedrock\'s 3.75 MB, and leaves it alone for OpenAI', async () => {
    const big = await png(1500, 1400, { noise: true });
    expect(big.length).toBeGreaterThan(6_000_000);
    const source = contentParts([image(big)]);
    for (const provider of ['anthropic', 'bedrock'] as const) {
      const fitted = await prepareContent(provider, source);
      const part = fitted.parts[0]!;
      if (part.type !== 'image') throw new Error(`${provider}: ${JSON.stringify(fitted.parts[0])}`);
      expect(part.data.length).toBeLessThanOrEqual(MEDIA_RULES[provider].images!.maxBase64);
      expect(part.mimeType).toBe('image/jpeg');
      expect(fitted.changes[0]).toMatchObject({ kind: 'resized', message: expect.stringContaining('re-encoded as JPEG') });
    }
    expect((await prepareContent('openai', source)).parts[0]).toMatchObject({ mimeType: 'image/png', width: 1500 });
  });

  it('sends an animated GIF as a PNG of its first frame where only still GIFs are taken', async () => {
    const gif = await animatedGif(8, 8);
    expect(sniffImage(b64(gif))).toMatchObject({ format: 'gif', animated: true });
    const openai = await prepareContent('openai', contentParts([image(gif, 'image/gif')]));
    expect(openai.parts[0]).toMatchObject({ mimeType: 'image/png', width: 8, height: 8 });
    const anthropic = await prepareContent('anthropic', contentParts([image(gif, 'image/gif')]));
    expect(anthropic.parts[0]).toMatchObject({ mimeType: 'image/gif' });
  });

  it('an SVG from a server cannot make the app read local files: references are not loaded', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svg-ref-'));
    try {
      const secret = path.join(dir, 'secret.png');
      fs.writeFileSync(secret, await png(10, 10, { colour: [255, 0, 0] }));
      const drawing = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image width="10" height="10" xlink:href="file://${secret}"/></svg>`;
      const part = (await prepareContent('anthropic', contentParts([image(Buffer.from(drawing), 'image/svg+xml')]))).parts[0]!;
      if (part.type !== 'image') throw new Error('no image');
      const { data } = await sharp(Buffer.from(part.data, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(data.some((value, i) => i % 4 === 0 && value > 0)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an image that cannot be read becomes a note, never an error', async () => {
    const fitted = await prepareContent('anthropic', contentParts([{ type: 'image', mimeType: 'image/png', data: b64(Buffer.from('not an image at all')) }]));
    expect(fitted.parts[0]).toMatchObject({ note: true, text: '[image omitted: image/png, it is not an image in a format that can be read]' });
  });

  it('caps text at the limit with a note saying how much was left out; notes are not counted', async () => {
    const source = contentParts([{ type: 'text', text: 'a'.repeat(70) }, { type: 'audio', mimeType: 'audio/wav', data: 'AAAA' }, { type: 'text', text: 'b'.repeat(50) }, { type: 'text', text: 'c'.repeat(30) }]);
    const fitted = await prepareContent('openai', source, { maxTextChars: 100 });
    expect(fitted.text).toEqual({ sent: 100, total: 150, limit: 100 });
    const texts = fitted.parts.map((part) => (part.type === 'text' ? part.text : part.type));
    expect(texts[0]).toBe('a'.repeat(70));
    expect(texts[1]).toMatch(/^\[audio omitted/);
    expect(texts[2]).toBe('b'.repeat(30));
    expect(texts[3]).toBe('[Cut: this result has 150 characters of text; the model gets the first 100. The rest (50 characters) was left out.]');
    expect(texts).toHaveLength(4);
    expect(fitted.changes.at(-1)).toMatchObject({ kind: 'cut', block: 2 });
  });

  it('keeps PDFs for the providers that take them and notes them for the others', async () => {
    const source = contentParts([{ type: 'resource', resource: { uri: 'file:///docs/report.pdf', mimeType: 'application/pdf', blob: b64(pdf()) } }]);
    for (const provider of PROVIDER_IDS) {
      const fitted = await prepareContent(provider, source);
      if (MEDIA_RULES[provider].pdf) expect(fitted.parts[0], provider).toMatchObject({ type: 'document', name: 'report.pdf' });
      else expect(fitted.parts[0], provider).toMatchObject({ note: true, text: expect.stringMatching(/^\[document omitted: "report\.pdf", PDF, .* takes no PDF documents here\]$/) });
    }
  });
});

describe('providerMessage: parts as a message of each provider', () => {
  it('gives each provider its own message shape', async () => {
    const prepare = async (provider: (typeof PROVIDER_IDS)[number]) => (await prepareContent(provider, contentParts([{ type: 'text', text: 'Look' }, image(await png(4, 4))]))).parts;
    expect(providerMessage('openai', await prepare('openai'))).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } }] });
    expect(providerMessage('deepseek', await prepare('deepseek'))).toEqual({ role: 'user', content: 'Look\n\n[image omitted: image/png, 4×4, DeepSeek takes no images]' });
    expect(providerMessage('openai-responses', await prepare('openai-responses'))).toMatchObject({ role: 'user', content: [{ type: 'input_text' }, { type: 'input_image' }] });
    expect(providerMessage('anthropic', await prepare('anthropic'))).toMatchObject({ role: 'user', content: [{ type: 'text' }, { type: 'image', source: { type: 'base64', media_type: 'image/png' } }] });
    expect(providerMessage('gemini', await prepare('gemini'), 'assistant')).toEqual({ role: 'model', parts: [{ text: 'Look' }, { text: '[image omitted: an assistant message carries text only]' }] });
    expect(providerMessage('bedrock', await prepare('bedrock'))).toMatchObject({ role: 'user', content: [{ text: 'Look' }, { image: { format: 'png', source: { bytes: expect.any(String) } } }] });
    expect(providerMessage('ollama', await prepare('ollama'))).toMatchObject({ role: 'user', content: 'Look', images: [expect.any(String)] });
    expect(providerMessage('anthropic', [])).toEqual({ role: 'user', content: [{ type: 'text', text: '[no content]' }] });
  });
});

describe('documentation', () => {
  it('docs/providers.md has a row for every rule of the results: its words and its source', () => {
    const page = fs.readFileSync(new URL('../../docs/providers.md', import.meta.url), 'utf8');
    const rows = page.split('\n').flatMap((line) => {
      const cells = /^\| (`[^|]+`) \| (.+) \| <([^>]+)> \|$/.exec(line);
      return cells ? [{ providers: cells[1]!.split(', ').map((id) => id.slice(1, -1)), rule: cells[2], source: cells[3] }] : [];
    });
    for (const [provider, rules] of Object.entries(RESULT_RULES)) {
      for (const { rule, source } of rules) {
        expect(rows.some((row) => row.providers.includes(provider) && row.rule === rule && row.source === source), `${provider}: ${rule}`).toBe(true);
      }
    }
  });
});
