// The conformance suite's client scenarios `npm test` runs against the app (tests/unit/
// conformance.test.ts), as `@modelcontextprotocol/conformance` 0.2.0-alpha.12 names them
// (`conformance list`; its requirements/<revision>.yaml list what each revision requires). A
// scenario runs at a wire (`--spec-version`): the stateful initialize handshake of 2025-11-25,
// or the stateless per-request `_meta` of 2026-07-28; a scenario of both lists runs under each.

/** A protocol revision whose wire the suite's scripted server speaks. */
export type Wire = '2025-11-25' | '2026-07-28';

/** requirements/2025-11-25.yaml, `client`: run at the 2025-11-25 wire. */
export const REQUIRED_2025_11_25: readonly string[] = [
  'initialize',
  'tools_call',
  'elicitation-sep1034-client-defaults',
  'sse-retry',
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
];

/** requirements/2026-07-28.yaml, `client`: run at the 2026-07-28 wire. */
export const REQUIRED_2026_07_28: readonly string[] = [
  'tools_call',
  'request-metadata',
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
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/authorization-server-migration',
  'auth/iss-supported',
  'auth/iss-not-advertised',
  'auth/iss-supported-missing',
  'auth/iss-wrong-issuer',
  'auth/iss-unexpected',
  'auth/iss-normalized',
  'auth/metadata-issuer-mismatch',
  'sep-2322-client-request-state',
  'http-standard-headers',
  'http-custom-headers',
  'http-invalid-tool-headers',
  'json-schema-ref-no-deref',
];

/**
 * Run beside the two lists, at the suite's own wire for each (2025-11-25's): the 2025-03-26
 * back-compat pair (servers of that revision still sign in), and the DPoP extension
 * (`io.modelcontextprotocol/auth/dpop`, not_scored in both lists), without and with nonces.
 */
export const ALSO_RUN: readonly string[] = [
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/dpop',
  'auth/dpop-nonce',
];

/**
 * Not run, with why (docs/security.md, Conformance): extensions for machine-to-machine clients,
 * which sign in with no user and no browser; the app signs a user in interactively.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  'json-schema-2020-12-preservation':
    'not scored (added after the release of both lists): it echoes the schema a model would get, and Anthropic\'s definition drops $schema and $anchor and cannot take a top-level allOf; the adapters get the schema as listed (tests/unit/mcp-revisions.test.ts)',
  'auth/client-credentials-jwt': 'client credentials grant with a private-key JWT: a machine-to-machine flow, no user',
  'auth/client-credentials-basic': 'client credentials grant with a client secret: a machine-to-machine flow, no user',
  'auth/enterprise-managed-authorization': 'enterprise-managed authorization (an identity assertion exchanged for a token): a machine-to-machine flow',
  'auth/wif-jwt-bearer': 'workload identity federation (a JWT bearer grant from a workload identity): a machine-to-machine flow',
};

export interface ScenarioRunPlan {
  /** How the test names it: `scenario @ wire`, or the scenario alone at its default wire. */
  id: string;
  scenario: string;
  /** The wire asked for; undefined: the suite's default for the scenario. */
  wire?: Wire;
  /** Why a client exit that is not clean is accepted in this run, if it is. */
  clientExitAccepted?: string;
}

/**
 * Client exits the run accepts, by scenario, with why: where the scenario's server cannot answer
 * what a user does after listing, and its checks are all about the listing.
 */
export const ACCEPTED_CLIENT_EXITS: Readonly<Record<string, string>> = {
  'json-schema-ref-no-deref': "the scenario's server answers tools/list only: the call a user then makes is refused (-32601), and the check is that listing fetched no network $ref",
};

const exitAccepted = (scenario: string): Pick<ScenarioRunPlan, 'clientExitAccepted'> =>
  Object.hasOwn(ACCEPTED_CLIENT_EXITS, scenario) ? { clientExitAccepted: ACCEPTED_CLIENT_EXITS[scenario] } : {};

/** Every run, in the order they start. */
export const RUNS: readonly ScenarioRunPlan[] = [
  ...REQUIRED_2025_11_25.map((scenario): ScenarioRunPlan => ({ id: `${scenario} @ 2025-11-25`, scenario, wire: '2025-11-25', ...exitAccepted(scenario) })),
  ...REQUIRED_2026_07_28.map((scenario): ScenarioRunPlan => ({ id: `${scenario} @ 2026-07-28`, scenario, wire: '2026-07-28', ...exitAccepted(scenario) })),
  ...ALSO_RUN.map((scenario): ScenarioRunPlan => ({ id: scenario, scenario })),
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
