// What a connection does once connected, by transport and revision: close when the transport
// shows the server is gone (closing starts the reconnect with backoff), log what a stdio server
// wrote that could not be read, ask a 2025-era server for its log messages, and follow a
// 2026-07-28 server's list changes on `subscriptions/listen`.
import type { McpServer } from '../../../types/config.js';
import type { LogLevel } from '../../../types/mcp.js';
import { messageOf } from '../../../types/errors.js';
import { AuthError } from '../../auth/errors.js';
import type { RevisionClient } from '../protocol/revision-client.js';
import { listenForChanges } from '../protocol/subscriptions.js';

export interface WatchHooks {
  /** Whether `client` is still the connection's own, and ready. */
  current: () => boolean;
  note: (level: LogLevel, text: string) => void;
  timeoutMs: number;
}

export function watchConnection(client: RevisionClient, type: McpServer['type'], hooks: WatchHooks): void {
  if (type === 'sse') {
    // The SDK's SSE client only reports a dropped stream as an error and leaves pending calls
    // waiting for their timeout; closing fails them now and starts the reconnect. A request
    // refused for want of a sign-in is that request's failure alone.
    client.onerror = (error) => {
      if (hooks.current() && !(error instanceof AuthError)) void client.close();
    };
  } else if (type === 'stdio') {
    // What the transport could not read (a line that is no message, one over the size limit) is
    // passed over; the server's log says so, or the user would never know why a call failed.
    client.onerror = (error) => {
      if (hooks.current()) hooks.note('warning', `Passed over on stdout: ${error.message}`);
    };
  } else if (type === 'http' && !client.isModern) {
    // The 2025 Streamable HTTP client never closes by itself when the server goes away; it only
    // retries its standing GET stream and then reports, as an error, that it gave up. That is
    // the server being gone.
    client.onerror = (error) => {
      if (hooks.current() && /Maximum reconnection attempts/.test(error.message)) void client.close();
    };
  }
  if (client.isModern) {
    listenForChanges(client, {
      note: hooks.note,
      current: hooks.current,
      // Over HTTP a listen stream that breaks is the server gone.
      lost: () => {
        if (type === 'http') void client.close();
      },
    });
  } else {
    void askForLogs(client, hooks);
  }
}

/** Asks a 2025-era server that offers logging for its messages from `info` up; they go to its log. */
async function askForLogs(client: RevisionClient, hooks: WatchHooks): Promise<void> {
  if (!client.getServerCapabilities()?.logging) return;
  try {
    await client.setLoggingLevel('info', { timeout: hooks.timeoutMs });
  } catch (error) {
    hooks.note('warning', `The server refused logging/setLevel: ${messageOf(error)}`);
  }
}
