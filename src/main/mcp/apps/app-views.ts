// The main side of MCP Apps: a tool's view fetched (`resources/read`, checked) and cached per
// server, server version and URI; the views open in the page, each bound to its server; and what
// such a view may ask of the host, checked here whatever the page says: it calls only its own
// server's tools that views may call, under their policy (calls/tool-call.ts refuses the rest),
// and reads only its own server's resources. What it hands the chat app (model context,
// messages) is kept per call (view-contexts.ts).
import { randomBytes } from 'node:crypto';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolViewInfo, ViewMessage, ViewMessageEvent, ViewModelContext } from '../../../types/apps.js';
import type { LogLevel, ToolCallResult } from '../../../types/mcp.js';
import { messageOf } from '../../../types/errors.js';
import type { ServerConnection } from '../connection/connection.js';
import type { ToolIndex } from '../names/tool-index.js';
import { ViewContexts } from './view-contexts.js';
import { type AppOrigins, viewPolicy, withoutAppOrigins } from './view-csp.js';
import { ViewError, viewFromContents, type ViewResource } from './view-resource.js';

/** Views kept fetched (per server, version and URI); the least recently used goes first. */
export const CACHED_VIEWS = 32;
/** Views open at once; opening one more closes the oldest. */
export const OPEN_VIEWS = 64;

export interface AppViewsContext {
  index: ToolIndex;
  connections: ReadonlyMap<string, ServerConnection>;
  /** Mcp.callTool: the tool's policy and MCP Apps visibility decide. */
  callTool: (exposed: string, args: Record<string, unknown>, options: { approved?: boolean; fromView: string; signal?: AbortSignal }) => Promise<ToolCallResult>;
  /** A line in the server's log (the CSP a view gets, what was left out of its declaration). */
  note: (uuid: string, level: LogLevel, text: string) => void;
  redact: (text: string) => string;
}

/** A view the page has open. */
interface OpenView {
  uuid: string;
  tool: string;
  resourceUri: string;
  /** The page's id of the call it shows, if any: where its model context and messages are kept. */
  callId?: string;
  policy: string;
}

type Listener = (event: ViewMessageEvent) => void;

export class AppViews {
  readonly contexts = new ViewContexts();
  #cache = new Map<string, Promise<ViewResource>>();
  #open = new Map<string, OpenView>();
  #listeners = new Set<Listener>();

  constructor(private readonly context: AppViewsContext) {}

