// A view's Content Security Policy, from what its server declares (`_meta.ui.csp`), and the
// browser features it asks for (`_meta.ui.permissions`). Pure.
//
// The policy is the spec's (2026-01-26, "CSP Construction from Metadata") with nothing it does
// not declare: the restrictive default when it declares nothing, no `'self'` for connections
// (the sandbox origin serves only the proxy), `form-action 'none'` (a form cannot post the page's
// data anywhere) and `frame-ancestors` set to the app's page. A declared origin that is not a
// plain source expression (`*`, `https:`, a keyword, anything with a quote, `;` or a space) is
// left out, with a warning: a declaration may narrow what a view reaches, never widen it to
// "anything". Nor may it name the app itself: this machine with any port (`http://127.0.0.1:*`)
// is left out when the view is read, and the app page's and the sandbox's origins (and, in
// Electron, the app's own schemes, `file:` and `mcp-app-view:`) when the host opens it.
import { CSP_KEYS, type ViewCsp, type ViewPermission, ViewCspSchema, VIEW_PERMISSIONS } from '../../../types/apps.js';
import { isRecord } from '../../../types/json.js';

/** At most this many origins per directive: a view that needs more is declaring a crawl. */
export const MAX_ORIGINS = 50;

/** `scheme://host[:port][/path]` or `host[:port][/path]`, with a `*.` wildcard subdomain at most. */
const SOURCE = /^(?:(?:https?|wss?):\/\/)?(?:\*\.)?(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(?:\d{1,5}|\*))?(?:\/[^\s;,'"]*)?$/i;

export interface AcceptedCsp {
  csp: ViewCsp;
  /** What was left out and why, for the server's log. */
  refused: string[];
}

/** The app's own places, which no view's policy may name (the host says which they are). */
export interface AppOrigins {
  /** Its page's and its sandbox's origins (`http://127.0.0.1:<port>`, `http://localhost:<port>`). */
  origins: readonly string[];
  /** Its own schemes (Electron: `file`, `mcp-app-view`): a source naming one is refused. */
  schemes: readonly string[];
}

export const NO_APP_ORIGINS: AppOrigins = { origins: [], schemes: [] };

/** A well-formed source (SOURCE) in parts. */
const SOURCE_PARTS = /^(?:([a-z]+):\/\/)?(\*\.)?(\[[^\]]+\]|[^:/]+)(?::(\d{1,5}|\*))?/i;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, ws: 80, https: 443, wss: 443 };

/** This machine, by name or address in any spelling (`127.1`, `[::ffff:7f00:1]`, `foo.localhost`). */
function isLoopbackHost(host: string, wildcard: boolean): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (wildcard) return false;
  let canonical: string;
  try {
    canonical = new URL(`http://${name}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return /^127\./.test(canonical) || canonical === '0.0.0.0' || canonical === '::1' || canonical === '::' || /^::ffff:7f[0-9a-f]{2}:/.test(canonical);
}

/** The ports of the app's origins on this machine. */
function appPorts(app: AppOrigins): Set<number> {
  const ports = new Set<number>();
  for (const origin of app.origins) {
    try {
      const url = new URL(origin);
      if (isLoopbackHost(url.hostname, false)) ports.add(url.port === '' ? DEFAULT_PORTS[url.protocol.slice(0, -1)] ?? 80 : Number(url.port));
    } catch {
      // Not an origin: names no port.
    }
  }
  return ports;
}

/** Why a declared source names the app itself, or null. */
function ownOriginProblem(source: string, app: AppOrigins, ports: ReadonlySet<number>): string | null {
  const scheme = app.schemes.find((name) => source.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (scheme !== undefined) return `names the app's own scheme (${scheme}:)`;
  const parts = SOURCE_PARTS.exec(source);
  if (!parts || !isLoopbackHost(parts[3]!, parts[2] !== undefined)) return null;
  const port = parts[4];
  if (port === '*') return "is this machine with any port, the app's own page and sandbox among them";
  const effective = port === undefined ? DEFAULT_PORTS[(parts[1] ?? 'http').toLowerCase()] ?? 80 : Number(port);
  return ports.has(effective) ? "is the app's own origin (its page or its sandbox)" : null;
}

/** `csp` without what names the app itself (see AppOrigins; this machine with any port always). */
export function withoutAppOrigins(csp: ViewCsp, app: AppOrigins = NO_APP_ORIGINS): AcceptedCsp {
  const ports = appPorts(app);
  const refused: string[] = [];
  const kept: ViewCsp = {};
  for (const key of CSP_KEYS) {
    const origins = csp[key];
    if (!origins) continue;
    kept[key] = origins.filter((origin) => {
      const problem = ownOriginProblem(origin, app, ports);
      if (problem) refused.push(`${key}: ${JSON.stringify(origin)} ${problem}; left out of the view's policy`);
      return problem === null;
    });
  }
  return { csp: kept, refused };
}

/** The origins of a declaration that the host accepts; anything malformed is left out and named. */
export function acceptCsp(declared: unknown): AcceptedCsp {
  const refused: string[] = [];
  const csp: ViewCsp = {};
  if (declared === undefined) return { csp, refused };
  const parsed = ViewCspSchema.safeParse(declared);
  if (!parsed.success || !isRecord(declared)) return { csp, refused: ['_meta.ui.csp is not an object of origin lists; the default policy applies'] };
  for (const key of CSP_KEYS) {
    const origins = parsed.data[key];
    if (!origins) continue;
    const kept: string[] = [];
    for (const origin of origins) {
      if (kept.length >= MAX_ORIGINS) {
        refused.push(`${key}: more than ${MAX_ORIGINS} origins; the rest are left out`);
        break;
      }
      if (SOURCE.test(origin) && origin.length <= 300) kept.push(origin);
      else refused.push(`${key}: ${JSON.stringify(origin.slice(0, 100))} is not an origin`);
    }
    csp[key] = [...new Set(kept)];
  }
  // What names this machine with any port is never the view's to reach, whichever host opens it.
  const own = withoutAppOrigins(csp);
  return { csp: own.csp, refused: [...refused, ...own.refused] };
}

const list = (origins: readonly string[] | undefined): string => (origins && origins.length > 0 ? ` ${origins.join(' ')}` : '');

/**
 * The view's policy, as the sandbox page's header (its inner frame, loaded from `srcdoc`, inherits
 * it). `frameAncestors`: who may frame the sandbox (the app's page); none given, nobody is named.
 */
export function viewPolicy(csp: ViewCsp, frameAncestors: readonly string[] = []): string {
  const resources = list(csp.resourceDomains);
  const directives = [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${resources}`,
    `style-src 'self' 'unsafe-inline'${resources}`,
    `img-src 'self' data:${resources}`,
    `font-src 'self'${resources}`,
    `media-src 'self' data:${resources}`,
    `connect-src${list(csp.connectDomains) || " 'none'"}`,
    `frame-src${list(csp.frameDomains) || " 'none'"}`,
    "object-src 'none'",
    `base-uri${list(csp.baseUriDomains) || " 'self'"}`,
    "form-action 'none'",
    ...(frameAncestors.length > 0 ? [`frame-ancestors ${frameAncestors.join(' ')}`] : []),
  ];
  return directives.join('; ');
}

/** The features a view asks for (`_meta.ui.permissions`), known ones only. */
export function requestedPermissions(declared: unknown): ViewPermission[] {
  if (!isRecord(declared)) return [];
  return VIEW_PERMISSIONS.filter((permission) => isRecord(declared[permission]));
}
