// The icons the page has asked main for, by server and id: each asked once (main fetched and
// checked it; see src/main/mcp/icons/), a failure kept as null so a bad icon is not asked again.
// Also whether the system's theme is dark, which decides between an icon's light and dark forms.
import { shallowRef } from 'vue';
import { api } from './api.js';

const asked = new Map<string, Promise<string | null>>();

/** The icon's data URL, or null when main could not show it (why is in the app's log). */
export function iconUrl(uuid: string, id: string): Promise<string | null> {
  const key = `${uuid}\n${id}`;
  let url = asked.get(key);
  if (!url) {
    url = api.getIcon({ uuid, id }).then((icon) => icon.dataUrl, () => null);
    asked.set(key, url);
  }
  return url;
}

const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
/** The system's theme is dark (follows its changes). */
export const prefersDark = shallowRef(query?.matches ?? false);
query?.addEventListener('change', (event) => (prefersDark.value = event.matches));
