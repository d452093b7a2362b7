// The host side of one tool view's conversation (MCP Apps), on the official AppBridge of
// @modelcontextprotocol/ext-apps: the sandbox handshake (proxy ready → the view's HTML, its CSP
// and granted permissions), `ui/initialize` with the app's context, and each request of the view
// handed to the caller's handlers, which decide (the user, main's checks). Messages to the view
// wait for its `ui/notifications/initialized`, as the spec requires.
import { AppBridge, type McpUiHostContext, type McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolViewInfo, ViewMessage, ViewModelContext, ViewPermission } from '../../../types/apps.js';
import { ViewTransport } from './view-transport.js';

export interface ViewHandlers {
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  /** True when the link was opened (after the user agreed). */
  openLink(url: string): Promise<boolean>;
  /** True when the message was taken. */
  message(message: ViewMessage): Promise<boolean>;
  modelContext(context: ViewModelContext): Promise<void>;
  resized(height: number): void;
  initialized(): void;
  /** The view asks to be closed, or flooded the page: close it. */
  close(reason: string): void;
}

export interface ConnectedView {
  sendInput(args: Record<string, unknown>): Promise<void>;
  sendResult(result: CallToolResult): Promise<void>;
  sendCancelled(reason: string): Promise<void>;
  contextChanged(update: Partial<McpUiHostContext>): Promise<void>;
  /** `ui/resource-teardown`, waiting at most `timeoutMs` for the view's answer; then the bridge closes. */
  teardown(timeoutMs: number): Promise<void>;
}

/** A refusal the view reads as a JSON-RPC error. */
function refused(message: string): Error {
  return Object.assign(new Error(message), { code: -32000 });
}

export async function connectView(
  frame: () => Window | null | undefined,
  view: ToolViewInfo,
  granted: readonly ViewPermission[],
  context: McpUiHostContext,
  handlers: ViewHandlers,
): Promise<ConnectedView> {
  const permissions: McpUiResourcePermissions = Object.fromEntries(granted.map((permission) => [permission, {}]));
  const bridge = new AppBridge(
    null,
    { name: 'MCP Tool Names', version: '0.1.0' },
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, sandbox: { permissions, csp: view.csp } },
    { hostContext: context },
  );
  const transport = new ViewTransport(frame, view.sandboxOrigin);
  transport.onflood = () => handlers.close('The view sent too many messages, so it was closed.');
  bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: view.html, csp: view.csp, permissions }).catch(() => undefined);
  bridge.oninitialized = () => handlers.initialized();
  bridge.oncalltool = (params) => handlers.callTool(params.name, params.arguments ?? {});
  bridge.onreadresource = (params) => handlers.readResource(params.uri);
  bridge.onopenlink = async ({ url }) => {
    if (!(await handlers.openLink(url))) throw refused('Link opening denied by user');
    return {};
  };
  bridge.onmessage = async (params) => {
    if (!(await handlers.message(params as ViewMessage))) throw refused('Message sending denied');
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    await handlers.modelContext(params as ViewModelContext);
    return {};
  };
  bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
  bridge.onsizechange = ({ height }) => {
    if (typeof height === 'number' && Number.isFinite(height)) handlers.resized(height);
  };
  bridge.onrequestteardown = () => handlers.close('The view closed itself.');
  await bridge.connect(transport);
  return {
    sendInput: (args) => bridge.sendToolInput({ arguments: args }),
    sendResult: (result) => bridge.sendToolResult(result),
    sendCancelled: (reason) => bridge.sendToolCancelled({ reason }),
    contextChanged: async (update) => bridge.sendHostContextChange(update),
    async teardown(timeoutMs) {
      try {
        await bridge.teardownResource({}, { timeout: timeoutMs });
      } catch {
        // A view that does not answer in time is closed all the same.
      } finally {
        await bridge.close();
      }
    },
  };
}
