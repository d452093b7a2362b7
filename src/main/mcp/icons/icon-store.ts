// Icons as the renderer asks for them (`getIcon`): fetched once per server and source, checked
// (icon-check.ts), and kept, failures too, so a bad icon is tried once and costs only itself. Each
// server keeps at most MAX_KEPT_PER_SERVER, the oldest going first; a server removed forgets its own.
import type { IconImage } from '../../../types/icons.js';
import { messageOf } from '../../../types/errors.js';
import { checkIcon } from './icon-check.js';
import { iconBytes, type IconFetchOptions } from './icon-fetch.js';
import type { KeptIcon } from './icon-refs.js';

/** Icons kept per server (at most 256 KB each): enough for a server's tools on one screen. */
export const MAX_KEPT_PER_SERVER = 200;

type Outcome = { icon: IconImage } | { problem: string };

export interface IconStoreOptions extends IconFetchOptions {
  /** A server's icon by id: its own, a tool's, a prompt's or a resource's (what its status names). */
  source: (uuid: string, id: string) => KeptIcon | undefined;
  log?: (message: string) => void;
}

export class IconStore {
  readonly #kept = new Map<string, Map<string, Promise<Outcome>>>();

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

  /** A server removed (or edited): its icons are fetched again if asked for. */
  forget(uuid: string): void {
    this.#kept.delete(uuid);
  }

  async #load(uuid: string, icon: KeptIcon): Promise<Outcome> {
    try {
      return { icon: await checkIcon(await iconBytes(icon.src, this.options)) };
    } catch (error) {
      const where = icon.src.startsWith('data:') ? 'a data: icon' : icon.src.slice(0, 200);
      const problem = `The icon ${where} is not shown: ${messageOf(error)}.`;
      this.options.log?.(`server ${uuid}: ${problem}`);
      return { problem };
    }
  }
}
