// Property tests of what reaches the model (fast-check): for random, often hostile, tool results
// (every MCP content kind with right, wrong and nonsense fields; real images of every format
// and garbage declared as images; structured content equal to a text block or not; audience
// annotations; errors) and every provider, with and without textOnly and under small text caps,
// `providerResult` never throws, its items pass the provider's rules (helpers/result-rules.ts),
// no image or blob payload of the input appears in any text the model reads, and the text the
// model gets stays within the cap.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerResult } from '../../src/main/providers/results/index.js';
import { PROVIDER_IDS } from '../../src/types/providers.js';
import { animatedGif, b64, bmp, pdf, png, svg, tiff, wav } from '../fixtures/media.js';
import { resultViolations, textsOf } from './helpers/result-rules.js';

let media: Record<string, string> = {};

beforeAll(async () => {
  media = {
    png: b64(await png(12, 9)),
    alpha: b64(await png(6, 6, { alpha: true })),
    jpeg: b64(await (await import('sharp')).default({ create: { width: 10, height: 7, channels: 3, background: '#369' } }).jpeg().toBuffer()),
    gif: b64(await animatedGif(5, 5)),
    bmp: b64(bmp(7, 3)),
    tiff: b64(await tiff(8, 8)),
    svg: b64(svg(20, 10)),
    wav: b64(wav()),
    pdf: b64(pdf()),
    garbage: b64(Buffer.from('definitely not an image, but long enough to look like data')),
  };
});

const MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff', 'image/svg+xml', 'image/x-icon', '', 'application/pdf', 'audio/wav', 'text/plain', 'application/zip'];
const text = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('', '   ', '{"a":1}', '{"b": [1, 2]}', 'data:image/png;base64,' + 'A'.repeat(80)));
const data = fc.oneof(fc.constantFrom('png', 'alpha', 'jpeg', 'gif', 'bmp', 'tiff', 'svg', 'wav', 'pdf', 'garbage').map((key) => ({ key })), fc.base64String({ maxLength: 40 }).map((raw) => ({ raw })));
const annotations = fc.option(fc.record({ audience: fc.oneof(fc.constant(['user']), fc.constant(['assistant']), fc.constant(['user', 'assistant']), fc.constant([]), fc.constant('user')) }), { nil: undefined });
const mime = fc.constantFrom(...MIMES);

const IMAGE_KEYS = ['png', 'alpha', 'jpeg', 'gif', 'bmp', 'tiff', 'svg', 'garbage'] as const;
const realImage = fc.record({
  type: fc.constant('image'),
  mimeType: fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/tiff', 'image/svg+xml', 'image/webp'),
  data: fc.constantFrom(...IMAGE_KEYS).map((key) => ({ key })),
  annotations,
}, { requiredKeys: ['type', 'mimeType', 'data'] });
const pdfResource = fc.record({
  type: fc.constant('resource'),
  resource: fc.record({ uri: fc.constantFrom('file:///a/report.pdf', 'https://x.test/Q3 (final) [v2].pdf', 'weird::uri', ''), mimeType: fc.constant('application/pdf'), blob: fc.constantFrom({ key: 'pdf' }, { key: 'garbage' }) }),
});

const block = fc.oneof(
  { arbitrary: realImage, weight: 3 },
  { arbitrary: pdfResource, weight: 2 },
  fc.record({ type: fc.constant('text'), text, annotations }, { requiredKeys: ['type', 'text'] }),
  fc.record({ type: fc.constant('image'), mimeType: mime, data, annotations }, { requiredKeys: ['type', 'data'] }),
  fc.record({ type: fc.constant('audio'), mimeType: mime, data }),
  fc.record({ type: fc.constant('resource_link'), uri: fc.webUrl(), name: fc.string({ maxLength: 20 }), mimeType: mime, description: text, size: fc.oneof(fc.nat(), fc.constant(Number.NaN)) }, { requiredKeys: ['type', 'uri'] }),
  fc.record({ type: fc.constant('resource'), resource: fc.oneof(fc.record({ uri: fc.string(), mimeType: mime, text }), fc.record({ uri: fc.string(), mimeType: mime, blob: data }), fc.jsonValue({ maxDepth: 1 })) }),
  fc.record({ type: fc.string({ maxLength: 8 }), text }),
  fc.jsonValue({ maxDepth: 1 }),
);

const structured = fc.oneof(fc.constant(undefined), fc.constant({ a: 1 }), fc.constant({ b: [1, 2] }), fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), fc.constant([1, 2]), fc.constant({ x: { __type: 'T' } }));

const result = fc.record(
  { content: fc.oneof({ arbitrary: fc.array(block, { minLength: 1, maxLength: 6 }), weight: 6 }, fc.constant(undefined), fc.string()), structuredContent: structured, isError: fc.oneof(fc.boolean(), fc.constant('yes')) },
  { requiredKeys: [] },
);

/** The arbitrary's placeholders replaced by real payloads; returns the result and the payloads it holds. */
function materialize(value: unknown, payloads: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => materialize(item, payloads));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('key' in record && Object.keys(record).length === 1) {
    const payload = media[String(record.key)]!;
    payloads.push(payload);
    return payload;
  }
  if ('raw' in record && Object.keys(record).length === 1) return record.raw;
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, materialize(inner, payloads)]));
}

describe('providerResult on random results', () => {
  it('never throws, gives items each provider takes, and never base64 in text', async () => {
    await fc.assert(
      fc.asyncProperty(result, fc.constantFrom(...PROVIDER_IDS), fc.boolean(), fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 200 })), async (raw, provider, textOnly, maxTextChars) => {
        const payloads: string[] = [];
        const given = materialize(raw, payloads);
        const converted = await providerResult(provider, 'tool_x', given, { callId: 'call_9', textOnly, maxTextChars });
        expect(resultViolations(provider, converted.items, { callId: 'call_9', name: 'tool_x' })).toEqual([]);
        const texts = textsOf(converted.items).join('\n');
        for (const payload of payloads) expect(texts).not.toContain(payload.slice(0, 40));
        expect(converted.report.text.sent).toBeLessThanOrEqual(converted.report.text.limit);
        if (textOnly) expect(converted.report.media).toEqual({ images: 0, documents: 0 });
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
