// The protocol revisions the app speaks, and the names the 2026-07-28 revision gives its request
// metadata and error codes. A server speaks the newest revision both sides know: 2026-07-28 (no
// `initialize`, metadata on every request), else what the SDK's `initialize` negotiates
// (2025-11-25 and older). docs/design.md §11.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/** The stateless revision: `server/discover`, per-request `_meta`, multi round-trip requests. */
export const MODERN_REVISION = '2026-07-28';
/** The stateless revisions the app speaks, newest first (one today). */
export const MODERN_REVISIONS: readonly string[] = [MODERN_REVISION];
/** The revisions of the `initialize` handshake the pinned SDK speaks. */
export const LEGACY_REVISIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;

export function isModernRevision(revision: string | undefined): boolean {
  return revision !== undefined && MODERN_REVISIONS.includes(revision);
}

/** The `_meta` keys of the 2026-07-28 revision. */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** The error codes the 2026-07-28 revision defines (its reserved range starts at -32020). */
export const MODERN_ERRORS = {
  headerMismatch: -32020,
  missingRequiredClientCapability: -32021,
  unsupportedProtocolVersion: -32022,
} as const;

/** An error with one of these codes comes from a server of the stateless revisions, never an older one. */
export function isModernErrorCode(code: unknown): boolean {
  return code === MODERN_ERRORS.headerMismatch || code === MODERN_ERRORS.missingRequiredClientCapability || code === MODERN_ERRORS.unsupportedProtocolVersion;
}

/** The requests a server may answer with `input_required` (multi round-trip requests). */
export const INPUT_ROUND_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);
