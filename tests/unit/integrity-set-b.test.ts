// Validity of the held-out integrity set (tests/fixtures/integrity-set-b): its shape, its
// counts, and that the README's tables and the sources agree with the JSON. No detector runs here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benign } from '../fixtures/integrity-set-b/source/benign.js';
import { poisonedItems } from '../fixtures/integrity-set-b/source/build.js';

const dir = new URL('../fixtures/integrity-set-b/', import.meta.url);
type Obj = { [key: string]: unknown };
const load = (name: string): Obj[] => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Obj[];
const poisoned = load('poisoned.json');
const benignItems = load('benign.json');
const readme = readFileSync(new URL('README.md', dir), 'utf8');

const POISON_CLASSES = ['hidden-instructions', 'sensitive-data', 'exfiltration', 'shadowing', 'rug-pull', 'ascii-smuggling', 'zero-width-bidi', 'encoded-payload', 'translated', 'subtle'];
const CARRIERS = ['description', 'param-description', 'nested-param-description', 'output-description', 'title', 'param-title', 'instructions', 'prompt-description', 'resource-description'];

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Every title and description inside a JSON schema, with whether it sits below the top level. */
function schemaTexts(schema: unknown, depth = 0, out: { key: string; depth: number }[] = []): { key: string; depth: number }[] {
  if (!isObj(schema)) return out;
  for (const key of ['title', 'description']) if (isStr(schema[key])) out.push({ key, depth });
  const props = schema.properties;
  if (isObj(props)) for (const p of Object.values(props)) schemaTexts(p, depth + 1, out);
  if (schema.items !== undefined) schemaTexts(schema.items, depth, out);
  return out;
}

/** Problems with one item's shape, as words. */
function problems(item: Obj, prefix: string): string[] {
  const bad: string[] = [];
  if (!isStr(item.id) || !item.id.startsWith(prefix)) bad.push('id');
  for (const k of ['class', 'carrier', 'language', 'technique']) if (!isStr(item[k])) bad.push(k);
  if (!CARRIERS.includes(item.carrier as string)) bad.push('carrier value');
  const hasTool = item.tool !== undefined;
  const hasServer = item.server !== undefined;
  if (hasTool === hasServer) bad.push('exactly one of tool and server');
  if (hasTool) {
    const tool = item.tool;
    if (!isObj(tool) || !isStr(tool.name)) return [...bad, 'tool.name'];
    for (const k of ['title', 'description']) if (tool[k] !== undefined && typeof tool[k] !== 'string') bad.push(`tool.${k}`);
    for (const k of ['inputSchema', 'outputSchema']) if (tool[k] !== undefined && !isObj(tool[k])) bad.push(`tool.${k}`);
    const input = schemaTexts(tool.inputSchema);
    const output = schemaTexts(tool.outputSchema);
    const holds: Record<string, boolean> = {
      description: isStr(tool.description),
      title: isStr(tool.title),
      'param-description': input.some((t) => t.key === 'description' && t.depth >= 1),
      'nested-param-description': input.some((t) => t.key === 'description' && t.depth >= 2),
      'param-title': input.some((t) => t.key === 'title' && t.depth >= 1),
      'output-description': output.some((t) => t.key === 'description'),
    };
    if (holds[item.carrier as string] !== true) bad.push(`no text where the carrier says (${String(item.carrier)})`);
  }
  if (hasServer) {
    const s = item.server;
    if (!isObj(s)) return [...bad, 'server'];
    if (s.instructions !== undefined && typeof s.instructions !== 'string') bad.push('server.instructions');
    const prompts = s.prompts ?? [];
    const resources = s.resources ?? [];
    if (!Array.isArray(prompts) || !prompts.every((p) => isObj(p) && isStr(p.name) && isStr(p.description) && (p.arguments === undefined || Array.isArray(p.arguments)))) bad.push('server.prompts');
    if (!Array.isArray(resources) || !resources.every((r) => isObj(r) && isStr(r.name) && isStr(r.uri) && isStr(r.description))) bad.push('server.resources');
    const holds: Record<string, boolean> = {
      instructions: isStr(s.instructions),
      'prompt-description': Array.isArray(prompts) && prompts.length > 0,
      'resource-description': Array.isArray(resources) && resources.length > 0,
    };
    if (holds[item.carrier as string] !== true) bad.push(`no text where the carrier says (${String(item.carrier)})`);
  }
  if (item.others !== undefined) {
    const o = item.others;
    if (!Array.isArray(o) || o.length === 0 || !o.every((x) => isObj(x) && isStr(x.label) && Array.isArray(x.tools) && x.tools.length > 0 && x.tools.every(isStr))) bad.push('others');
  }
  return bad;
}

