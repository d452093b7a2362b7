// Integrity set D: the files' shape only (no detector is run here). Every item has a scanned text,
// ids are unique, counts per class and category match the README's tables, shadowing items name
// the other server's tool or label they target, and the JSON is what source/build.ts generates.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../fixtures/entry.js';

const DIR = path.join(REPO_ROOT, 'tests', 'fixtures', 'integrity-set-d');

const Text = z.string().optional();
interface SchemaNode {
  type?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  properties?: Record<string, SchemaNode> | undefined;
  items?: SchemaNode | undefined;
}
const Node: z.ZodType<SchemaNode> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    title: Text,
    description: Text,
    properties: z.record(Node).optional(),
    items: Node.optional(),
  }).passthrough());
const Tool = z.object({
  name: z.string().min(1),
  title: Text,
  description: Text,
  inputSchema: Node.optional(),
  outputSchema: Node.optional(),
}).strict();
const Server = z.object({
  instructions: Text,
  prompts: z.array(z.object({
    name: z.string().min(1),
    title: Text,
    description: Text,
    arguments: z.array(z.object({ name: z.string().min(1), description: Text }).strict()).optional(),
  }).strict()).optional(),
  resources: z.array(z.object({ name: z.string().min(1), uri: z.string().min(1), title: Text, description: Text }).strict()).optional(),
}).strict();
const Others = z.array(z.object({ label: z.string().min(1), tools: z.array(z.string().min(1)).min(1) }).strict()).min(1);
const Item = z.object({
  id: z.string(),
  class: z.string().min(1),
  carrier: z.string().min(1),
  language: z.string().regex(/^(?:[a-z]{2,3}(?:-Latn)?|mixed)$/),
  tool: Tool.optional(),
  server: Server.optional(),
  others: Others.optional(),
  previous: Tool.optional(),
}).strict().refine((item) => (item.tool === undefined) !== (item.server === undefined), 'exactly one of tool and server');
type Item = z.infer<typeof Item>;

const POISON_CLASSES = [
  'hidden-instructions', 'sensitive-data', 'exfiltration', 'shadowing', 'rug-pull', 'ascii-smuggling',
  'zero-width-bidi', 'encoded-payload', 'translated', 'subtle', 'parameter-tampering', 'function-hijacking',
];

function schemaTexts(node: SchemaNode | undefined): string[] {
  if (!node) return [];
  return [
    node.title ?? '', node.description ?? '',
    ...Object.values(node.properties ?? {}).flatMap(schemaTexts),
    ...schemaTexts(node.items),
  ];
}
/** Every text the detector is said to scan, for one item. */
function scannedTexts(item: Item): string[] {
  const texts: string[] = [];
  if (item.tool) {
    texts.push(item.tool.title ?? '', item.tool.description ?? '', ...schemaTexts(item.tool.inputSchema), ...schemaTexts(item.tool.outputSchema));
  }
  if (item.server) {
    texts.push(item.server.instructions ?? '');
    for (const prompt of item.server.prompts ?? []) {
      texts.push(prompt.title ?? '', prompt.description ?? '', ...(prompt.arguments ?? []).map((arg) => arg.description ?? ''));
    }
    for (const resource of item.server.resources ?? []) texts.push(resource.title ?? '', resource.description ?? '');
  }
  return texts.filter((text) => text.trim().length > 0);
}

function load(file: string): Item[] {
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
  return z.array(Item).parse(raw);
}
/** The `| name | count |` rows of the README table under `heading`. */
function readmeTable(heading: string): Map<string, number> {
  const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
  const start = readme.indexOf(`## ${heading}`);
  expect(start, `README section "${heading}"`).toBeGreaterThanOrEqual(0);
  const section = readme.slice(start + 3).split(/\n## /)[0]!;
  const rows = new Map<string, number>();
  for (const match of section.matchAll(/^\|\s*`?([A-Za-z][A-Za-z0-9-]*)`?\s*\|\s*(\d+)\s*\|/gm)) rows.set(match[1]!, Number(match[2]));
  return rows;
}
function countBy(items: Item[], key: 'class' | 'carrier' | 'language'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item[key], (counts.get(item[key]) ?? 0) + 1);
  return counts;
}
const sorted = (map: Map<string, number>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));

