// When the naming core runs for the manager, over what, and what it saves (docs/design.md §2):
// every server's listed tools in config order, its saved mappings and aliases, the reserved
// names. Naming waits for the first connect round (and for servers added before a server in the
// same import), so answer order never decides names; a change of names is saved at once, and
// saved selections follow a tool whose alias changes its name.
import type { McpServer } from '../../../types/config.js';
import type { ConfigStore } from '../../config/store.js';
import { rewriteSelections } from '../../config/selections.js';
import type { NameAssignment, ServerTools } from '../../naming.js';
import { assignToolNames, checkAlias, toMappings } from '../../naming.js';
import type { ServerConnection } from '../connection/connection.js';
import type { FirstConnects } from './first-connects.js';
import { sameList } from '../../../types/lists.js';
import { byServer, pinAlias, saveNames, savedNamesDiffer, setAliases } from './saved-names.js';
import type { ToolIndex } from './tool-index.js';

export interface ToolNamingContext {
  store: ConfigStore;
  connections: ReadonlyMap<string, ServerConnection>;
  index: ToolIndex;
  firstConnects: FirstConnects;
  reserved: ReadonlySet<string>;
  log: (message: string) => void;
  /** Rebuilds what follows from the names (the index, the offered prompts, caches) and tells listeners. */
  reindex: (assignments: readonly NameAssignment[]) => void;
}

export class ToolNaming {
  /** False until the first connect round ends (and after stop): no server is named yet. */
  active = false;
  #context: ToolNamingContext;
  /** Per server, the tool names the current names were computed from. */
  #namedLists = new Map<string, readonly string[] | null>();

  constructor(context: ToolNamingContext) {
    this.#context = context;
  }

  /** The names a server's tools are named from: none before naming starts or before it lists. */
  listedNames(uuid: string): readonly string[] | null {
    if (!this.active || this.#context.firstConnects.waits(uuid)) return null;
    return this.#context.connections.get(uuid)?.tools?.map((tool) => tool.name) ?? null;
  }

  /** True when a server lists other names than the ones its current names were computed from. */
  listChanged(uuid: string): boolean {
    return !sameList(this.#namedLists.get(uuid) ?? null, this.listedNames(uuid));
  }

  /** Re-runs naming over all servers, saves changed mappings, rebuilds what follows. */
  rename(): void {
    const { store, connections } = this.#context;
    const assignments = this.#assign(this.#input());
    const servers = byServer(assignments);
    const changed = new Set(
      store.config.mcp.servers
        .filter((server) => savedNamesDiffer(server, servers.get(server.uuid) ?? [], this.#context.log))
        .map((server) => server.uuid),
    );
    if (changed.size > 0) {
      store.update((config) => {
        for (const server of config.mcp.servers) if (changed.has(server.uuid)) saveNames(server, servers.get(server.uuid) ?? []);
      });
    }
    this.#namedLists = new Map([...connections.keys()].map((uuid) => [uuid, this.listedNames(uuid)]));
    this.#context.reindex(assignments);
  }

  /** The names one server's tools get when it joins the running set with `toolNames` and `existingMappings`. */
  joining(serverUuid: string, toolNames: readonly string[], existingMappings: Readonly<Record<string, string>>): Record<string, string> {
    const input = this.#input();
    const joining = { uuid: serverUuid, tools: toolNames, mappings: existingMappings };
    const at = input.findIndex((server) => server.uuid === serverUuid);
    if (at >= 0) input[at] = joining;
    else input.push(joining);
    return toMappings(this.#assign(input).filter((a) => a.uuid === serverUuid));
  }

  /** Pins `alias` on a tool of `server` (null: the rules' name again); returns its exposed name. */
  setAlias(server: McpServer, original: string, alias: string | null): string {
    const { store, index, connections } = this.#context;
    const { uuid } = server;
    const current = index.assignmentOf(uuid, original);
    if (!current) throw new Error(`Server ${uuid} has no known tool "${original}".`);
    if (alias !== null) {
      const label = (holder: string): string | undefined => store.config.mcp.servers.find((s) => s.uuid === holder)?.label;
      const problem = checkAlias(alias, { uuid, original }, index.assignments(), this.#context.reserved, label);
      if (problem) throw new Error(problem);
    }
    const pinned = pinAlias(server, original, alias);
    // The tool is named as listed even while its server is offline, so a reset alias gets the
    // rules' name back instead of vanishing with its mapping.
    const listed = connections.get(uuid)?.tools?.map((tool) => tool.name) ?? [];
    const next = this.joining(uuid, [...listed, original], pinned.mappings);
    const exposed = next[original]!;
    store.update((config) => {
      const saved = config.mcp.servers.find((s) => s.uuid === uuid)!;
      saved.toolMappings = next;
      setAliases(saved, pinned.aliases);
      if (exposed !== current.exposed) rewriteSelections(config, (name) => (name === current.exposed ? exposed : name));
    });
    this.rename();
    return exposed;
  }

  #input(): ServerTools[] {
    return this.#context.store.config.mcp.servers.map((server) => ({
      uuid: server.uuid,
      tools: this.listedNames(server.uuid) ?? [],
      mappings: server.toolMappings,
      aliases: server.aliases,
    }));
  }

  #assign(input: ServerTools[]): NameAssignment[] {
    return assignToolNames(input, { reserved: this.#context.reserved });
  }
}
