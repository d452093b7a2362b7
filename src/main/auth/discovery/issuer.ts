// Which authorization server the app is talking to, by its issuer identifier: the metadata's
// `issuer` checked against the identifier its address was built from (RFC 8414 section 3.3), the
// `iss` of an authorization response checked against the recorded issuer (RFC 9207 section 2.4,
// as the MCP 2026-07-28 authorization spec tables it), and a server that moved to another
// authorization server (SEP-2352). Pure.

/**
 * Whether a metadata document's `issuer` is the identifier its well-known address was built
 * from. Identical strings, with one narrow tolerance: an identifier ending in `/` (the app's own
 * fallback for 2025-03-26 servers, `https://host/`, and addresses listed that way) matches the
 * same string without it. Another host, port or path never matches.
 */
export function metadataIssuerMatches(identifier: string, issuer: string): boolean {
  return issuer === identifier || (identifier.endsWith('/') && issuer === identifier.slice(0, -1));
}

export interface AuthorizationResponseIssuer {
  /** The metadata's `authorization_response_iss_parameter_supported`. */
  advertised: boolean;
  /** The `issuer` of the validated metadata, recorded before the browser left; none without metadata. */
  expected: string | undefined;
  /** The `iss` parameter of the answer, decoded; undefined when absent. */
  received: string | undefined;
}

/**
 * Why an authorization response must be refused, or null when it may be used. Simple string
 * comparison: no case folding, default-port elision, trailing-slash or percent-encoding
 * normalization, so `https://as.example/` is not `https://as.example`.
 *
 * | advertised | `iss`   | action               |
 * | ---------- | ------- | -------------------- |
 * | true       | present | compare              |
 * | true       | absent  | refuse               |
 * | false      | present | compare (local rule) |
 * | false      | absent  | proceed              |
 */
export function authorizationResponseProblem({ advertised, expected, received }: AuthorizationResponseIssuer): string | null {
  // Without a validated metadata document there is no recorded issuer to compare with.
  if (expected === undefined) return null;
  if (received === undefined) {
    return advertised ? `the authorization server's answer did not say which server sent it (no "iss"), though its metadata promises it` : null;
  }
  if (received !== expected) return `the answer came from another authorization server ("iss" is ${quoted(received)}, expected ${quoted(expected)})`;
  return null;
}

/** A value from the answer, quoted for a message and cut short: it is whatever the browser brought back. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
}

/**
 * The authorization server a server's protected-resource metadata names now, as the identifier
 * discovery uses: the first of `authorization_servers`, else (2025-03-26 servers) the server's
 * own origin with a trailing slash, as the SDK builds it.
 */
export function authorizationServerNamed(serverUrl: string, authorizationServers: readonly string[] | undefined): string {
  return authorizationServers?.[0] ?? String(new URL('/', serverUrl));
}

/** Whether a sign-in made with `recorded` is for another authorization server than `current`. */
export function authorizationServerMoved(recorded: string, current: string): boolean {
  return !metadataIssuerMatches(recorded, current) && !metadataIssuerMatches(current, recorded);
}
