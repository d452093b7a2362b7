// Prompts under names the app gives them: named by the tool-naming core (naming.ts) exactly as
// tools are (valid, at most 64 characters, the first server in config order keeps the bare name,
// later ones `_1`, …), persisted per server as `promptMappings` so that a name holds across
// restarts and while its server is offline, and released when the server is removed.
//
// Prompts have a namespace of their own: they never reach a model as tools, so a prompt
// `summarize` and a tool `summarize` both keep their names, and the built-in tools' names are not
// reserved among prompts. The index maps an exposed name to its server and original in one lookup.
import type { McpServer } from '../../../types/config.js';
import type { OfferingsStatus, PromptInfo, PromptStatus } from '../../../types/offerings.js';
import { iconRefs } from '../icons/icon-refs.js';
import type { NameAssignment } from '../../naming.js';
import { assignToolNames, toMappings } from '../../naming.js';
import type { ConfigStore } from '../../config/store.js';
import type { ServerConnection } from '../connection/connection.js';
import type { ListedPrompt } from '../listing/prompt-listing.js';
import { byServer, sameNames } from '../names/saved-names.js';

export interface PromptEntry extends NameAssignment {
  /** The prompt as its connected server lists it now; undefined while offline or no longer listed. */
  prompt: ListedPrompt | undefined;
}

export interface PromptIndexContext {
  store: ConfigStore;
  connections: ReadonlyMap<string, ServerConnection>;
  /**
   * Whether a server's listing may be named now: not before the first connect round has settled
   * (the manager's rule for tools too), so that answer order never decides names.
   */
  named: (uuid: string) => boolean;
  log: (message: string) => void;
}

export class PromptIndex {
  #byExposed = new Map<string, PromptEntry>();
  #byServer = new Map<string, PromptEntry[]>();

  constructor(private readonly context: PromptIndexContext) {}

  /** Names every server's prompts in config order, saves names that changed, rebuilds the index. */
  update(): void {
    const { store, connections } = this.context;
    const servers = store.config.mcp.servers;
    const listedOf = (uuid: string): ListedPrompt[] => {
      const offerings = connections.get(uuid)?.offerings;
      return offerings?.listed && this.context.named(uuid) ? offerings.prompts : [];
    };
    const assignments = assignToolNames(servers.map((server) => ({ uuid: server.uuid, tools: listedOf(server.uuid).map((p) => p.name), mappings: server.promptMappings })));
    const perServer = byServer(assignments);
    const changed = servers.filter((server) => this.#savedDiffer(server, perServer.get(server.uuid) ?? []));
    if (changed.length > 0) {
      const uuids = new Set(changed.map((server) => server.uuid));
      store.update((config) => {
        for (const server of config.mcp.servers) {
          if (!uuids.has(server.uuid)) continue;
          const next = perServer.get(server.uuid) ?? [];
          if (next.length > 0) server.promptMappings = toMappings(next);
          else delete server.promptMappings;
        }
      });
    }
    this.#byExposed = new Map();
    this.#byServer = new Map();
    for (const server of servers) {
      const connection = connections.get(server.uuid);
      const live = connection?.status === 'ready' ? new Map(connection.offerings.prompts.map((prompt) => [prompt.name, prompt])) : null;
      const entries = (perServer.get(server.uuid) ?? []).map((a): PromptEntry => ({ ...a, prompt: live?.get(a.original) }));
      this.#byServer.set(server.uuid, entries);
      for (const entry of entries) this.#byExposed.set(entry.exposed, entry);
    }
  }

  get(exposed: string): PromptEntry | undefined {
    return this.#byExposed.get(exposed);
  }

  /**
   * What a server's status says besides its tools: while it is connected, the prompts it lists and
   * its resources; while it is not, the prompts it is known to have (saved names, no arguments).
   */
  statusOf(uuid: string, connection: ServerConnection | undefined): OfferingsStatus {
    const entries = this.#byServer.get(uuid) ?? [];
    if (connection?.status !== 'ready') return { prompts: entries.map(toStatus), resources: [], resourceTemplates: [], offeringProblems: [] };
    const { resources, templates, problems } = connection.offerings;
    return { prompts: entries.filter((entry) => entry.prompt).map(toStatus), resources, resourceTemplates: templates, offeringProblems: problems };
  }

  /** Every prompt a connected server lists, in config order: what the picker offers. */
  list(servers: readonly McpServer[]): PromptInfo[] {
    return servers.flatMap((server) =>
      (this.#byServer.get(server.uuid) ?? []).filter((entry) => entry.prompt).map((entry) => ({ ...toStatus(entry), uuid: server.uuid, server: server.label })),
    );
  }

  /** Whether the saved names differ from `next`; a saved name that was dropped is logged. */
  #savedDiffer(server: McpServer, next: readonly NameAssignment[]): boolean {
    const saved = server.promptMappings ?? {};
    const now = new Map(next.map((a) => [a.original, a.exposed]));
    for (const [original, before] of Object.entries(saved)) {
      const exposed = now.get(original);
      if (exposed !== undefined && exposed !== before) this.context.log(`${server.label}: saved name "${before}" of prompt "${original}" was invalid or taken; it is now "${exposed}".`);
    }
    return !sameNames(saved, next);
  }
}

function toStatus(entry: PromptEntry): PromptStatus {
  const prompt = entry.prompt;
  return {
    original: entry.original,
    exposed: entry.exposed,
    reasons: entry.reasons,
    ...(prompt?.title ? { title: prompt.title } : {}),
    ...(prompt?.description ? { description: prompt.description } : {}),
    arguments: prompt?.arguments ?? [],
    ...(prompt?.icons?.length ? { icons: iconRefs(prompt.icons) } : {}),
  };
}
