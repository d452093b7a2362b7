// Set E (the held-out integrity set) is well formed: its shape, unique ids, the counts its README
// states, a scanned text in every item, and shadowing items naming what they target. It never runs
// the detector: the set's worth is that nothing was tuned on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const folder = join(import.meta.dirname, '../fixtures/integrity-set-e');

const schemaNode: z.ZodType<SchemaNode> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    properties: z.record(z.string(), schemaNode).optional(),
    items: schemaNode.optional(),
    required: z.array(z.string()).optional(),
    enum: z.array(z.string()).optional(),
  }).strict(),
);
interface SchemaNode {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  required?: string[];
  enum?: string[];
}
const tool = z.object({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: schemaNode.optional(),
  outputSchema: schemaNode.optional(),
}).strict();
const server = z.object({
  instructions: z.string().optional(),
  prompts: z.array(z.object({ name: z.string().min(1), title: z.string().optional(), description: z.string().optional(), arguments: z.array(z.object({ name: z.string().min(1), description: z.string().optional() }).strict()).optional() }).strict()).optional(),
  resources: z.array(z.object({ name: z.string().min(1), uri: z.string().min(1), title: z.string().optional(), description: z.string().optional() }).strict()).optional(),
}).strict();
const item = z.object({
  id: z.string(),
  class: z.string().min(1),
  carrier: z.string().min(1),
  language: z.string().min(2),
  tool: tool.optional(),
  server: server.optional(),
  others: z.array(z.object({ label: z.string().min(1), tools: z.array(z.string().min(1)).min(1) }).strict()).optional(),
  previous: tool.optional(),
}).strict().refine((value) => (value.tool === undefined) !== (value.server === undefined), 'exactly one of tool and server');
type SetItem = z.infer<typeof item>;

function load(name: string): SetItem[] {
  return z.array(item).parse(JSON.parse(readFileSync(join(folder, name), 'utf8')));
}

function schemaTexts(node: SchemaNode | undefined): string[] {
  if (node === undefined) return [];
  return [node.title ?? '', node.description ?? '', ...Object.values(node.properties ?? {}).flatMap(schemaTexts), ...schemaTexts(node.items)];
}

/** Every text the detector scans in an item (never `previous`, which the bench ignores). */
function scannedTexts(value: SetItem): string[] {
  const t = value.tool;
  const s = value.server;
  const texts = [
    t?.title ?? '', t?.description ?? '', ...schemaTexts(t?.inputSchema), ...schemaTexts(t?.outputSchema),
    s?.instructions ?? '',
    ...(s?.prompts ?? []).flatMap((p) => [p.title ?? '', p.description ?? '', ...(p.arguments ?? []).map((a) => a.description ?? '')]),
    ...(s?.resources ?? []).flatMap((r) => [r.title ?? '', r.description ?? '']),
  ];
  return texts.filter((text) => text.trim() !== '');
}

