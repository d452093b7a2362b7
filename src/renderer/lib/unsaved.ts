// Unsaved edits are never thrown away without asking: the editor holding them registers here,
// and whatever would replace it (another model, another screen) first calls confirmLeave(),
// which asks Save / Discard / Keep editing in a dialog (UnsavedDialog.vue, rendered by App).
import { shallowRef } from 'vue';

export interface UnsavedChanges {
  /** What has unsaved changes, for the question: "gpt-4o (openai)". */
  what: string;
  /** Saves them; false when saving failed (the editor shows why). */
  save(): Promise<boolean>;
}

export type LeaveChoice = 'save' | 'discard' | 'stay';

const unsaved = shallowRef<UnsavedChanges | null>(null);

/** The open question, while a leave waits for the user's answer. */
export const leaveQuestion = shallowRef<{ what: string; saving: boolean; answer(choice: LeaveChoice): void } | null>(null);

/** The editor's current unsaved changes, or null once saved or discarded. */
export function setUnsaved(changes: UnsavedChanges | null): void {
  unsaved.value = changes;
}

export function hasUnsaved(): boolean {
  return unsaved.value !== null;
}

/** Resolves true when the caller may go on (nothing unsaved, saved, or discarded). */
export function confirmLeave(): Promise<boolean> {
  const changes = unsaved.value;
  if (!changes) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const finish = (leave: boolean): void => {
      leaveQuestion.value = null;
      if (leave) unsaved.value = null;
      resolve(leave);
    };
    leaveQuestion.value = {
      what: changes.what,
      saving: false,
      answer: (choice) => {
        if (choice !== 'save') return finish(choice === 'discard');
        if (leaveQuestion.value) leaveQuestion.value = { ...leaveQuestion.value, saving: true };
        void changes.save().then(finish, () => finish(false));
      },
    };
  });
}
