// Tool integrity's state in the page: the notices of servers whose tools wait for review (from
// main's `toolsHeld` event, and what waits when the page opens), and which server's Review panel
// is open. Nothing here is saved: a held tool stays held in main until approved, and its badge and
// its server's count say so on every start; "Keep blocked" and Dismiss only close things here.
import { shallowRef, watch } from 'vue';
import { api } from './api.js';
import { announce } from './lib/announce.js';
import { addHeld, heldInStatus, pruneHeld, waitingText, type HeldNotice } from './lib/tool-review.js';
import { serverStatus } from './store.js';

export const heldNotices = shallowRef<HeldNotice[]>([]);

/** The open Review panel: a server, and the tool (original name) to show first. */
export const reviewing = shallowRef<{ uuid: string; tool?: string } | null>(null);

export function openReview(uuid: string, tool?: string): void {
  reviewing.value = { uuid, ...(tool !== undefined ? { tool } : {}) };
}

export function closeReview(): void {
  reviewing.value = null;
}

/** The user has seen a server's notice (Dismiss, or Review): it goes until its tools change again. */
export function dismissHeld(uuid: string): void {
  heldNotices.value = heldNotices.value.filter((notice) => notice.uuid !== uuid);
}

let started = false;

export function startReviewState(): void {
  if (started) return;
  started = true;
  api.on('toolsHeld', (event) => {
    heldNotices.value = addHeld(heldNotices.value, event);
    announce(`${event.label} changed its tools: ${waitingText(event.tools.length)}.`);
  });
  // The first status the page gets brings what already waits (a server updated while the app was
  // closed); later ones take out what is no longer held. Main sends a listing's status before its
  // toolsHeld event, so a notice never meets a status older than itself.
  let seeded = false;
  watch(serverStatus, (status) => {
    if (!seeded && status.length > 0) {
      seeded = true;
      for (const notice of heldInStatus(status)) heldNotices.value = addHeld(heldNotices.value, notice);
    }
    const notices = heldNotices.value;
    const pruned = pruneHeld(notices, status);
    if (pruned.length !== notices.length || pruned.some((notice, i) => notice !== notices[i])) heldNotices.value = pruned;
  });
}
