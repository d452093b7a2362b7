// Routes a server's `elicitation/create` to whoever called the tool: the manager registers each
// running call whose caller passed an `elicit` callback, and a request from a server goes to the
// call it names (a request made for a task carries the task's id), else to the earliest of that
// server's registered calls (a request names no call; a server asks in the middle of a call, and
// one server rarely runs two calls that ask at once). With none, the answer is decline. While the
// user answers, the call's timeout waits.
//
// Two modes: a form (form.ts) the user fills in, and a URL (url.ts) the user opens in the system
// browser; after an accept of a URL the app waits (url-waits.ts) until the server says the user
// finished there. A call that fails with -32042 (URL elicitation required) asks the same way
// (`openRequired`), and is then tried again by its caller.
import { ErrorCode, RELATED_TASK_META_KEY, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitationAnswer, ElicitationContent, ElicitationProblem, ElicitationSchema, ElicitationUrl } from '../../../types/elicitation.js';
import { isRecord } from '../../../types/json.js';
import { checkElicitationAnswer, readElicitationForm, withDefaults } from './form.js';
import { readUrlElicitation, type UrlElicitation } from './url.js';
import { UrlWaits, waitEnd, type UrlWait, type UrlWaitEnd } from './url-waits.js';
import { messageOf } from '../../../types/errors.js';

/** How long a request waits for the user's answer before it is cancelled; also the longest wait after a URL is opened. */
const ELICITATION_WAIT_MS = 10 * 60_000;
/** More URLs than one failed call can sensibly ask a person to open in a row. */
const MAX_REQUIRED_URLS = 5;

interface RequestBase {
  server: { uuid: string; label: string };
  /** The exposed name of the tool whose call is waiting (a prompt's name, a resource's URI). */
  tool: string;
  original: string;
  /** Set when what waits is no tool call (RunningCall.fetching). */
  fetching?: 'prompt' | 'resource';
  message: string;
}

/** A form the user fills in, and the check its answer will have to pass. */
export interface ElicitationRequest extends RequestBase {
  mode: 'form';
  requestedSchema: ElicitationSchema;
  /** The problems of an answer's content, defaults applied; none when it will be accepted. */
  check(content: ElicitationContent): ElicitationProblem[];
}

/**
 * A URL the user may open in the system browser (the caller opens it on accept, never the app's
 * own window). After an accept, `done` aborts when the wait is over (its reason: UrlWaitEnd).
 */
export interface UrlElicitationRequest extends RequestBase {
  mode: 'url';
  elicitationId: string;
  url: ElicitationUrl;
  /** The call failed for want of it (-32042) and is tried again once the wait is over. */
  retry: boolean;
  done: AbortSignal;
  /** The user ends the wait: 'retry' (finished: try again now), 'stop' (gave up). */
  finish(how: 'retry' | 'stop'): void;
}

export type AnyElicitationRequest = ElicitationRequest | UrlElicitationRequest;

/**
 * Asks the user and resolves with the answer (for a URL, accept means "opened it"). `signal`
 * aborts when the answer is no longer wanted (the server withdrew the request, the call ended,
 * the wait ran out).
 */
export type Elicit = (request: AnyElicitationRequest, signal: AbortSignal) => Promise<ElicitationAnswer>;

/** What the router needs of a call's deadline (calls/call-deadline.ts): stop its clock while the user answers. */
export interface PausableDeadline {
  readonly signal: AbortSignal;
  /** Stops the clock until the returned release is called. */
  hold(): () => void;
}

export interface RunningCall {
  tool: string;
  original: string;
  /** What waits, when it is no tool call: a prompt being got, or a resource being read. */
  fetching?: 'prompt' | 'resource';
  elicit: Elicit;
  deadline: PausableDeadline;
  /** The task the call runs as (tasks/), once the server made one: its requests name it. */
  taskId?: string;
}

const DECLINE: ElicitResult = { action: 'decline' };
const CANCEL: ElicitResult = { action: 'cancel' };

