// Tool results section: 1,000 mixed tool results (text of every length, one over the cap;
// structured content repeated as text; links and embedded resources; small PNGs that pass as
// they are; a few BMPs that must be converted; errors) brought to each of the nine providers.
// The yardstick, timed in the same runs, is copying the same results with `structuredClone`
// (the least any conversion must do: walk and copy every result); the ratio moves far less than
// the milliseconds on this shared machine. Then one 12-megapixel PNG (a photo-like gradient
// with noise, about 20 MB) brought within Anthropic's limits, against decoding it to raw pixels.
import sharp from 'sharp';
import { providerResult } from '../src/main/providers/results/index.js';
import { MEDIA_RULES } from '../src/main/providers/content/index.js';
import { PROVIDER_IDS } from '../src/types/providers.js';
import { b64, bmp, png } from '../tests/fixtures/media.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, round, seededRandom } from './stats.js';

const RESULTS = 1_000;
const RUNS = 7;
const WARMUP = 2;
const PHOTO_RUNS = 3;

async function mixedResults(): Promise<unknown[]> {
  const random = seededRandom(18);
  const small = b64(await png(64, 48));
  const bitmap = b64(bmp(64, 48));
  const word = (): string => ['alpha', 'beta', 'file', 'value', 'result', 'line', 'error', 'path'][Math.floor(random() * 8)]!;
  const text = (words: number): string => Array.from({ length: words }, word).join(' ');
  const results: unknown[] = [];
  for (let i = 0; i < RESULTS; i++) {
    const pick = random();
    if (i === 0) results.push({ content: [{ type: 'text', text: 'x'.repeat(300_000) }] });
    else if (pick < 0.45) results.push({ content: [{ type: 'text', text: text(20 + Math.floor(random() * 400)) }] });
    else if (pick < 0.6) {
      const value = { id: i, items: Array.from({ length: 10 }, (_, n) => ({ n, name: word() })) };
      results.push({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value });
    } else if (pick < 0.72) {
      results.push({ content: [{ type: 'resource_link', uri: `file:///data/${i}.csv`, name: `${i}.csv`, mimeType: 'text/csv' }, { type: 'resource', resource: { uri: `file:///notes/${i}.txt`, mimeType: 'text/plain', text: text(50) } }] });
    } else if (pick < 0.84) results.push({ content: [{ type: 'text', text: text(10) }, { type: 'image', mimeType: 'image/png', data: small }] });
    else if (pick < 0.86) results.push({ content: [{ type: 'image', mimeType: 'image/bmp', data: bitmap }] });
    else if (pick < 0.93) results.push({ content: [{ type: 'text', text: text(30), annotations: { audience: ['user'] } }, { type: 'text', text: text(30) }] });
    else results.push({ content: [{ type: 'text', text: `failed: ${text(12)}` }], isError: true });
  }
  return results;
}

/** A photo-like 4000×3000 PNG: a gradient with noise (noise alone would be an unrealistic worst case). */
async function photo(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.allocUnsafe(width * height * 3);
  const random = seededRandom(12);
  for (let y = 0, at = 0; y < height; y++) {
    for (let x = 0; x < width; x++, at += 3) {
      const grain = Math.floor(random() * 24);
      raw[at] = ((x * 255) / width + grain) & 0xff;
      raw[at + 1] = ((y * 255) / height + grain) & 0xff;
      raw[at + 2] = (((x + y) * 128) / (width + height) + grain) & 0xff;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

export const results: BenchSection = {
  name: 'results',
  async run(ctx): Promise<SectionResult> {
    const input = await mixedResults();
    const totals: number[] = [];
    const clones: number[] = [];
    let items = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      ctx.gc();
      const cloneStarted = performance.now();
      const copy = structuredClone(input);
      if (run >= WARMUP) clones.push(performance.now() - cloneStarted);
      if (copy.length !== RESULTS) throw new Error('results: the yardstick lost results');
      ctx.gc();
      const started = performance.now();
      for (const provider of PROVIDER_IDS) {
        for (let i = 0; i < input.length; i++) items += (await providerResult(provider, 'tool', input[i], { callId: `call_${i}` })).items.length;
      }
      if (run >= WARMUP) totals.push(performance.now() - started);
    }
    if (items < (WARMUP + RUNS) * RESULTS * PROVIDER_IDS.length) throw new Error('results: a result gave no items');
    const totalMs = median(totals);
    const cloneMs = median(clones);

    const png12 = b64(await photo());
    const photoMs: number[] = [];
    const decodeMs: number[] = [];
    let photoOut = '';
    for (let run = 0; run < PHOTO_RUNS; run++) {
      ctx.gc();
      const decodeStarted = performance.now();
      await sharp(Buffer.from(png12, 'base64')).raw().toBuffer();
      decodeMs.push(performance.now() - decodeStarted);
      ctx.gc();
      const started = performance.now();
      const fitted = await providerResult('anthropic', 'tool', { content: [{ type: 'image', mimeType: 'image/png', data: png12 }] }, { callId: 'c' });
      photoMs.push(performance.now() - started);
      photoOut = JSON.stringify(fitted.report.changes.map((change) => change.message));
      const block = ((fitted.items[0] as { content: Array<{ source?: { data: string } }> }).content[0]!.source?.data ?? '');
      if (block.length === 0 || block.length > MEDIA_RULES.anthropic.images!.maxBase64) throw new Error(`results: the 12 MP PNG was not brought within Anthropic's limits: ${photoOut}`);
    }
    ctx.log(`results: the 12 MP PNG (${round(png12.length / 1_048_576)} MB as base64) for Anthropic: ${photoOut}`);
    const photoMedian = median(photoMs);
    const decodeMedian = median(decodeMs);
    return {
      json: {
        results: RESULTS,
        providers: PROVIDER_IDS.length,
        runs: RUNS,
        totalMs: round(totalMs),
        perResultUs: round((totalMs * 1000) / (RESULTS * PROVIDER_IDS.length)),
        structuredCloneMs: round(cloneMs),
        perClone: round(totalMs / cloneMs),
        photo: { megapixels: 12, base64MB: round(png12.length / 1_048_576), ms: round(photoMedian), decodeMs: round(decodeMedian), perDecode: round(photoMedian / decodeMedian) },
      },
      rows: [
        { metric: `convert ${RESULTS} mixed results for all ${PROVIDER_IDS.length} providers`, value: `${round(totalMs)} ms (${round((totalMs * 1000) / (RESULTS * PROVIDER_IDS.length))} µs a result)` },
        { metric: `yardstick: structuredClone of the ${RESULTS} results`, value: `${round(cloneMs)} ms (converting: ${round(totalMs / cloneMs)}×)` },
        { metric: 'a 12-megapixel PNG brought within Anthropic\'s limits', value: `${round(photoMedian)} ms` },
        { metric: 'yardstick: decoding that PNG to raw pixels (sharp)', value: `${round(decodeMedian)} ms (fitting: ${round(photoMedian / decodeMedian)}×)` },
      ],
    };
  },
};
