// Electron's side of MCP Apps, kept free of `electron` so it runs under test: tool views' sandbox
// is served by a custom protocol, `mcp-app-view:`, one origin per open view
// (`mcp-app-view://<view id>/`): another origin than the app's file page, and than every other
// view. Its frames get no Node and no preload (a window's preload runs in its top frame only,
// and `nodeIntegrationInSubFrames` stays off), and may go nowhere else.
import { sandboxResponse, type SandboxOptions, type SandboxResponse } from '../mcp/apps/sandbox-page.js';
import type { AppOrigins } from '../mcp/apps/view-csp.js';

export const VIEW_SCHEME = 'mcp-app-view';

/**
 * The Electron app's own places, left out of every view's policy: its page is a `file:` document
 * and its views' sandboxes are `mcp-app-view:` origins, so a source naming either scheme is refused.
 */
export const ELECTRON_APP_ORIGINS: AppOrigins = { origins: [], schemes: ['file', VIEW_SCHEME] };

/** The sandbox page of an open view, and its origin. */
export function viewPage(viewId: string): { url: string; origin: string } {
  return { url: `${VIEW_SCHEME}://${viewId}/`, origin: `${VIEW_SCHEME}://${viewId}` };
}

/** What the protocol answers for `url`: an open view's page or proxy script, else 404. */
export function viewProtocolResponse(url: string, options: Omit<SandboxOptions, 'hostOrigins'>): SandboxResponse {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return sandboxResponse('', '', { ...options, hostOrigins: ['*'] });
  }
  const viewId = parsed.protocol === `${VIEW_SCHEME}:` ? parsed.hostname : '';
  // The page has a file: origin, which no postMessage can target by name; only this app frames the scheme.
  return sandboxResponse(viewId, parsed.pathname.replace(/^\//, ''), { ...options, hostOrigins: ['*'] });
}

/**
 * Where a frame of the window may go: the view's sandbox and the documents it makes itself
 * (`about:srcdoc`, `about:blank`). A view that tries to load anything else in its frame (to carry
 * data off in the address, say) is stopped.
 */
export function isViewFrameUrl(url: string): boolean {
  return url.startsWith(`${VIEW_SCHEME}://`) || url === 'about:srcdoc' || url === 'about:blank';
}
