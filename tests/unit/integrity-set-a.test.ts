// The independent tool-poisoning set (tests/fixtures/integrity-set-a/) is well formed: the
// shape and counts its README promises (and the README's tables right), each item's carrier really
// holding text, and the JSON the same as its sources in source/ generate. No detector runs here: the set measures one, so it is
// checked only for what it is.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildBenign } from '../fixtures/integrity-set-a/source/benign.js';
import { buildPoisoned } from '../fixtures/integrity-set-a/source/poisoned.js';
import { mustEscape } from '../fixtures/integrity-set-a/source/serialize.js';
import { BENIGN_CLASSES, CARRIERS, POISONED_CLASSES, type Item, type Schema } from '../fixtures/integrity-set-a/source/types.js';

const read = (name: string): string => fs.readFileSync(new URL(`../fixtures/integrity-set-a/${name}`, import.meta.url), 'utf8');
const POISONED_TEXT = read('poisoned.json');
const BENIGN_TEXT = read('benign.json');
const POISONED = JSON.parse(POISONED_TEXT) as Item<string>[];
const BENIGN = JSON.parse(BENIGN_TEXT) as Item<string>[];

function schemaTexts(schema: Schema | undefined, key: 'description' | 'title', depth = 0): string[] {
  if (schema === undefined) return [];
  const own = depth > 0 && typeof schema[key] === 'string' ? [schema[key]] : [];
  const below = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : [])];
  return [...own, ...below.flatMap((child) => schemaTexts(child, key, depth + 1))];
}

/** The texts an item holds at its carrier (empty when the carrier names a place the item lacks). */
function carried(item: Item<string>): string[] {
  const { tool, server } = item;
  const input = tool?.inputSchema;
  switch (item.carrier) {
    case 'tool-description': return tool?.description ? [tool.description] : [];
    case 'tool-title': return tool?.title ? [tool.title] : [];
    case 'param-description': return Object.values(input?.properties ?? {}).flatMap((prop) => (prop.description ? [prop.description] : []));
    case 'nested-param-description': return Object.values(input?.properties ?? {}).flatMap((prop) => schemaTexts(prop, 'description'));
    case 'output-schema-description': return [tool?.outputSchema?.description ?? '', ...schemaTexts(tool?.outputSchema, 'description')].filter(Boolean);
    case 'schema-title': return [...schemaTexts(input, 'title'), ...schemaTexts(tool?.outputSchema, 'title')];
    case 'prompt-description': return (server?.prompts ?? []).map((prompt) => prompt.description);
    case 'prompt-argument-description': return (server?.prompts ?? []).flatMap((prompt) => (prompt.arguments ?? []).flatMap((arg) => (arg.description ? [arg.description] : [])));
    case 'resource-description': return (server?.resources ?? []).map((resource) => resource.description);
    case 'server-instructions': return server?.instructions ? [server.instructions] : [];
    default: return [];
  }
}

function tally(items: Item<string>[], key: 'class' | 'carrier' | 'language'): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item[key]] = (counts[item[key]] ?? 0) + 1;
  return counts;
}

describe.each([
  ['poisoned', POISONED, POISONED_TEXT, POISONED_CLASSES as readonly string[]],
  ['benign', BENIGN, BENIGN_TEXT, BENIGN_CLASSES as readonly string[]],
])('%s.json', (_name, items, text, classes) => {
  it('holds at least 300 items with unique ids, known classes and carriers, a language and a technique', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) {
      expect(classes, item.id).toContain(item.class);
      expect(CARRIERS, item.id).toContain(item.carrier);
      expect(item.language, item.id).toMatch(/^([a-z]{2,3}|mixed)$/);
      expect(item.technique, item.id).toMatch(/\S/);
    }
  });

  it('gives each item a tool with a name or a server (never both), and text at its carrier', () => {
    for (const item of items) {
      expect(item.tool === undefined, item.id).not.toBe(item.server === undefined);
      if (item.tool !== undefined) expect(item.tool.name, item.id).toMatch(/\S/);
      expect(carried(item).some((found) => found.trim().length > 0), `${item.id} at ${item.carrier}`).toBe(true);
    }
  });

  it('has every class, each at least ten times', () => {
    const counts = tally(items, 'class');
    for (const cls of classes) expect(counts[cls] ?? 0, cls).toBeGreaterThanOrEqual(10);
  });

  it('uses every carrier', () => {
    const counts = tally(items, 'carrier');
    for (const carrier of CARRIERS) expect(counts[carrier] ?? 0, carrier).toBeGreaterThanOrEqual(5);
  });

  it('writes invisible characters as escapes, so the file hides nothing from a reader', () => {
    expect([...text].filter(mustEscape).map((char) => `U+${char.codePointAt(0)!.toString(16)}`)).toEqual([]);
  });
});

describe('the independent set', () => {
  it('puts each poisoned carrier to use at least 20 times', () => {
    const counts = tally(POISONED, 'carrier');
    for (const carrier of CARRIERS) expect(counts[carrier] ?? 0, carrier).toBeGreaterThanOrEqual(20);
  });

  it('has translated poisoned texts in at least eight languages besides English, and benign texts in at least ten', () => {
    const translated = new Set(POISONED.filter((item) => item.class === 'translated').map((item) => item.language));
    translated.delete('en');
    translated.delete('mixed');
    expect(translated.size).toBeGreaterThanOrEqual(8);
    const benign = new Set(BENIGN.map((item) => item.language));
    benign.delete('en');
    expect(benign.size).toBeGreaterThanOrEqual(10);
  });

  it('names the other servers beside every shadowing item, and the approved version before every rug pull', () => {
    for (const item of POISONED.filter((candidate) => candidate.class === 'shadowing')) {
      expect(item.others?.length, item.id).toBeGreaterThan(0);
      for (const other of item.others ?? []) {
        expect(other.label, item.id).toMatch(/\S/);
        expect(other.tools.length, item.id).toBeGreaterThan(0);
      }
    }
    for (const item of POISONED.filter((candidate) => candidate.class === 'rug-pull')) {
      expect(item.previous?.tool ?? item.previous?.server, item.id).toBeDefined();
      expect(item.previous, item.id).not.toEqual({ tool: item.tool });
    }
  });

  it('keeps ids apart between the two files', () => {
    const poisoned = new Set(POISONED.map((item) => item.id));
    expect(BENIGN.filter((item) => poisoned.has(item.id))).toEqual([]);
  });

  it('counts in its README what the files hold, per class and per carrier', () => {
    const readme = read('README.md');
    const rows = (items: Item<string>[]): string[] => Object.entries(tally(items, 'class')).map(([cls, count]) => `| \`${cls}\` | ${count} |`);
    const missing = [...rows(POISONED), ...rows(BENIGN)].filter((row) => !readme.includes(row));
    const poisoned = tally(POISONED, 'carrier');
    const benign = tally(BENIGN, 'carrier');
    missing.push(...CARRIERS.map((carrier) => `| \`${carrier}\` | ${poisoned[carrier] ?? 0} | ${benign[carrier] ?? 0} |`).filter((row) => !readme.includes(row)));
    expect(missing).toEqual([]);
  });

  it('is what source/ generates (regenerate with generate.ts after editing a source)', () => {
    expect(POISONED).toEqual(buildPoisoned());
    expect(BENIGN).toEqual(buildBenign());
  });
});
