// One connection's prompts, resources and resource templates: listed at each connect (what the
// server's capabilities offer), page by page, re-listed on `prompts/list_changed` and
// `resources/list_changed`, and kept by their cache hints (2026-07-28, freshness.ts: a reconnect
// within one lists nothing; once it runs out, the next use lists again). A list the server fails
// to give costs that list alone: the server's tools still work, and the problem is shown beside
// its prompts and resources.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { LogLevel } from '../../../types/mcp.js';
import type { ResourceInfo, ResourceTemplateInfo } from '../../../types/offerings.js';
import { coalesced } from './coalesce.js';
import { Freshness, shorterHint } from './freshness.js';
import { listEntries, type Listed } from './paged-listing.js';
import { PROMPT_LIST, toListedPrompt, type ListedPrompt } from './prompt-listing.js';
import { RESOURCE_LIST, TEMPLATE_LIST, toResourceInfo, toTemplateInfo } from './resource-listing.js';
import { messageOf } from '../../../types/errors.js';
import { keptIcons, type KeptIcon } from '../icons/icon-refs.js';

export interface OfferingsOptions {
  /** The server's label, for messages. */
  label: () => string;
  /** How long one page may take. */
  timeoutMs: () => number;
  /** Whether `client` is still the connection's client (a re-list of an old one is dropped). */
  current: (client: Client) => boolean;
  /** A line in the server's log. */
  note: (level: LogLevel, text: string) => void;
  /** A re-list changed what the server offers. */
  changed: () => void;
}

export class ServerOfferings {
  /** Listed prompts, each name once; empty before the first listing or without the capability. */
  prompts: ListedPrompt[] = [];
  resources: ResourceInfo[] = [];
  templates: ResourceTemplateInfo[] = [];
  /** False while a connect's listing is under way: the lists are not the server's yet. */
  listed = false;
  #promptProblems: string[] = [];
  #resourceProblems: string[] = [];
  /** The icons of the listed resources and templates, by id (prompts keep theirs). */
  #resourceIcons = new Map<string, KeptIcon>();
  readonly #fresh = { prompts: new Freshness(), resources: new Freshness() };
  #relist: Record<'prompts' | 'resources', () => Promise<void>> | undefined;

  constructor(private readonly options: OfferingsOptions) {}

