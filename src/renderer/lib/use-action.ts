// A component's calls to main: one at a time (`busy` disables its buttons), and a failure shown
// in place (`error`), never thrown at the user as an alert.
import { ref } from 'vue';
import type { Ref } from 'vue';
import { messageOf, mutate } from '../store.js';

export interface Action {
  busy: Ref<boolean>;
  error: Ref<string>;
  /** Runs `action`; true when it succeeded, false when its error is now in `error`. */
  run(action: () => Promise<unknown>): Promise<boolean>;
  /** `run` for a call that changes settings: the store re-reads them afterwards (store.mutate). */
  mutate(call: () => Promise<unknown>): Promise<boolean>;
}

export function useAction(): Action {
  const busy = ref(false);
  const error = ref('');
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    busy.value = true;
    error.value = '';
    try {
      await action();
      return true;
    } catch (e) {
      error.value = messageOf(e);
      return false;
    } finally {
      busy.value = false;
    }
  }
  return { busy, error, run, mutate: (call) => run(() => mutate(call)) };
}
