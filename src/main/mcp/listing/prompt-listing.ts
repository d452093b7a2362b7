// A server's prompts as the app keeps them: each listed entry checked with the SDK's own schema
// (paged-listing.ts leaves a malformed one out, the rest listed), its arguments each once.
import { PromptSchema, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { PromptArgumentInfo } from '../../../types/offerings.js';
import type { ListKind } from './paged-listing.js';
import { keptIcons, type KeptIcon } from '../icons/icon-refs.js';

export interface ListedPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments: PromptArgumentInfo[];
  /** Its icons the app may fetch. */
  icons?: KeptIcon[];
}

export const PROMPT_LIST: ListKind<Prompt> = { method: 'prompts/list', key: 'prompts', what: 'prompt', entry: PromptSchema, id: (prompt) => prompt.name };

/** The prompt as the app keeps it; an argument listed twice counts once (the first). */
export function toListedPrompt(prompt: Prompt): ListedPrompt {
  const byName = new Map<string, PromptArgumentInfo>();
  for (const argument of prompt.arguments ?? []) {
    if (byName.has(argument.name)) continue;
    byName.set(argument.name, {
      name: argument.name,
      ...(argument.description ? { description: argument.description } : {}),
      required: argument.required === true,
    });
  }
  const icons = keptIcons(prompt.icons);
  return {
    name: prompt.name,
    ...(icons.length > 0 ? { icons } : {}),
    ...(prompt.title?.trim() ? { title: prompt.title } : {}),
    ...(prompt.description ? { description: prompt.description } : {}),
    arguments: [...byName.values()],
  };
}
