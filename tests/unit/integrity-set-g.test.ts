// Shape checks for the held-out tool-poisoning set G (tests/fixtures/integrity-set-g): valid
// items, unique ids, the counts the README states, a scanned text in every item, shadowing
// items that name what they target, and JSON in step with its generator. No detector runs here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../fixtures/entry.js';
import { buildBenign } from '../fixtures/integrity-set-g/source/build-benign.js';
import { buildPoisoned } from '../fixtures/integrity-set-g/source/build-poisoned.js';

const DIR = path.join(REPO_ROOT, 'tests', 'fixtures', 'integrity-set-g');

type Node = { type?: string; title?: string; description?: string; properties?: Record<string, Node>; items?: Node; required?: string[]; enum?: string[] };
const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({
  type: z.string().optional(), title: z.string().optional(), description: z.string().optional(),
  properties: z.record(z.string(), NodeSchema).optional(), items: NodeSchema.optional(),
  required: z.array(z.string()).optional(), enum: z.array(z.string()).optional(),
}).strict());
const ToolSchema = z.object({
  name: z.string().min(1), title: z.string().optional(), description: z.string().optional(),
  inputSchema: NodeSchema.optional(), outputSchema: NodeSchema.optional(),
}).strict();
const ServerSchema = z.object({
  instructions: z.string().optional(),
  prompts: z.array(z.object({ name: z.string().min(1), title: z.string().optional(), description: z.string().optional(), arguments: z.array(z.object({ name: z.string().min(1), description: z.string().optional() }).strict()).optional() }).strict()).optional(),
  resources: z.array(z.object({ name: z.string().min(1), uri: z.string().min(1), title: z.string().optional(), description: z.string().optional() }).strict()).optional(),
}).strict();
const ItemSchema = z.object({
  id: z.string(), class: z.string().min(1), carrier: z.string().min(1), language: z.string().min(2),
  tool: ToolSchema.optional(), server: ServerSchema.optional(),
  others: z.array(z.object({ label: z.string().min(1), tools: z.array(z.string().min(1)).min(1) }).strict()).optional(),
  previous: ToolSchema.optional(), encoding: z.string().optional(),
}).strict().refine((item) => (item.tool === undefined) !== (item.server === undefined), 'exactly one of tool and server');
type Item = z.infer<typeof ItemSchema>;

const POISON_CLASSES = ['hidden-instructions', 'sensitive-data', 'exfiltration', 'shadowing', 'rug-pull', 'ascii-smuggling', 'zero-width-bidi', 'encoded-payload', 'translated', 'subtle', 'parameter-tampering', 'function-hijacking'];

function load(file: string): Item[] {
  return z.array(ItemSchema).parse(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
}

function schemaTexts(node: Node | undefined): string[] {
  if (node === undefined) return [];
  return [node.title ?? '', node.description ?? '', ...Object.values(node.properties ?? {}).flatMap(schemaTexts), ...schemaTexts(node.items)];
}

/** Every text the detector scans in an item (tool title/description, schema titles/descriptions, server texts). */
function scannedTexts(item: Item): string[] {
  const texts: string[] = [];
  if (item.tool) texts.push(item.tool.title ?? '', item.tool.description ?? '', ...schemaTexts(item.tool.inputSchema), ...schemaTexts(item.tool.outputSchema));
  if (item.server) {
    texts.push(item.server.instructions ?? '');
    for (const p of item.server.prompts ?? []) texts.push(p.title ?? '', p.description ?? '', ...(p.arguments ?? []).map((a) => a.description ?? ''));
    for (const r of item.server.resources ?? []) texts.push(r.title ?? '', r.description ?? '');
  }
  return texts.filter((t) => t.trim().length > 0);
}

function count(items: Item[], key: 'class' | 'carrier' | 'language'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item[key], (counts.get(item[key]) ?? 0) + 1);
  return counts;
}

