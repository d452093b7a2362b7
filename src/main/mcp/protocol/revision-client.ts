// The SDK's client, speaking whichever revision the server does. Toward a server of the
// `initialize` era it is the SDK's client as it is. Toward a 2026-07-28 server (`useModern`, from
// the probe's discover result) it connects without `initialize`, answers with the discovered
// capabilities, identity and instructions, puts the revision's `_meta` on every request, and runs
// the multi round-trip requests of `tools/call`, `prompts/get` and `resources/read` inside the
// request itself (input-rounds.ts): `callTool` and the rest of the SDK's API are unchanged, and
// timeouts, cancellation and progress work per round as for any request. A request's
// `maxTotalTimeout` ends it at that time, progress or not, telling the server (the SDK checks it
// only when a progress report comes, and then fails the request without a word to the server).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { safeParse } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { DEFAULT_REQUEST_TIMEOUT_MSEC, Protocol, type RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities, Implementation, JSONRPCNotification, ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { Envelope } from './envelope.js';
import { envelopeMeta, withEnvelope } from './envelope.js';
import type { InputHandlers } from './input-handlers.js';
import { runInputRounds } from './input-rounds.js';
import { withOwnSignal } from '../signals/request-signal.js';
import type { Discovered } from './negotiate.js';
import { INPUT_ROUND_METHODS } from './revisions.js';
import { InWireOrder } from './wire-order.js';

type ClientOptions = NonNullable<ConstructorParameters<typeof Client>[1]>;
type Request = Parameters<Client['request']>[0];
type AnySchema = Parameters<Client['request']>[1];

export interface RevisionClientOptions extends ClientOptions {
  capabilities: ClientCapabilities;
  /** What a server may ask in the middle of a request (both revisions). */
  inputs: InputHandlers;
  /** The server's label, for errors about its rounds. */
  label: string;
}

export class RevisionClient extends Client {
  readonly #clientInfo: Implementation;
  readonly #capabilities: ClientCapabilities;
  readonly #inputs: InputHandlers;
  readonly #label: string;
  #modern: { discovered: Discovered; meta: Record<string, unknown> } | undefined;
  #legacyRevision: string | undefined;

  constructor(clientInfo: Implementation, options: RevisionClientOptions) {
    super(clientInfo, options);
    this.#clientInfo = clientInfo;
    this.#capabilities = options.capabilities;
    this.#inputs = options.inputs;
    this.#label = options.label;
    options.inputs.installOn(this);
    // Protocol's private timeout bookkeeping (SDK 1.32.2; tests/unit/mcp-call-limit.test.ts and
    // tests/unit/mcp-notifications.test.ts fail if it stops being used): each progress report
    // re-arms the request's timer, never past its `maxTotalTimeout`, where the request's own
    // timeout handler cancels it.
    const sdk = this as unknown as { _timeoutInfo: Map<number, SdkTimeout>; _resetTimeout: (id: number) => boolean };
    sdk._resetTimeout = (id) => rearmWithin(sdk._timeoutInfo.get(id));
  }

