// A server's `WWW-Authenticate` challenges (RFC 9110 section 11.6.1), for the Bearer (RFC 6750)
// and DPoP (RFC 9449 section 7.1) schemes: what a 401 or 403 asks for. The SDK's reader knows
// Bearer only, and a DPoP-protected server challenges with `DPoP`. Pure.

export interface Challenge {
  /** The scheme, lower-cased (`bearer`, `dpop`). */
  scheme: string;
  params: Record<string, string>;
}

/** What the app reads from a server's OAuth challenge. */
export interface ChallengeParams {
  error?: string;
  scope?: string;
  resourceMetadataUrl?: URL;
}

// A token (a scheme, or a parameter's name) with an optional `=value` or `="quoted value"`.
const ITEM = /([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:[ \t]*=[ \t]*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*)))?/gy;
const SEPARATORS = /[\s,]*/y;

/** Every challenge of a header value, in order. */
export function challengesOf(header: string | null): Challenge[] {
  const challenges: Challenge[] = [];
  if (!header) return challenges;
  let at = 0;
  while (at < header.length) {
    SEPARATORS.lastIndex = at;
    SEPARATORS.exec(header);
    at = SEPARATORS.lastIndex;
    ITEM.lastIndex = at;
    const item = ITEM.exec(header);
    if (!item) break;
    at = ITEM.lastIndex;
    const [, name, quoted, plain] = item;
    const value = quoted === undefined ? plain : quoted.replace(/\\(.)/g, '$1');
    const current = challenges[challenges.length - 1];
    if (value === undefined) {
      // A bare token starts the next challenge: its scheme.
      challenges.push({ scheme: name!.toLowerCase(), params: {} });
    } else if (current && !Object.hasOwn(current.params, name!.toLowerCase())) {
      Object.defineProperty(current.params, name!.toLowerCase(), { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return challenges;
}

/** The parameters of a response's first Bearer or DPoP challenge. */
export function challengeOf(response: Response): ChallengeParams {
  const challenge = challengesOf(response.headers.get('WWW-Authenticate')).find((c) => c.scheme === 'bearer' || c.scheme === 'dpop');
  if (!challenge) return {};
  const { error, scope, resource_metadata: metadata } = challenge.params;
  let resourceMetadataUrl: URL | undefined;
  try {
    resourceMetadataUrl = metadata ? new URL(metadata) : undefined;
  } catch {
    // An address that does not parse is ignored, as the SDK does.
  }
  return { ...(error ? { error } : {}), ...(scope ? { scope } : {}), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}) };
}
