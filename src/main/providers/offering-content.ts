// A prompt's messages and a resource's contents as a provider takes them, by the tool results'
// content rules (content/): images converted and within the provider's limits, PDFs as documents
// where it takes them, anything else a note that says what it was, never base64 as text, and
// text capped (DEFAULT_MAX_RESULT_CHARS per message, as per tool result).
//
// MCP gives a prompt one content block per message; consecutive messages of the same role are
// joined into one provider message, since Bedrock refuses two user (or assistant) turns in a row
// and the others read them as one turn anyway. An assistant message carries text only.
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { PromptChange, ProviderPrompt, ProviderResource, ResourceContent } from '../../types/offerings.js';
import type { ContentChange, ProviderId } from '../../types/providers.js';
import { contentParts, prepareContent, providerMessage, resourceParts, userContent, type MessageRole } from './content/index.js';

/** Consecutive prompt messages of one role: their blocks, and which prompt message each came from. */
interface Turn {
  role: MessageRole;
  blocks: unknown[];
  from: number[];
}

function turnsOf(messages: GetPromptResult['messages']): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((message, index) => {
    const last = turns[turns.length - 1];
    if (last?.role === message.role) {
      last.blocks.push(message.content);
      last.from.push(index);
    } else {
      turns.push({ role: message.role, blocks: [message.content], from: [index] });
    }
  });
  return turns;
}

/**
 * A change of a turn's content, said of the prompt message it is about. Each prompt message holds
 * one block, so the turn's "Content N" is the turn's Nth message; a change of the whole turn
 * (no block) is said of its first.
 */
function inPrompt(change: ContentChange, turn: Turn): PromptChange {
  const promptMessage = turn.from[change.block ?? 0] ?? turn.from[0]!;
  return { ...change, message: change.message.replace(/^Content \d+/, `Message ${promptMessage + 1}`), promptMessage };
}

/** The prompt's messages as `provider`'s request takes them, and what was changed on the way. */
export async function promptForProvider(provider: ProviderId, result: GetPromptResult): Promise<ProviderPrompt> {
  const messages: unknown[] = [];
  const report: PromptChange[] = [];
  for (const turn of turnsOf(result.messages)) {
    const prepared = await prepareContent(provider, contentParts(turn.blocks));
    messages.push(providerMessage(provider, prepared.parts, turn.role));
    for (const change of prepared.changes) report.push(inPrompt(change, turn));
    if (turn.role !== 'assistant') continue;
    for (const part of prepared.parts) {
      if (part.type !== 'image' && part.type !== 'document') continue;
      const why = `Content ${(part.block ?? 0) + 1} (${part.type === 'image' ? 'an image' : 'a PDF'}) was left out: an assistant message carries text only. The model gets a note.`;
      report.push(inPrompt({ kind: 'omitted', block: part.block, message: why }, turn));
    }
  }
  return { provider, messages, ...(result.description ? { description: result.description } : {}), report };
}

/** A resource's contents as the content of a user message of `provider`. */
export async function resourceForProvider(provider: ProviderId, contents: readonly ResourceContent[]): Promise<ProviderResource> {
  const prepared = await prepareContent(provider, resourceParts(contents));
  return { provider, items: userContent(provider, prepared.parts), report: prepared.changes };
}
