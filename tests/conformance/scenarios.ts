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

/** requirements/2026-07-28.yaml, `client`: run at the 2026-07-28 wire, less PENDING_2026_07_28_WIRE. */
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
 * Pending: the 2026-07-28 wire protocol (server/discover and per-request `_meta`, the standard
 * and custom headers, MRTR). Not run yet; the work that teaches the app that wire moves each
 * name out of here (the runs below pick it up from REQUIRED_2026_07_28 by itself).
 * - `wireOnly`: scenarios of the wire itself, in no other run (`json-schema-2020-12-preservation`
 *   is in neither list, not scored as added after their release: it goes to ALSO_RUN).
 * - `afterSignIn`: scenarios whose checks need requests after the sign-in, which the 2026-07-28
 *   scripted server refuses while the app sends `initialize` (400). They run at the 2025-11-25
 *   wire meanwhile (all but the migration are in that list anyway; see RUNS).
 */
export const PENDING_2026_07_28_WIRE = {
  wireOnly: ['request-metadata', 'sep-2322-client-request-state', 'http-standard-headers', 'http-custom-headers', 'http-invalid-tool-headers', 'json-schema-2020-12-preservation'],
  afterSignIn: ['tools_call', 'auth/scope-step-up', 'auth/scope-retry-limit', 'auth/authorization-server-migration'],
} as const;

/**
 * At the 2026-07-28 wire the app signs in (the scripted server answers `initialize` with 401
 * first), then cannot connect: it sends `initialize`, which that wire has no more. The checks are
 * the sign-in's and must pass; the client's exit is not held against the run until the wire work
 * lands, which deletes this.
 */
export const CLIENT_EXIT_PENDING_2026_07_28_WIRE =
  'the app does not speak the 2026-07-28 wire yet: after signing in it sends `initialize`, which the scripted server refuses (400)';

/**
 * Not run, with why (docs/security.md, Conformance): extensions for machine-to-machine clients,
 * which sign in with no user and no browser; the app signs a user in interactively.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
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

const afterSignIn: readonly string[] = PENDING_2026_07_28_WIRE.afterSignIn;
const wireOnly: readonly string[] = PENDING_2026_07_28_WIRE.wireOnly;

/** Every run, in the order they start. */
export const RUNS: readonly ScenarioRunPlan[] = [
  ...REQUIRED_2025_11_25.map((scenario): ScenarioRunPlan => ({ id: `${scenario} @ 2025-11-25`, scenario, wire: '2025-11-25' })),
  // The migration is a 2026-07-28 scenario only: at the 2025-11-25 wire until the app speaks it.
  ...afterSignIn
    .filter((scenario) => !REQUIRED_2025_11_25.includes(scenario))
    .map((scenario): ScenarioRunPlan => ({ id: `${scenario} @ 2025-11-25`, scenario, wire: '2025-11-25' })),
  ...REQUIRED_2026_07_28.filter((scenario) => !wireOnly.includes(scenario) && !afterSignIn.includes(scenario)).map(
    (scenario): ScenarioRunPlan => ({ id: `${scenario} @ 2026-07-28`, scenario, wire: '2026-07-28', clientExitAccepted: CLIENT_EXIT_PENDING_2026_07_28_WIRE }),
  ),
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
