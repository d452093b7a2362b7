// What reaches the model (docs/design.md §7): each enabled MCP tool as the exact object of a
// provider's request `tools` array, its schema adapted (losing as little as possible; what the
// provider cannot express moves into descriptions), the server named where two servers share a
// tool name, a report per tool, and the way back for the arguments. Pure: no I/O, never throws.
import { PROVIDER_LIMITS, type ProviderId, type ProviderToolReport, type ProviderTools } from '../../types/providers.js';
import { isValidToolName } from '../naming.js';
import { anthropic, bedrock, deepseek, gemini, mistral, ollama, openai, openaiResponses, openaiStrict } from './request-shapes.js';
import { toolDescription } from './description.js';
import { adaptSchema, HIDDEN_IN_SCHEMA, type SchemaAdaptation } from './schema/index.js';
import { isRecord } from './schema/common/json.js';
import { argumentRestorer } from './schema/restore/restore.js';
import { definitionTokens, listTokens } from './tokens.js';
import { findTwins } from './twins.js';
import type { AdaptedTool, ArgumentRestorer, ProviderAdapter, SourceTool } from './types.js';
import { withoutHiddenTexts } from './hidden-texts.js';
import { messageOf } from '../../types/errors.js';

export { PROVIDER_LIMITS } from '../../types/providers.js';
export type { ProviderLimits } from '../../types/providers.js';
export { PROVIDER_RULES, type ProviderRule } from './rules.js';
export { findTwins } from './twins.js';
export { selectProviderTools, withListTokens } from './select.js';
export { definitionTokens, listTokens } from './tokens.js';
export type { AdaptedTool, ArgumentRestorer, SourceTool } from './types.js';
export { UnreadableArgument } from './schema/restore/json-argument.js';

const ADAPTERS: Readonly<Record<ProviderId, ProviderAdapter>> = {
  openai,
  'openai-strict': openaiStrict,
  'openai-responses': openaiResponses,
  anthropic,
  gemini,
  bedrock,
  mistral,
  deepseek,
  ollama,
};

export interface AdaptOptions {
  /** Another enabled server lists a tool with the same original name (or one that collides once sanitized). */
  twin?: boolean;
}

/**
 * Adapts one tool for one provider. Pure and never throws; the result depends only on
 * (provider, tool, twin), so callers may memoize it per tool object.
 */
export function adaptTool(provider: ProviderId, tool: SourceTool, options: AdaptOptions = {}): AdaptedTool {
  return adaptOne(provider, tool, options.twin === true);
}

function adaptOne(provider: ProviderId, tool: SourceTool, twin: boolean): AdaptedTool {
  const report = reportOf(provider, tool, twin);
  const adaptation = made.adaptation;
  if (adaptation === null) return { definition: null, report, restore: null, exact: false };
  const restore = adaptation.restore === null ? null : argumentRestorer(adaptation.restore);
  return { definition: made.definition, report, restore: thenHidden(restore, made.hiddenRestore), exact: adaptation.exact };
}

/** The adapter's way back, then the one to the server's names and values that held hidden characters. */
function thenHidden(restore: ArgumentRestorer | null, hidden: ArgumentRestorer | null): ArgumentRestorer | null {
  if (hidden === null) return restore;
  if (restore === null) return hidden;
  return (args) => hidden(restore(args));
}

/**
 * What a kept list needs of one tool for one provider: its report and its definition (null when
 * unsendable), as adaptTool gives them, handed to `keep`; no restorer is made (adaptTool's is the
 * same whenever it is asked for).
 */
export function adaptForList<T>(provider: ProviderId, tool: SourceTool, twin: boolean, keep: (report: ProviderToolReport, definition: unknown, provider: ProviderId) => T): T {
  const report = reportOf(provider, tool, twin);
  return keep(report, made.definition, provider);
}

/**
 * What `reportOf` made beside the report (a slot: adaptTools needs neither a pair per tool nor a
 * restorer); `adaptation` is null when the tool is unsendable; `hiddenRestore`, the way back to
 * names and values that held hidden characters (hidden-texts.ts).
 */
const made: { definition: unknown; adaptation: SchemaAdaptation | null; hiddenRestore: ArgumentRestorer | null } = { definition: null, adaptation: null, hiddenRestore: null };

/** The tool's report for `provider`, its definition and adaptation in `made`. Never throws. */
function reportOf(provider: ProviderId, tool: SourceTool, twin: boolean): ProviderToolReport {
  made.definition = null;
  made.adaptation = null;
  made.hiddenRestore = null;
  try {
    return adapt(provider, tool, twin);
  } catch (error) {
    // A defect in an adapter must cost this tool alone.
    made.definition = null;
    made.adaptation = null;
    return unsendable(tool, `it could not be adapted for ${PROVIDER_LIMITS[provider]?.label ?? String(provider)} (${messageOf(error)})`, []);
  }
}

