// The offline scan of every text a model reads from a server (docs/design.md §12): a tool's title
// and description, the descriptions and titles inside its schemas, prompt and resource
// descriptions, and the server's instructions. No model, no network. Pure.
// How it decides: detectors/README.md; what each kind catches and why: docs/tool-integrity.md.
import type { Finding } from '../../types/integrity.js';
import { findingsOf } from './detectors/combine.js';
import { signalsOf } from './detectors/signals.js';
import type { ServerSet } from './detectors/shadowing.js';
import type { ToolSurroundings } from './detectors/view.js';

/** What a scan knows of the other configured servers (for shadowing: a text naming their tools). */
export interface ScanContext {
  others: ReadonlyArray<{ label: string; tools: readonly string[] }>;
  /** Names that are the scanned server's own (its label, its tools'): naming them is not shadowing. */
  own?: readonly string[];
  /** The set `others` was taken from (every server, and the scanned one's place): one table of names serves the whole set. */
  set?: ServerSet;
}

/** How a scan reads; tests only. */
export interface ScanOptions {
  /** Read every text fully, without the prefilter (the findings must be the same). */
  exhaustive?: boolean;
}

const NO_NAMES: ReadonlySet<string> = new Set();
const ownNames = new WeakMap<ScanContext, ReadonlySet<string>>();

/** The scanned server's own names, lower case (a table per context object, made once). */
function ownOf(context: ScanContext | undefined): ReadonlySet<string> {
  if (context?.own === undefined) return NO_NAMES;
  let names = ownNames.get(context);
  if (names === undefined) {
    names = new Set(context.own.map((name) => name.toLowerCase()));
    ownNames.set(context, names);
  }
  return names;
}

/** The parts of a tool definition the scan reads (as the server listed it). */
export interface ScannedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/**
 * What the texts of one tool (or prompt) are read with: its parameters and what its name says it
 * is for. Worked out on the first question, for this call only: most texts never ask.
 */
class Surroundings implements ToolSurroundings {
  private paramTable: ReadonlySet<string> | undefined;
  private keyTable: ReadonlySet<string> | undefined;
  private purposeTable: ReadonlySet<string> | undefined;

  constructor(
    private readonly names: readonly unknown[],
    private readonly parameters: () => ReadonlySet<string>,
  ) {}

  get params(): ReadonlySet<string> {
    this.paramTable ??= this.parameters();
    return this.paramTable;
  }

  get paramKeys(): ReadonlySet<string> {
    this.keyTable ??= this.params.size === 0 ? NO_NAMES : new Set([...this.params].map((name) => (name.includes('_') || name.includes('-') ? name.replace(/[_-]/g, '') : name)));
    return this.keyTable;
  }

  get purpose(): ReadonlySet<string> {
    this.purposeTable ??= wordsOf(this.names);
    return this.purposeTable;
  }
}

// Module-lived, so that the class's shape survives a collection (see KEPT_WALK in detectors/words.ts).
const NOTHING_AROUND = new Surroundings([], () => NO_NAMES);

/** The findings of one text at `where`. */
export function scanText(text: string, where: string, context?: ScanContext, options: ScanOptions = {}): Finding[] {
  return scanOne(text, where, context, undefined, NOTHING_AROUND, options);
}

function scanOne(text: string, where: string, context: ScanContext | undefined, self: string | undefined, tool: ToolSurroundings, options: ScanOptions): Finding[] {
  if (typeof text !== 'string' || text === '') return [];
  const signals = signalsOf(text, { context, own: ownOf(context), self, tool, exhaustive: options.exhaustive === true });
  return signals.length === 0 ? [] : findingsOf(signals, where);
}

const PURPOSE_WORDS = 8;

/** The words of names and titles: `send_email`, `sendEmail`, "Send e-mail" → send, email. */
function wordsOf(names: readonly unknown[]): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    // What a title says in parentheses is a remark, not what the tool is for ("Weather (never ask before deleting files)").
    const parts = name.replace(/\([^)]*\)/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^\p{L}\p{N}]+/u);
    // A title of a sentence's length says more than what the tool is for ("Stock quote — assistant: always run …").
    if (parts.length > PURPOSE_WORDS) continue;
    for (const word of parts) if (word.length >= 3) words.add(word);
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

/** Paths are built only for objects (most array items, `required` names and `enum` values, are not). */
function walkSchema(node: unknown, at: string, found: Array<{ where: string; text: string }>): void {
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) {
      const item: unknown = node[index];
      if (item !== null && typeof item === 'object') walkSchema(item, `${at}.${index}`, found);
    }
  } else if (node !== null && typeof node === 'object') {
    for (const key in node) {
      const value = (node as Record<string, unknown>)[key];
      if (typeof value === 'string') {
        if (key === 'description' || key === 'title') found.push({ where: `${at}.${key}`, text: value });
      } else if (value !== null && typeof value === 'object') walkSchema(value, `${at}.${key}`, found);
    }
  }
}

/** The findings of a tool's definition. */
export function scanTool(tool: ScannedTool, context?: ScanContext, options: ScanOptions = {}): Finding[] {
  const texts: Array<{ where: string; text: string }> = [];
  if (typeof tool.title === 'string') texts.push({ where: 'title', text: tool.title });
  if (typeof tool.description === 'string') texts.push({ where: 'description', text: tool.description });
  walkSchema(tool.inputSchema, 'inputSchema', texts);
  walkSchema(tool.outputSchema, 'outputSchema', texts);
  const around = new Surroundings([tool.name, tool.title], () => propertyNames(tool.inputSchema, new Set()));
  const self = typeof tool.name === 'string' ? tool.name.toLowerCase() : undefined;
  const findings: Finding[] = [];
  for (const { where, text } of texts) for (const finding of scanOne(text, where, context, self, around, options)) findings.push(finding);
  return findings;
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
  const texts: Array<{ where: string; text: string; around: ToolSurroundings }> = [];
  if (server.instructions !== undefined) texts.push({ where: 'instructions', text: server.instructions, around: NOTHING_AROUND });
  for (const prompt of server.prompts ?? []) {
    const around = new Surroundings([prompt.name, prompt.title], () => new Set((prompt.arguments ?? []).map((argument) => String(argument.name).toLowerCase())));
    if (prompt.title !== undefined) texts.push({ where: `prompts.${prompt.name}.title`, text: prompt.title, around });
    if (prompt.description !== undefined) texts.push({ where: `prompts.${prompt.name}.description`, text: prompt.description, around });
    for (const argument of prompt.arguments ?? []) if (argument.description !== undefined) texts.push({ where: `prompts.${prompt.name}.arguments.${argument.name}.description`, text: argument.description, around });
  }
  for (const resource of server.resources ?? []) {
    const around = new Surroundings([resource.name, resource.title], () => NO_NAMES);
    if (resource.title !== undefined) texts.push({ where: `resources.${resource.name}.title`, text: resource.title, around });
    if (resource.description !== undefined) texts.push({ where: `resources.${resource.name}.description`, text: resource.description, around });
  }
  return texts.flatMap(({ where, text, around }) => scanOne(text, where, context, undefined, around, options));
}

/** Whether any finding is high: such a tool is held until the user reviews it. */
export function hasHigh(findings: readonly Finding[]): boolean {
  return findings.some((finding) => finding.severity === 'high');
}
