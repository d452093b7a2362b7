// Where a server added from a registry package runs: a folder of the profile's own,
// `registry/<namespace>__<name>/` (`@2`, `@3`, … for another server of the same entry), never
// the folder the app happened to start in. The name has passed the registry's pattern (letters,
// digits, `.`, `-`, `_` and one `/`), and the `/` becomes `__`, so the folder is one plain name
// inside `registry/` whatever the entry is called (`..` included).
import fs from 'node:fs';
import path from 'node:path';
import { RegistryNameSchema } from '../../../types/install.js';

export const REGISTRY_DIR = 'registry';

/** The folder's name for this entry, before any `@N`. */
export function folderName(name: string): string {
  if (!RegistryNameSchema.safeParse(name).success) throw new Error(`"${name}" is not a registry server name.`);
  return name.replace('/', '__');
}

/**
 * The working folder for a new server of entry `name`: the first of `registry/<folder>`,
 * `registry/<folder>@2`, … that no server runs in (`inUse`), made if it is not there.
 */
export function makeWorkingFolder(userDataDir: string, name: string, inUse: (folder: string) => boolean): string {
  const root = path.join(userDataDir, REGISTRY_DIR);
  const base = path.join(root, folderName(name));
  let folder = base;
  for (let n = 2; inUse(folder); n++) folder = `${base}@${n}`;
  fs.mkdirSync(folder, { recursive: true, mode: 0o755 });
  return folder;
}
