// The Electron host's IPC entry, kept free of `electron` so it runs under test: only our own page
// (the top document loaded from our file) may call in; another frame, or the window navigated
// elsewhere, is refused before the contract sees the request.
import type { IpcServer } from '../ipc.js';

export interface InvokeEvent {
  /** The frame that sent the request; null when it is gone. */
  senderFrame?: { url: string } | null;
}

/** A URL without its fragment: the fragment changes no document, so it does not matter here. */
const documentOf = (url: string): string => url.split('#', 1)[0]!;

/** Whether `url` is the app's own page (fragment aside): the only place its window may go. */
export function isPage(url: string, pageUrl: string): boolean {
  return documentOf(url) === documentOf(pageUrl);
}

export function guardedInvoke(ipc: IpcServer, pageUrl: string) {
  return (event: InvokeEvent, channel: unknown, input: unknown): Promise<unknown> => {
    const sender = event.senderFrame?.url;
    if (sender === undefined || !isPage(sender, pageUrl)) return Promise.reject(new Error('Refused: request from an unknown page.'));
    return ipc.invoke(channel, input);
  };
}
