// One MCP server's live connection: connect with a timeout, list tools (server-tools.ts) and what
// else it offers, reconnect after a crash with backoff, and call tools. It knows nothing about
// names: the manager maps exposed names to (connection, original).
import type { ElicitResult, ListRootsResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { APPS_EXTENSIONS } from '../../../types/apps.js';
import type { McpServer } from '../../../types/config.js';
import { DEFAULT_CALL_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS, transportProblem } from '../../../types/config.js';
import type { LogLevel, ServerStatusKind, SkippedTool, ToolCallResult } from '../../../types/mcp.js';
import { AuthError } from '../../auth/errors.js';
import { signInReason, type ServerAuth } from '../../auth/session.js';
import type { SecretField } from '../../../types/secrets.js';
import type { SecretStore } from '../../secrets/store.js';
import type { LogRecord } from './server-log.js';
import { explainConnectError, isConnectionLost } from './connect-errors.js';
import { ServerOfferings } from '../listing/server-offerings.js';
import { OutputChecks, type OutputCheck } from '../listing/output-check.js';
import { CompiledSchemas, type ListedTool } from '../listing/tool-listing.js';
import { RevisionClient } from '../protocol/revision-client.js';
import type { LaunchContext } from '../stdio/stdio-launch.js';
import { prepareStdioLaunch } from '../stdio/stdio-launch.js';
import { openClient, RevisionMemory } from './open-client.js';
import { ServerTools } from './server-tools.js';
import { watchConnection } from './watch-connection.js';
import type { StderrTail, TransportIo, TransportValues } from './transports.js';
import { describeTarget } from './transports.js';
import { ClientFeatures } from './client-features.js';
import { callToolAsTask, runsAsTask } from './task-calls.js';
import { CLIENT_CAPABILITIES, clientRequests } from './client-requests.js';
import { callLimitNote, callLimitReached, isCallLimit, limitedRequest, limitThatEnded, type CallOptions } from './call-limit.js';
export type { CallOptions } from './call-limit.js';
export type { ListedTool } from '../listing/tool-listing.js';

export interface ConnectionOptions {
  clientInfo: { name: string; version: string };
  /** Called whenever status or tools change. */
  onChange: (connection: ServerConnection) => void;
  /** Backoff of reconnects after a crash: base delay, cap, and attempts before giving up. */
  reconnect?: { baseMs: number; maxMs: number; attempts: number };
  log?: (message: string) => void;
  /** Resolves the server's secret references at each connect; redacts the status's error. */
  secrets: Pick<SecretStore, 'resolve' | 'redact' | 'describeMissing'>;
  /** The server's own log: stderr lines, connect attempts and outcomes, its log messages. */
  onLog?: (connection: ServerConnection, record: LogRecord) => void;
  /** The OAuth session of a remote server, when sign-in applies to it. */
  auth?: (server: McpServer) => ServerAuth | undefined;
  /** Answers the server's `elicitation/create` (a form, or a URL); without it, every request is declined. */
  onElicit?: (connection: ServerConnection, params: unknown, signal: AbortSignal) => Promise<ElicitResult>;
  /** The server says the user finished what URL request `elicitationId` asked (`notifications/elicitation/complete`). */
  onElicitationComplete?: (connection: ServerConnection, elicitationId: string) => void;
  /** Answers the server's `roots/list`: the folders it may use; without it, none. */
  listRoots?: (connection: ServerConnection) => ListRootsResult;
  /** The launch's read of the login shell's PATH: where a stdio command not on the app's PATH is looked for. */
  loginShell?: LaunchContext['loginShell'];
  /** How long the revision probe waits for `server/discover` (open-client.ts PROBE_TIMEOUT_MS unless given). */
  probeTimeoutMs?: number;
  /** The largest message read from a server, on every transport (message-size/limit.ts MAX_MESSAGE_BYTES unless given, for tests). */
  maxMessageBytes?: number;
}

export class ServerConnection {
  status: ServerStatusKind = 'connecting';
  error: string | undefined;
  /** While `needs-secret`: the references whose entry is gone from the store. */
  missingSecrets: SecretField[] = [];
  /** Its prompts, resources and resource templates (offerings.ts). */
  readonly offerings = new ServerOfferings({
    label: () => this.server.label,
    timeoutMs: () => this.timeoutMs,
    current: (client) => client === this.#client,
    note: (level, text) => this.#note(level, text),
    changed: () => this.options.onChange(this),
  });
  /** Elicitation's completions, instructions, icons, tasks' status, roots changed (client-features.ts). */
  readonly features = new ClientFeatures({
    completed: (elicitationId) => this.options.onElicitationComplete?.(this, elicitationId),
    note: (level, text) => this.#note(level, text),
    serverLog: (level, text) => this.options.onLog?.(this, { source: 'server', level, text }),
  });
  /**
   * What the server may ask of the app, one table for both revisions (client-requests.ts): roots
   * and elicitation; sampling and anything else refused with a log line.
   */
  readonly inputs = clientRequests({
    listRoots: () => this.options.listRoots?.(this) ?? { roots: [] },
    elicit: (params, signal) => this.options.onElicit?.(this, params, signal) ?? Promise.resolve<ElicitResult>({ action: 'decline' }),
    note: (text) => this.#note('warning', text),
  });
  #client: RevisionClient | null = null;
  /** The revision era found at an earlier connect, for the settings it was found with: no probe while they hold. */
  readonly #revision = new RevisionMemory();
  /** Its tools: listed, re-listed, kept by their cache hint (server-tools.ts). */
  readonly #tools = new ServerTools({
    listingOptions: (client) => ({ schemas: (this.#schemas ??= new CompiledSchemas()), timeoutMs: this.timeoutMs, label: this.server.label, log: this.options.log, headerMarks: client.isModern && this.server.type === 'http' }),
    current: (client) => client === this.#client,
    note: (level, text) => this.#note(level, text),
    changed: () => this.options.onChange(this),
    failed: (error) => this.options.log?.(`${this.server.label}: re-listing tools failed: ${this.#explain(error)}`),
  });
  /** The OAuth session the current transport goes through, if sign-in applies. */
  #auth: ServerAuth | undefined;
  /** The connected client's validator; set with each client. */
  #schemas: CompiledSchemas | null = null;
  readonly #outputs = new OutputChecks();
  #stderr: StderrTail | undefined;
  #generation = 0;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #reconnects = 0;

  constructor(
    public server: McpServer,
    private readonly options: ConnectionOptions,
  ) {}

  /** The SDK client while connected, else null. */
  get client(): RevisionClient | null {
    return this.#client;
  }

  /** Listed tools, each name once; null until the first listing. */
  get tools(): ListedTool[] | null {
    return this.#tools.tools;
  }

  /** Tools of the last listing that were left out as malformed, with the reason. */
  get skipped(): SkippedTool[] {
    return this.#tools.skipped;
  }

  /**
   * A use of its tools, prompts or resources list: one whose cache hint (2026-07-28) has run out
   * is listed again in the background; nothing is polled (listing/freshness.ts).
   */
  freshen(list: 'tools' | 'prompts' | 'resources'): void {
    const client = this.#client;
    if (!client || this.status !== 'ready') return;
    if (list === 'tools') this.#tools.freshen(client);
    else if (client.isModern) this.offerings.freshen(list);
  }

  /** The revision the server speaks, once connected. */
  get protocolVersion(): string | undefined {
    return this.#client?.protocolVersion;
  }

  get timeoutMs(): number {
    return this.server.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  }

  /** Connects and lists tools. Never rejects: the outcome is in `status` and `error`. */
  async start(): Promise<void> {
    this.#reconnects = 0;
    // A start the user asked for lists again, whatever the last lists' freshness.
    this.#tools.clear();
    this.offerings.forget();
    await this.#connect(false);
  }

  /** Connects, or (a disabled server) stops. Never rejects. */
  async startAsSaved(): Promise<void> {
    if (this.server.state === 'disabled') await this.stop('disabled');
    else await this.start();
  }

  /**
   * One connect attempt. A failed reconnect (`retrying`) schedules the next one with backoff
   * until the policy's attempts are used up: a server may take longer than `baseMs` to come back
   * (an HTTP server restarting, a crashed process respawning slowly).
   */
  async #connect(retrying: boolean): Promise<void> {
    const generation = ++this.#generation;
    clearTimeout(this.#reconnectTimer);
    this.#set('connecting', retrying ? this.error : undefined);
    this.#note('info', `${retrying ? `Reconnect attempt ${this.#reconnects}` : 'Connecting'}: ${describeTarget(this.server)}`);
    let client: RevisionClient | null = null;
    let timer: NodeJS.Timeout | undefined;
    this.#stderr = undefined;
    try {
      const values = await this.options.secrets.resolve(this.server);
      if (generation !== this.#generation) return;
      if (values.missing.length > 0) {
        this.missingSecrets = values.missing;
        this.#set('needs-secret', this.options.secrets.describeMissing(values.missing));
        return;
      }
      this.#auth = this.options.auth?.(this.server);
      const onStderrLine = (text: string): void => this.options.onLog?.(this, { source: 'stderr', level: 'info', text });
      // Settings that cannot start are told as such before any command is looked for.
      const problem = transportProblem(this.server);
      if (problem) throw new Error(problem);
      const launch = this.server.type === 'stdio' ? await prepareStdioLaunch(this.server, values.env, { loginShell: this.options.loginShell }) : undefined;
      if (generation !== this.#generation) return;
      if (launch?.fromLoginShell) this.#note('info', `Found ${this.server.command} on the login shell's PATH: ${launch.found}`);
      const io = { onStderrLine, fetch: this.#auth?.fetch, env: launch?.env, maxMessageBytes: this.options.maxMessageBytes, onPassedOver: (text: string) => this.#note('warning', text) };
      // The client's own validator: output schemas checkTool compiles are the ones its calls use.
      this.#schemas = new CompiledSchemas();
      // Elicitation (forms and URLs) and roots (client-requests.ts). MCP Apps: the client renders tools' HTML views.
      const capabilities = { ...CLIENT_CAPABILITIES, extensions: APPS_EXTENSIONS };
      client = new RevisionClient(this.options.clientInfo, { capabilities, jsonSchemaValidator: this.#schemas, inputs: this.inputs, label: this.server.label });
      this.#client = client;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`did not answer within ${this.timeoutMs / 1000} s`)), this.timeoutMs);
      });
      const { offered } = await Promise.race([this.#connectAndList(client, values, io), timedOut]);
      // Prompts and resources are listed beside the tools, but a list of them that hangs costs its
      // own request's timeout, never the server's connect: the tools are usable either way.
      await offered;
      if (generation !== this.#generation) {
        // Superseded while connecting (stopped, restarted): this client is no one's.
        void client.close().catch(() => undefined);
        return;
      }
      this.#reconnects = 0;
      const connected = client;
      connected.onclose = () => this.#closed(generation);
      this.features.connected(connected);
      const version = connected.getServerVersion();
      this.#note('info', `Connected${version ? ` to ${version.name} ${version.version}` : ''}: ${this.tools?.length ?? 0} tools${this.offerings.summary()} listed (MCP ${connected.protocolVersion ?? 'of an unknown revision'})`);
      this.#set('ready', undefined);
      watchConnection(connected, this.server.type, {
        current: () => generation === this.#generation && connected === this.#client && this.status === 'ready',
        note: (level, text) => this.#note(level, text),
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#client = null;
      // A remembered revision that no longer connects is asked again at the next attempt.
      this.#revision.forget();
      await client?.close().catch(() => undefined);
      if (generation !== this.#generation) return;
      const signIn = signInReason(error, this.#auth);
      if (retrying && signIn === null) {
        this.#retry(this.#explain(error));
      } else if (signIn !== null) {
        this.#set('needs-sign-in', signIn);
        this.#note('error', `Needs sign-in: ${this.error}`);
      } else {
        this.#set('failed', this.#explain(error));
        this.#note('error', `Failed: ${this.error}`);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the connection for good (until `start` again). */
  async stop(status: ServerStatusKind = 'disabled', error?: string): Promise<void> {
    this.#generation++;
    clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = null;
    this.#set(status, error);
    if (client) this.#note('info', status === 'connecting' ? 'Stopped, to reconnect' : 'Stopped');
    await client?.close().catch(() => undefined);
  }

  /** `result`'s structured content against `tool`'s output schema (output-check.ts); null when it declares none. */
  checkOutput(tool: ListedTool, result: { structuredContent?: unknown; isError?: unknown }): OutputCheck | null {
    return this.#outputs.check((this.#schemas ??= new CompiledSchemas()), tool.outputSchema, result);
  }

  /** What a call gets while the server waits for a sign-in. */
  signInNeeded(): AuthError {
    return new AuthError(`server "${this.server.label}" needs sign-in (${this.error})`, 'sign-in');
  }

  /** The client, when the server is ready for requests; else why it is not. */
  readyClient(): RevisionClient {
    const client = this.#client;
    if (client && this.status === 'ready') return client;
    if (this.status === 'needs-sign-in') throw this.signInNeeded();
    const offline = this.status === 'failed' || this.status === 'needs-secret';
    throw new Error(`server "${this.server.label}" is ${offline ? `offline (${this.error})` : this.status}`);
  }

  /** Whether a call of `tool` runs as a task, by the revision the server speaks (task-calls.ts). */
  runsAsTask(tool: Pick<ListedTool, 'taskSupport'> | undefined): boolean {
    return runsAsTask(this.#client, tool);
  }

  async callTool(original: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
    const client = this.readyClient();
    if (options.task) {
      const context = { client, requestTimeoutMs: this.timeoutMs, callTimeoutMs: options.timeoutMs ?? this.server.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, inputs: this.inputs, listen: this.features.listenTask.bind(this.features) };
      const asTask = callToolAsTask(context, original, args, { ...options.task, signal: options.signal, onProgress: options.onProgress });
      const result = (await asTask.catch((error: unknown) => Promise.reject(isCallLimit(error) ? this.#limitReached(original, error.data.maxCallMs) : error))) as ToolCallResult;
      // What the SDK's callTool checks for a plain call (output-check.ts), checked here.
      const tool = this.tools?.find((listed) => listed.name === original);
      const check = tool ? this.checkOutput(tool, result) : null;
      if (check && !check.valid) throw new Error(`Structured content does not match the tool's output schema: ${check.problem}`);
      this.#outputs.checkedBySdk(result);
      return result;
    }
    const request = limitedRequest(this.server, options);
    const sentAt = performance.now();
    try {
      const result = (await client.callTool({ name: original, arguments: args }, undefined, request)) as ToolCallResult;
      this.#outputs.checkedBySdk(result);
      return result;
    } catch (error) {
      const limit = limitThatEnded(error, request.maxTotalTimeout, sentAt);
      if (limit !== undefined) throw this.#limitReached(original, limit);
      // The sign-in is gone for good: the server waits for a new one, its tools' names held.
      if (error instanceof AuthError && error.kind === 'sign-in' && client === this.#client) await this.stop('needs-sign-in', error.message);
      // Over Streamable HTTP a server that has gone away (or restarted and forgotten our session)
      // shows only as failing requests, while the connection would stay `ready`. A request that
      // could not be delivered closes it, which reconnects with backoff (onclose → #closed).
      if (this.server.type === 'http' && client === this.#client && this.status === 'ready' && isConnectionLost(error)) void client.close();
      throw error;
    }
  }

  /** A call the overall limit ended: a line in the server's log, and the error the caller gets. */
  #limitReached(original: string, maxCallMs: number): McpError {
    this.#note('warning', callLimitNote(original, maxCallMs));
    return callLimitReached(maxCallMs);
  }

  /** Connects and lists tools; `offered` settles (never rejects) once prompts and resources are listed. */
  async #connectAndList(client: RevisionClient, values: TransportValues, io: TransportIo): Promise<{ offered: Promise<void> }> {
    this.#tools.follow(client);
    this.features.attach(client);
    this.offerings.follow(client);
    const server = this.server;
    const found = await openClient(client, {
      server,
      values,
      io,
      remembered: this.#revision.of(server),
      timeoutMs: this.timeoutMs,
      probeTimeoutMs: this.options.probeTimeoutMs,
      paramHeaders: (tool, args) => this.#tools.paramHeaders(tool, args),
      note: (text) => this.#note('info', text),
      adopt: (stderr) => (this.#stderr = stderr),
    });
    this.#revision.found(server, found);
    const offered = this.offerings.list(client, { reuse: client.isModern });
    await this.#tools.list(client);
    return { offered };
  }

  #closed(generation: number): void {
    if (generation !== this.#generation) return;
    this.#client = null;
    this.#retry(`the server stopped${this.#stderrHint()}`);
  }

  /** Schedules the next reconnect with backoff, or gives up once the attempts are used up. */
  #retry(reason: string): void {
    const policy = this.options.reconnect ?? { baseMs: 1_000, maxMs: 30_000, attempts: 5 };
    if (this.#reconnects >= policy.attempts) {
      this.#set('failed', `${reason}; gave up after ${policy.attempts} reconnects`);
      this.#note('error', `Failed: ${this.error}`);
      return;
    }
    const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** this.#reconnects);
    this.#reconnects++;
    this.#set('connecting', `${reason}; reconnecting in ${Math.round(delay / 100) / 10} s`);
    this.#note('warning', `${this.error} (attempt ${this.#reconnects} of ${policy.attempts})`);
    this.#reconnectTimer = setTimeout(() => void this.#connect(true), delay);
  }

  /** A line about the connection itself in the server's log. */
  #note(level: LogLevel, text: string): void {
    this.options.onLog?.(this, { source: 'connection', level, text });
  }

  #set(status: ServerStatusKind, error: string | undefined): void {
    this.status = status;
    // Whatever a server said (stderr, an error body) may echo its env or headers.
    this.error = error === undefined ? undefined : this.options.secrets.redact(error);
    if (status !== 'needs-secret') this.missingSecrets = [];
    this.options.onChange(this);
  }

  #stderrHint(): string {
    const line = this.#stderr?.lastLine();
    return line ? ` (it said: ${line.slice(0, 300)})` : '';
  }

  /** An error in words a user can act on. */
  #explain(error: unknown): string {
    return explainConnectError(error, this.server, this.#stderrHint());
  }
}
