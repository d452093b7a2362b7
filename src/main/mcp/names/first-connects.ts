// Several servers added in one action (an import) connect in the background at once. Their
// names must still follow config order (the file's order), never answer order (docs/design.md
// §2): a server of the batch is named only once every server added before it in the same
// batch has settled its first connect (ready or failed), as the first connect round at start
// waits for all servers. Servers added in separate actions never wait for each other: each is
// named when it lists, and the names are saved at once.
import type { ServerStatusKind } from '../../../types/mcp.js';

export class FirstConnects {
  #sequence = 0;
  #batches = 0;
  /** Every server added at run time (until removed): its batch and its place in it. */
  #added = new Map<string, { batch: number; order: number }>();
  /** Added servers whose first connect has not settled yet. */
  #pending = new Set<string>();

  /** Records servers added together, in config order. */
  added(uuids: readonly string[]): void {
    const batch = ++this.#batches;
    for (const uuid of uuids) {
      this.#added.set(uuid, { batch, order: ++this.#sequence });
      this.#pending.add(uuid);
    }
  }

  removed(uuid: string): void {
    this.#added.delete(uuid);
    this.#pending.delete(uuid);
  }

  /** Records a status change; true when it settled a first connect (later ones may now be named). */
  settled(uuid: string, status: ServerStatusKind): boolean {
    return status !== 'connecting' && this.#pending.delete(uuid);
  }

  /** True while a server added before this one, in the same batch, has not settled its first connect. */
  waits(uuid: string): boolean {
    if (this.#pending.size === 0) return false;
    const mine = this.#added.get(uuid);
    if (!mine) return false;
    for (const other of this.#pending) {
      const theirs = this.#added.get(other);
      if (theirs && theirs.batch === mine.batch && theirs.order < mine.order) return true;
    }
    return false;
  }
}