function count(items: Obj[], key: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const i of items) m.set(String(i[key]), (m.get(String(i[key])) ?? 0) + 1);
  return m;
}

/** The README table whose header row starts with `| <title> |`, as key → number. */
function table(title: string): Map<string, number> {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${title} |`));
  if (start < 0) throw new Error(`README has no table "${title}"`);
  const m = new Map<string, number>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((c) => c.trim());
    m.set(cells[1] ?? '', Number(cells[2]));
  }
  return m;
}

describe('held-out integrity set', () => {
  it('has at least 300 poisoned items, each well formed, with unique ids', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(300);
    const bad = poisoned.map((i) => [i.id, problems(i, 'hp-')] as const).filter(([, p]) => p.length > 0);
    expect(bad).toEqual([]);
    expect(new Set(poisoned.map((i) => i.id)).size).toBe(poisoned.length);
  });

  it('has at least 300 benign items, each well formed, with unique ids', () => {
    expect(benignItems.length).toBeGreaterThanOrEqual(300);
    const bad = benignItems.map((i) => [i.id, problems(i, 'hb-')] as const).filter(([, p]) => p.length > 0);
    expect(bad).toEqual([]);
    expect(new Set(benignItems.map((i) => i.id)).size).toBe(benignItems.length);
  });

  it('covers every poisoned class, every carrier and at least 12 languages', () => {
    const classes = count(poisoned, 'class');
    expect([...classes.keys()].sort()).toEqual([...POISON_CLASSES].sort());
    for (const c of POISON_CLASSES) expect(classes.get(c), c).toBeGreaterThanOrEqual(20);
    expect([...count(poisoned, 'carrier').keys()].sort()).toEqual([...CARRIERS].sort());
    expect(count(poisoned, 'language').size).toBeGreaterThanOrEqual(12);
    expect(count(benignItems, 'language').size).toBeGreaterThanOrEqual(12);
  });

  it('gives shadowing items the servers beside them, and rug pulls what they were before', () => {
    for (const i of poisoned.filter((x) => x.class === 'shadowing')) expect(i.others, String(i.id)).toBeDefined();
    for (const i of poisoned.filter((x) => x.class === 'rug-pull')) {
      const prev = i.previous;
      expect(isObj(prev) && (isObj(prev.tool) || isObj(prev.server)), String(i.id)).toBe(true);
      expect(JSON.stringify(isObj(prev) ? (prev.tool ?? prev.server) : null)).not.toBe(JSON.stringify(i.tool ?? i.server));
    }
  });

  it('hides characters in the hidden-character classes, and the benign half has its innocent ones too', () => {
    const RANGES: [number, number][] = [
      [0x1b, 0x1b], [0xad, 0xad], [0x34f, 0x34f], [0x180e, 0x180e], [0x200b, 0x200f], [0x2028, 0x2028], [0x202a, 0x202e],
      [0x2060, 0x2064], [0x2066, 0x2069], [0x2800, 0x2800], [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff],
      [0xe0000, 0xe007f], [0xe0100, 0xe01ef],
    ];
    const hidden = (v: unknown): boolean => [...JSON.stringify(v)].some((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return RANGES.some(([lo, hi]) => c >= lo && c <= hi);
    }) || JSON.stringify(v).includes('\\u001b');
    const tagged = (v: unknown): boolean => [...JSON.stringify(v)].some((ch) => (ch.codePointAt(0) ?? 0) >= 0xe0020 && (ch.codePointAt(0) ?? 0) <= 0xe007e);
    for (const i of poisoned.filter((x) => x.class === 'ascii-smuggling' || x.class === 'zero-width-bidi')) expect(hidden(i.tool ?? i.server), String(i.id)).toBe(true);
    for (const i of poisoned.filter((x) => x.class === 'ascii-smuggling')) expect(tagged(i.tool ?? i.server), String(i.id)).toBe(true);
    expect(benignItems.filter((i) => hidden(i.tool ?? i.server)).length).toBeGreaterThanOrEqual(15);
  });

  it('matches the README tables', () => {
    const same = (title: string, items: Obj[], key: string): void => expect(Object.fromEntries(table(title)), title).toEqual(Object.fromEntries(count(items, key)));
    same('Poisoned class', poisoned, 'class');
    same('Poisoned carrier', poisoned, 'carrier');
    same('Poisoned language', poisoned, 'language');
    same('Benign category', benignItems, 'class');
    same('Benign carrier', benignItems, 'carrier');
    same('Benign language', benignItems, 'language');
  });

  it('is what its sources generate', () => {
    expect(poisoned).toEqual(JSON.parse(JSON.stringify(poisonedItems())));
    expect(benignItems).toEqual(JSON.parse(JSON.stringify(benign())));
  });
});