describe('integrity set D', () => {
  const poisoned = load('poisoned.json');
  const benign = load('benign.json');

  it('has at least 300 items in each file, with unique ids of the right prefix', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(300);
    expect(benign.length).toBeGreaterThanOrEqual(300);
    const ids = [...poisoned, ...benign].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(poisoned.filter((item) => !/^dp-[a-z0-9-]+-\d{3}$/.test(item.id))).toEqual([]);
    expect(benign.filter((item) => !/^db-[a-z0-9-]+-\d{3}$/.test(item.id))).toEqual([]);
  });

  it('uses only the twelve poisoned classes, each at least ten times', () => {
    const counts = countBy(poisoned, 'class');
    expect([...counts.keys()].sort()).toEqual([...POISON_CLASSES].sort());
    for (const [cls, n] of counts) expect(n, cls).toBeGreaterThanOrEqual(10);
  });

  it('gives every item at least one non-empty scanned text', () => {
    expect([...poisoned, ...benign].filter((item) => scannedTexts(item).length === 0).map((item) => item.id)).toEqual([]);
  });

  it('counts classes, carriers, languages and benign categories as the README says', () => {
    expect(sorted(readmeTable('Poisoned classes'))).toEqual(sorted(countBy(poisoned, 'class')));
    expect(sorted(readmeTable('Poisoned carriers'))).toEqual(sorted(countBy(poisoned, 'carrier')));
    expect(sorted(readmeTable('Poisoned languages'))).toEqual(sorted(countBy(poisoned, 'language')));
    expect(sorted(readmeTable('Benign categories'))).toEqual(sorted(countBy(benign, 'class')));
  });

  it('covers at least twelve languages besides English among the poisoned items', () => {
    const languages = [...countBy(poisoned, 'language').keys()].filter((lang) => !['en', 'mixed'].includes(lang) && !lang.endsWith('-Latn'));
    expect(languages.length).toBeGreaterThanOrEqual(12);
  });

  it('has shadowing items that list the servers beside them and name a tool or label of theirs', () => {
    const shadowing = poisoned.filter((item) => item.class === 'shadowing');
    expect(shadowing.length).toBeGreaterThan(0);
    const unnamed = shadowing.filter((item) => {
      const text = scannedTexts(item).join('\n');
      return !item.others?.some((other) => text.includes(other.label) || other.tools.some((name) => text.includes(name)));
    });
    expect(unnamed.map((item) => item.id)).toEqual([]);
  });

  it('has cross-server benign items that list the servers they mention', () => {
    const cross = benign.filter((item) => item.class === 'cross-server');
    expect(cross.length).toBeGreaterThan(0);
    expect(cross.filter((item) => !item.others).map((item) => item.id)).toEqual([]);
  });

  it('keeps hidden characters where the smuggling items put them', () => {
    const tagged = /[\u{E0000}-\u{E007F}]|[\u{E0100}-\u{E01EF}]/u;
    // Format, control and padding characters the zero-width/bidi items hide text with, as code points
    // (a regex class would trip the linter on the escape and the combining joiner).
    const RANGES: [number, number][] = [
      [0x1b, 0x1b], [0xa0, 0xa0], [0xad, 0xad], [0x34f, 0x34f], [0x180e, 0x180e], [0x200b, 0x200f], [0x2028, 0x2028],
      [0x202a, 0x202e], [0x2060, 0x2069], [0x2800, 0x2800], [0x3000, 0x3000], [0x3164, 0x3164], [0xfeff, 0xfeff],
      [0xffa0, 0xffa0], [0xfff9, 0xfffb],
    ];
    const invisible = {
      test: (text: string) => [...text].some((ch) => RANGES.some(([low, high]) => ch.codePointAt(0)! >= low && ch.codePointAt(0)! <= high)),
    };
    const smuggled = poisoned.filter((item) => item.class === 'ascii-smuggling');
    expect(smuggled.filter((item) => !tagged.test(scannedTexts(item).join(''))).map((item) => item.id)).toEqual([]);
    const hidden = poisoned.filter((item) => item.class === 'zero-width-bidi');
    expect(hidden.filter((item) => !invisible.test(scannedTexts(item).join(''))).map((item) => item.id)).toEqual([]);
  });

  it('keeps each source file under 400 lines', () => {
    const source = path.join(DIR, 'source');
    const long = fs.readdirSync(source)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => fs.readFileSync(path.join(source, name), 'utf8').split('\n').length - 1 > 400);
    expect(long).toEqual([]);
  });
});

describe('integrity set D sources', () => {
  it('generate exactly the JSON files checked in', async () => {
    const { buildSets } = await import('../fixtures/integrity-set-d/source/build.js');
    const built = buildSets();
    const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
    expect(JSON.parse(JSON.stringify(built.poisoned))).toEqual(read('poisoned.json'));
    expect(JSON.parse(JSON.stringify(built.benign))).toEqual(read('benign.json'));
  });
});
