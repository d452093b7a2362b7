// A transport whose messages the SDK's client handles in the order the server wrote them. The
// SDK's Protocol runs a notification's handler one microtask after the transport hands it over
// (`_onnotification`), but settles a response at once, dropping that request's progress handler
// as it does. A transport that hands over several messages in one go (stdio: every line of one
// read; SSE: every event of one chunk) so let an answer overtake the progress reports sent just
// before it: the reports were lost, and the SDK's "unknown progress token" error closed an SSE
// connection (watch-connection.ts). Each response, and the close, is handed on one microtask late
// too: microtasks run in order, so they come after the notifications read before them.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { PassThroughTransport } from './pass-through-transport.js';

type Held = [message: JSONRPCMessage, extra: MessageExtraInfo | undefined];

export class InWireOrder extends PassThroughTransport {
  /** Responses waiting for their microtask, oldest first. */
  readonly #held: Held[] = [];
  // One function each for the life of the transport: nothing is made per message.
  readonly #handOnOne = (): void => {
    const [message, extra] = this.#held.shift()!;
    this.onmessage?.(message, extra);
  };
  readonly #handOnClose = (): void => this.onclose?.();

  constructor(inner: Transport) {
    super(inner);
    inner.onclose = () => queueMicrotask(this.#handOnClose);
    inner.onmessage = (message, extra) => {
      if ('method' in message) return this.onmessage?.(message, extra);
      this.#held.push([message, extra]);
      queueMicrotask(this.#handOnOne);
    };
  }
}