/** Rows `| name | n |` of the README table that follows the heading `## title`. */
function readmeTable(title: string): Map<string, number> {
  const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
  const start = readme.indexOf(`## ${title}\n`);
  expect(start, `README section "${title}"`).toBeGreaterThanOrEqual(0);
  const section = readme.slice(start + title.length + 4).split(/\n## /)[0]!;
  const rows = new Map<string, number>();
  for (const m of section.matchAll(/^\| `?([^|`]+?)`? \| (\d+) \|/gm)) rows.set(m[1]!, Number(m[2]));
  return rows;
}

const poisoned = load('poisoned.json');
const benign = load('benign.json');

describe('integrity set G', () => {
  it('has at least 300 items on each side, with unique ids of the right prefix', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(300);
    expect(benign.length).toBeGreaterThanOrEqual(300);
    const ids = [...poisoned, ...benign].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(poisoned.every((i) => /^gp-\d{3}$/.test(i.id))).toBe(true);
    expect(benign.every((i) => /^gb-\d{3}$/.test(i.id))).toBe(true);
  });

  it('uses only the poisoned classes of the brief, each of them', () => {
    expect(new Set(poisoned.map((i) => i.class))).toEqual(new Set(POISON_CLASSES));
  });

  it('gives every item at least one non-empty scanned text', () => {
    for (const item of [...poisoned, ...benign]) expect(scannedTexts(item).length, item.id).toBeGreaterThan(0);
  });

  it('matches the counts the README states', () => {
    expect(readmeTable('Poisoned by class')).toEqual(count(poisoned, 'class'));
    expect(readmeTable('Poisoned by carrier')).toEqual(count(poisoned, 'carrier'));
    expect(readmeTable('Poisoned by language')).toEqual(count(poisoned, 'language'));
    expect(readmeTable('Benign by category')).toEqual(count(benign, 'class'));
    expect(readmeTable('Benign by language')).toEqual(count(benign, 'language'));
  });

  it('has shadowing items whose text names a tool or label of the servers beside them', () => {
    const shadowing = poisoned.filter((i) => i.class === 'shadowing');
    expect(shadowing.length).toBeGreaterThan(0);
    for (const item of shadowing) {
      const text = scannedTexts(item).join('\n');
      const names = (item.others ?? []).flatMap((o) => [o.label, ...o.tools]);
      expect(names.length, item.id).toBeGreaterThan(0);
      expect(names.some((n) => text.includes(n)), item.id).toBe(true);
    }
    for (const item of benign.filter((i) => i.class === 'cross-server')) {
      const text = scannedTexts(item).join('\n');
      expect((item.others ?? []).flatMap((o) => [o.label, ...o.tools]).some((n) => text.includes(n)), item.id).toBe(true);
    }
  });

  it('plants the invisible characters its smuggling classes claim', () => {
    const has = (item: Item, ranges: [number, number][]): boolean =>
      [...scannedTexts(item).join('\n')].some((c) => ranges.some(([lo, hi]) => c.codePointAt(0)! >= lo && c.codePointAt(0)! <= hi));
    const smuggling: [number, number][] = [[0xe0000, 0xe007f], [0xfe00, 0xfe0f], [0xe0100, 0xe01ef]];
    const formatting: [number, number][] = [[0x200b, 0x200f], [0xad, 0xad], [0x2060, 0x2060], [0x202a, 0x202e], [0x2066, 0x2069]];
    for (const item of poisoned.filter((i) => i.class === 'ascii-smuggling')) expect(has(item, smuggling), item.id).toBe(true);
    for (const item of poisoned.filter((i) => i.class === 'zero-width-bidi')) expect(has(item, formatting), item.id).toBe(true);
  });

  it('gives rug pulls a new definition that differs from the previous one', () => {
    for (const item of poisoned.filter((i) => i.class === 'rug-pull')) {
      expect(item.previous, item.id).toBeDefined();
      expect(JSON.stringify(item.tool), item.id).not.toBe(JSON.stringify(item.previous));
    }
  });

  it('is the output of its generator (source/), not a hand-edited copy', () => {
    expect(JSON.parse(JSON.stringify(buildPoisoned()))).toEqual(JSON.parse(fs.readFileSync(path.join(DIR, 'poisoned.json'), 'utf8')));
    expect(JSON.parse(JSON.stringify(buildBenign()))).toEqual(JSON.parse(fs.readFileSync(path.join(DIR, 'benign.json'), 'utf8')));
  });
});
