// The folders a server may use (MCP roots), as the server gets them: each saved folder (the
// server's `roots`, absolute paths) as a `file://` URI named by its last part. A folder that is
// not there (a drive not mounted, a folder deleted) stays saved, is left out of what the server
// gets while it is missing (a server cannot use it, and some fail at a path that is not there),
// and is named in the log and on screen; it is given again as soon as it is back and the server
// asks (at its next `roots/list`: after a reconnect, or any edit of the list).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '@modelcontextprotocol/sdk/types.js';
import type { RootState } from '../../../types/roots.js';

/** Each saved folder and whether it is a folder that is there now. */
export function rootStates(paths: readonly string[] | undefined): RootState[] {
  return (paths ?? []).map((folder) => ({ path: folder, missing: !isFolder(folder) }));
}

function isFolder(folder: string): boolean {
  try {
    return fs.statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/** What `roots/list` answers: the folders that are there, as `file://` URIs. */
export function listedRoots(states: readonly RootState[]): Root[] {
  return states.filter((state) => !state.missing).map((state) => ({ uri: pathToFileURL(state.path).href, name: path.basename(state.path) || state.path }));
}

/**
 * Each server's folders as last looked for: looked for again when the server asks for them or
 * the list changes, not at every status (a folder on a slow network drive would hold it up).
 */
export class RootsChecks {
  readonly #checked = new Map<string, { key: string; states: RootState[] }>();

  /** The server's folders and whether each is missing; undefined when it has none. */
  states(uuid: string, paths: readonly string[] | undefined): RootState[] | undefined {
    if (!paths || paths.length === 0) return undefined;
    const kept = this.#checked.get(uuid);
    return kept && kept.key === JSON.stringify(paths) ? kept.states : this.check(uuid, paths);
  }

  /** Looks for the folders now. */
  check(uuid: string, paths: readonly string[] | undefined): RootState[] {
    const states = rootStates(paths);
    this.#checked.set(uuid, { key: JSON.stringify(paths ?? []), states });
    return states;
  }

  forget(uuid: string): void {
    this.#checked.delete(uuid);
  }
}
