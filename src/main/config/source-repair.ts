// Repairs of what installing writes into config.json: a server's `source` (how it was installed)
// and the registry's address. Both only ever drop what cannot be used, with a warning: the server
// itself stays as it is, it is only no longer offered updates.
import type { ServerSource } from '../../types/config.js';
import { HttpUrlSchema, ServerSourceSchema } from '../../types/config.js';
import { isRecord } from '../../types/json.js';

/** A server's `source` as saved, trimmed of spaces around its parts; undefined when unusable. */
export function repairSource(value: unknown, where: string, warnings: string[]): ServerSource | undefined {
  if (value === undefined) return undefined;
  const trimmed = isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item.trim() : item])) : value;
  const parsed = ServerSourceSchema.safeParse(trimmed);
  if (!parsed.success) {
    warnings.push(`${where}: where it was installed from could not be read and was dropped (the server is kept; updates are no longer offered for it).`);
    return undefined;
  }
  const changed = isRecord(value) && Object.entries(parsed.data).some(([key, item]) => value[key] !== item);
  if (changed) warnings.push(`${where}: spaces around where it was installed from were removed.`);
  return parsed.data;
}

/** The registry's address as saved; undefined (the official one) when it is not an http(s) address. */
export function repairRegistryUrl(value: unknown, warnings: string[]): string | undefined {
  if (value === undefined) return undefined;
  const parsed = HttpUrlSchema.safeParse(typeof value === 'string' ? value.trim() : value);
  if (parsed.success && parsed.data === value) return parsed.data;
  if (parsed.success) {
    warnings.push('The registry address had spaces around it; they were removed.');
    return parsed.data;
  }
  warnings.push('The registry address is not an http:// or https:// address and was dropped: the official MCP Registry applies.');
  return undefined;
}
