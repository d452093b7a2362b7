// The rules of a request that loads tools on demand, and of the answer to its tool search,
// checked against the request itself (each rule with its source). `requestViolations` takes the
// whole `tools` array; `searchAnswerViolations` the items getProviderResult gives for find_tools.
import { isDeepStrictEqual } from 'node:util';
import type { ProviderId } from '../../../src/types/providers.js';
import { violations } from './provider-rules.js';
import { isRecord, resultViolations } from './result-rules.js';

type Json = Record<string, unknown>;

/** Every function definition of a request by name (OpenAI Responses: a namespace's members with their namespace). */
function functionsOf(provider: ProviderId, tools: readonly unknown[]): Map<string, { definition: Json; namespace: Json | null }> {
  const byName = new Map<string, { definition: Json; namespace: Json | null }>();
  for (const tool of tools) {
    if (!isRecord(tool)) continue;
    if (provider === 'openai-responses' && tool.type === 'namespace' && Array.isArray(tool.tools)) {
      for (const member of tool.tools) if (isRecord(member) && typeof member.name === 'string') byName.set(member.name, { definition: member, namespace: tool });
    } else {
      const fn = isRecord(tool.function) ? tool.function : isRecord(tool.toolSpec) ? tool.toolSpec : tool;
      if (typeof fn.name === 'string') byName.set(fn.name, { definition: tool, namespace: null });
    }
  }
  return byName;
}

/** What `provider` would refuse in a request's whole `tools` array. */
export function requestViolations(provider: ProviderId, tools: readonly unknown[]): string[] {
  const out: string[] = [];
  tools.forEach((tool, i) => {
    for (const problem of violations(provider, tool)) out.push(`tools ${i}: ${problem}`);
  });
  // Names are unique in a request ("tool names must be unique", docs/design.md §1); a namespace's
  // too, among the namespaces and the functions.
  const spaces: string[] = [];
  const all: unknown[] = [];
  for (const tool of tools) {
    if (isRecord(tool) && tool.type === 'tool_search') continue;
    if (provider === 'openai-responses' && isRecord(tool) && tool.type === 'namespace' && Array.isArray(tool.tools)) {
      spaces.push(String(tool.name));
      all.push(...(tool.tools as unknown[]));
    } else all.push(tool);
  }
  const functions = functionsOf(provider, tools);
  if (functions.size !== all.length) out.push(`${all.length - functions.size} tools share a name with another`);
  if (new Set(spaces).size !== spaces.length || spaces.some((name) => functions.has(name))) out.push('a namespace shares its name');
  const deferred = all.filter((tool) => isRecord(tool) && tool.defer_loading === true).length;
  if (provider === 'anthropic' && deferred > 0 && deferred === all.length) {
    // Tool.defer_loading: "Only loaded when returned via tool_reference from tool search"
    // (anthropic-sdk-typescript 0.120.0 src/resources/messages/messages.ts): with every tool
    // deferred, nothing is there to search with.
    out.push('every tool is deferred: none can search');
  }
  if (provider === 'openai-responses') {
    const searches = tools.filter((tool) => isRecord(tool) && tool.type === 'tool_search').length;
    // "To activate tool search, you must do two things: Add tool_search as a tool in your tools
    // array. Mark the functions […] with defer_loading: true." https://developers.openai.com/api/docs/guides/tools-tool-search
    if (deferred > 0 && searches === 0) out.push('deferred functions without a tool_search');
    if (searches > 1) out.push(`${searches} tool_search tools`);
  }
  return out;
}

/**
 * What `provider` would refuse in the answer `items` to its model's search (call `callId`) in a
 * conversation whose request carried `request`: the result rules, and that every tool it loads is
 * the request's own (Anthropic: a `tool_reference` names a deferred tool of the request, per
 * https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool#custom-tool-search-implementation;
 * OpenAI Responses: the loaded definitions are the request's, a namespace's members inside it).
 */
export function searchAnswerViolations(provider: ProviderId, items: unknown[], request: readonly unknown[], callId: string): string[] {
  const out = resultViolations(provider, items, { callId, name: 'find_tools' });
  const declared = functionsOf(provider, request);
  const [item] = items;
  if (provider === 'anthropic' && isRecord(item) && Array.isArray(item.content)) {
    for (const block of item.content) {
      if (!isRecord(block) || block.type !== 'tool_reference') continue;
      const tool = declared.get(String(block.tool_name));
      if (!tool) out.push(`tool_reference "${String(block.tool_name)}" names no tool of the request`);
      else if (tool.definition.defer_loading !== true) out.push(`tool_reference "${String(block.tool_name)}" names a tool the request does not defer`);
    }
  }
  if (provider === 'openai-responses' && isRecord(item) && item.type === 'tool_search_output' && Array.isArray(item.tools)) {
    for (const tool of item.tools) {
      if (!isRecord(tool)) continue;
      const members = tool.type === 'namespace' && Array.isArray(tool.tools) ? tool.tools : [tool];
      for (const member of members) {
        const name = isRecord(member) ? String(member.name) : '';
        const own = declared.get(name);
        if (!own) out.push(`"${name}" is no function of the request`);
        else if (!isDeepStrictEqual(member, own.definition)) out.push(`"${name}" is not defined as the request defines it`);
        else if (tool.type === 'namespace' ? own.namespace?.name !== tool.name || own.namespace?.description !== tool.description : own.namespace !== null) out.push(`"${name}" is not in the namespace the request puts it in`);
      }
    }
  }
  return out;
}
