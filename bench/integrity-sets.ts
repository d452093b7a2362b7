// The written sets of definitions the offline scan is measured on, read from their folders: the
// hand-written poisoned set (tests/fixtures/integrity-poisoned/: items { tool | server, context? }),
// and the independent sets (tests/fixtures/integrity-set-a/ and integrity-set-b/:
// poisoned.json and benign.json, items { id, class, tool | server, others? }). Each definition
// is scanned as a server lists it, with the other configured servers as context.
import fs from 'node:fs';
import type { Finding } from '../src/types/integrity.js';
import { hasHigh, scanServer, scanTool, type ScanContext, type ScannedTool, type ScanOptions } from '../src/main/integrity/scan.js';
import type { ServerTexts } from './poisoned-tools.js';

export interface Definition {
  tool?: ScannedTool;
  server?: ServerTexts;
  context?: ScanContext;
  /** The set's class for it ("exfiltration", "cross-server"…), when the set has classes. */
  class?: string;
}

export interface DefinitionSet {
  poisoned: Definition[];
  clean: Definition[];
}

interface RawItem {
  tool?: ScannedTool;
  server?: ServerTexts;
  context?: ScanContext;
  others?: ScanContext['others'];
  class?: string;
  poisoned?: boolean;
}

function definitionOf(item: RawItem): Definition {
  const context = item.context ?? (Array.isArray(item.others) ? { others: item.others } : undefined);
  return {
    ...(item.tool === undefined ? {} : { tool: item.tool }),
    ...(item.server === undefined ? {} : { server: item.server }),
    ...(context === undefined ? {} : { context }),
    ...(typeof item.class === 'string' ? { class: item.class } : {}),
  };
}

/**
 * The definitions of a folder of JSON files: `poisoned.json` and `benign.json` (lists), or any
 * file holding { poisoned: [], clean: [] } or a list whose items say `poisoned: false` when clean.
 * Null when the folder is not there.
 */
export function readDefinitionSet(folder: string): DefinitionSet | null {
  if (!fs.existsSync(folder)) return null;
  const set: DefinitionSet = { poisoned: [], clean: [] };
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json')).sort()) {
    const data: unknown = JSON.parse(fs.readFileSync(`${folder}/${file}`, 'utf8'));
    if (Array.isArray(data)) {
      for (const item of data as RawItem[]) {
        const clean = file === 'benign.json' || item.poisoned === false;
        (clean ? set.clean : set.poisoned).push(definitionOf(item));
      }
    } else if (typeof data === 'object' && data !== null) {
      const record = data as { poisoned?: RawItem[]; clean?: RawItem[] };
      if (Array.isArray(record.poisoned)) set.poisoned.push(...record.poisoned.map(definitionOf));
      if (Array.isArray(record.clean)) set.clean.push(...record.clean.map(definitionOf));
    }
  }
  return set;
}

/** Whether a definition gets a high finding (it would be held for review). */
export function flagged(definition: Definition): boolean {
  return hasHigh(definitionFindings(definition));
}

/** Every finding of a definition: its tool's and its server texts', as the manager scans them. */
export function definitionFindings(definition: Definition, options: ScanOptions = {}): Finding[] {
  return [...(definition.tool === undefined ? [] : scanTool(definition.tool, definition.context, options)), ...(definition.server === undefined ? [] : scanServer(definition.server, definition.context, options))];
}

export interface SetFigures {
  poisoned: number;
  detected: number;
  clean: number;
  falseHigh: number;
  /** class → [flagged, all], for the poisoned and the clean half apart. */
  poisonedByClass: Record<string, [number, number]>;
  cleanByClass: Record<string, [number, number]>;
}

function byClass(definitions: readonly Definition[], hits: readonly boolean[]): Record<string, [number, number]> {
  const counts: Record<string, [number, number]> = {};
  definitions.forEach((definition, index) => {
    const entry = (counts[definition.class ?? 'all'] ??= [0, 0]);
    entry[1]++;
    if (hits[index]) entry[0]++;
  });
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** A set's figures: poisoned definitions flagged, clean ones flagged (false highs), per class. */
export function measureSet(set: DefinitionSet): SetFigures {
  const poisonedHits = set.poisoned.map(flagged);
  const cleanHits = set.clean.map(flagged);
  return {
    poisoned: set.poisoned.length,
    detected: poisonedHits.filter(Boolean).length,
    clean: set.clean.length,
    falseHigh: cleanHits.filter(Boolean).length,
    poisonedByClass: byClass(set.poisoned, poisonedHits),
    cleanByClass: byClass(set.clean, cleanHits),
  };
}