export class ElicitationRouter {
  #running = new Map<string, RunningCall[]>();
  #waits = new UrlWaits();
  /** The URL waits of each running call: they end with it. */
  #callWaits = new WeakMap<RunningCall, Set<UrlWait>>();

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
      for (const wait of this.#callWaits.get(call) ?? []) wait.finish('ended');
    };
  }

  /** `notifications/elicitation/complete`: the user finished what a URL request asked. */
  completed(server: { uuid: string; label: string }, elicitationId: string): void {
    if (!this.#waits.completed(server.uuid, elicitationId)) this.log(`${server.label} says URL request "${elicitationId.slice(0, 100)}" completed; nothing was waiting for it.`);
  }

  /**
   * The answer to one `elicitation/create` of a server. Never rejects, except for a URL it
   * refuses (not http or https, too long to check): an error with code InvalidParams, whose reason the server gets.
   */
  async answer(server: { uuid: string; label: string }, params: unknown, signal: AbortSignal): Promise<ElicitResult> {
    if (isRecord(params) && params.mode === 'url') return this.#answerUrl(server, params, signal);
    const form = readElicitationForm(params);
    if ('problem' in form) {
      this.log(`${server.label} asked for input, declined: ${form.problem}.`);
      return DECLINE;
    }
    const call = this.#callFor(server.uuid, params);
    if (!call) {
      this.log(`${server.label} asked for input ("${form.message.slice(0, 200)}") with no call of its tools able to answer; declined.`);
      return DECLINE;
    }
    const { requestedSchema } = form;
    const request: ElicitationRequest = {
      mode: 'form',
      server,
      tool: call.tool,
      original: call.original,
      ...(call.fetching ? { fetching: call.fetching } : {}),
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

  /**
   * A call of `call` failed with -32042: its caller is asked to open each URL the error names,
   * and this resolves once every one is done (the server said so, or the user chose to retry).
   * Throws, saying why, when a URL is refused, declined or given up on.
   */
  async openRequired(server: { uuid: string; label: string }, call: RunningCall, elicitations: unknown, signal: AbortSignal): Promise<void> {
    const list = Array.isArray(elicitations) ? elicitations.slice(0, MAX_REQUIRED_URLS) : [];
    if (list.length === 0) throw new Error(`${server.label} said a URL must be opened first, but named none`);
    for (const params of list) {
      const read = readUrlElicitation(params);
      if ('problem' in read) {
        this.log(`${server.label} asked for a URL to be opened before the call; refused: ${read.problem}.`);
        throw new Error(`${server.label} asked for a URL to be opened first, which was refused: ${read.problem}`);
      }
      const { answer, wait } = await this.#askToOpen(server, call, read, true, signal);
      if (answer !== 'accept') throw new Error(`${server.label} needs ${read.url.host} opened first, and you ${answer === 'decline' ? 'declined' : 'cancelled'}`);
      const end = await ended(AbortSignal.any([wait.signal, signal]));
      // The call was cancelled while the user was in the browser: the dialog's wait ends with it.
      wait.finish('ended');
      if (signal.aborted) throw signal.reason;
      if (end === 'stop' || end === 'ended') throw new Error(`you stopped waiting for ${read.url.host}`);
    }
  }

  async #answerUrl(server: { uuid: string; label: string }, params: Record<string, unknown>, signal: AbortSignal): Promise<ElicitResult> {
    const read = readUrlElicitation(params);
    if ('problem' in read) {
      this.log(`${server.label} asked for a URL to be opened; refused: ${read.problem}.`);
      // The error's message and code are what the server gets (an McpError would say "MCP error" twice there).
      throw Object.assign(new Error(`URL elicitation refused: ${read.problem}`), { code: ErrorCode.InvalidParams });
    }
    const call = this.#callFor(server.uuid, params);
    if (!call) {
      this.log(`${server.label} asked for ${read.url.host} to be opened with no call of its tools able to answer; declined.`);
      return DECLINE;
    }
    const { answer } = await this.#askToOpen(server, call, read, false, signal);
    return answer === 'accept' ? { action: 'accept' } : answer === 'decline' ? DECLINE : CANCEL;
  }

  /**
   * Asks `call`'s caller; the call's clock waits while the user answers and, after an accept,
   * until the wait is over (the user is busy in the browser).
   */
  async #askToOpen(server: { uuid: string; label: string }, call: RunningCall, read: UrlElicitation, retry: boolean, signal: AbortSignal): Promise<{ answer: ElicitationAnswer['action']; wait: UrlWait }> {
    const wait = this.#waits.open(server.uuid, read.elicitationId, ELICITATION_WAIT_MS);
    const waits = this.#callWaits.get(call) ?? new Set<UrlWait>();
    waits.add(wait);
    this.#callWaits.set(call, waits);
    wait.signal.addEventListener('abort', () => waits.delete(wait), { once: true });
    const request: UrlElicitationRequest = {
      mode: 'url',
      server,
      tool: call.tool,
      original: call.original,
      ...(call.fetching ? { fetching: call.fetching } : {}),
      message: read.message,
      elicitationId: read.elicitationId,
      url: read.url,
      retry,
      done: wait.signal,
      finish: (how) => wait.finish(how),
    };
    const release = call.deadline.hold();
    const asking = AbortSignal.any([signal, call.deadline.signal, AbortSignal.timeout(ELICITATION_WAIT_MS)]);
    let action: ElicitationAnswer['action'] = 'cancel';
    try {
      action = (await untilAborted(call.elicit(request, asking), asking))?.action ?? 'cancel';
    } catch (error) {
      this.log(`${server.label}: asking to open ${read.url.host} failed (${messageOf(error)}); cancelled.`);
    }
    if (action === 'accept') {
      this.log(`${server.label}: the user opened ${read.url.host} (URL request "${read.elicitationId.slice(0, 100)}").`);
      wait.signal.addEventListener('abort', release, { once: true });
    } else {
      wait.finish('ended');
      release();
    }
    return { answer: action, wait };
  }

  /** The call a request is for: the one running the task it names, else the server's earliest. */
  #callFor(uuid: string, params: unknown): RunningCall | undefined {
    const calls = this.#running.get(uuid);
    const related = isRecord(params) && isRecord(params._meta) ? params._meta[RELATED_TASK_META_KEY] : undefined;
    const taskId = isRecord(related) && typeof related.taskId === 'string' ? related.taskId : undefined;
    return (taskId === undefined ? undefined : calls?.find((call) => call.taskId === taskId)) ?? calls?.[0];
  }
}

/** How a wait ends, once it does. */
function ended(signal: AbortSignal): Promise<UrlWaitEnd> {
  const now = waitEnd(signal);
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(waitEnd(signal) ?? 'ended'), { once: true }));
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
