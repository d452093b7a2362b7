// What a prompt's messages and a resource's contents become for each of the nine providers, by the
// tool results' content rules, from a fixture server that sends every kind: text, a BMP, a PNG too
// large for some providers, audio, embedded text and PDF resources, a link, an image from the
// assistant, consecutive messages of one role. Every output is held to the provider's rules
// (helpers/message-rules.ts), and no base64 payload ever reaches a text the model reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mcp } from '../../src/main/mcp.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { b64, bmp, pdf, png, wav } from '../fixtures/media.js';
import { messageViolations, userContentViolations } from './helpers/message-rules.js';
import { textsOf } from './helpers/result-rules.js';
import { removeTempDirs, serve, startMcp, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

let mcp: Mcp;
const payloads: string[] = [];

beforeAll(async () => {
  const small = b64(await png(24, 24));
  const huge = b64(await png(9000, 300));
  const bitmap = b64(bmp(8, 8));
  const audio = b64(wav());
  const document = b64(pdf('Quarterly report'));
  const zip = b64(Buffer.from('PK\u0003\u0004 not really a zip'));
  payloads.push(small, huge, bitmap, audio, document, zip);
  const fixture = await serve({
    id: 'M',
    transport: 'http',
    prompts: [
      {
        name: 'review',
        description: 'Review a document',
        arguments: [{ name: 'topic', required: true }],
        messages: [
          { role: 'user', content: { type: 'text', text: 'Please review {{topic}}.' } },
          { role: 'user', content: { type: 'image', mimeType: 'image/bmp', data: bitmap } },
          { role: 'user', content: { type: 'resource', resource: { uri: 'file:///docs/q3.pdf', mimeType: 'application/pdf', blob: document } } },
          { role: 'user', content: { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'Notes on {{topic}}' } } },
          { role: 'user', content: { type: 'audio', mimeType: 'audio/wav', data: audio } },
          { role: 'user', content: { type: 'resource_link', uri: 'https://example.com/spec', name: 'spec', mimeType: 'text/html' } },
          { role: 'assistant', content: { type: 'text', text: 'I will look at it.' } },
          { role: 'assistant', content: { type: 'image', mimeType: 'image/png', data: small } },
          { role: 'user', content: { type: 'image', mimeType: 'image/png', data: huge } },
        ],
      },
    ],
    resources: [
      { uri: 'file:///readme.md', name: 'README', mimeType: 'text/markdown', text: '# Hello' },
      { uri: 'file:///pic.bmp', name: 'picture', mimeType: 'image/bmp', blob: bitmap },
      { uri: 'file:///q3.pdf', name: 'report', mimeType: 'application/pdf', blob: document },
      { uri: 'file:///song.wav', name: 'song', mimeType: 'audio/wav', blob: audio },
      { uri: 'file:///archive.zip', name: 'archive', mimeType: 'application/zip', blob: zip },
    ],
    resourceTemplates: [{ uriTemplate: 'file:///logs/{day}{?level}', name: 'Logs' }, { uriTemplate: 'file:///notes/{name}', name: 'Notes' }],
  });
  ({ mcp } = await startMcp(tempDir(), [urlEntry('m', 'M', 'http', fixture.url)]));
}, 60_000);

afterAll(async () => {
  await mcp?.stop();
  await stopServed();
  removeTempDirs();
});

/** No input payload (base64) inside any text the model reads. */
function leaked(items: unknown): string[] {
  const texts = textsOf(items);
  return payloads.filter((payload) => texts.some((text) => text.includes(payload.slice(0, 40))));
}

describe('prompt messages', () => {
  it.each(PROVIDER_IDS)('%s: every message is one the provider takes, roles alternate, and no base64 is text', async (provider) => {
    const prompt = await mcp.getPrompt('review', { topic: 'Q3' }, { provider });
    expect(prompt.provider).toBe(provider);
    expect(prompt.description).toBe('Review a document (from M)');
    expect(messageViolations(provider, prompt.messages)).toEqual([]);
    // Consecutive messages of one role are one turn: user, assistant, user.
    expect(prompt.messages).toHaveLength(3);
    expect(leaked(prompt.messages)).toEqual([]);
    const said = textsOf(prompt.messages).join('\n');
    expect(said).toContain('Please review Q3.');
    expect(said).toContain('Notes on Q3');
    expect(said).toContain('[Resource link: spec <https://example.com/spec> (text/html)]');
    expect(said).toMatch(/\[audio omitted: audio\/wav, [\d.]+ KB; models take no audio here\]/);
    // The assistant's image is a note, said of the prompt's 8th message.
    expect(prompt.report).toContainEqual(expect.objectContaining({ kind: 'omitted', promptMessage: 7, message: expect.stringMatching(/^Message 8 \((an )?image/) }));
    if (provider !== 'deepseek') expect(prompt.report.find((change) => change.promptMessage === 7)?.message).toMatch(/^Message 8 \(an image\) was left out: an assistant message carries text only/);
  });

  it('anthropic: the BMP becomes a PNG, the PDF a document, the 9000 px image is scaled to 8000', async () => {
    const { messages, report } = await mcp.getPrompt('review', { topic: 'Q3' }, { provider: 'anthropic' });
    const [user, assistant, last] = messages as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    expect(user!.role).toBe('user');
    expect(user!.content.map((block) => block.type)).toEqual(['text', 'image', 'document', 'text', 'text', 'text']);
    expect(user!.content[1]).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png' } });
    expect(user!.content[2]).toMatchObject({ type: 'document', source: { media_type: 'application/pdf' }, title: 'q3.pdf' });
    expect(assistant).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'I will look at it.' }, { type: 'text', text: '[image omitted: an assistant message carries text only]' }] });
    expect(last!.content[0]).toMatchObject({ type: 'image', source: { media_type: expect.stringMatching(/^image\/(png|jpeg)$/) } });
    expect(report.find((change) => change.promptMessage === 1)).toMatchObject({ kind: 'converted', message: expect.stringMatching(/^Message 2 \(image\/bmp/) });
    expect(report.find((change) => change.promptMessage === 8)).toMatchObject({ kind: 'resized', message: expect.stringMatching(/^Message 9 /) });
  });

  it('deepseek takes no images or PDFs: each is a note that says what it was', async () => {
    const { messages } = await mcp.getPrompt('review', { topic: 'Q3' }, { provider: 'deepseek' });
    expect(messages.every((message) => typeof (message as { content: unknown }).content === 'string')).toBe(true);
    const said = textsOf(messages).join('\n');
    expect(said).toContain('[image omitted: image/bmp, 8×8, DeepSeek takes no images]');
    expect(said).toMatch(/\[document omitted: "q3\.pdf", PDF, \d+ bytes, DeepSeek takes no PDF documents here\]/);
  });
});

