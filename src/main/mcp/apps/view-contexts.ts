// What views hand the chat app, kept per call (the page's id of the call a view shows): the last
// model context (`ui/update-model-context`: each update replaces the one before) and the messages
// (`ui/message`). Only the last few calls' are kept, like their results (calls/active-calls.ts).
import type { CallViewContext, ViewMessage, ViewModelContext } from '../../../types/apps.js';

/** How many calls' contexts are kept. */
export const KEPT_CONTEXTS = 32;
/** Messages kept per call: a view that sends more is flooding, not talking. */
export const KEPT_MESSAGES = 20;

export class ViewContexts {
  #byCall = new Map<string, CallViewContext>();

  /** Replaces the call's model context; an empty one clears it. */
  setModelContext(callId: string, context: ViewModelContext): void {
    const entry = this.#entry(callId);
    const empty = (context.content?.length ?? 0) === 0 && context.structuredContent === undefined;
    if (empty) delete entry.modelContext;
    else entry.modelContext = context;
  }

  /** Keeps a view's message for its call; false once the call has KEPT_MESSAGES. */
  addMessage(callId: string, message: ViewMessage): boolean {
    const entry = this.#entry(callId);
    if (entry.messages.length >= KEPT_MESSAGES) return false;
    entry.messages.push(message);
    return true;
  }

  /** What the views of a call handed over, while it is among the last KEPT_CONTEXTS; else undefined. */
  of(callId: string): CallViewContext | undefined {
    return this.#byCall.get(callId);
  }

  #entry(callId: string): CallViewContext {
    let entry = this.#byCall.get(callId);
    if (entry) {
      // Most recently used last: the oldest call is the one dropped.
      this.#byCall.delete(callId);
    } else {
      entry = { messages: [] };
    }
    this.#byCall.set(callId, entry);
    if (this.#byCall.size > KEPT_CONTEXTS) this.#byCall.delete(this.#byCall.keys().next().value!);
    return entry;
  }
}