/** No hidden characters removed (most tools). */
const NO_CHANGES: readonly string[] = Object.freeze([]);

/** What a description adds to the changes (few tools': one scratch list, copied when not empty). */
const added: string[] = [];

function adapt(provider: ProviderId, tool: SourceTool, twin: boolean): ProviderToolReport {
  const limits = PROVIDER_LIMITS[provider];
  const adapter = ADAPTERS[provider];
  if (!isValidToolName(tool.name)) {
    return unsendable(tool, `its name ${JSON.stringify(String(tool.name)).slice(0, 80)} is not a valid ${limits.label} function name (letters, digits, "_" and "-", at most 64 characters, not starting with a digit or "-"); give the tool an alias in its server's settings`, []);
  }
  let adaptation = adaptSchema(tool.inputSchema, adapter.target, tool.description);
  // Hidden characters never reach a model: a tool holding any is adapted without them (the
  // report names the tool as its server does).
  const inSchema = (adaptation.hidden & HIDDEN_IN_SCHEMA) !== 0;
  const clean = adaptation.hidden === 0 ? null : withoutHiddenTexts(tool, inSchema);
  const source = clean === null ? tool : clean.tool;
  if (clean !== null && inSchema) adaptation = adaptSchema(source.inputSchema, adapter.target, source.description);
  const hidden = clean === null ? NO_CHANGES : clean.changes;
  if (adaptation.unsendable !== undefined) return unsendable(tool, adaptation.unsendable, [...hidden, ...adaptation.changes]);
  added.length = 0;
  const description = toolDescription(source, twin, adaptation.rootNotes, limits, added);
  made.definition = adapter.definition(tool.name, description, adaptation.schema, adaptation);
  made.adaptation = adaptation;
  made.hiddenRestore = clean === null ? null : clean.restore;
  // The adaptation's list is shared (frozen): the report copies it only when something adds to it.
  return report(tool, added.length === 0 && hidden.length === 0 ? adaptation.changes : [...hidden, ...adaptation.changes, ...added]);
}

function report(tool: SourceTool, changes: readonly string[]): ProviderToolReport {
  return { name: tool.name, server: tool.server.uuid, original: tool.original, status: changes.length === 0 ? 'ok' : 'adapted', changes };
}

function unsendable(tool: SourceTool, reason: string, changes: readonly string[]): ProviderToolReport {
  return { name: String(tool.name), server: String(tool.server?.uuid), original: String(tool.original), status: 'unsendable', changes: [...changes], reason };
}

/** A provider's list before its tokens are counted (countTokens). */
export type UncountedTools = Omit<ProviderTools, 'tokens' | 'deferred'>;

/**
 * All enabled tools for one provider: twins detected (or `twins` as findTwins gave them for this
 * list, when one list goes to several providers), order kept, unsendable ones only in the report.
 */
export function adaptTools(provider: ProviderId, tools: readonly SourceTool[], twins: ReadonlySet<SourceTool> = findTwins(tools)): UncountedTools {
  // Both lists made at their full length at once: grown by push, they copied themselves about 20
  // times on the way to 10,000 tools (0.3 MB of garbage a provider).
  const definitions: unknown[] = new Array<unknown>(tools.length);
  const report: ProviderToolReport[] = new Array<ProviderToolReport>(tools.length);
  let sent = 0;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const entry = reportOf(provider, tool, twins.has(tool));
    report[i] = entry;
    if (entry.status !== 'unsendable') definitions[sent++] = made.definition;
  }
  definitions.length = sent;
  return { provider, maxTools: PROVIDER_LIMITS[provider].maxTools, tools: definitions, report };
}

/**
 * Arguments a model sent under the adapted schema → what the server's own schema expects. Throws
 * UnreadableArgument for an argument sent as a string holding JSON that cannot be read back;
 * nothing else.
 */
export function restoreArguments(provider: ProviderId, tool: SourceTool, args: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(args)) return args;
  const { restore } = adaptTool(provider, tool);
  return restore === null ? args : restore(args);
}

/** `list` with each report entry's tokens (0 for what is not sent), and the list's. */
export function countTokens(list: UncountedTools): ProviderTools {
  let index = 0;
  const report = list.report.map((entry) => {
    const sent = entry.status === 'ok' || entry.status === 'adapted';
    return { ...entry, tokens: sent ? definitionTokens(list.provider, list.tools[index++]) : 0 };
  });
  return { provider: list.provider, maxTools: list.maxTools, tools: list.tools, report, tokens: listTokens(list.provider, report.map((entry) => entry.tokens)) };
}
