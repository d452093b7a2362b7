// Copies of the config beside config.json (config.pre-migration-*, config.before-repair-*,
// config.corrupt-*, and any other config.*.json) are rewritten so that they hold references, not
// secret values: no file but the fallback store may hold a secret. A copy that parses gets every
// secret value (by the rule, or known) replaced by its reference; in any copy, parseable or not,
// the known values' text is replaced too, which is all that can be done for a file that does
// not parse.
import fs from 'node:fs/promises';
import path from 'node:path';
import { isRecord, setOwn } from '../../types/json.js';
import type { SecretRef } from '../../types/secrets.js';
import { writePrivateFile } from '../profile/files.js';
import { redactValues } from './redact.js';
import { newSecretId, plainSecretsOf } from './refs.js';

/** The config file itself; every other `config.*.json` in the folder is a copy of it. */
const COPY_NAME = /^config\..+\.json$/;

async function configCopies(userDataDir: string): Promise<string[]> {
  const names = await fs.readdir(userDataDir).catch(() => []);
  return names.filter((name) => COPY_NAME.test(name)).sort().map((name) => path.join(userDataDir, name));
}

/**
 * Replaces secret values in a parsed config's servers, in place; true when it changed anything.
 * A value with a known reference gets it; any other secret value (an old one the config no
 * longer holds) gets a reference to nothing, so restoring that copy asks for it again.
 */
function scrubParsed(root: unknown, known: ReadonlyMap<string, SecretRef>): boolean {
  const servers = isRecord(root) && isRecord(root.mcp) && Array.isArray(root.mcp.servers) ? root.mcp.servers : [];
  let changed = false;
  for (const server of servers) {
    if (!isRecord(server)) continue;
    for (const { key, value, values } of plainSecretsOf(server, known)) {
      setOwn(values, key, known.get(value) ?? { secret: newSecretId() });
      changed = true;
    }
  }
  return changed;
}

/**
 * The text a copy should hold instead, or null when it holds no secret value. A copy that does
 * not parse has known values that stand as a whole JSON string replaced by their reference, so
 * that once repaired by hand it still points at the secret.
 */
export function scrubbedCopy(text: string, known: ReadonlyMap<string, SecretRef>): string | null {
  let next = text;
  try {
    const root: unknown = JSON.parse(text);
    if (scrubParsed(root, known)) next = `${JSON.stringify(root, null, '\t')}\n`;
  } catch {
    for (const [value, ref] of known) next = next.split(JSON.stringify(value)).join(JSON.stringify(ref));
  }
  next = redactValues(next, known.keys());
  return next === text ? null : next;
}

/**
 * Rewrites, atomically and 0600, every copy that holds a secret value (each read once); returns
 * their paths. `except`: a copy just written with references, which needs no second look.
 */
export async function scrubConfigCopies(userDataDir: string, known: ReadonlyMap<string, SecretRef>, except?: string): Promise<string[]> {
  const rewritten: string[] = [];
  for (const file of await configCopies(userDataDir)) {
    if (file === except) continue;
    const next = scrubbedCopy(await fs.readFile(file, 'utf8'), known);
    if (next === null) continue;
    writePrivateFile(file, next);
    rewritten.push(file);
  }
  return rewritten;
}
