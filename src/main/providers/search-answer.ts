// The answer to a model's tool search (`find_tools`, answered by Mcp.callTool) as the request
// that loads tools on demand takes it (docs/providers.md, "Many tools"). Two providers let the
// client's search load what it found:
// - Anthropic: the `tool_result` of the custom tool holds one `tool_reference` block per tool found
//   (anthropic-sdk-typescript ToolReferenceBlockParam); each names a tool of the request, which
//   the API then loads (`Tool.defer_loading`: "Only loaded when returned via tool_reference").
// - OpenAI Responses: a `tool_search_output` item (openai-node ResponseToolSearchOutputItemParam,
//   `execution: "client"`) whose `tools` are the found tools' definitions exactly as the request
//   carries them: a function of a server's namespace inside that namespace (its name and
//   description, only the members found), a top-level function as it is.
// The tools found come from the result's `structuredContent.tools` (names, best first); only
// tools the request defers are loaded (the documentation has a `tool_reference` name a deferred
// tool; one the request carries loaded already needs nothing). Every other provider, and a
// search that loads nothing (for Anthropic: the model reads the result's text), gets the result
// as any tool's. Pure.
import { isRecord } from '../../types/json.js';
import type { ContentChange, ProviderId, ProviderResult, ProviderTools } from '../../types/providers.js';
import { DEFAULT_MAX_RESULT_CHARS } from '../../types/providers.js';
import { FIND_TOOLS_NAME } from '../naming/builtin-tools.js';
import { providerResult, type ResultOptions } from './results/index.js';

export interface SearchAnswerOptions extends Pick<ResultOptions, 'callId' | 'textOnly'> {
  /**
   * The request's list on demand (getProviderTools with `loading: 'on-demand'`, its selection,
   * `loaded` and `pinned`): where the found tools' definitions come from, and which it defers.
   * Read for Anthropic and OpenAI Responses only.
   */
  list: () => ProviderTools;
}

/** The tools the search found (the names in `structuredContent.tools`), best first, each once. */
export function foundNames(result: unknown): string[] {
  const tools = isRecord(result) && isRecord(result.structuredContent) ? result.structuredContent.tools : undefined;
  if (!Array.isArray(tools)) return [];
  const names = tools.flatMap((tool) => (isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : []));
  return [...new Set(names)];
}

interface Definition {
  type?: unknown;
  name?: unknown;
  description?: unknown;
  tools?: unknown;
}

/** Name → the definition the request carries, and the namespace it sits in (OpenAI Responses). */
function definitionsOf(list: ProviderTools): Map<string, { definition: unknown; namespace: Definition | null }> {
  const byName = new Map<string, { definition: unknown; namespace: Definition | null }>();
  for (const tool of list.tools) {
    if (!isRecord(tool)) continue;
    const definition = tool as Definition;
    if (definition.type === 'namespace' && Array.isArray(definition.tools)) {
      for (const member of definition.tools) if (isRecord(member) && typeof member.name === 'string') byName.set(member.name, { definition: member, namespace: definition });
    } else if (typeof definition.name === 'string') {
      byName.set(definition.name, { definition: tool, namespace: null });
    }
  }
  return byName;
}

function textLength(result: unknown): number {
  const content = isRecord(result) && Array.isArray(result.content) ? result.content : [];
  return content.reduce<number>((sum, block) => sum + (isRecord(block) && typeof block.text === 'string' ? block.text.length : 0), 0);
}

function answer(provider: ProviderId, items: unknown[], isError: boolean, changes: ContentChange[]): ProviderResult {
  return {
    provider,
    items,
    report: { isError, changes, text: { sent: 0, total: 0, limit: DEFAULT_MAX_RESULT_CHARS }, media: { images: 0, documents: 0 }, outputSchema: null },
  };
}

function said(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

/** `result` (find_tools' answer, untrusted) as `provider`'s next request takes it. */
export async function searchAnswer(provider: ProviderId, result: unknown, options: SearchAnswerOptions): Promise<ProviderResult> {
  const asResult = (): Promise<ProviderResult> => providerResult(provider, FIND_TOOLS_NAME, result, { callId: options.callId, textOnly: options.textOnly });
  if (provider !== 'anthropic' && provider !== 'openai-responses') return asResult();
  const isError = isRecord(result) && result.isError === true;
  const definitions = definitionsOf(options.list());
  const found = isError ? [] : foundNames(result);
  const held = (name: string): boolean => name !== FIND_TOOLS_NAME && definitions.has(name);
  const deferred = (name: string): boolean => (definitions.get(name)!.definition as { defer_loading?: unknown }).defer_loading === true;
  const loadable = found.filter((name) => held(name) && deferred(name));
  const present = found.filter((name) => held(name) && !deferred(name));
  const missing = found.filter((name) => !held(name));
  const changes: ContentChange[] = [];
  if (missing.length > 0) {
    changes.push({ kind: 'omitted', block: null, message: `Found but not among this request's tools (another selection?), so not loaded: ${said(missing)}.` });
  }
  if (present.length > 0) changes.push({ kind: 'omitted', block: null, message: `Found and already loaded in this request, so not loaded again: ${said(present)}.` });
  if (provider === 'anthropic') {
    // Nothing to load: the model reads the result's text (no match, its call was wrong, or what
    // it found is loaded already).
    if (loadable.length === 0) return asResult();
    const total = textLength(result);
    changes.push({ kind: 'converted', block: null, message: `The ${loadable.length} tools found are sent as tool_reference blocks, which load them: ${said(loadable)} (the result's text, ${total} characters, is not needed).` });
    const content = loadable.map((name) => ({ type: 'tool_reference', tool_name: name }));
    return answer(provider, [{ type: 'tool_result', tool_use_id: options.callId, content }], false, changes);
  }
  // OpenAI Responses: the found functions, a namespace's in their namespace (in the order of its
  // best match), as the request carries them.
  const tools: unknown[] = [];
  const grouped = new Map<Definition, unknown[]>();
  for (const name of loadable) {
    const { definition, namespace } = definitions.get(name)!;
    if (namespace === null) {
      tools.push(definition);
      continue;
    }
    let members = grouped.get(namespace);
    if (!members) {
      members = [];
      grouped.set(namespace, members);
      tools.push({ type: 'namespace', name: namespace.name, description: namespace.description, tools: members });
    }
    members.push(definition);
  }
  if (isError) changes.push({ kind: 'error', block: null, message: 'The search failed (its call was not understood): a tool_search_output has no text, so the model gets no tools and no reason.' });
  else if (loadable.length === 0) changes.push({ kind: 'omitted', block: null, message: 'Nothing was found: the model gets a tool_search_output without tools.' });
  else changes.push({ kind: 'converted', block: null, message: `The ${loadable.length} tools found are sent as their definitions in a tool_search_output, which loads them: ${said(loadable)}.` });
  const item = { type: 'tool_search_output', call_id: options.callId, execution: 'client', status: 'completed', tools };
  return answer(provider, [item], isError, changes);
}
