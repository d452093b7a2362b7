// What each provider makes of a set of tools, for the rows that show them: fetched through the
// getProviderTools channel (one request per provider, narrowed to the tools on screen), again
// whenever server status changes, and shared with the rows through provide/inject.
import type { InjectionKey, Ref } from 'vue';
import { shallowRef, watch } from 'vue';
import type { ProviderId, ProviderToolStatus } from '../../types/providers.js';
import { PROVIDER_IDS, PROVIDER_LIMITS } from '../../types/providers.js';
import { api } from '../api.js';
import { serverStatus } from '../store.js';

/** One provider's verdict on one tool, when it is not simply "ok". */
export interface ProviderNote {
  provider: ProviderId;
  label: string;
  status: Exclude<ProviderToolStatus, 'ok' | 'denied'>;
  changes: readonly string[];
  reason?: string;
}

/** Exposed name → the providers that adapted the tool or cannot take it. */
export type ProviderNotes = ReadonlyMap<string, ProviderNote[]>;

export const PROVIDER_NOTES: InjectionKey<Ref<ProviderNotes>> = Symbol('provider-notes');

/** The notes for the tools `names` gives, kept current; errors leave the last notes in place. */
export function useProviderNotes(names: () => readonly string[]): Ref<ProviderNotes> {
  const notes = shallowRef<ProviderNotes>(new Map());
  let generation = 0;
  const load = async (selection: readonly string[]): Promise<void> => {
    const mine = ++generation;
    if (selection.length === 0) {
      notes.value = new Map();
      return;
    }
    try {
      const lists = await Promise.all(PROVIDER_IDS.map((provider) => api.getProviderTools({ provider, selection: [...selection] })));
      if (mine !== generation) return;
      const next = new Map<string, ProviderNote[]>();
      for (const list of lists) {
        for (const entry of list.report) {
          // A denied tool says so on its own (its policy); it is not a provider's verdict.
          if (entry.status === 'ok' || entry.status === 'denied') continue;
          const note: ProviderNote = { provider: list.provider, label: PROVIDER_LIMITS[list.provider].label, status: entry.status, changes: entry.changes };
          if (entry.reason !== undefined) note.reason = entry.reason;
          const forTool = next.get(entry.name);
          if (forTool) forTool.push(note);
          else next.set(entry.name, [note]);
        }
      }
      notes.value = next;
    } catch {
      // The rows still work without notes; the next status change tries again.
    }
  };
  // Keyed by the names themselves: `names` gives a new array at every recompute (a keystroke in
  // a filter, a status event), and the same tools need no new round of nine requests.
  watch([() => names().join('\n'), serverStatus], () => void load(names()), { immediate: true });
  return notes;
}
