// Who holds a profile's lock: what the holder writes beside the lock (pid, host kind, and its
// address once known, never the address's key), and the message a second start gets. Pure.
import { z } from 'zod';

export const HostKindSchema = z.enum(['electron', 'web', 'inspect']);
export type HostKind = z.infer<typeof HostKindSchema>;

export const LockHolderSchema = z.object({
  pid: z.number().int().positive(),
  host: HostKindSchema,
  /** The browser host's address without its key (the key stays in that host's terminal). */
  address: z.string().optional(),
  /** When the holder took the lock (ISO time). */
  since: z.string(),
});
export type LockHolder = z.infer<typeof LockHolderSchema>;

const HOST_NAMES: Record<HostKind, string> = {
  electron: 'the MCP Tool Names app',
  web: 'the browser host',
  inspect: '`npm run inspect`',
};

/** The holder file's text, or null when it is missing, unreadable or from something else. */
export function parseHolder(text: string | null): LockHolder | null {
  if (text === null) return null;
  try {
    const parsed = LockHolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An address safe to write down and print: the origin only, never a key in a fragment or query. */
export function addressWithoutKey(url: string): string {
  return `${new URL(url).origin}/`;
}

/** What a second start on a locked profile is told. */
export function lockedMessage(dir: string, holder: LockHolder | null): string {
  if (!holder) return `The profile ${dir} is in use by another copy of the app that is starting or stopping. Try again in a few seconds.`;
  const where = holder.address ? ` at ${holder.address} (the address with its key is in that host's terminal)` : '';
  return (
    `The profile ${dir} is in use by ${HOST_NAMES[holder.host]} (pid ${holder.pid})${where}. ` +
    'One copy of the app writes a profile at a time: use that one, quit it first, or start with another --user-data folder.'
  );
}
