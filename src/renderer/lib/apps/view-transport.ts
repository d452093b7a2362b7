// The page's end of a tool view's JSON-RPC (MCP Apps, over postMessage), for the official
// AppBridge: messages are taken only from the view's sandbox frame and its origin, only when
// they are JSON-RPC, and only at a rate a view has any use for. A view that floods the page
// (thousands of messages) has the excess dropped unread, costing a comparison each, so the app
// stays responsive; past FLOOD_LIMIT drops the view is reported (`onflood`) and closed.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Messages a view may send at once, and how many more per second after that. */
export const BURST = 200;
export const PER_SECOND = 100;
/** Messages dropped before the view is closed as flooding. */
export const FLOOD_LIMIT = 1_000;

export class ViewTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The view sent more than it may: it should be closed. Called once. */
  onflood?: () => void;
  #tokens = BURST;
  #filled = performance.now();
  #dropped = 0;
  #listening = false;

  /** `frame`: the sandbox's window, once it exists; `origin`: the sandbox's origin. */
  constructor(
    private readonly frame: () => Window | null | undefined,
    private readonly origin: string,
  ) {}

  readonly #listener = (event: MessageEvent<unknown>): void => {
    const frame = this.frame();
    if (!frame || event.source !== frame || event.origin !== this.origin) return;
    if (!this.#take()) {
      if (++this.#dropped === FLOOD_LIMIT) this.onflood?.();
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(event.data);
    if (parsed.success) this.onmessage?.(parsed.data);
  };

  /** One token of the bucket, refilled at PER_SECOND up to BURST. */
  #take(): boolean {
    const now = performance.now();
    this.#tokens = Math.min(BURST, this.#tokens + ((now - this.#filled) / 1000) * PER_SECOND);
    this.#filled = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  async start(): Promise<void> {
    if (this.#listening) return;
    this.#listening = true;
    window.addEventListener('message', this.#listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.frame()?.postMessage(message, this.origin);
  }

  async close(): Promise<void> {
    if (!this.#listening) return;
    this.#listening = false;
    window.removeEventListener('message', this.#listener);
    this.onclose?.();
  }
}
