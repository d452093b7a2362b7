// A view's Content Security Policy, from what its server declares (`_meta.ui.csp`), and the
// browser features it asks for (`_meta.ui.permissions`). Pure.
//
// The policy is the spec's (2026-01-26, "CSP Construction from Metadata") with nothing it does
// not declare: the restrictive default when it declares nothing, no `'self'` for connections
// (the sandbox origin serves only the proxy), `form-action 'none'` (a form cannot post the page's
// data anywhere) and `frame-ancestors` set to the app's page. A declared origin that is not a
// plain source expression (`*`, `https:`, a keyword, anything with a quote, `;` or a space) is
// left out, with a warning: a declaration may narrow what a view reaches, never widen it to
// "anything".
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
  return { csp, refused };
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
