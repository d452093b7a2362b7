// Set F of the tool-integrity sets (tests/fixtures/integrity-set-f): checks the files' shape and
// their agreement with the README and with the generator in source/. It never runs the detector:
// the set is held out, and its figures come from the bench alone.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../fixtures/entry.js';
import { buildBenign } from '../fixtures/integrity-set-f/source/benign.js';
import { buildPoisoned } from '../fixtures/integrity-set-f/source/poisoned.js';
import type { Item, Prop, ServerDef, ToolDef } from '../fixtures/integrity-set-f/source/common.js';

const DIR = path.join(REPO_ROOT, 'tests/fixtures/integrity-set-f');
const read = (name: string): Item[] => JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as Item[];
const poisoned = read('poisoned.json');
const benign = read('benign.json');
const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');

const POISON_CLASSES = [
  'hidden-instructions', 'sensitive-data', 'exfiltration', 'shadowing', 'rug-pull', 'ascii-smuggling',
  'zero-width-bidi', 'encoded-payload', 'translated', 'subtle', 'parameter-tampering', 'function-hijacking',
];

function schemaTexts(prop: Prop | undefined): string[] {
  if (!prop) return [];
  const own = [prop.title, prop.description].filter((s): s is string => typeof s === 'string');
  const nested = Object.values(prop.properties ?? {}).flatMap(schemaTexts);
  return [...own, ...nested, ...schemaTexts(prop.items)];
}
function toolTexts(tool: ToolDef): string[] {
  return [tool.title, tool.description].filter((s): s is string => typeof s === 'string')
    .concat(schemaTexts(tool.inputSchema), schemaTexts(tool.outputSchema));
}
function serverTexts(server: ServerDef): string[] {
  const texts = server.instructions ? [server.instructions] : [];
  for (const p of server.prompts ?? []) {
    texts.push(...[p.title, p.description].filter((s): s is string => typeof s === 'string'));
    texts.push(...(p.arguments ?? []).map((a) => a.description).filter((s): s is string => typeof s === 'string'));
  }
  for (const r of server.resources ?? []) texts.push(...[r.title, r.description].filter((s): s is string => typeof s === 'string'));
  return texts;
}
/** Every text the detector is said to scan in an item (the ignored `previous` excluded). */
const scanned = (item: Item): string[] =>
  [...(item.tool ? toolTexts(item.tool) : []), ...(item.server ? serverTexts(item.server) : [])];

/** The rows `| name | count |` of the README table under `heading`. */
function readmeTable(heading: string): Record<string, number> {
  const start = readme.indexOf(`## ${heading}`);
  expect(start, `README section "${heading}"`).toBeGreaterThanOrEqual(0);
  const rest = readme.slice(start + 3);
  const section = rest.slice(0, rest.search(/\n## /) === -1 ? undefined : rest.search(/\n## /));
  const rows: Record<string, number> = {};
  for (const match of section.matchAll(/^\| `?([\w-]+)`? \| (\d+) \|/gm)) rows[match[1]!] = Number(match[2]);
  return rows;
}
function tally(items: Item[], key: (item: Item) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

describe('integrity set F', () => {
  it('has at least 300 items on each side, with unique ids of the right prefix', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(300);
    expect(benign.length).toBeGreaterThanOrEqual(300);
    const ids = [...poisoned, ...benign].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(poisoned.every((i) => /^fp-[\w-]+$/.test(i.id))).toBe(true);
    expect(benign.every((i) => /^fb-[\w-]+$/.test(i.id))).toBe(true);
  });

  it('gives every item its fields and at least one non-empty scanned text', () => {
    for (const item of [...poisoned, ...benign]) {
      expect(typeof item.class, item.id).toBe('string');
      expect(typeof item.carrier, item.id).toBe('string');
      expect(typeof item.language, item.id).toBe('string');
      expect(Boolean(item.tool) || Boolean(item.server), item.id).toBe(true);
      if (item.tool) expect(item.tool.name, item.id).toMatch(/^[\w.-]{1,64}$/);
      if (item.tool?.inputSchema) expect(item.tool.inputSchema.type, item.id).toBe('object');
      expect(scanned(item).some((s) => s.trim().length > 0), item.id).toBe(true);
    }
  });

  it('uses only the brief\'s poison classes, all of them, and at least 12 languages besides English', () => {
    expect(Object.keys(tally(poisoned, (i) => i.class)).sort()).toEqual([...POISON_CLASSES].sort());
    const languages = new Set(poisoned.map((i) => i.language).filter((l) => l !== 'en' && l !== 'mixed'));
    expect(languages.size).toBeGreaterThanOrEqual(12);
  });

  it('names, in a shadowing or hijacking item\'s scanned text, a tool or label of the servers beside it', () => {
    for (const item of poisoned.filter((i) => i.class === 'shadowing' || i.class === 'function-hijacking')) {
      expect(item.others?.length, item.id).toBeGreaterThan(0);
      const text = scanned(item).join('\n');
      const names = item.others!.flatMap((o) => [o.label, ...o.tools]);
      expect(names.some((name) => text.includes(name)), item.id).toBe(true);
    }
    for (const item of benign.filter((i) => i.class === 'cross-server')) {
      const text = scanned(item).join('\n');
      expect(item.others!.flatMap((o) => o.tools).some((name) => text.includes(name)), item.id).toBe(true);
    }
  });

  it('changes a rug pull\'s scanned text from its previous definition', () => {
    for (const item of poisoned.filter((i) => i.class === 'rug-pull')) {
      expect(item.previous, item.id).toBeDefined();
      expect(toolTexts(item.tool!).join('\n'), item.id).not.toBe(toolTexts(item.previous!).join('\n'));
    }
  });

  it('counts what the README says, per class, carrier, language and technique', () => {
    expect(readmeTable('Poisoned classes')).toEqual(tally(poisoned, (i) => i.class));
    expect(readmeTable('Poisoned carriers')).toEqual(tally(poisoned, (i) => i.carrier));
    expect(readmeTable('Poisoned languages')).toEqual(tally(poisoned, (i) => i.language));
    expect(readmeTable('Benign categories')).toEqual(tally(benign, (i) => i.class));
    expect(readmeTable('Poisoned techniques')).toEqual(tally(poisoned.filter((i) => i.technique), (i) => i.technique!));
  });

  it('is what source/ builds (the JSON is not edited by hand)', () => {
    expect(JSON.parse(JSON.stringify(buildPoisoned()))).toEqual(poisoned);
    expect(JSON.parse(JSON.stringify(buildBenign()))).toEqual(benign);
  });
});
