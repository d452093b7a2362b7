// The loopback listener the browser comes back to after a sign-in (RFC 8252 section 7.3):
// `http://127.0.0.1:<port>/callback`, open only while at least one sign-in waits. Each sign-in
// has its own random `state`; an answer whose state matches no waiting sign-in is refused and
// changes nothing. The page the browser shows is plain HTML without scripts.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messageOf } from '../../types/errors.js';

/**
 * The port asked for first. Fixed, so the redirect URI a provider has on file stays the same
 * across sign-ins and restarts; another free port is used when it is taken (see docs/security.md).
 */
export const DEFAULT_REDIRECT_PORT = 47_291;
export const CALLBACK_PATH = '/callback';

/**
 * What the authorization server sent back through the browser; `iss` (RFC 9207) names the server
 * that sent it, to be checked before anything else in the answer is used.
 */
export type CallbackResult = ({ code: string } | { error: string; description?: string }) & { iss?: string };

/** How the browser's tab ends: the page says so, then the tab can be closed. */
export interface CallbackOutcome {
  ok: boolean;
  message: string;
}

export interface PendingRedirect {
  redirectUri: string;
  state: string;
  /** Settles with the callback, or rejects when cancelled or timed out. */
  result: Promise<CallbackResult>;
  /** Answers the browser's waiting request (after the code is exchanged) and ends this wait. */
  finish(outcome: CallbackOutcome): void;
  /** Stops waiting: the sign-in failed or was replaced. */
  cancel(reason: Error): void;
}

interface Waiting {
  state: string;
  resolve: (result: CallbackResult) => void;
  reject: (error: Error) => void;
  /** The browser's request, held open until the outcome is known. */
  respond?: (outcome: CallbackOutcome) => void;
  timer: NodeJS.Timeout;
}

export interface LoopbackOptions {
  /** The port to ask for first (0: any free port). */
  preferredPort?: number;
  /** How long the browser may take to come back. */
  timeoutMs?: number;
  /** How long the browser's request is held while the code is exchanged. */
  answerTimeoutMs?: number;
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function callbackPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:36rem;padding:0 1rem;color:#1f2328}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
}

function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class LoopbackRedirects {
  #server: http.Server | null = null;
  #starting: Promise<number> | null = null;
  #port = 0;
  #waiting = new Map<string, Waiting>();
  readonly #options: Required<LoopbackOptions>;

  constructor(options: LoopbackOptions = {}) {
    this.#options = {
      preferredPort: options.preferredPort ?? DEFAULT_REDIRECT_PORT,
      timeoutMs: options.timeoutMs ?? 5 * 60_000,
      answerTimeoutMs: options.answerTimeoutMs ?? 60_000,
    };
  }

  /** The port while the listener is open, else null. */
  get port(): number | null {
    return this.#server ? this.#port : null;
  }

  /**
   * Opens the listener if needed and waits for one sign-in's answer. `port` is tried first (the
   * port a client was registered with), then the default port, then any free port; while other
   * sign-ins wait, the open listener's port is shared.
   */
  async expect(options: { port?: number; timeoutMs?: number } = {}): Promise<PendingRedirect> {
    const port = await this.#open(options.port);
    const state = randomBytes(32).toString('base64url');
    let waiting!: Waiting;
    const result = new Promise<CallbackResult>((resolve, reject) => {
      const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs;
      const timer = setTimeout(() => reject(new Error(`the browser did not come back within ${Math.ceil(timeoutMs / 1000)} s`)), timeoutMs);
      waiting = { state, resolve, reject, timer };
    });
    this.#waiting.set(state, waiting);
    // Whatever way the wait ends, the listener closes once nobody waits.
    const settle = (): void => {
      clearTimeout(waiting.timer);
      if (!waiting.respond) this.#release(state);
    };
    result.then(settle, (error: unknown) => {
      settle();
      waiting.respond?.({ ok: false, message: messageOf(error) });
    });
    return {
      redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
      state,
      result,
      finish: (outcome) => {
        if (waiting.respond) waiting.respond(outcome);
        else this.#release(state);
      },
      cancel: (reason) => waiting.reject(reason),
    };
  }

  /** Closes the listener now, failing every waiting sign-in (the app is stopping). */
  async close(): Promise<void> {
    for (const waiting of this.#waiting.values()) waiting.reject(new Error('the app stopped'));
    this.#waiting.clear();
    await this.#closeServer();
  }

  #release(state: string): void {
    this.#waiting.delete(state);
    if (this.#waiting.size === 0) void this.#closeServer();
  }

  async #closeServer(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    this.#starting = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  }

  async #open(port: number | undefined): Promise<number> {
    if (this.#server) return this.#port;
    this.#starting ??= this.#listen([port, this.#options.preferredPort, 0]);
    return this.#starting;
  }

  async #listen(ports: Array<number | undefined>): Promise<number> {
    const tried = new Set<number>();
    let lastError: unknown;
    for (const port of ports) {
      if (port === undefined || tried.has(port)) continue;
      tried.add(port);
      const server = http.createServer((req, res) => this.#handle(req, res));
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => resolve());
        });
      } catch (error) {
        lastError = error;
        continue;
      }
      this.#server = server;
      this.#port = (server.address() as AddressInfo).port;
      return this.#port;
    }
    this.#starting = null;
    throw new Error(`cannot open the sign-in listener on 127.0.0.1: ${messageOf(lastError)}`);
  }

  #handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const page = (status: number, title: string, message: string): void => {
      res.writeHead(status, PAGE_HEADERS);
      res.end(callbackPage(title, message));
    };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The Host check keeps pages on other names (DNS rebinding) from reading these answers.
    if (req.headers.host !== `127.0.0.1:${this.#port}` || req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      return page(404, 'Not found', 'This address only receives sign-in answers.');
    }
    const state = url.searchParams.get('state') ?? '';
    const waiting = [...this.#waiting.values()].find((w) => state !== '' && !w.respond && sameState(w.state, state));
    if (!waiting) {
      return page(400, 'Sign-in not recognised', 'This answer does not belong to a sign-in the app is waiting for (its state is missing or wrong). Nothing was changed. Start the sign-in again from the app.');
    }
    const timer = setTimeout(() => waiting.respond?.({ ok: false, message: 'The app took too long to finish the sign-in.' }), this.#options.answerTimeoutMs);
    waiting.respond = (outcome) => {
      waiting.respond = () => undefined;
      clearTimeout(timer);
      page(outcome.ok ? 200 : 400, outcome.ok ? 'Signed in' : 'Sign-in failed', `${outcome.message} You can close this tab.`);
      this.#release(waiting.state);
    };
    const code = url.searchParams.get('code');
    const error = url.searchParams.get('error');
    const iss = url.searchParams.get('iss');
    const from = iss === null ? {} : { iss };
    if (error !== null) waiting.resolve({ error, ...(url.searchParams.get('error_description') ? { description: url.searchParams.get('error_description')! } : {}), ...from });
    else if (code) waiting.resolve({ code, ...from });
    else waiting.resolve({ error: 'invalid_request', description: 'the answer carried neither a code nor an error', ...from });
  }
}
