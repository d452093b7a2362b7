// The renderer's only door to the main process. Electron's preload exposes the contract as
// `window.api`; in the browser host the same contract travels over HTTP. Both clients are built
// by iterating IPC_CHANNELS, so a channel added to src/types/ipc.ts exists here without edits.
import type { Api, IpcInvoke } from '../types/ipc.js';
import { buildApi } from '../types/ipc.js';
import type { ServerStatus } from '../types/mcp.js';

type StatusListener = (status: ServerStatus[]) => void;

const TOKEN_KEY = 'mcp-app-token';

/**
 * The per-launch secret arrives once in the URL fragment (never sent to the server in a request
 * line, never logged). It is kept for this tab in sessionStorage, so a reload still works, and
 * removed from the address bar so it is not copied, bookmarked or shared by accident.
 */
function readToken(): string {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const fromUrl = fragment.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    history.replaceState(history.state, '', location.pathname + location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

interface HttpReply {
  ok: boolean;
  result?: unknown;
  error?: string;
}

function isHttpReply(value: unknown): value is HttpReply {
  return typeof value === 'object' && value !== null && typeof (value as HttpReply).ok === 'boolean';
}

function httpInvoke(token: string): IpcInvoke {
  return async (channel, input) => {
    let response: Response;
    try {
      response = await fetch(`/api/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ input }),
      });
    } catch {
      throw new Error('The app is not reachable. Is it still running?');
    }
    let reply: unknown;
    try {
      reply = await response.json();
    } catch {
      throw new Error(`The app answered ${response.status} ${response.statusText} without a result.`);
    }
    if (!isHttpReply(reply)) throw new Error(`The app answered ${response.status} with an unexpected body.`);
    if (!reply.ok) throw new Error(reply.error ?? `Request "${channel}" failed (${response.status}).`);
    return reply.result;
  };
}

/** One EventSource shared by every listener, opened on the first and closed after the last. */
function httpStatusEvents(token: string): Api['onStatus'] {
  const listeners = new Set<StatusListener>();
  let source: EventSource | null = null;

  const open = (): EventSource => {
    const events = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
    events.addEventListener('status', (event: MessageEvent<string>) => {
      let status: ServerStatus[];
      try {
        status = JSON.parse(event.data) as ServerStatus[];
      } catch {
        return; // A garbled event is skipped; the next one carries the full status again.
      }
      for (const listener of listeners) listener(status);
    });
    return events;
  };

  return (listener) => {
    listeners.add(listener);
    source ??= open();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && source) {
        source.close();
        source = null;
      }
    };
  };
}

function createApi(): Api {
  if (window.api) return window.api;
  const token = readToken();
  return buildApi(httpInvoke(token), httpStatusEvents(token));
}

export const api: Api = createApi();
