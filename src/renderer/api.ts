// The renderer's only door to the main process. Electron's preload exposes the contract as
// `window.api`; in the browser host the same contract travels over HTTP. Both clients are built
// by iterating IPC_CHANNELS, so a channel added to src/types/ipc.ts exists here without edits.
import type { Api, IpcEventName, IpcInvoke, IpcSubscribe } from '../types/ipc.js';
import { buildApi, IPC_EVENTS } from '../types/ipc.js';
import { shallowRef } from 'vue';

const TOKEN_KEY = 'mcp-app-token';

/** What a page of an earlier launch is told: its key is no longer valid. */
export const STALE_LAUNCH_MESSAGE =
  'The app was restarted, so this page no longer reaches it. Open its new address, printed in the terminal where the app runs.';

/** True once main refused this page's key: the browser host was restarted (new port or key). */
export const staleLaunch = shallowRef(false);

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
      throw new Error('The app is not reachable. Is it still running? If it was restarted, open its new address, printed in the terminal where it runs.');
    }
    if (response.status === 401) {
      staleLaunch.value = true;
      throw new Error(STALE_LAUNCH_MESSAGE);
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

/** One EventSource for every event and listener, opened on the first and closed after the last. */
function httpEvents(token: string): IpcSubscribe {
  const listeners = new Map<IpcEventName, Set<(payload: never) => void>>();
  let count = 0;
  let source: EventSource | null = null;

  const open = (): EventSource => {
    const events = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
    for (const name of IPC_EVENTS) {
      events.addEventListener(name, (event: MessageEvent<string>) => {
        let payload: never;
        try {
          payload = JSON.parse(event.data) as never;
        } catch {
          return; // A garbled event is skipped; status events carry the full status again.
        }
        for (const listener of listeners.get(name) ?? []) listener(payload);
      });
    }
    events.addEventListener('error', () => {
      // A stream the server refused (401: the app was restarted) is closed for good; one that
      // dropped is retried by EventSource itself.
      if (events.readyState === EventSource.CLOSED) httpInvoke(token)('getStatus', undefined).catch(() => undefined);
    });
    return events;
  };

  return (event, listener) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    count++;
    source ??= open();
    return () => {
      if (!set.delete(listener)) return;
      if (--count === 0 && source) {
        source.close();
        source = null;
      }
    };
  };
}

function createApi(): Api {
  if (window.api) return window.api;
  const token = readToken();
  return buildApi(httpInvoke(token), httpEvents(token));
}

export const api: Api = createApi();
