// The offline scan of every text a model reads from a server (docs/design.md §12): a tool's title
// and description, the descriptions and titles inside its schemas, prompt and resource
// descriptions, and the server's instructions. No model, no network. Pure.
// How it decides: detectors/README.md; what each kind catches and why: docs/tool-integrity.md.
import type { Finding } from '../../types/integrity.js';
import { findingsOf, weigh } from './detectors/combine.js';
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
  return scanOne(text, where, context, ownOf(context), options);
}

function scanOne(text: string, where: string, context: ScanContext | undefined, own: ReadonlySet<string>, options: ScanOptions): Finding[] {
  if (typeof text !== 'string' || text === '') return [];
  const signals = signalsOf(text, { ...(context === undefined ? {} : { context }), own, ...(options.exhaustive === true ? { exhaustive: true } : {}) });
  return signals.length === 0 ? [] : findingsOf(weigh(signals), where);
}

/** Every `description` and `title` inside a JSON Schema, with its path (`inputSchema.properties.x.description`). */
export function schemaTexts(schema: unknown, path: string): Array<{ where: string; text: string }> {
  const found: Array<{ where: string; text: string }> = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${at}.${index}`));
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'description' || key === 'title') && typeof value === 'string') found.push({ where: `${at}.${key}`, text: value });
        else walk(value, `${at}.${key}`);
      }
    }
  };
  walk(schema, path);
  return found;
}

/** The findings of a tool's definition. */
export function scanTool(tool: ScannedTool, context?: ScanContext, options: ScanOptions = {}): Finding[] {
  const texts: Array<{ where: string; text: string }> = [];
  if (typeof tool.title === 'string') texts.push({ where: 'title', text: tool.title });
  if (typeof tool.description === 'string') texts.push({ where: 'description', text: tool.description });
  texts.push(...schemaTexts(tool.inputSchema, 'inputSchema'), ...schemaTexts(tool.outputSchema, 'outputSchema'));
  const own = ownOf(context, typeof tool.name === 'string' ? tool.name : undefined);
  return texts.flatMap(({ where, text }) => scanOne(text, where, context, own, options));
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
  const texts: Array<{ where: string; text: string }> = [];
  if (server.instructions !== undefined) texts.push({ where: 'instructions', text: server.instructions });
  for (const prompt of server.prompts ?? []) {
    if (prompt.title !== undefined) texts.push({ where: `prompts.${prompt.name}.title`, text: prompt.title });
    if (prompt.description !== undefined) texts.push({ where: `prompts.${prompt.name}.description`, text: prompt.description });
    for (const argument of prompt.arguments ?? []) if (argument.description !== undefined) texts.push({ where: `prompts.${prompt.name}.arguments.${argument.name}.description`, text: argument.description });
  }
  for (const resource of server.resources ?? []) {
    if (resource.title !== undefined) texts.push({ where: `resources.${resource.name}.title`, text: resource.title });
    if (resource.description !== undefined) texts.push({ where: `resources.${resource.name}.description`, text: resource.description });
  }
  const own = ownOf(context);
  return texts.flatMap(({ where, text }) => scanOne(text, where, context, own, options));
}

/** Whether any finding is high: such a tool is held until the user reviews it. */
export function hasHigh(findings: readonly Finding[]): boolean {
  return findings.some((finding) => finding.severity === 'high');
}
