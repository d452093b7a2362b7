// Connecting one server's client on the newest revision both sides speak (docs/design.md §11).
// SSE servers speak the 2024-11-05 transport: the SDK's client as it is. A stdio or Streamable
// HTTP server is first asked `server/discover` (protocol/negotiate.ts): a 2026-07-28 server is
// then spoken to without `initialize` (over HTTP through protocol/modern-http.ts), and any other
// falls back to the `initialize` handshake on the SDK's transports, as before. The caller keeps
// what was found (with a 2026-07-28 server's discover result), so a reconnect does not ask again.
import type { McpServer } from '../../../types/config.js';
import { negotiate, type Discovered, type Verdict } from '../protocol/negotiate.js';
import { StartedOnce } from '../protocol/probe-transport.js';
import { ModernHttpTransport } from '../protocol/modern-http.js';
import { MODERN_REVISION } from '../protocol/revisions.js';
import type { RevisionClient } from '../protocol/revision-client.js';
import type { StderrTail, TransportIo, TransportValues } from './transports.js';
import { createTransport, httpFetch } from './transports.js';

/** The longest the probe waits for an answer: a server of the `initialize` era may stay silent. */
export const PROBE_TIMEOUT_MS = 10_000;

/** What a connect found a server to speak: the `initialize` era, or 2026-07-28 with its discover result. */
export type Era = { era: 'legacy' } | { era: 'modern'; discovered: Discovered };

/** The era one server was found to speak, kept while the settings that decide it stay the same. */
export class RevisionMemory {
  #kept: { settings: string; found: Era } | undefined;

  /** What an earlier connect found with these settings; none after an edit of them. */
  of(server: McpServer): Era | undefined {
    return this.#kept?.settings === settingsKey(server) ? this.#kept.found : undefined;
  }

  found(server: McpServer, era: Era): void {
    this.#kept = { settings: settingsKey(server), found: era };
  }

  /** A connect that failed: the next one asks again. */
  forget(): void {
    this.#kept = undefined;
  }
}

/** What decides the revision a server speaks: an edit of these asks it again. */
function settingsKey(server: McpServer): string {
  return JSON.stringify([server.type, server.command, server.args, server.cwd, server.url]);
}

export interface OpenOptions {
  server: McpServer;
  values: TransportValues;
  io: TransportIo;
  /** What this server was found to speak at an earlier connect, if any: no probe then. */
  remembered: Era | undefined;
  timeoutMs: number;
  /** The longest the probe waits (PROBE_TIMEOUT_MS unless given; never longer than `timeoutMs`). */
  probeTimeoutMs?: number;
  /** A 2026-07-28 HTTP call's `Mcp-Param-*` headers (the tool's `x-mcp-header` marks). */
  paramHeaders: (tool: string, args: unknown) => Record<string, string>;
  /** Says how the revision was chosen, for the server's log. */
  note: (text: string) => void;
  /** Given each stdio transport's stderr as soon as it exists (what explains a failed start). */
  adopt: (stderr: StderrTail) => void;
}


/** Connects `client` (its handlers already set); rejects as the SDK's connect does. */
export async function openClient(client: RevisionClient, options: OpenOptions): Promise<Era> {
  const { server, values, io, remembered } = options;
  const probeMs = Math.min(options.probeTimeoutMs ?? PROBE_TIMEOUT_MS, options.timeoutMs);
  if (server.type === 'sse' || remembered?.era === 'legacy') return legacy(client, options);
  if (server.type === 'http') {
    const transport = new ModernHttpTransport(new URL(server.url!), { headers: values.headers, fetch: httpFetch(io), revision: MODERN_REVISION, paramHeaders: options.paramHeaders });
    const verdict = remembered ?? (await negotiate(transport, client.envelope, probeMs));
    if (verdict.era === 'legacy') {
      await transport.close();
      return fellBack(client, options, verdict);
    }
    client.useModern(verdict.discovered);
    await client.connect(transport, { timeout: options.timeoutMs });
    return { era: 'modern', discovered: verdict.discovered };
  }
  const created = createTransport(server, values, io);
  if (created.stderr) options.adopt(created.stderr);
  const transport = new StartedOnce(created.transport);
  let verdict: Verdict;
  try {
    verdict = remembered ?? (await negotiate(transport, client.envelope, probeMs));
  } catch (error) {
    await transport.close().catch(() => undefined);
    throw error;
  }
  if (verdict.era === 'modern') {
    client.useModern(verdict.discovered);
    await client.connect(transport, { timeout: options.timeoutMs });
    return { era: 'modern', discovered: verdict.discovered };
  }
  options.note(`Speaking the initialize handshake: ${verdict.reason}`);
  if (!verdict.closed) {
    await client.connect(transport, { timeout: options.timeoutMs });
    return { era: 'legacy' };
  }
  // The process ended on the probe: a fresh one, asked nothing but `initialize`.
  await transport.close().catch(() => undefined);
  return legacy(client, options);
}

async function fellBack(client: RevisionClient, options: OpenOptions, verdict: Extract<Verdict, { era: 'legacy' }>): Promise<Era> {
  options.note(`Speaking the initialize handshake: ${verdict.reason}`);
  return legacy(client, options);
}

async function legacy(client: RevisionClient, { server, values, io, timeoutMs, adopt }: OpenOptions): Promise<Era> {
  const { transport, stderr } = createTransport(server, values, io);
  if (stderr) adopt(stderr);
  await client.connect(transport, { timeout: timeoutMs });
  return { era: 'legacy' };
}
