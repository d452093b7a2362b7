// The labelled texts the learned scorer is trained and measured on: the written sets (A, B, D,
// hand-written: tests/fixtures/), generated samples (bench/poisoned-tools.ts, fresh per seed)
// and the real tools of the published servers, split by server into a training and a held part.
import fs from 'node:fs';
import { schemaTexts, type ScannedTool } from '../../src/main/integrity/scan.js';
import { readDefinitionSet, type Definition } from '../integrity-sets.js';
import { corpusServers, drawPoisoned, type CorpusServer, type ServerTexts } from '../poisoned-tools.js';

export interface ItemText {
  where: string;
  text: string;
}

/** One definition: its texts, whether it is poisoned, the texts of its clean previous version. */
export interface Item {
  texts: ItemText[];
  poisoned: boolean;
  /** Texts known clean (a rug pull's previous definition): never the poisoned one. */
  cleanTexts: ReadonlySet<string>;
  definition: Definition;
  /** Items of one group go to the same fold (a real server's tools are one group). */
  group: string;
  /** A real tool's place among all the corpus's tools (corpusServers order): the baseline's key. */
  realIndex?: number;
}

export const SET_NAMES = ['a', 'b', 'd'] as const;
export type SetName = (typeof SET_NAMES)[number];

/** Every text a model reads of a tool and of a server's other parts (as scan.ts walks them). */
export function textsOf(tool: ScannedTool | undefined, server: ServerTexts | undefined): ItemText[] {
  const texts: ItemText[] = [];
  if (tool !== undefined) {
    if (typeof tool.title === 'string') texts.push({ where: 'title', text: tool.title });
    if (typeof tool.description === 'string') texts.push({ where: 'description', text: tool.description });
    texts.push(...schemaTexts(tool.inputSchema, 'inputSchema'), ...schemaTexts(tool.outputSchema, 'outputSchema'));
  }
  if (server !== undefined) {
    const full = server as ServerTexts & {
      prompts?: Array<{ name: string; title?: string; description?: string; arguments?: Array<{ name: string; description?: string }> }>;
      resources?: Array<{ name: string; title?: string; description?: string }>;
    };
    if (typeof full.instructions === 'string') texts.push({ where: 'instructions', text: full.instructions });
    for (const prompt of full.prompts ?? []) {
      if (typeof prompt.title === 'string') texts.push({ where: `prompts.${prompt.name}.title`, text: prompt.title });
      if (typeof prompt.description === 'string') texts.push({ where: `prompts.${prompt.name}.description`, text: prompt.description });
      for (const argument of prompt.arguments ?? []) if (typeof argument.description === 'string') texts.push({ where: `prompts.${prompt.name}.arguments.${argument.name}.description`, text: argument.description });
    }
    for (const resource of full.resources ?? []) {
      if (typeof resource.title === 'string') texts.push({ where: `resources.${resource.name}.title`, text: resource.title });
      if (typeof resource.description === 'string') texts.push({ where: `resources.${resource.name}.description`, text: resource.description });
    }
  }
  return texts.filter((entry) => typeof entry.text === 'string' && entry.text !== '');
}

function itemOf(definition: Definition, poisoned: boolean, group: string, previous?: unknown): Item {
  const prior = previous !== null && typeof previous === 'object' ? (previous as { tool?: ScannedTool; server?: ServerTexts }) : undefined;
  const priorTexts = prior === undefined ? [] : textsOf(prior.tool ?? (prior as ScannedTool), prior.server);
  return { texts: textsOf(definition.tool, definition.server), poisoned, cleanTexts: new Set(priorTexts.map((entry) => entry.text)), definition, group };
}

/** A written set's items, poisoned first, in file order (rug pulls' `previous` kept as clean texts). */
export function readSet(folder: string): Item[] {
  const set = readDefinitionSet(`tests/fixtures/${folder}`);
  if (set === null) throw new Error(`no set at tests/fixtures/${folder}`);
  const previous = readPrevious(folder);
  return [...set.poisoned.map((definition, index) => itemOf(definition, true, `${folder}:p${index}`, previous[index])), ...set.clean.map((definition, index) => itemOf(definition, false, `${folder}:c${index}`))];
}

/** The `previous` of each poisoned item, in the order readDefinitionSet reads them. */
function readPrevious(folder: string): unknown[] {
  const file = `tests/fixtures/${folder}/poisoned.json`;
  if (!fs.existsSync(file)) return [];
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  return Array.isArray(data) ? data.map((item: { previous?: unknown }) => item.previous) : [];
}

/** FNV-1a of a string: the split of the real servers into training and held parts. */
export function labelHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}

export interface IndexedServer extends CorpusServer {
  /** The place of its first tool among all the corpus's tools. */
  first: number;
}

export function indexedServers(): IndexedServer[] {
  let first = 0;
  return corpusServers().map((server) => {
    const indexed = { ...server, first };
    first += server.tools.length;
    return indexed;
  });
}

/** The real servers, split: a third held for measuring false highs, by a seeded hash of the label. */
export function realSplit(seed: number): { train: IndexedServer[]; held: IndexedServer[] } {
  const servers = indexedServers();
  const held = (server: CorpusServer): boolean => labelHash(`${seed}:${server.label}`) % 3 === 0;
  return { train: servers.filter((server) => !held(server)), held: servers.filter(held) };
}

export function realItems(servers: readonly IndexedServer[]): Item[] {
  return servers.flatMap((server) => server.tools.map((tool, index) => ({ texts: textsOf(tool, undefined), poisoned: false, cleanTexts: new Set<string>(), definition: { tool }, group: server.label, realIndex: server.first + index })));
}

/** Generated poisoned samples on the given servers' tools; the host tool's own texts are clean. */
export function generatedItems(servers: readonly CorpusServer[], seeds: readonly number[], perSeed: number): Item[] {
  const hosts = new Map<string, ScannedTool>();
  for (const server of servers) for (const tool of server.tools) hosts.set(tool.name, tool);
  return seeds.flatMap((seed) =>
    drawPoisoned(servers, seed, perSeed).map((sample, index) => {
      const host = hosts.get(sample.tool.name);
      const clean = host === undefined ? [] : textsOf(host, undefined);
      return { texts: textsOf(sample.tool, sample.server), poisoned: true, cleanTexts: new Set(clean.map((entry) => entry.text)), definition: { tool: sample.tool, server: sample.server, context: sample.context }, group: `generated:${seed}:${index}` };
    }),
  );
}
