// The sandbox proxy (MCP Apps, "Sandbox proxy"): the page the app frames on ANOTHER origin than
// its own (the browser host's second loopback listener, Electron's `mcp-app-view:` protocol),
// under the view's Content Security Policy (the page's header, from `_meta.ui.csp`). It tells the
// app it is ready, takes the view's HTML once (`ui/notifications/sandbox-resource-ready`), loads
// it in an inner frame and relays JSON-RPC both ways, nothing else:
//   - the inner frame is sandboxed without `allow-same-origin`: the view gets an opaque origin, so
//     it can reach neither this page nor any storage, and views of different servers share none;
//     no `allow-top-navigation`, no `allow-popups`: it cannot move the app or open windows;
//   - its `srcdoc` document inherits this page's policy, so what it may load is what it declared;
//   - a message that claims to be the sandbox's own (`ui/notifications/sandbox-*`) is never
//     relayed: a view cannot speak for the proxy, nor the app for the view's frame;
//   - messages go to the app's origin only (the page names it), never to whoever framed us.
// Bundled alone (esbuild, `npm run build:renderer`): it imports only what imports nothing.
import { allowAttribute } from '../../types/view-permissions.js';

const SANDBOX_METHODS = 'ui/notifications/sandbox-';
const INNER_SANDBOX = 'allow-scripts allow-forms';

interface JsonRpcMessage {
  jsonrpc: '2.0';
  method?: unknown;
  params?: unknown;
}

function isJsonRpc(data: unknown): data is JsonRpcMessage {
  return typeof data === 'object' && data !== null && (data as { jsonrpc?: unknown }).jsonrpc === '2.0';
}

function ownMethod(message: JsonRpcMessage): boolean {
  return typeof message.method === 'string' && message.method.startsWith(SANDBOX_METHODS);
}

/** The app's origin, when the page that framed us is one the host named ("*": Electron's file page). */
function hostTarget(): string | null {
  const named = (document.body.dataset.hostOrigins ?? '').split(' ').filter((origin) => origin !== '');
  if (named.includes('*')) return '*';
  const framer = location.ancestorOrigins?.[0];
  return framer !== undefined && window.parent !== window && named.includes(framer) ? framer : null;
}

function loadView(params: unknown): HTMLIFrameElement | null {
  const { html, permissions, title } = (typeof params === 'object' && params !== null ? params : {}) as { html?: unknown; permissions?: unknown; title?: unknown };
  if (typeof html !== 'string') return null;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', INNER_SANDBOX);
  const granted = typeof permissions === 'object' && permissions !== null ? Object.keys(permissions) : [];
  const allow = allowAttribute(granted);
  if (allow !== '') frame.setAttribute('allow', allow);
  frame.title = typeof title === 'string' ? title : 'Tool view';
  frame.srcdoc = html;
  document.body.append(frame);
  return frame;
}

const target = hostTarget();
if (target === null) {
  document.body.textContent = 'This page shows a tool view inside the app, and nowhere else.';
} else {
  let view: HTMLIFrameElement | null = null;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isJsonRpc(message)) return;
    if (event.source === window.parent && (target === '*' || event.origin === target)) {
      if (message.method === `${SANDBOX_METHODS}resource-ready`) {
        view ??= loadView(message.params);
      } else if (!ownMethod(message)) {
        view?.contentWindow?.postMessage(message, '*');
      }
    } else if (view !== null && event.source === view.contentWindow && !ownMethod(message)) {
      window.parent.postMessage(message, target);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: `${SANDBOX_METHODS}proxy-ready`, params: {} }, target);
}