describe('resource contents', () => {
  it.each(PROVIDER_IDS)('%s: every resource is a user message\'s content the provider takes, and no base64 is text', async (provider) => {
    for (const uri of ['file:///readme.md', 'file:///pic.bmp', 'file:///q3.pdf', 'file:///song.wav', 'file:///archive.zip']) {
      const read = await mcp.readResource('m', uri, { provider });
      expect(read.uri).toBe(uri);
      expect(read.contents).toHaveLength(1);
      expect(userContentViolations(provider, read.items), uri).toEqual([]);
      expect(leaked(read.items)).toEqual([]);
    }
  });

  it('text as text with its URI; an image converted; a PDF as a document where taken; audio and a zip as notes', async () => {
    expect((await mcp.readResource('m', 'file:///readme.md', { provider: 'openai' })).items).toEqual([{ type: 'text', text: '[Resource "file:///readme.md" (text/markdown)]\n# Hello' }]);
    const picture = await mcp.readResource('m', 'file:///pic.bmp', { provider: 'gemini' });
    expect(picture.items).toEqual([{ inlineData: { mimeType: 'image/png', data: expect.any(String) } }]);
    expect(picture.report).toEqual([expect.objectContaining({ kind: 'converted' })]);
    expect((await mcp.readResource('m', 'file:///q3.pdf', { provider: 'openai-responses' })).items).toEqual([
      { type: 'input_file', filename: 'q3.pdf', file_data: expect.stringMatching(/^data:application\/pdf;base64,JVBER/) },
    ]);
    expect((await mcp.readResource('m', 'file:///q3.pdf', { provider: 'bedrock' })).items).toEqual([{ document: { format: 'pdf', name: 'q3', source: { bytes: expect.stringMatching(/^JVBER/) } } }]);
    expect((await mcp.readResource('m', 'file:///q3.pdf', { provider: 'mistral' })).items).toEqual([
      { type: 'text', text: expect.stringMatching(/^\[document omitted: "q3\.pdf", PDF, .*Mistral takes no PDF documents here\]$/) },
    ]);
    expect((await mcp.readResource('m', 'file:///song.wav', { provider: 'anthropic' })).items).toEqual([
      { type: 'text', text: expect.stringMatching(/^\[resource omitted: "file:\/\/\/song\.wav", audio\/wav, .*; models take no audio here\]$/) },
    ]);
    const ollama = await mcp.readResource('m', 'file:///pic.bmp', { provider: 'ollama' });
    expect(ollama.items).toEqual([{ role: 'user', content: '[An image is attached.]', images: [expect.stringMatching(/^iVBOR/)] }]);
  });

  it('a template\'s URI is filled from its values (a query variable may be left out); a missing one is named', async () => {
    const read = await mcp.readResource('m', { template: 'file:///logs/{day}{?level}', values: { day: 'monday', level: 'warn' } }, { provider: 'anthropic' });
    expect(read.uri).toBe('file:///logs/monday?level=warn');
    expect(JSON.parse(read.contents[0]!.text!)).toEqual({ server: 'M', template: 'file:///logs/{day}{?level}', variables: { day: 'monday', level: 'warn' } });
    expect((await mcp.readResource('m', { template: 'file:///logs/{day}{?level}', values: { day: 'monday', level: '' } }, { provider: 'anthropic' })).uri).toBe('file:///logs/monday');
    expect((await mcp.readResource('m', { template: 'file:///notes/{name}', values: { name: 'a b/c' } }, { provider: 'anthropic' })).uri).toBe('file:///notes/a%20b%2Fc');
    await expect(mcp.readResource('m', { template: 'file:///logs/{day}{?level}', values: { level: 'warn' } }, { provider: 'anthropic' })).rejects.toMatchObject({
      argument: 'day',
      message: 'The resource template "Logs" needs a value for "day".',
    });
    await expect(mcp.readResource('m', 'file:///missing', { provider: 'anthropic' })).rejects.toThrow('Reading "file:///missing" on server "M" failed: MCP error -32002: Resource not found: file:///missing');
    await expect(mcp.readResource('nobody', 'file:///readme.md', { provider: 'anthropic' })).rejects.toThrow('No MCP server with id "nobody".');
  });
});
