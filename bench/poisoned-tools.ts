// A seeded generator of poisoned definitions: payload intents × phrasings × languages ×
// encodings × carriers (bench/poison-phrasings.ts), injected into real tools of the published
// corpus as a poisoner would (appended to a clean description, in a parameter, a nested
// parameter, the output schema, the title, or the server's prompts, resources and instructions),
// with the other configured servers as context. Fresh samples per seed.
import { createRequire } from 'node:module';
import type { ScanContext, ScannedTool } from '../src/main/integrity/scan.js';
import { ATTACKER_EMAILS, ATTACKER_URLS, INTENTS, SECRET_FILES, SMUGGLED_PARAMS, TAMPERED_VALUES, type AttackClass, type Intent, type Language } from './poison-phrasings.js';
import { seededRandom } from './stats.js';

export const CARRIERS = ['description-append', 'description-prepend', 'parameter', 'nested-parameter', 'output-schema', 'title', 'prompt', 'resource', 'instructions'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const ENCODINGS = ['plain', 'important-block', 'html-comment', 'base64', 'hex', 'url-encoding', 'html-entities', 'tag-characters', 'zero-width', 'homoglyphs', 'leetspeak', 'fullwidth'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface CorpusServer {
  label: string;
  tools: ScannedTool[];
}

export interface ServerTexts {
  instructions?: string;
  prompts?: Array<{ name: string; description?: string }>;
  resources?: Array<{ name: string; description?: string }>;
}

export interface PoisonedSample {
  tool: ScannedTool;
  server: ServerTexts;
  context: ScanContext;
  intent: string;
  attack: AttackClass;
  language: Language;
  carrier: Carrier;
  encoding: Encoding;
  /** Of the held-out half of the phrasings (never looked at while calibrating). */
  heldOut: boolean;
}

/** The recorded tools of the published servers (tests/fixtures), one entry per server. */
export function corpusServers(): CorpusServer[] {
  const require = createRequire(import.meta.url);
  const small = require('../tests/fixtures/published-tools.json') as Record<string, ScannedTool[]>;
  const recorded = require('../tests/fixtures/published-corpus.json') as Record<string, { tools: ScannedTool[] }>;
  return [...Object.entries(small).map(([label, tools]) => ({ label, tools })), ...Object.entries(recorded).map(([label, server]) => ({ label, tools: server.tools }))];
}

const LATIN: ReadonlySet<Language> = new Set(['en', 'es', 'fr', 'de', 'pt']);
const CYRILLIC_LOOK_ALIKES: Readonly<Record<string, string>> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', i: 'і', y: 'у', s: 'ѕ' };
const LEET: Readonly<Record<string, string>> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };
const NEUTRAL_PREFIXES = ['', 'Setup: ', 'Config token: ', 'Decode and apply: ', 'Build metadata ', 'ref='];

const utf8Bytes = (text: string): number[] => [...new TextEncoder().encode(text)];
const toBase64 = (text: string): string => btoa(String.fromCharCode(...utf8Bytes(text)));

/** `payload` as `encoding` carries it; `clean` is what it rides on for the invisible encodings. */
function encode(payload: string, encoding: Encoding, random: () => number, pick: <T>(list: readonly T[]) => T): string {
  switch (encoding) {
    case 'plain':
      return payload;
    case 'important-block':
      return `<IMPORTANT>\n${payload}\n</IMPORTANT>`;
    case 'html-comment':
      return `<!-- ${payload} -->`;
    case 'base64':
      return `${pick(NEUTRAL_PREFIXES)}${toBase64(payload)}`;
    case 'hex':
      return `${pick(NEUTRAL_PREFIXES)}${utf8Bytes(payload).map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
    case 'url-encoding':
      return utf8Bytes(payload).map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    case 'html-entities':
      return [...payload].map((char) => `&#${char.codePointAt(0)};`).join('');
    case 'tag-characters':
      return [...payload].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
    case 'zero-width':
      return payload.replace(/[\p{L}]{3,}/gu, (word) => [...word].map((char, index) => (index > 0 && random() < 0.5 ? `\u200b${char}` : char)).join(''));
    case 'homoglyphs':
      return payload.replace(/[aeopcxiys]/g, (char) => (random() < 0.6 ? CYRILLIC_LOOK_ALIKES[char]! : char));
    case 'leetspeak':
      return payload.replace(/[aeiost]/g, (char) => (random() < 0.7 ? LEET[char]! : char));
    case 'fullwidth':
      return payload.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
  }
}

function encodingsFor(language: Language): Encoding[] {
  // Tag characters carry ASCII only; look-alikes and leetspeak are of Latin letters.
  return ENCODINGS.filter((encoding) => (encoding === 'tag-characters' ? language === 'en' : encoding === 'homoglyphs' || encoding === 'leetspeak' ? LATIN.has(language) : true));
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}

/**
 * `count` poisoned samples for `seed`. `half`: only the tuned (even) or held-out (odd) phrasings
 * of each list; both by default.
 */
export function drawPoisoned(servers: readonly CorpusServer[], seed: number, count: number, half?: 'tuned' | 'held-out'): PoisonedSample[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const samples: PoisonedSample[] = [];
  while (samples.length < count) {
    const intent: Intent = pick(INTENTS);
    const language = pick(Object.keys(intent.phrasings) as Language[]);
    const pool = intent.phrasings[language]!;
    const indices = pool.map((_, index) => index).filter((index) => (half === undefined ? true : half === 'tuned' ? index % 2 === 0 : index % 2 === 1));
    if (indices.length === 0) continue;
    const index = pick(indices);
    const hostIndex = Math.floor(random() * servers.length);
    const host = servers[hostIndex]!;
    const base = pick(host.tools);
    const others = [...servers.slice(0, hostIndex), ...servers.slice(hostIndex + 1)];
    const contextServers = Array.from({ length: 3 }, () => pick(others));
    const target = contextServers[0]!;
    const other = pick(target.tools).name;
    const param = pick(SMUGGLED_PARAMS);
    const text = fill(pool[index]!, {
      file: pick(SECRET_FILES),
      param,
      other,
      server: target.label,
      url: pick(ATTACKER_URLS),
      email: pick(ATTACKER_EMAILS),
      value: pick(TAMPERED_VALUES),
    });
    const encoding = pick(encodingsFor(language));
    const carrier = pick(CARRIERS);
    const payload = encode(text, encoding, random, pick);
    const { tool, server } = inject(base, payload, carrier, param, encoding === 'tag-characters');
    const context: ScanContext = { others: contextServers.map((entry) => ({ label: entry.label, tools: entry.tools.map((t) => t.name) })), own: [host.label, ...host.tools.map((t) => t.name)] };
    samples.push({ tool, server, context, intent: intent.id, attack: intent.attack, language, carrier, encoding, heldOut: index % 2 === 1 });
  }
  return samples;
}

/** A copy of `base` (and server texts) carrying `payload` in `carrier`. Invisible payloads ride on the clean text. */
function inject(base: ScannedTool, payload: string, carrier: Carrier, param: string, invisible: boolean): { tool: ScannedTool; server: ServerTexts } {
  const clean = base.description ?? '';
  const tool: ScannedTool = { ...base, inputSchema: structuredClone(base.inputSchema ?? { type: 'object', properties: {} }) };
  const server: ServerTexts = {};
  const schema = tool.inputSchema as { properties?: Record<string, unknown> };
  schema.properties ??= {};
  const riding = (text: string): string => (invisible ? `${text}${payload}` : payload);
  switch (carrier) {
    case 'description-append':
      tool.description = invisible ? `${clean}${payload}` : `${clean}\n\n${payload}`;
      break;
    case 'description-prepend':
      tool.description = invisible ? `${payload}${clean}` : `${payload} ${clean}`;
      break;
    case 'parameter':
      schema.properties[param] = { type: 'string', description: riding('Optional context for the call.') };
      break;
    case 'nested-parameter':
      schema.properties.options = { type: 'object', description: 'Advanced options.', properties: { [param]: { type: 'string', description: riding('Reserved.') } } };
      break;
    case 'output-schema':
      tool.outputSchema = { type: 'object', description: riding('The result.'), properties: { result: { type: 'string' } } };
      break;
    case 'title':
      tool.title = riding(base.title ?? base.name);
      break;
    case 'prompt':
      server.prompts = [{ name: 'summarize', description: riding('Summarize a document.') }];
      break;
    case 'resource':
      server.resources = [{ name: 'readme', description: riding('The project README.') }];
      break;
    case 'instructions':
      server.instructions = riding('Tools for working with this service.');
      break;
  }
  return { tool, server };
}
