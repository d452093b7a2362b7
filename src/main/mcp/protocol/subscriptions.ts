// List changes from a 2026-07-28 server: there are no unsolicited notifications in that revision,
// so the client opens one `subscriptions/listen` request for the lists the server says change
// (`listChanged` in its discovered capabilities). Its notifications reach the client's
// notification handlers like any other (`tools/list_changed` → a re-list); the request itself
// stays open until the server or the client ends it.
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { LogLevel } from '../../../types/mcp.js';
import { messageOf } from '../../../types/errors.js';
import type { RevisionClient } from './revision-client.js';

/** setTimeout's largest delay: a listen request has no timeout of its own. */
const NO_TIMEOUT_MS = 2 ** 31 - 1;

export interface ListenHooks {
  note: (level: LogLevel, text: string) => void;
  /** Whether the client is still the connection's own (a stopped one's end is no news). */
  current: () => boolean;
  /** The stream failed while the connection was in use. */
  lost: () => void;
}

export function listenForChanges(client: RevisionClient, hooks: ListenHooks): void {
  const capabilities = client.getServerCapabilities();
  const notifications = {
    ...(capabilities?.tools?.listChanged ? { toolsListChanged: true } : {}),
    ...(capabilities?.prompts?.listChanged ? { promptsListChanged: true } : {}),
    ...(capabilities?.resources?.listChanged ? { resourcesListChanged: true } : {}),
  };
  if (Object.keys(notifications).length === 0) return;
  hooks.note('info', `Listening for changes: ${Object.keys(notifications).join(', ')}`);
  // The SDK's request union knows no `subscriptions/listen`; the revision client sends any method.
  const request = { method: 'subscriptions/listen', params: { notifications } } as unknown as Parameters<RevisionClient['request']>[0];
  client.request(request, ResultSchema, { timeout: NO_TIMEOUT_MS }).then(
    () => {
      if (hooks.current()) hooks.note('info', 'The server ended its subscriptions/listen stream');
    },
    (error: unknown) => {
      if (!hooks.current()) return;
      hooks.note('warning', `subscriptions/listen failed: ${messageOf(error)}`);
      hooks.lost();
    },
  );
}
