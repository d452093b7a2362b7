// A transport the revision probe (negotiate.ts) has already started, handed on to the SDK's
// client: its `start` runs once (the client's connect calls it again), everything else passes
// through. The SDK's stdio transport refuses a second start.
import { PassThroughTransport } from './pass-through-transport.js';

export class StartedOnce extends PassThroughTransport {
  #started: Promise<void> | undefined;

  override start(): Promise<void> {
    return (this.#started ??= this.inner.start());
  }
}
