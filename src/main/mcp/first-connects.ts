// Servers added while the app runs connect in the background, several at once after an import.
// Names must still follow config order, never answer order (DESIGN.md section 2): a server added
// later is named only once every server added before it has settled its first connect (ready or
// failed), as the first connect round at start waits for all servers.
import type { ServerStatusKind } from '../../types/mcp.js';

export class FirstConnects {
  #sequence = 0;
  /** Every server added at run time (until removed): the order of adding. */
  #addedAt = new Map<string, number>();
  /** Added servers whose first connect has not settled yet. */
  #pending = new Set<string>();

  added(uuid: string): void {
    this.#addedAt.set(uuid, ++this.#sequence);
    this.#pending.add(uuid);
  }

  removed(uuid: string): void {
    this.#addedAt.delete(uuid);
    this.#pending.delete(uuid);
  }

  /** Records a status change; true when it settled a first connect (later additions may now be named). */
  settled(uuid: string, status: ServerStatusKind): boolean {
    return status !== 'connecting' && this.#pending.delete(uuid);
  }

  /** True while a server added before this one has not settled its first connect. */
  waits(uuid: string): boolean {
    if (this.#pending.size === 0) return false;
    const mine = this.#addedAt.get(uuid);
    if (mine === undefined) return false;
    for (const other of this.#pending) if ((this.#addedAt.get(other) ?? Infinity) < mine) return true;
    return false;
  }
}
