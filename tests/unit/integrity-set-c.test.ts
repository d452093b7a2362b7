// Set C of the tool-integrity fixtures (the held-out set): its files' shape, ids and counts, read
// from the JSON files as the bench reads them. No detector runs here: set C measures one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../fixtures/entry.js';
import { BENIGN_CLASSES, POISON_CLASSES } from '../fixtures/integrity-set-c/source/types.js';

const DIR = path.join(REPO_ROOT, 'tests/fixtures/integrity-set-c');

interface Schema {
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}
const SchemaShape: z.ZodType<Schema> = z.lazy(() =>
  z.object({
    title: z.string().optional(),
    description: z.string().optional(),
    properties: z.record(SchemaShape).optional(),
    items: SchemaShape.optional(),
  }).passthrough());

const ToolShape = z.object({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: SchemaShape.optional(),
  outputSchema: SchemaShape.optional(),
}).strict();

const ServerShape = z.object({
  instructions: z.string().optional(),
  prompts: z.array(z.object({
    name: z.string().min(1),
    title: z.string().optional(),
    description: z.string().optional(),
    arguments: z.array(z.object({ name: z.string().min(1), description: z.string().optional() }).strict()).optional(),
  }).strict()).optional(),
  resources: z.array(z.object({ name: z.string().min(1), uri: z.string().min(1), title: z.string().optional(), description: z.string().optional() }).strict()).optional(),
}).strict();

const ItemShape = z.object({
  id: z.string().regex(/^c[pb]-[a-z0-9-]+$/),
  class: z.string().min(1),
  carrier: z.string().min(1),
  language: z.string().regex(/^[a-z]{2}(-[a-z]{2})?(\+[a-z]{2}(-[a-z]{2})?)*$/),
  tool: ToolShape.optional(),
  server: ServerShape.optional(),
  others: z.array(z.object({ label: z.string().min(1), tools: z.array(z.string().min(1)).min(1) }).strict()).optional(),
  previous: ToolShape.optional(),
}).strict().refine((item) => (item.tool === undefined) !== (item.server === undefined), 'exactly one of tool and server');
type Item = z.infer<typeof ItemShape>;

function load(file: string): Item[] {
  return z.array(ItemShape).parse(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
}

function schemaTexts(schema: Schema | undefined): string[] {
  if (!schema) return [];
  return [schema.title ?? '', schema.description ?? '', ...Object.values(schema.properties ?? {}).flatMap(schemaTexts), ...schemaTexts(schema.items)];
}

/** Every text of an item that the scan reads, as the brief lists them. */
function scannedTexts(item: Item): string[] {
  const texts: string[] = [];
  if (item.tool) texts.push(item.tool.title ?? '', item.tool.description ?? '', ...schemaTexts(item.tool.inputSchema), ...schemaTexts(item.tool.outputSchema));
  if (item.server) {
    texts.push(item.server.instructions ?? '');
    for (const prompt of item.server.prompts ?? []) texts.push(prompt.title ?? '', prompt.description ?? '', ...(prompt.arguments ?? []).map((arg) => arg.description ?? ''));
    for (const resource of item.server.resources ?? []) texts.push(resource.title ?? '', resource.description ?? '');
  }
  return texts.filter((text) => text.trim() !== '');
}

/** The README's table under `heading`: name → count. */
function readmeTable(heading: string): Map<string, number> {
  const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n### ${heading}\n`);
  if (start < 0) throw new Error(`README has no "### ${heading}"`);
  const section = readme.slice(start + heading.length + 6).split('\n### ')[0] ?? '';
  const rows = new Map<string, number>();
  for (const [, name, count] of section.matchAll(/^\| `?([^|`]+?)`? \| (\d+) \|/gm)) rows.set(name ?? '', Number(count));
  return rows;
}

function countBy(items: Item[], key: (item: Item) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

const sorted = (map: Map<string, number>): [string, number][] => [...map].sort(([a], [b]) => a.localeCompare(b));

describe('integrity set C', () => {
  const poisoned = load('poisoned.json');
  const benign = load('benign.json');

  it('has at least 300 poisoned and 300 benign items, every id unique and prefixed by its file', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(300);
    expect(benign.length).toBeGreaterThanOrEqual(300);
    const ids = [...poisoned, ...benign].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(poisoned.every((item) => item.id.startsWith('cp-'))).toBe(true);
    expect(benign.every((item) => item.id.startsWith('cb-'))).toBe(true);
  });

  it('uses the brief\'s poisoned classes, every one of them, and the listed benign categories', () => {
    expect(new Set(poisoned.map((item) => item.class))).toEqual(new Set(POISON_CLASSES));
    const known = new Set<string>([...BENIGN_CLASSES, 'everyday', 'productivity']);
    expect(benign.filter((item) => !known.has(item.class)).map((item) => item.id)).toEqual([]);
  });

  it('gives every item at least one non-empty text that the scan reads', () => {
    expect([...poisoned, ...benign].filter((item) => scannedTexts(item).length === 0).map((item) => item.id)).toEqual([]);
  });

  it('gives every shadowing item the servers beside it, and names one of their tools or labels in its texts', () => {
    const shadowing = poisoned.filter((item) => item.class === 'shadowing');
    expect(shadowing.length).toBeGreaterThan(0);
    expect(shadowing.filter((item) => !item.others?.length).map((item) => item.id)).toEqual([]);
    const unnamed = shadowing.filter((item) => {
      const text = scannedTexts(item).join('\n');
      return !(item.others ?? []).some((other) => text.includes(other.label) || other.tools.some((tool) => text.includes(tool)));
    });
    expect(unnamed.map((item) => item.id)).toEqual([]);
  });

  it('gives each rug pull a new definition that differs from its previous one', () => {
    const rugs = poisoned.filter((item) => item.class === 'rug-pull' && item.previous);
    expect(rugs.length).toBeGreaterThan(0);
    expect(rugs.filter((item) => JSON.stringify(item.tool) === JSON.stringify(item.previous)).map((item) => item.id)).toEqual([]);
  });

  it('keeps no poisoned text identical to a benign one', () => {
    const benignTexts = new Set(benign.flatMap(scannedTexts));
    const copies = poisoned.filter((item) => scannedTexts(item).every((text) => benignTexts.has(text)));
    expect(copies.map((item) => item.id)).toEqual([]);
  });

  it('matches the counts its README gives per class, carrier and language, and per benign category', () => {
    expect(sorted(readmeTable('Poisoned classes'))).toEqual(sorted(countBy(poisoned, (item) => item.class)));
    expect(sorted(readmeTable('Poisoned carriers'))).toEqual(sorted(countBy(poisoned, (item) => item.carrier)));
    expect(sorted(readmeTable('Poisoned languages'))).toEqual(sorted(countBy(poisoned, (item) => item.language)));
    expect(sorted(readmeTable('Benign categories'))).toEqual(sorted(countBy(benign, (item) => item.class)));
    expect(sorted(readmeTable('Benign languages'))).toEqual(sorted(countBy(benign, (item) => item.language)));
  });
});
