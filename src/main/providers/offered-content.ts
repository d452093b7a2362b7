// Work in progress: prompt messages and resource contents as a provider takes them, on the tool
// results' content core (issue 18), which has not landed on this branch yet.
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { ProviderPrompt, ProviderResource, ResourceContent } from '../../types/offerings.js';
import type { ProviderId } from '../../types/providers.js';

export function promptForProvider(provider: ProviderId, result: GetPromptResult): Promise<ProviderPrompt> {
  return Promise.reject(new Error(`not built yet: prompt messages for ${provider} (${result.messages.length} messages)`));
}

export function resourceForProvider(provider: ProviderId, contents: readonly ResourceContent[]): Promise<ProviderResource> {
  return Promise.reject(new Error(`not built yet: resource contents for ${provider} (${contents.length} items)`));
}
