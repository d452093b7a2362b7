// What the app keeps of a server's OAuth sign-in, and the storage interface it goes through.
// Everything here is secret or sits next to secrets: it lives in the secret store (never in
// config.json), one entry per key and server. Values are checked when read back, so an entry
// edited by hand or left by another version reads as absent instead of breaking the server.
import {
  OAuthClientInformationFullSchema,
  OAuthMetadataSchema,
  OAuthProtectedResourceMetadataSchema,
  OAuthTokensSchema,
  OpenIdProviderDiscoveryMetadataSchema,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { z } from 'zod/v4';
import { DpopKeySchema } from './dpop/proofs.js';

/** Tokens as the SDK saved them (stamped with `issuer`), and what they were issued for. */
export const StoredTokensSchema = z.object({
  tokens: OAuthTokensSchema,
  /** When the tokens were obtained (ms since the epoch). */
  obtainedAt: z.number(),
  /** When the access token expires (ms since the epoch); absent when the server did not say. */
  expiresAt: z.number().optional(),
  /** The scope the app asked for at sign-in (the server may grant less, or not say). */
  requestedScope: z.string().optional(),
  /** The client the tokens were issued to: tokens of another client are never presented. */
  clientId: z.string(),
  /** The MCP server URL they were obtained for: a token is never sent to another URL. */
  serverUrl: z.string(),
  /** The resource indicator (RFC 8707) they were obtained with, sent again on refresh. */
  resource: z.string().optional(),
});

/** A client registration the app obtained (dynamic registration or a client metadata document). */
export const StoredClientSchema = OAuthClientInformationFullSchema.partial({ redirect_uris: true });

/** Where the authorization server is and what it said about itself: what a refresh needs. */
export const StoredDiscoverySchema = z.object({
  authorizationServerUrl: z.string(),
  resourceMetadataUrl: z.string().optional(),
  resourceMetadata: OAuthProtectedResourceMetadataSchema.optional(),
  authorizationServerMetadata: z.union([OAuthMetadataSchema, OpenIdProviderDiscoveryMetadataSchema]).optional(),
  /** The client ID the sign-in used: a typed-in one is bound to this authorization server. */
  clientId: z.string().optional(),
});

/** The server answered 403 insufficient_scope: the scope to ask for at the next sign-in. */
export const StoredStepUpSchema = z.object({ scope: z.string().min(1) });

export const AUTH_KEYS = {
  tokens: StoredTokensSchema,
  client: StoredClientSchema,
  discovery: StoredDiscoverySchema,
  stepUp: StoredStepUpSchema,
  /** The client secret the user entered for a server without dynamic registration. */
  clientSecret: z.string().min(1),
  /** The key DPoP-bound tokens are bound to, with the authorization server it was made for. */
  dpopKey: DpopKeySchema,
} as const;

export type AuthKey = keyof typeof AUTH_KEYS;
export type AuthValue<K extends AuthKey> = z.output<(typeof AUTH_KEYS)[K]>;
export type StoredTokens = AuthValue<'tokens'>;
export type StoredClient = AuthValue<'client'>;
export type StoredDiscovery = AuthValue<'discovery'>;

/** A server's OAuth entries in the secret store. Every method may reject (a locked keyring). */
export interface AuthStorage {
  get<K extends AuthKey>(uuid: string, key: K): Promise<AuthValue<K> | undefined>;
  set<K extends AuthKey>(uuid: string, key: K, value: AuthValue<K>): Promise<void>;
  delete(uuid: string, key: AuthKey): Promise<void>;
}

/** The store key of one entry, within its server's part of the secret store. */
export function authEntryKey(key: AuthKey): string {
  return `oauth-${key}`;
}

/** A stored text read back as `key`'s value, or undefined when it is not one (never throws). */
export function parseAuthValue<K extends AuthKey>(key: K, text: string): AuthValue<K> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = AUTH_KEYS[key].safeParse(json);
  return parsed.success ? (parsed.data as AuthValue<K>) : undefined;
}

export function serializeAuthValue<K extends AuthKey>(key: K, value: AuthValue<K>): string {
  return JSON.stringify(AUTH_KEYS[key].parse(value));
}
