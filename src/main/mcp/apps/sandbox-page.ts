// The sandbox proxy as the hosts serve it, on another origin than the app's page (the browser
// host's second loopback listener, Electron's `mcp-app-view:` protocol): for an open view, its
// page (under the view's Content Security Policy, framable by the app's page only) and the
// proxy's script (src/renderer/sandbox/proxy.ts, built to dist/renderer/sandbox/proxy.js);
// nothing else, and nothing for a view that is not open. Pure: the hosts do the I/O.

/** Where the built proxy script is, under the renderer's build folder. */
export const SANDBOX_SCRIPT = 'sandbox/proxy.js';

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

export interface SandboxOptions {
  /** The policy of an open view's sandbox (AppViews.policyOf), null when none is open under that id. */
  policyOf: (viewId: string) => string | null;
  /** The built proxy script; null when the renderer is not built. */
  script: () => Buffer | null;
  /** The origins the proxy may talk to (the app's page); ["*"] where the page has no origin to name (Electron's file:). */
  hostOrigins: readonly string[];
}

const COMMON = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };

/** A view id as AppViews makes them (32 hex digits): anything else is no view. */
const VIEW_ID = /^[0-9a-f]{32}$/;

function text(status: number, body: string): SandboxResponse {
  return { status, headers: { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8' }, body };
}

/** The page (`file` ''), or the script (`file` 'proxy.js'), of the open view `viewId`. */
export function sandboxResponse(viewId: string, file: string, options: SandboxOptions): SandboxResponse {
  const policy = VIEW_ID.test(viewId) ? options.policyOf(viewId) : null;
  if (policy === null) return text(404, 'No such view.');
  if (file === 'proxy.js') {
    const script = options.script();
    if (!script) return text(500, 'The sandbox proxy is not built: run `npm run build:renderer`.');
    return { status: 200, headers: { ...COMMON, 'Content-Type': 'text/javascript; charset=utf-8', 'Cross-Origin-Resource-Policy': 'same-origin' }, body: script };
  }
  if (file !== '') return text(404, 'Not found.');
  const origins = options.hostOrigins.map((origin) => origin.replace(/[^A-Za-z0-9:/.*[\]-]/g, '')).join(' ');
  const body = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Tool view</title>',
    '<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style>',
    `</head><body data-host-origins="${origins}"><script src="proxy.js"></script></body></html>`,
  ].join('\n');
  return { status: 200, headers: { ...COMMON, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy }, body };
}