/** The `| name | count |` rows of the README table under a heading. */
function readmeCounts(heading: string): Map<string, number> {
  const readme = readFileSync(join(folder, 'README.md'), 'utf8');
  const start = readme.indexOf(`## ${heading}`);
  expect(start, `README section "${heading}"`).toBeGreaterThanOrEqual(0);
  const section = readme.slice(start).split('\n## ')[0] ?? '';
  const counts = new Map<string, number>();
  for (const match of section.matchAll(/^\| `([^`]+)` \| (\d+) \|/gm)) counts.set(match[1] ?? '', Number(match[2]));
  return counts;
}

function tally(items: SetItem[], key: (value: SetItem) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of items) counts.set(key(value), (counts.get(key(value)) ?? 0) + 1);
  return counts;
}

const POISONED_CLASSES = ['hidden-instructions', 'sensitive-data', 'exfiltration', 'shadowing', 'rug-pull', 'ascii-smuggling', 'zero-width-bidi', 'encoded-payload', 'translated', 'subtle', 'parameter-tampering', 'function-hijacking'];
const BENIGN_CATEGORIES = ['cloud', 'devops', 'secrets-manager', 'email', 'calendar', 'finance', 'payments', 'security-scanner', 'shell', 'database', 'browser-automation', 'http-client', 'encoding-tools', 'crypto-wallet', 'i18n', 'rtl', 'emoji', 'cross-server', 'server-texts', 'ai-agents'];

describe('integrity set E', () => {
  const poisoned = load('poisoned.json');
  const benign = load('benign.json');

  it('holds at least 300 poisoned and 300 benign items with unique, prefixed ids', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(300);
    expect(benign.length).toBeGreaterThanOrEqual(300);
    const ids = [...poisoned, ...benign].map((value) => value.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const value of poisoned) expect(value.id).toMatch(/^ep-[a-z0-9-]+$/);
    for (const value of benign) expect(value.id).toMatch(/^eb-[a-z0-9-]+$/);
  });

  it('gives every item at least one non-empty scanned text', () => {
    for (const value of [...poisoned, ...benign]) expect(scannedTexts(value).length, value.id).toBeGreaterThan(0);
  });

  it('has every attack class and the counts per class, carrier and language the README states', () => {
    expect([...tally(poisoned, (value) => value.class).keys()].sort()).toEqual([...POISONED_CLASSES].sort());
    expect(tally(poisoned, (value) => value.class)).toEqual(readmeCounts('Poisoned classes'));
    expect(tally(poisoned, (value) => value.carrier)).toEqual(readmeCounts('Carriers'));
    expect(tally(poisoned, (value) => value.language)).toEqual(readmeCounts('Languages of the poisoned items'));
    const otherLanguages = [...tally(poisoned, (value) => value.language).keys()].filter((language) => language !== 'en' && language !== 'mixed');
    expect(otherLanguages.length).toBeGreaterThanOrEqual(12);
  });

  it('has every benign category the brief asks for, with the counts the README states', () => {
    const counts = tally(benign, (value) => value.class);
    for (const category of BENIGN_CATEGORIES) expect(counts.get(category) ?? 0, category).toBeGreaterThan(0);
    expect(counts).toEqual(readmeCounts('Benign categories'));
  });

  it('names, in every shadowing, cross-server or other item with `others`, a tool or label of another configured server', () => {
    const shadowing = poisoned.filter((value) => value.class === 'shadowing');
    expect(shadowing.length).toBeGreaterThan(0);
    const named = [...poisoned, ...benign].filter((value) => value.others !== undefined || value.class === 'shadowing' || value.class === 'cross-server');
    for (const value of named) {
      expect(value.others?.length ?? 0, value.id).toBeGreaterThan(0);
      const text = scannedTexts(value).join('\n');
      const names = (value.others ?? []).flatMap((other) => [other.label, ...other.tools]);
      expect(names.some((name) => text.includes(name)), value.id).toBe(true);
    }
  });

  it('keeps the invisible-character classes invisible and rug pulls as a new definition', () => {
    const invisible: [number, number][] = [[0xe0000, 0xe007f], [0xfe00, 0xfe0f], [0xe0100, 0xe01ef], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x2069], [0xad, 0xad], [0xfeff, 0xfeff], [0x180e, 0x180e]];
    const hasInvisible = (text: string): boolean => [...text].some((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return invisible.some(([low, high]) => code >= low && code <= high);
    });
    for (const value of poisoned.filter((v) => v.class === 'ascii-smuggling' || v.class === 'zero-width-bidi')) {
      expect(hasInvisible(scannedTexts(value).join('')), value.id).toBe(true);
    }
    expect(hasInvisible('plain text')).toBe(false);
    for (const value of poisoned.filter((v) => v.class === 'rug-pull' && v.previous !== undefined)) {
      expect(JSON.stringify(value.previous), value.id).not.toBe(JSON.stringify(value.tool));
      expect(value.previous?.name, value.id).toBe(value.tool?.name);
    }
  });
});
