// The conformance suite's client scenarios `npm test` runs against the app (tests/unit/
// conformance.test.ts), one line each: the basics, requests for input with defaults, and every
// auth scenario of the 2025-06-18 and 2025-11-25 specs plus the two 2025-03-26 back-compat ones,
// run at 2025-11-25; and the 2026-07-28 wire protocol's own, run at 2026-07-28 (each revision's
// run covers only its own wire: the suite's requirements lists). `conformance list` shows them all.
export const SCENARIOS: readonly string[] = [
  'initialize',
  'tools_call',
  'sse-retry',
  'elicitation-sep1034-client-defaults',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
];

/**
 * The 2026-07-28 revision's client scenarios of the wire protocol (not its auth ones): stateless
 * requests with their metadata, multi round-trip requests, the SEP-2243 headers, no network
 * `$ref` fetched. Not here: `json-schema-2020-12-preservation` (not scored by the suite: added
 * after the release), which echoes the schema a model gets; Anthropic's drops `$schema` and
 * `$anchor` and cannot take a top-level `allOf` (docs/security.md, Conformance).
 */
export const SCENARIOS_2026: readonly string[] = [
  'tools_call',
  'request-metadata',
  'sep-2322-client-request-state',
  'http-standard-headers',
  'http-custom-headers',
  'http-invalid-tool-headers',
  'json-schema-ref-no-deref',
];

/**
 * WARNING checks the run accepts, as `scenario/check-id` → why (each also in docs/security.md,
 * Conformance). Any other WARNING, and every FAILURE, fails the test.
 */
export const ACCEPTED_WARNINGS: Readonly<Record<string, string>> = {};

/**
 * The app's client ID metadata document URL for the run (auth/basic-cimd expects this one). A
 * build of the app that publishes its document sets MCP_OAUTH_CLIENT_METADATA_URL the same way.
 */
export const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
