// What servers offer besides tools, for the manager: prompts under the names the naming core
// gives them (prompt-index.ts), getting one (prompts.ts), resources and reading one
// (resources.ts), argument completion, and the content as a provider takes it
// (providers/offering-content.ts, on the tool results' content rules).
import type { ElicitationRouter } from '../elicitation/router.js';
import type { ServerConnection } from '../connection/connection.js';
import type { Completion, OfferingsStatus, PromptInfo, ProviderPrompt, ReadResource, ResourceListing } from '../../../types/offerings.js';
import type { ProviderId } from '../../../types/providers.js';
import { promptForProvider, resourceForProvider } from '../../providers/offering-content.js';
import type { RequestOptions } from './requests.js';
import type { PromptIndexContext } from './prompt-index.js';
import { PromptIndex } from './prompt-index.js';
import type { PromptContext } from './prompts.js';
import { completePromptArgument, fetchPrompt } from './prompts.js';
import type { ResourceContext, ResourceTarget } from './resources.js';
import { completeTemplateVariable, fetchResource, listResources, resolveTarget } from './resources.js';
import { checkProviderId } from '../for-providers/provider-tools.js';

export type { ResourceTarget } from './resources.js';

export interface OfferingOptions extends RequestOptions {
  provider: ProviderId;
}

export interface PromptsAndResourcesContext extends PromptIndexContext {
  redact: (text: string) => string;
  /** Where a server's requests for input go while a prompt or resource is fetched. */
  elicitations?: ElicitationRouter;
}

export class PromptsAndResources {
  readonly #prompts: PromptIndex;
  readonly #context: PromptContext & ResourceContext;

  constructor(context: PromptsAndResourcesContext) {
    this.#prompts = new PromptIndex(context);
    this.#context = { prompts: this.#prompts, connections: context.connections, servers: () => context.store.config.mcp.servers, redact: context.redact, elicitations: context.elicitations };
  }

  /** Names the prompts of every server again (saving names that changed) and rebuilds their index. */
  rename(): void {
    this.#prompts.update();
  }

  statusOf(uuid: string, connection: ServerConnection | undefined): OfferingsStatus {
    return this.#prompts.statusOf(uuid, connection);
  }

  /** Every prompt of the connected servers, under its name, in config order (a use of their lists: see ServerConnection.freshen). */
  listPrompts(): PromptInfo[] {
    for (const connection of this.#context.connections.values()) connection.freshen('prompts');
    return this.#prompts.list(this.#context.servers());
  }

  /**
   * The prompt's messages for `args` as the provider's request takes them. A required argument
   * that is missing is a MissingValueError naming it, and nothing is sent.
   */
  async getPrompt(name: string, args: Readonly<Record<string, string>>, options: OfferingOptions): Promise<ProviderPrompt> {
    const provider = checkProviderId(options.provider);
    return promptForProvider(provider, await fetchPrompt(this.#context, name, args, options));
  }

  /** The server's suggestions for a prompt's argument, from its start and the other values so far. */
  completePromptArgument(name: string, argument: string, value: string, others?: Readonly<Record<string, string>>): Promise<Completion> {
    return completePromptArgument(this.#context, name, argument, value, others);
  }

  listResources(): ResourceListing {
    return listResources(this.#context);
  }

  /**
   * A resource of server `uuid` (by URI, or one of its templates filled from values) as the
   * provider's user-message content, with the contents as the server gave them (for the user).
   */
  async readResource(uuid: string, target: string | ResourceTarget, options: OfferingOptions): Promise<ReadResource> {
    const provider = checkProviderId(options.provider);
    const uri = resolveTarget(this.#context, uuid, typeof target === 'string' ? { uri: target } : target);
    const { contents } = await fetchResource(this.#context, uuid, uri, options);
    return { ...(await resourceForProvider(provider, contents)), uri, contents };
  }

  /** The server's suggestions for a variable of one of its resource templates. */
  completeResourceVariable(uuid: string, template: string, variable: string, value: string, others?: Readonly<Record<string, string>>): Promise<Completion> {
    return completeTemplateVariable(this.#context, uuid, template, variable, value, others);
  }
}
