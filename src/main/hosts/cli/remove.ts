// `inspect remove SERVER [--json]` (docs/inspect.md): deletes a server as the page's Delete does
// (docs/design.md §12), through the same call (Installs.removeServer): its names are released,
// its tools leave every saved selection, its secrets leave the store, and a server installed from
// a bundle (or a registry entry's mcpb package) takes the bundle's folder with it (unless another
// server runs from the same one). SERVER is a uuid or a label. `--json` prints `{ "uuid", "label", "removedFromSelections",
// "selections": [ { "where", "tools" } ], "bundleFolder"?: { "path", "removed" } }`.
import fs from 'node:fs';
import path from 'node:path';
import type { SelectionUse } from '../../../types/config.js';
import type { Core } from '../../core.js';
import { messageOf } from '../../../types/errors.js';
import { printError, printJson, printText } from './output.js';
import { oneLine } from './terminal-text.js';

export const REMOVE_VERB = 'remove';

export interface RemoveCommand {
  /** A uuid or a label. */
  server: string;
  json: boolean;
}

/** What the command line says, or a message for the usage line (thrown). */
export function parseRemoveCommand(positionals: readonly string[], json: boolean): RemoveCommand {
  const [server, ...extra] = positionals;
  if (!server || extra.length > 0) throw new Error('remove takes one server (its id or label)');
  return { server, json };
}

/**
 * Removes the server `uuid` (inspect found it from the command) of the profile in `userDataDir`;
 * 0, or 1 when it could not be removed or the settings not saved.
 */
export async function runRemoveCommand(core: Core, command: RemoveCommand, uuid: string, userDataDir: string): Promise<number> {
  const server = core.store.config.mcp.servers.find((item) => item.uuid === uuid)!;
  const selections = core.mcp.selectionsUsing(uuid);
  // A bundle's folder, or an mcpb package's a registry entry brought: Delete takes it too.
  const folder = core.installs.bundles.folderOf(server);
  let removedFromSelections: number;
  try {
    ({ removedFromSelections } = await core.installs.removeServer(uuid));
  } catch (error) {
    printError(`inspect: "${oneLine(server.label)}" was not removed: ${core.secrets.redact(messageOf(error))}`);
    return 1;
  }
  if (core.store.saveProblem) {
    printError(`inspect: Settings cannot be saved: ${core.store.saveProblem}.`);
    return 1;
  }
  const bundleFolder = folder === undefined ? undefined : { path: folder, removed: !fs.existsSync(path.join(userDataDir, folder)) };
  if (command.json) {
    printJson({ uuid, label: server.label, removedFromSelections, selections, ...(bundleFolder ? { bundleFolder } : {}) });
    return 0;
  }
  printText([
    `Removed "${oneLine(server.label)}" (${uuid}).`,
    selectionsLine(selections),
    ...(bundleFolder ? [bundleFolder.removed ? `Its bundle's folder ${bundleFolder.path} is deleted.` : `Its bundle's folder ${bundleFolder.path} is kept: another server was installed from it.`] : []),
  ].join('\n'));
  return 0;
}

function selectionsLine(selections: readonly SelectionUse[]): string {
  if (selections.length === 0) return 'No saved selection held its tools.';
  const each = selections.map((use) => `${oneLine(use.where)} (${use.tools.map(oneLine).join(', ')})`);
  return `Its tools left ${selections.length === 1 ? 'one saved selection' : `${selections.length} saved selections`}: ${each.join('; ')}.`;
}
