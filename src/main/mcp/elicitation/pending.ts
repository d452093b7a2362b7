// Requests for input (elicitation) of calls the renderer made, while they wait for its answer:
// each goes to the page as an `elicitation` event with a request id, comes back through
// `answerElicitation`, and ends (answered, or no longer wanted) with an `elicitationEnded` event.
// An answer that does not fit the form is not sent: its problems go back to the form, and the
// request keeps waiting. A URL request the user accepts is opened in the system browser (by the
// host, or else by the page in a new tab) and stays on screen, waiting, until the server says the
// user finished there, the call ends, or the user ends the wait (`finishUrlElicitation`).
import { randomUUID } from 'node:crypto';
import type { ElicitationAction, ElicitationAnswer, ElicitationContent, ElicitationProblem, ElicitationPrompt } from '../../../types/elicitation.js';
import type { AnyElicitationRequest, Elicit, UrlElicitationRequest } from './router.js';

interface Pending {
  request: AnyElicitationRequest;
  finish: (answer: ElicitationAnswer) => void;
}

export interface AnswerReply {
  done: boolean;
  problems: ElicitationProblem[];
  /** A URL the page must open in a new tab itself: the host has no system browser to hand it to. */
  open?: string;
}

export class PendingElicitations {
  #pending = new Map<string, Pending>();
  /** Accepted URL requests whose wait goes on. */
  #waiting = new Map<string, UrlElicitationRequest>();
  #asked = new Set<(prompt: ElicitationPrompt) => void>();
  #ended = new Set<(ended: { requestId: string }) => void>();

  /** `openExternal`: hands a URL to the system browser (Electron); without it the page opens it. */
  constructor(private readonly openExternal?: (url: string) => void) {}

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
          if (request.mode === 'url' && answer.action === 'accept' && !request.done.aborted) this.#wait(requestId, request);
          else this.#end(requestId);
          resolve(answer);
        };
        const withdraw = (): void => finish({ action: 'cancel' });
        signal.addEventListener('abort', withdraw, { once: true });
        this.#pending.set(requestId, { request, finish });
        const base = { requestId, ...(callId === undefined ? {} : { callId }), serverLabel: request.server.label, tool: request.tool, ...(request.fetching ? { fetching: request.fetching } : {}), message: request.message };
        const prompt: ElicitationPrompt = request.mode === 'form'
          ? { ...base, mode: 'form', requestedSchema: request.requestedSchema }
          : { ...base, mode: 'url', url: request.url, retry: request.retry };
        for (const listener of this.#asked) listener(prompt);
        if (signal.aborted) withdraw();
      });
    };
  }

  /**
   * The page's answer. Accepted content is checked first (defaults applied): `done` is false and
   * `problems` says why when it does not fit, and the request goes on waiting for a better one.
   * An accepted URL is handed to the system browser, or comes back as `open` for the page.
   */
  answer(requestId: string, action: ElicitationAction, content: ElicitationContent = {}): AnswerReply {
    const pending = this.#pending.get(requestId);
    if (!pending) throw new Error('This request for input is no longer waiting: its call has ended, or the server withdrew it.');
    const { request } = pending;
    if (action !== 'accept') {
      pending.finish({ action });
      return { done: true, problems: [] };
    }
    if (request.mode === 'url') {
      // Opened before the server hears "accept": the user is on the page when it goes on.
      const opener = this.openExternal;
      if (opener) opener(request.url.href);
      pending.finish({ action: 'accept', content: {} });
      return { done: true, problems: [], ...(opener ? {} : { open: request.url.href }) };
    }
    const problems = request.check(content);
    if (problems.length > 0) return { done: false, problems };
    pending.finish({ action: 'accept', content });
    return { done: true, problems: [] };
  }

  /** The user ends the wait after opening a URL: 'retry' (finished there), 'stop' (gave up). */
  finishUrl(requestId: string, how: 'retry' | 'stop'): void {
    const request = this.#waiting.get(requestId);
    if (!request) throw new Error('Nothing is waiting for this URL any more: the server heard you finished, or the call ended.');
    request.finish(how);
  }

  onAsked(listener: (prompt: ElicitationPrompt) => void): () => void {
    this.#asked.add(listener);
    return () => this.#asked.delete(listener);
  }

  onEnded(listener: (ended: { requestId: string }) => void): () => void {
    this.#ended.add(listener);
    return () => this.#ended.delete(listener);
  }

  #wait(requestId: string, request: UrlElicitationRequest): void {
    this.#waiting.set(requestId, request);
    request.done.addEventListener('abort', () => {
      this.#waiting.delete(requestId);
      this.#end(requestId);
    }, { once: true });
  }

  #end(requestId: string): void {
    for (const listener of this.#ended) listener({ requestId });
  }
}
