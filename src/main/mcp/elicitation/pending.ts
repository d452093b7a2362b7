// Requests for input (elicitation) of calls the renderer made, while they wait for its answer:
// each goes to the page as an `elicitation` event with a request id, comes back through
// `answerElicitation`, and ends (answered, or no longer wanted) with an `elicitationEnded` event.
// An answer that does not fit the form is not sent: its problems go back to the form, and the
// request keeps waiting.
import { randomUUID } from 'node:crypto';
import type { ElicitationAction, ElicitationAnswer, ElicitationContent, ElicitationProblem, ElicitationPrompt } from '../../../types/elicitation.js';
import type { Elicit, ElicitationRequest } from './router.js';

interface Pending {
  request: ElicitationRequest;
  finish: (answer: ElicitationAnswer) => void;
}

export class PendingElicitations {
  #pending = new Map<string, Pending>();
  #asked = new Set<(prompt: ElicitationPrompt) => void>();
  #ended = new Set<(ended: { requestId: string }) => void>();

  /** The `elicit` of one call the renderer made (`callId`, when it gave one). */
  elicitFor(callId: string | undefined): Elicit {
    return (request, signal) => {
      // No page listens (a host without one): nobody can answer.
      if (this.#asked.size === 0) return Promise.resolve({ action: 'decline' });
      const requestId = randomUUID();
      return new Promise<ElicitationAnswer>((resolve) => {
        const finish = (answer: ElicitationAnswer): void => {
          if (!this.#pending.delete(requestId)) return;
          signal.removeEventListener('abort', withdraw);
          for (const listener of this.#ended) listener({ requestId });
          resolve(answer);
        };
        const withdraw = (): void => finish({ action: 'cancel' });
        signal.addEventListener('abort', withdraw, { once: true });
        this.#pending.set(requestId, { request, finish });
        const prompt: ElicitationPrompt = {
          requestId,
          ...(callId === undefined ? {} : { callId }),
          serverLabel: request.server.label,
          tool: request.tool,
          message: request.message,
          requestedSchema: request.requestedSchema,
        };
        for (const listener of this.#asked) listener(prompt);
        if (signal.aborted) withdraw();
      });
    };
  }

  /**
   * The page's answer. Accepted content is checked first (defaults applied): `done` is false and
   * `problems` says why when it does not fit, and the request goes on waiting for a better one.
   */
  answer(requestId: string, action: ElicitationAction, content: ElicitationContent = {}): { done: boolean; problems: ElicitationProblem[] } {
    const pending = this.#pending.get(requestId);
    if (!pending) throw new Error('This request for input is no longer waiting: its call has ended, or the server withdrew it.');
    if (action !== 'accept') {
      pending.finish({ action });
      return { done: true, problems: [] };
    }
    const problems = pending.request.check(content);
    if (problems.length > 0) return { done: false, problems };
    pending.finish({ action: 'accept', content });
    return { done: true, problems: [] };
  }

  onAsked(listener: (prompt: ElicitationPrompt) => void): () => void {
    this.#asked.add(listener);
    return () => this.#asked.delete(listener);
  }

  onEnded(listener: (ended: { requestId: string }) => void): () => void {
    this.#ended.add(listener);
    return () => this.#ended.delete(listener);
  }
}
