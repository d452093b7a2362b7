// What each provider makes of a set of tools, for the rows that show them: fetched through the
// getProviderReports channel (one request for all providers, narrowed to the tools on screen),
// again whenever server status changes, and shared with the rows through provide/inject.
import type { InjectionKey, Ref } from 'vue';
import { shallowRef, watch } from 'vue';
import type { ProviderId, ProviderToolStatus, ToolProviderReports } from '../../types/providers.js';
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
      const reports = await api.getProviderReports({ selection: [...selection] });
      if (mine !== generation) return;
      notes.value = notesOf(reports);
    } catch {
      // The rows still work without notes; the next status change tries again.
    }
  };
  // Keyed by the names themselves: `names` gives a new array at every recompute (a keystroke in
  // a filter, a status event), and the same tools need no new request.
  watch([() => names().join('\n'), serverStatus], () => void load(names()), { immediate: true });
  return notes;
}

/** The notes per exposed name: each provider that adapted the tool or cannot take it, in PROVIDER_IDS order. */
export function notesOf(reports: readonly ToolProviderReports[]): Map<string, ProviderNote[]> {
  const notes = new Map<string, ProviderNote[]>();
  for (const tool of reports) {
    const forTool: ProviderNote[] = [];
    for (const provider of PROVIDER_IDS) {
      const verdict = tool.providers[provider];
      // A denied tool says so on its own (its policy); it is not a provider's verdict.
      if (verdict.status === 'ok' || verdict.status === 'denied') continue;
      const note: ProviderNote = { provider, label: PROVIDER_LIMITS[provider].label, status: verdict.status, changes: verdict.changes };
      if (verdict.reason !== undefined) note.reason = verdict.reason;
      forTool.push(note);
    }
    if (forTool.length > 0) notes.set(tool.name, forTool);
  }
  return notes;
}