  /** What could not be listed, for the user. */
  get problems(): string[] {
    return [...this.#promptProblems, ...this.#resourceProblems];
  }

  /** An icon of a listed prompt, resource or template, by id. */
  icon(id: string): KeptIcon | undefined {
    for (const prompt of this.prompts) {
      const found = prompt.icons?.find((icon) => icon.id === id);
      if (found) return found;
    }
    return this.#resourceIcons.get(id);
  }

  /** Every icon of the listed prompts, resources and templates. */
  icons(): KeptIcon[] {
    return [...this.prompts.flatMap((prompt) => prompt.icons ?? []), ...this.#resourceIcons.values()];
  }

  /** `, 4 prompts, 7 resources, 2 resource templates` (what it offers besides tools), or ''. */
  summary(): string {
    const counts = [[this.prompts.length, 'prompts'], [this.resources.length, 'resources'], [this.templates.length, 'resource templates']] as const;
    return counts.filter(([count]) => count > 0).map(([count, what]) => `, ${count} ${what}`).join('');
  }

  /** Before the client connects: follow the servers' list_changed notifications. */
  follow(client: Client): void {
    const relist = {
      prompts: coalesced(() => this.#again(client, 'prompts'), () => undefined),
      resources: coalesced(() => this.#again(client, 'resources'), () => undefined),
    };
    this.#relist = relist;
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => void relist.prompts());
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void relist.resources());
  }

  /**
   * Once connected: lists what the server offers; with `reuse` (a 2026-07-28 server), a list whose
   * hint still holds is kept as it is. Never rejects; a failed list is a problem.
   */
  async list(client: Client, { reuse }: { reuse: boolean }): Promise<void> {
    this.listed = false;
    const keep = { prompts: reuse && this.#fresh.prompts.fresh(), resources: reuse && this.#fresh.resources.fresh() };
    if (!keep.prompts) this.prompts = [];
    if (!keep.resources) {
      this.resources = [];
      this.templates = [];
      this.#resourceIcons = new Map();
    }
    for (const kind of ['prompts', 'resources'] as const) if (keep[kind]) this.options.note('info', `${kind === 'prompts' ? 'Prompt' : 'Resource'} list still fresh (cache hint), not listed again`);
    await Promise.all([keep.prompts || this.#listPrompts(client), keep.resources || this.#listResources(client)]);
    if (this.options.current(client)) this.listed = true;
  }

  /** A use of the `kind` list: once its hint has run out, it is listed again in the background. */
  freshen(kind: 'prompts' | 'resources'): void {
    if (this.#fresh[kind].takeExpired()) void this.#relist?.[kind]();
  }

  /** Forgets the hints: the next connect lists everything (a start the user asked for). */
  forget(): void {
    this.#fresh.prompts.clear();
    this.#fresh.resources.clear();
  }

  async #again(client: Client, kind: 'prompts' | 'resources'): Promise<void> {
    if (kind === 'prompts') await this.#listPrompts(client);
    else await this.#listResources(client);
    if (!this.options.current(client)) return;
    this.options.note('info', kind === 'prompts' ? `Prompt list changed: ${this.prompts.length} prompts listed` : `Resource list changed: ${this.resources.length} resources, ${this.templates.length} templates listed`);
    this.options.changed();
  }

  /** Lists the prompts; a list that fails keeps the last one and says why. */
  async #listPrompts(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.prompts) {
      this.#promptProblems = [];
      return;
    }
    const outcome = await this.#attempt(client, 'prompts/list', () => listEntries(client, PROMPT_LIST, this.options.timeoutMs()));
    if (!this.options.current(client)) return;
    if ('failed' in outcome) {
      this.#promptProblems = [outcome.failed];
    } else {
      this.prompts = outcome.listed.entries.map(toListedPrompt);
      this.#promptProblems = outcome.listed.problems;
      this.#fresh.prompts.listed(outcome.listed.ttlMs);
    }
    for (const problem of this.#promptProblems) this.options.note('warning', problem);
  }

  /** Lists resources and templates: two lists, and one that fails leaves the other listed. */
  async #listResources(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.resources) {
      this.#resourceProblems = [];
      return;
    }
    const timeout = this.options.timeoutMs();
    const [resources, templates] = await Promise.all([
      this.#attempt(client, 'resources/list', () => listEntries(client, RESOURCE_LIST, timeout)),
      this.#attempt(client, 'resources/templates/list', () => listEntries(client, TEMPLATE_LIST, timeout)),
    ]);
    if (!this.options.current(client)) return;
    const problems: string[] = [];
    if ('failed' in resources) {
      problems.push(resources.failed);
    } else {
      this.resources = resources.listed.entries.map(toResourceInfo);
      problems.push(...resources.listed.problems);
    }
    if ('failed' in templates) {
      // Templates are optional: a server may answer "method not found" for their list.
      if (!templates.notOffered) problems.push(templates.failed);
    } else {
      const infos = templates.listed.entries.map(toTemplateInfo);
      this.templates = infos.filter((info): info is ResourceTemplateInfo => !('problem' in info));
      problems.push(...templates.listed.problems, ...infos.flatMap((info) => ('problem' in info ? [info.problem] : [])));
    }
    // A list that failed keeps its last entries, and their icons with them.
    const icons = 'failed' in resources || 'failed' in templates ? new Map(this.#resourceIcons) : new Map<string, KeptIcon>();
    for (const outcome of [resources, templates]) {
      if ('listed' in outcome) for (const entry of outcome.listed.entries) for (const icon of keptIcons(entry.icons)) icons.set(icon.id, icon);
    }
    this.#resourceIcons = icons;
    for (const problem of problems) this.options.note('warning', problem);
    this.#resourceProblems = problems;
    // Kept only while both lists are fresh: a failed one is asked again at the next connect.
    const listed = (outcome: Outcome<unknown>): number | undefined => ('listed' in outcome ? outcome.listed.ttlMs : 0);
    this.#fresh.resources.listed(shorterHint(listed(resources), 'failed' in templates && templates.notOffered ? undefined : listed(templates)));
  }

  /** Runs one listing; a failure is a line for the user (and whether the server lacks the method). */
  async #attempt<T>(client: Client, method: string, list: () => Promise<Listed<T>>): Promise<Outcome<T>> {
    try {
      return { listed: await list() };
    } catch (error) {
      const notOffered = error instanceof McpError && error.code === ErrorCode.MethodNotFound;
      return { failed: `${method} failed: ${messageOf(error)}`, notOffered };
    }
  }
}

type Outcome<T> = { listed: Listed<T> } | { failed: string; notOffered: boolean };