  /** The envelope of this client's requests, before a revision is chosen (for the probe). */
  get envelope(): Omit<Envelope, 'revision'> {
    return { clientInfo: this.#clientInfo, capabilities: this.#capabilities };
  }

  /** Speak `discovered.revision` from the next connect on: no `initialize`, `_meta` on every request. */
  useModern(discovered: Discovered): void {
    const logLevel = discovered.capabilities.logging ? 'info' : undefined;
    this.#modern = { discovered, meta: envelopeMeta({ ...this.envelope, revision: discovered.revision, ...(logLevel ? { logLevel } : {}) }) };
  }

  /** The revision in use once connected: the discovered one, else what `initialize` agreed. */
  get protocolVersion(): string | undefined {
    return this.#modern?.discovered.revision ?? this.#legacyRevision;
  }

  get isModern(): boolean {
    return this.#modern !== undefined;
  }

  /**
   * Connects over `transport`, its messages handled in the order the server wrote them
   * (wire-order.ts), each notification handed to its handler at once (notificationsAtOnce).
   */
  override async connect(transport: Transport, options?: RequestOptions): Promise<void> {
    const ordered = new InWireOrder(transport);
    if (!this.#modern) {
      // The handshake's own messages take the SDK's path; what follows it, this client's.
      await super.connect(ordered, options);
      notificationsAtOnce(this, ordered);
      return;
    }
    // The protocol's own connect (handlers, start) without the client's `initialize`.
    await Protocol.prototype.connect.call(this, ordered);
    notificationsAtOnce(this, ordered);
  }

  override getServerCapabilities(): ServerCapabilities | undefined {
    return this.#modern ? this.#modern.discovered.capabilities : super.getServerCapabilities();
  }

  override getServerVersion(): Implementation | undefined {
    return this.#modern ? this.#modern.discovered.serverInfo : super.getServerVersion();
  }

  override getInstructions(): string | undefined {
    return this.#modern ? this.#modern.discovered.instructions : super.getInstructions();
  }

  // Not async: the common case hands on the SDK's own promise, adding no tick of its own.
  override request<T extends AnySchema>(request: Request, resultSchema: T, options?: RequestOptions): ReturnType<Client['request']> {
    if (!this.#modern) {
      if (request.method !== 'initialize') return super.request(request, resultSchema, options);
      return super.request(request, resultSchema, options).then((result) => {
        this.#legacyRevision = (result as { protocolVersion?: string }).protocolVersion;
        return result;
      });
    }
    // A request is its method and params (literals, not spreads: see withEnvelope).
    const method = request.method;
    const params = withEnvelope(request.params as Record<string, unknown> | undefined, this.#modern.meta);
    if (!INPUT_ROUND_METHODS.has(method)) return super.request({ method, params } as Request, resultSchema, options);
    const inputAware = inputAwareOf(resultSchema);
    const started = Date.now();
    return super.request({ method, params } as Request, inputAware, options).then((first) => {
      if (!isInputRequired(first)) return first;
      // The rounds' sender is made only for a request that has rounds; each round on a signal of
      // its own, and within what is left of the whole request's `maxTotalTimeout`.
      const send = (round: Record<string, unknown>): Promise<Record<string, unknown>> =>
        withOwnSignal(options?.signal, (signal) => super.request({ method, params: round } as Request, inputAware, { ...options, ...leftOf(options, started), signal }) as Promise<Record<string, unknown>>);
      return runInputRounds(method, params, send, { handlers: this.#inputs, server: this.#label, signal: options?.signal }, first);
    }) as ReturnType<Client['request']>;
  }
}

const inputAwareSchemas = new WeakMap<object, AnySchema>();

/**
 * `schema`, except that an `input_required` answer passes as it is: one parse per answer, and
 * one such wrapper per schema (the SDK's result schemas are module constants).
 */
function inputAwareOf<T extends AnySchema>(schema: T): T {
  let wrapped = inputAwareSchemas.get(schema);
  if (!wrapped) {
    // A duck-typed schema: the SDK parses with `safeParse` when a schema is not a zod 4 one.
    wrapped = { safeParse: (data: unknown) => (isInputRequired(data) ? { success: true, data } : safeParse(schema, data)) } as unknown as AnySchema;
    inputAwareSchemas.set(schema, wrapped);
  }
  return wrapped as T;
}

function isInputRequired(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && (data as { resultType?: unknown }).resultType === 'input_required';
}

/** What the SDK keeps of one request's timeout (an entry of Protocol's `_timeoutInfo`), and when progress last came. */
interface SdkTimeout {
  timeoutId: ReturnType<typeof setTimeout>;
  startTime: number;
  timeout: number;
  maxTotalTimeout?: number;
  onTimeout: () => void;
  progressAt?: number;
}

/**
 * A progress report came: the timeout starts again, never past the request's total limit. The
 * first report puts a timer of this client's in place of the SDK's; later ones only note the
 * time, and the timer, when it fires, waits what is left (a timer set again for each of thousands
 * of reports a second was a good part of what each cost).
 */
function rearmWithin(info: SdkTimeout | undefined): boolean {
  if (!info) return false;
  const now = Date.now();
  if (totalLeft(info, now) <= 0) {
    clearTimeout(info.timeoutId);
    info.onTimeout();
    return true;
  }
  if (info.progressAt === undefined) {
    clearTimeout(info.timeoutId);
    info.timeoutId = setTimeout(() => expireOrWait(info), Math.min(info.timeout, totalLeft(info, now)));
  }
  info.progressAt = now;
  return true;
}

function totalLeft(info: SdkTimeout, now: number): number {
  return info.maxTotalTimeout === undefined ? Number.POSITIVE_INFINITY : info.maxTotalTimeout - (now - info.startTime);
}

/** The timer fired: the request times out, unless progress came since it was set. */
function expireOrWait(info: SdkTimeout): void {
  const now = Date.now();
  const leftMs = Math.min(info.timeout - (now - (info.progressAt ?? info.startTime)), totalLeft(info, now));
  if (leftMs > 0) info.timeoutId = setTimeout(() => expireOrWait(info), leftMs);
  else info.onTimeout();
}

/** A later round's timeouts: what is left of the request's total limit, when it has one. */
function leftOf(options: RequestOptions | undefined, started: number): Pick<RequestOptions, 'timeout' | 'maxTotalTimeout'> {
  if (options?.maxTotalTimeout === undefined) return {};
  const leftMs = Math.max(1, options.maxTotalTimeout - (Date.now() - started));
  return { maxTotalTimeout: leftMs, timeout: Math.min(options.timeout ?? DEFAULT_REQUEST_TIMEOUT_MSEC, leftMs) };
}

/**
 * The SDK's Protocol tells what a message is by parsing it against its four message schemas in
 * turn (a response, an error, a request, a notification), and a failed parse builds a ZodError
 * with a message for each issue: a notification failed three of them, about 300 µs of a 2-core
 * machine's time each time, so a server's progress reports and logs came at a few thousand a
 * second and 200,000 of them held a call's answer back by a minute. Every message reaching it was
 * parsed once already, by the transport, against the union of those four (strict) schemas, so a
 * message with a method and no id is a notification: it goes straight to the Protocol's own
 * handling (`_onnotification`, private in SDK 1.32.2; tests/unit/mcp-notifications.test.ts fails if
 * it stops being there). Everything else takes the SDK's path, as before.
 */
function notificationsAtOnce(client: Client, transport: Transport): void {
  const sdk = client as unknown as { _onnotification: (notification: JSONRPCNotification) => void };
  const sdkPath = transport.onmessage;
  if (!sdkPath || typeof sdk._onnotification !== 'function') return;
  transport.onmessage = (message, extra) => {
    if ('method' in message && !('id' in message)) sdk._onnotification(message);
    else sdkPath(message, extra);
  };
}