  /** The view of `uri` on a server, read once per server version (a failed read is not kept). */
  async view(uuid: string, uri: string): Promise<ViewResource> {
    const connection = this.#connection(uuid);
    const client = connection.readyClient();
    const version = client.getServerVersion();
    const key = JSON.stringify([uuid, version?.name, version?.version, uri]);
    let pending = this.#cache.get(key);
    if (pending) {
      this.#cache.delete(key);
    } else {
      pending = this.#read(connection, uri);
      pending.catch(() => this.#cache.get(key) === pending && this.#cache.delete(key));
    }
    this.#cache.set(key, pending);
    if (this.#cache.size > CACHED_VIEWS) this.#cache.delete(this.#cache.keys().next().value!);
    return pending;
  }

  /**
   * Opens the view of the tool exposed as `exposed` for the page (`callId`: the call it shows).
   * `frameAncestors`: the origins that may frame its sandbox (the app's page); `appOrigins`: the
   * app's own places, left out of its policy (with a line in the server's log) if it declared them.
   */
  async open(exposed: string, options: { callId?: string; frameAncestors?: readonly string[]; appOrigins?: AppOrigins } = {}): Promise<Omit<ToolViewInfo, 'sandboxUrl' | 'sandboxOrigin'>> {
    const entry = this.context.index.get(exposed);
    if (!entry) throw new ViewError(`Unknown tool "${exposed}": no MCP server offers a tool by that name.`);
    // Its view is part of what the user approves: a tool held for review shows none.
    if (entry.held) throw new ViewError(`The tool "${exposed}" waits for your review: its view opens once you approve it.`);
    const resourceUri = entry.tool?.ui?.resourceUri;
    if (!resourceUri) throw new ViewError(`The tool "${exposed}" has no view.`);
    const view = await this.view(entry.uuid, resourceUri);
    const viewId = randomBytes(16).toString('hex');
    const { csp, refused } = withoutAppOrigins(view.csp, options.appOrigins);
    for (const line of refused) this.context.note(entry.uuid, 'warning', `View ${resourceUri}: ${line}`);
    const policy = viewPolicy(csp, options.frameAncestors);
    // The spec's audit trail: what the view may reach, as this host gives it.
    this.context.note(entry.uuid, 'info', `View ${resourceUri} opened: CSP ${policy}`);
    this.#open.set(viewId, { uuid: entry.uuid, tool: exposed, resourceUri, ...(options.callId ? { callId: options.callId } : {}), policy });
    if (this.#open.size > OPEN_VIEWS) this.#open.delete(this.#open.keys().next().value!);
    const server = this.#connection(entry.uuid).server;
    return {
      viewId,
      server: { uuid: entry.uuid, label: server.label },
      tool: exposed,
      original: entry.original,
      resourceUri,
      html: view.html,
      csp,
      permissions: view.permissions,
      ...(view.prefersBorder === undefined ? {} : { prefersBorder: view.prefersBorder }),
    };
  }

  /** The `ui://` URI of the view of the tool exposed as `exposed`, if it has one. */
  viewOf(exposed: string): string | undefined {
    return this.context.index.get(exposed)?.tool?.ui?.resourceUri;
  }

  /** The view closed (torn down); later requests naming it are refused. */
  close(viewId: string): void {
    this.#open.delete(viewId);
  }

  /** The Content Security Policy of an open view's sandbox page, or null for no such view. */
  policyOf(viewId: string): string | null {
    return this.#open.get(viewId)?.policy ?? null;
  }

  /** A view's `tools/call`, by the tool's name on the view's own server (the only one it can name). */
  async callTool(viewId: string, original: string, args: Record<string, unknown>, options: { approved?: boolean; signal?: AbortSignal } = {}): Promise<ToolCallResult> {
    const view = this.#view(viewId);
    const entry = this.context.index.assignmentOf(view.uuid, original);
    if (!entry) throw new ViewError(`The view's server has no tool "${original}".`);
    return this.context.callTool(entry.exposed, args, { ...options, fromView: view.uuid });
  }

  /** A view's `resources/read`: on its own server only, the answer as the server gives it. */
  async readResource(viewId: string, uri: string): Promise<ReadResourceResult> {
    const connection = this.#connection(this.#view(viewId).uuid);
    try {
      return await connection.readyClient().readResource({ uri }, { timeout: connection.server.callTimeoutMs });
    } catch (error) {
      throw new Error(this.context.redact(`Reading ${JSON.stringify(uri)} on server "${connection.server.label}" failed: ${messageOf(error)}`), { cause: error });
    }
  }

  /** A view's `ui/update-model-context`: kept for its call (replacing the last), for the model's next turn. */
  setModelContext(viewId: string, context: ViewModelContext): void {
    const view = this.#view(viewId);
    if (view.callId) this.contexts.setModelContext(view.callId, context);
  }

  /** A view's `ui/message`: kept for its call and handed to listeners (the chat app); false when refused (too many). */
  addMessage(viewId: string, message: ViewMessage): boolean {
    const view = this.#view(viewId);
    if (view.callId && !this.contexts.addMessage(view.callId, message)) return false;
    const event: ViewMessageEvent = { viewId, server: view.uuid, tool: view.tool, message, ...(view.callId ? { callId: view.callId } : {}) };
    for (const listener of this.#listeners) listener(event);
    return true;
  }

  onMessage(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #read(connection: ServerConnection, uri: string): Promise<ViewResource> {
    const { uuid } = connection.server;
    let view: ViewResource;
    try {
      view = viewFromContents(uri, await connection.readyClient().readResource({ uri }, { timeout: connection.timeoutMs }));
    } catch (error) {
      if (error instanceof ViewError) throw error;
      throw new ViewError(this.context.redact(`Reading the view ${uri} on server "${connection.server.label}" failed: ${messageOf(error)}`), { cause: error });
    }
    // What of its declaration was refused; the policy each opening gives it is logged there (open).
    this.context.note(uuid, 'info', `View ${uri}: ${Buffer.byteLength(view.html)} bytes`);
    for (const refused of view.refused) this.context.note(uuid, 'warning', `View ${uri}: ${refused}`);
    return view;
  }

  #view(viewId: string): OpenView {
    const view = this.#open.get(viewId);
    if (!view) throw new ViewError('This view is closed.');
    return view;
  }

  #connection(uuid: string): ServerConnection {
    const connection = this.context.connections.get(uuid);
    if (!connection) throw new ViewError(`No MCP server with id "${uuid}".`);
    return connection;
  }
}
