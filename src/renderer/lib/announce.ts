// One polite live region for the whole app (App.vue renders it): status changes a sighted user
// sees happen (a server becoming ready or failing, a call finishing) are read out too.
import { shallowRef } from 'vue';

export const announcement = shallowRef('');

export function announce(text: string): void {
  // The same text twice in a row is not re-read unless the region changes in between.
  announcement.value = announcement.value === text ? `${text}\u00a0` : text;
}
