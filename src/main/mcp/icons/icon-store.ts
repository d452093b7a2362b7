// Icons as the renderer asks for them (`getIcon`): fetched once per server and source, checked
// (icon-check.ts), and kept, failures too, so a bad icon is tried once and costs only itself. Each
// server keeps at most MAX_KEPT_PER_SERVER, the oldest going first; a server removed forgets its own.
// Why an icon is not shown goes to the app's log and the server's, once per server and icon:
// a failed fetch when it is asked for, one refused for its source as soon as it is listed.
import type { McpServer } from '../../../types/config.js';
import type { IconImage } from '../../../types/icons.js';
import { messageOf } from '../../../types/errors.js';
import { isRemoteServer } from './addresses.js';
import { checkIcon } from './icon-check.js';
import { iconBytes, type IconFetchOptions } from './icon-fetch.js';
import type { KeptIcon } from './icon-refs.js';

/** Icons kept per server (at most 256 KB each): enough for a server's tools on one screen. */
export const MAX_KEPT_PER_SERVER = 200;

type Outcome = { icon: IconImage } | { problem: string };

export interface IconStoreOptions extends IconFetchOptions {
  /** A server's icon by id: its own, a tool's, a prompt's or a resource's (what its status names). */
  source: (uuid: string, id: string) => KeptIcon | undefined;
  /** The server's settings: a remote one's icons come from public addresses only. */
  serverOf?: (uuid: string) => Pick<McpServer, 'type' | 'url'> | undefined;
  /** The app's log. */
  log?: (message: string) => void;
  /** A line in the server's own log. */
  note?: (uuid: string, text: string) => void;
}

export class IconStore {
  readonly #kept = new Map<string, Map<string, Promise<Outcome>>>();
  /** Per server, the icons whose problem the logs were told. */
  readonly #told = new Map<string, Set<string>>();

  constructor(private readonly options: IconStoreOptions) {}

  /** The icon `id` of server `uuid` as a checked image, or throws why there is none. */
  async get(uuid: string, id: string): Promise<IconImage> {
    const icon = this.options.source(uuid, id);
    if (!icon) throw new Error(`Server ${uuid} lists no icon "${id}".`);
    let kept = this.#kept.get(uuid);
    if (!kept) this.#kept.set(uuid, (kept = new Map()));
    // Keyed by source, not id alone: the same id always names the same source, but say so anyway.
    const key = `${id}\n${icon.src.length}`;
    let outcome = kept.get(key);
    if (!outcome) {
      outcome = this.#load(uuid, icon);
      kept.set(key, outcome);
      if (kept.size > MAX_KEPT_PER_SERVER) kept.delete(kept.keys().next().value!);
    }
    const settled = await outcome;
    if ('problem' in settled) throw new Error(settled.problem);
    return settled.icon;
  }

  /** The icons a server lists (all of them, after a listing): those refused for their source are told to the logs, once each. */
  noteRefused(uuid: string, icons: Iterable<KeptIcon>): void {
    for (const icon of icons) if (icon.problem !== undefined) this.#tell(uuid, icon, problemText(icon, icon.problem));
  }

  /** A server removed (or edited): its icons are fetched again if asked for. */
  forget(uuid: string): void {
    this.#kept.delete(uuid);
    this.#told.delete(uuid);
  }

  async #load(uuid: string, icon: KeptIcon): Promise<Outcome> {
    if (icon.problem !== undefined) {
      const problem = problemText(icon, icon.problem);
      this.#tell(uuid, icon, problem);
      return { problem };
    }
    try {
      const server = this.options.serverOf?.(uuid);
      const publicOnly = server !== undefined && isRemoteServer(server);
      return { icon: await checkIcon(await iconBytes(icon.src, { agent: this.options.agent, timeoutMs: this.options.timeoutMs, lookup: this.options.lookup, publicOnly })) };
    } catch (error) {
      const problem = problemText(icon, messageOf(error));
      this.#tell(uuid, icon, problem);
      return { problem };
    }
  }

  #tell(uuid: string, icon: KeptIcon, problem: string): void {
    let told = this.#told.get(uuid);
    if (!told) this.#told.set(uuid, (told = new Set()));
    if (told.has(icon.id)) return;
    told.add(icon.id);
    this.options.log?.(`server ${uuid}: ${problem}`);
    this.options.note?.(uuid, problem);
  }
}

/** `The icon https://… is not shown: why.`, for the user and the logs. */
function problemText(icon: KeptIcon, why: string): string {
  const where = icon.src.slice(0, 5).toLowerCase() === 'data:' ? 'a data: icon' : icon.src.slice(0, 200);
  return `The icon ${where} is not shown: ${why}.`;
}
