// MCP Apps (extension `io.modelcontextprotocol/ui`, stable 2026-01-26): what a server says about a
// tool's view and about the view itself, and what the app tells the page about one. Shared by
// main and renderer; the schemas are the contract, the types derive from them. Main reads a
// server's `_meta` through these (untrusted: anything malformed is left out, never thrown).
import { z } from 'zod';
import type { ViewPermission } from './view-permissions.js';

export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The one view type of the stable spec; a view read with another MIME type is refused. */
export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';
/** What the client declares in `initialize` (`capabilities.extensions`): it renders HTML views. */
export const APPS_EXTENSIONS = { [APPS_EXTENSION_ID]: { mimeTypes: [VIEW_MIME_TYPE] } };
/** Performance marks of a view in the page: shown (mounted with its call), and the time from there to its `ui/notifications/initialized` (npm run bench). */
export const VIEW_SHOWN_MARK = 'mcp-view:shown';
export const VIEW_READY_MEASURE = 'mcp-view:shown-to-initialized';

export const VisibilitySchema = z.array(z.enum(['model', 'app']));
export type Visibility = z.infer<typeof VisibilitySchema>;

/** A tool's link to its view, read from its `_meta`. */
export interface ToolUi {
  /** The `ui://` resource that renders its results; unset for a tool without a view. */
  resourceUri?: string;
  /** Who may call it: a model, its server's views, or both (the spec's default). */
  visibility: Visibility;
}

const DEFAULT_VISIBILITY: Visibility = ['model', 'app'];
const UiUri = z.string().max(2_000).regex(/^ui:\/\/\S+$/);

/**
 * `_meta.ui` of a listed tool (and the deprecated flat `_meta["ui/resourceUri"]`), or null when it
 * says nothing of apps. A malformed part counts as not said: a bad URI gives no view, a bad
 * visibility the default.
 */
export function toolUiOf(meta: unknown): ToolUi | null {
  if (typeof meta !== 'object' || meta === null) return null;
  const { ui, 'ui/resourceUri': flat } = meta as { ui?: unknown; 'ui/resourceUri'?: unknown };
  const nested = typeof ui === 'object' && ui !== null ? (ui as { resourceUri?: unknown; visibility?: unknown }) : {};
  const uri = UiUri.safeParse(nested.resourceUri ?? flat);
  const visibility = VisibilitySchema.safeParse(nested.visibility);
  if (!uri.success && !visibility.success) return null;
  return {
    ...(uri.success ? { resourceUri: uri.data } : {}),
    visibility: visibility.success ? [...new Set(visibility.data)] : DEFAULT_VISIBILITY,
  };
}

/** A model may be offered and may call the tool (`visibility` holds "model"; every tool without a say). */
export function visibleToModel(ui: ToolUi | null | undefined): boolean {
  return !ui || ui.visibility.includes('model');
}

/** Its own server's views may call the tool. */
export function visibleToApps(ui: ToolUi | null | undefined): boolean {
  return !ui || ui.visibility.includes('app');
}

/** The origins a view declares it needs (`_meta.ui.csp`), each mapped to CSP directives by the host. */
export const ViewCspSchema = z.object({
  connectDomains: z.array(z.string()).optional(),
  resourceDomains: z.array(z.string()).optional(),
  frameDomains: z.array(z.string()).optional(),
  baseUriDomains: z.array(z.string()).optional(),
});
export type ViewCsp = z.infer<typeof ViewCspSchema>;
export const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

export { allowAttribute, PERMISSIONS, VIEW_PERMISSIONS, type ViewPermission } from './view-permissions.js';

/** A view the page may show: what main read and checked, and where its sandbox is. */
export interface ToolViewInfo {
  /** Names this open view in later requests (its calls, reads, links, context); random. */
  viewId: string;
  server: { uuid: string; label: string };
  /** The tool's exposed and original names. */
  tool: string;
  original: string;
  resourceUri: string;
  /** The view's HTML, for the sandbox to load (`ui/notifications/sandbox-resource-ready`). */
  html: string;
  /** The origins the view declared, those the host accepts (see docs/apps.md); what its CSP allows. */
  csp: ViewCsp;
  /** The features the view asks for; granted only after the user agrees. */
  permissions: ViewPermission[];
  prefersBorder?: boolean;
  /** The sandbox proxy's address: another origin than the app's page. */
  sandboxUrl: string;
  /** The sandbox's origin, the only one whose messages the page takes for this view. */
  sandboxOrigin: string;
}

const Content = z.array(z.record(z.string(), z.unknown())).max(100);

/** What a view asks the host to keep for the model (`ui/update-model-context`); each update replaces the last. */
export const ViewModelContextSchema = z.object({ content: Content.optional(), structuredContent: z.record(z.string(), z.unknown()).optional() }).strict();
export type ViewModelContext = z.infer<typeof ViewModelContextSchema>;

/** A message a view asks the host to add to the conversation (`ui/message`). */
export const ViewMessageSchema = z.object({ role: z.literal('user'), content: Content });
export type ViewMessage = z.infer<typeof ViewMessageSchema>;

/** A view's message, handed to the chat app that embeds this layer (the `viewMessage` event). */
export interface ViewMessageEvent {
  viewId: string;
  /** The page's id of the call the view shows, when it was opened for one. */
  callId?: string;
  server: string;
  tool: string;
  message: ViewMessage;
}

/** What the views of one call handed over (Mcp.views.contexts): the last model context, the messages. */
export interface CallViewContext {
  modelContext?: ViewModelContext;
  messages: ViewMessage[];
}
