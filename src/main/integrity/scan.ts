// The offline scan of every text a model reads from a server (docs/design.md §12): a tool's title
// and description, the descriptions and titles inside its schemas, prompt and resource
// descriptions, and the server's instructions. No model, no network. Pure.
// How it decides: detectors/README.md; what each kind catches and why: docs/tool-integrity.md.
import type { Finding } from '../../types/integrity.js';
import { findingsOf } from './detectors/combine.js';
import { signalsOf } from './detectors/signals.js';

/** What a scan knows of the other configured servers (for shadowing: a text naming their tools). */
export interface ScanContext {
  others: ReadonlyArray<{ label: string; tools: readonly string[] }>;
  /** Names that are the scanned server's own (its label, its tools'): naming them is not shadowing. */
  own?: readonly string[];
}

/** How a scan reads; tests only. */
export interface ScanOptions {
  /** Read every text fully, without the prefilter (the findings must be the same). */
  exhaustive?: boolean;
}

const NO_NAMES: ReadonlySet<string> = new Set();
const ownNames = new WeakMap<ScanContext, ReadonlySet<string>>();

function ownOf(context: ScanContext | undefined, extra?: string): ReadonlySet<string> {
  if (context?.own === undefined && extra === undefined) return NO_NAMES;
  let names = context === undefined ? undefined : ownNames.get(context);
  if (names === undefined) {
    names = new Set((context?.own ?? []).map((name) => name.toLowerCase()));
    if (context !== undefined) ownNames.set(context, names);
  }
  if (extra === undefined || names.has(extra.toLowerCase())) return names;
  return new Set([...names, extra.toLowerCase()]);
}

/** The parts of a tool definition the scan reads (as the server listed it). */
export interface ScannedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/** The findings of one text at `where`. */
export function scanText(text: string, where: string, context?: ScanContext, options: ScanOptions = {}): Finding[] {
  return scanOne(text, where, context, { own: ownOf(context), params: NO_NAMES, paramKeys: NO_NAMES, purpose: NO_NAMES }, options);
}

/** What a text is read with besides itself: the names that are its own, its tool's parameters and purpose. */
interface Around {
  own: ReadonlySet<string>;
  params: ReadonlySet<string>;
  paramKeys: ReadonlySet<string>;
  purpose: ReadonlySet<string>;
}

/** A tool's parameters (or a prompt's arguments), and the same names without `_` and `-`. */
function paramsOf(names: ReadonlySet<string>): Pick<Around, 'params' | 'paramKeys'> {
  return { params: names, paramKeys: names.size === 0 ? NO_NAMES : new Set([...names].map((name) => name.replace(/[_-]/g, ''))) };
}

function scanOne(text: string, where: string, context: ScanContext | undefined, around: Around, options: ScanOptions): Finding[] {
  if (typeof text !== 'string' || text === '') return [];
  const signals = signalsOf(text, { ...(context === undefined ? {} : { context }), ...around, ...(options.exhaustive === true ? { exhaustive: true } : {}) });
  return signals.length === 0 ? [] : findingsOf(signals, where);
}

/** The words of a name or title: `send_email`, `sendEmail`, "Send e-mail" → send, email. */
function wordsOf(...names: Array<string | undefined>): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    for (const word of name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
  }
  return words;
}

/** The names of a schema's properties, at any depth, lower case. */
function propertyNames(schema: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, into);
  else if (schema !== null && typeof schema === 'object') {
    for (const key in schema) {
      const value = (schema as Record<string, unknown>)[key];
      if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) for (const name in value) into.add(name.toLowerCase());
      if (value !== null && typeof value === 'object') propertyNames(value, into);
    }
  }
  return into;
}

/** Every `description` and `title` inside a JSON Schema, with its path (`inputSchema.properties.x.description`). */
export function schemaTexts(schema: unknown, path: string): Array<{ where: string; text: string }> {
  const found: Array<{ where: string; text: string }> = [];
  walkSchema(schema, path, found);
  return found;
}

function walkSchema(node: unknown, at: string, found: Array<{ where: string; text: string }>): void {
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) walkSchema(node[index], `${at}.${index}`, found);
  } else if (node !== null && typeof node === 'object') {
    for (const key in node) {
      const value = (node as Record<string, unknown>)[key];
      if ((key === 'description' || key === 'title') && typeof value === 'string') found.push({ where: `${at}.${key}`, text: value });
      else if (value !== null && typeof value === 'object') walkSchema(value, `${at}.${key}`, found);
    }
  }
}

/** The findings of a tool's definition. */
export function scanTool(tool: ScannedTool, context?: ScanContext, options: ScanOptions = {}): Finding[] {
  const texts: Array<{ where: string; text: string }> = [];
  if (typeof tool.title === 'string') texts.push({ where: 'title', text: tool.title });
  if (typeof tool.description === 'string') texts.push({ where: 'description', text: tool.description });
  texts.push(...schemaTexts(tool.inputSchema, 'inputSchema'), ...schemaTexts(tool.outputSchema, 'outputSchema'));
  const around: Around = {
    own: ownOf(context, typeof tool.name === 'string' ? tool.name : undefined),
    ...paramsOf(propertyNames(tool.inputSchema, new Set())),
    purpose: wordsOf(tool.name, tool.title),
  };
  return texts.flatMap(({ where, text }) => scanOne(text, where, context, around, options));
}

/** The findings of a server's other texts: its instructions, prompts and resources. */
export function scanServer(
  server: {
    instructions?: string;
    prompts?: ReadonlyArray<{ name: string; title?: string; description?: string; arguments?: ReadonlyArray<{ name: string; description?: string }> }>;
    resources?: ReadonlyArray<{ name: string; title?: string; description?: string }>;
  },
  context?: ScanContext,
  options: ScanOptions = {},
): Finding[] {
  const texts: Array<{ where: string; text: string; around: Around }> = [];
  const own = ownOf(context);
  const plain: Around = { own, params: NO_NAMES, paramKeys: NO_NAMES, purpose: NO_NAMES };
  if (server.instructions !== undefined) texts.push({ where: 'instructions', text: server.instructions, around: plain });
  for (const prompt of server.prompts ?? []) {
    const around: Around = { own, ...paramsOf(new Set((prompt.arguments ?? []).map((argument) => String(argument.name).toLowerCase()))), purpose: wordsOf(prompt.name, prompt.title) };
    if (prompt.title !== undefined) texts.push({ where: `prompts.${prompt.name}.title`, text: prompt.title, around });
    if (prompt.description !== undefined) texts.push({ where: `prompts.${prompt.name}.description`, text: prompt.description, around });
    for (const argument of prompt.arguments ?? []) if (argument.description !== undefined) texts.push({ where: `prompts.${prompt.name}.arguments.${argument.name}.description`, text: argument.description, around });
  }
  for (const resource of server.resources ?? []) {
    const around: Around = { own, params: NO_NAMES, paramKeys: NO_NAMES, purpose: wordsOf(resource.name, resource.title) };
    if (resource.title !== undefined) texts.push({ where: `resources.${resource.name}.title`, text: resource.title, around });
    if (resource.description !== undefined) texts.push({ where: `resources.${resource.name}.description`, text: resource.description, around });
  }
  return texts.flatMap(({ where, text, around }) => scanOne(text, where, context, around, options));
}

/** Whether any finding is high: such a tool is held until the user reviews it. */
export function hasHigh(findings: readonly Finding[]): boolean {
  return findings.some((finding) => finding.severity === 'high');
}
