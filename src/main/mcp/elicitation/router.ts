// Routes a server's `elicitation/create` to whoever called the tool: the manager registers each
// running call whose caller passed an `elicit` callback, and a request from a server goes to the
// earliest of that server's registered calls (a request names no call; a server asks in the
// middle of a call, and one server rarely runs two calls that ask at once). With none, the
// answer is decline. While the user answers, the call's timeout waits.
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitationAnswer, ElicitationContent, ElicitationProblem, ElicitationSchema } from '../../../types/elicitation.js';
import { isRecord } from '../../../types/json.js';
import { checkElicitationAnswer, readElicitationForm, withDefaults } from './form.js';
import { messageOf } from '../../../types/errors.js';

/** How long a request waits for the user's answer before it is cancelled. */
const ELICITATION_WAIT_MS = 10 * 60_000;

/** What a caller's `elicit` is given: the form, and the check its answer will have to pass. */
export interface ElicitationRequest {
  server: { uuid: string; label: string };
  /** The exposed name of the tool whose call is waiting. */
  tool: string;
  original: string;
  message: string;
  requestedSchema: ElicitationSchema;
  /** The problems of an answer's content, defaults applied; none when it will be accepted. */
  check(content: ElicitationContent): ElicitationProblem[];
}

/**
 * Asks the user and resolves with the answer. `signal` aborts when the answer is no longer
 * wanted (the server withdrew the request, the call ended, the wait ran out).
 */
export type Elicit = (request: ElicitationRequest, signal: AbortSignal) => Promise<ElicitationAnswer>;

/** What the router needs of a call's deadline (calls/call-deadline.ts): stop its clock while the user answers. */
export interface PausableDeadline {
  readonly signal: AbortSignal;
  /** Stops the clock until the returned release is called. */
  hold(): () => void;
}

interface RunningCall {
  tool: string;
  original: string;
  elicit: Elicit;
  deadline: PausableDeadline;
}

const DECLINE: ElicitResult = { action: 'decline' };
const CANCEL: ElicitResult = { action: 'cancel' };

export class ElicitationRouter {
  #running = new Map<string, RunningCall[]>();

  constructor(private readonly log: (message: string) => void) {}

  /** Registers a call of one of `uuid`'s tools that can answer, until the returned function is called. */
  begin(uuid: string, call: RunningCall): () => void {
    const list = this.#running.get(uuid) ?? [];
    list.push(call);
    this.#running.set(uuid, list);
    return () => {
      const at = list.indexOf(call);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0 && this.#running.get(uuid) === list) this.#running.delete(uuid);
    };
  }

  /** The answer to one `elicitation/create` of a server; never rejects. */
  async answer(server: { uuid: string; label: string }, params: unknown, signal: AbortSignal): Promise<ElicitResult> {
    const form = readElicitationForm(params);
    if ('problem' in form) {
      this.log(`${server.label} asked for input, declined: ${form.problem}.`);
      return DECLINE;
    }
    const call = this.#running.get(server.uuid)?.[0];
    if (!call) {
      this.log(`${server.label} asked for input ("${form.message.slice(0, 200)}") with no call of its tools able to answer; declined.`);
      return DECLINE;
    }
    const { requestedSchema } = form;
    const request: ElicitationRequest = {
      server,
      tool: call.tool,
      original: call.original,
      ...form,
      check: (content) => checkElicitationAnswer(requestedSchema, content),
    };
    const release = call.deadline.hold();
    const waiting = AbortSignal.any([signal, call.deadline.signal, AbortSignal.timeout(ELICITATION_WAIT_MS)]);
    try {
      const answer = await untilAborted(call.elicit(request, waiting), waiting);
      if (answer === null) return CANCEL;
      if (answer.action !== 'accept') return { action: answer.action === 'decline' ? 'decline' : 'cancel' };
      const content = isRecord(answer.content) ? withDefaults(requestedSchema, answer.content) : null;
      const problems = content ? request.check(content) : [{ field: 'answer', message: 'is not an object of fields' }];
      if (!content || problems.length > 0) {
        this.log(`${server.label}: the answer to "${form.message.slice(0, 200)}" does not fit its form (${problems.map((p) => `${p.field} ${p.message}`).join('; ')}); declined instead.`);
        return DECLINE;
      }
      return { action: 'accept', content };
    } catch (error) {
      this.log(`${server.label}: asking for input failed (${messageOf(error)}); cancelled.`);
      return CANCEL;
    } finally {
      release();
    }
  }
}

/** The promise's value, or null as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise<T | null>((resolve, reject) => {
    const onAbort = (): void => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
