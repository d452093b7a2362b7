// What is secret, and how config.json refers to a secret instead of holding it (docs/design.md
// §8). Pure and shared by main and renderer: the server form shows the same rule the store applies.
import { z } from 'zod';

/**
 * A value kept in the secret store; config.json holds only this reference. An object, so no text
 * a user types (a string) can ever be taken for a reference. The id names the entry within its
 * server's part of the store.
 */
export const SecretRefSchema = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a secret reference') }).strict();

/** From the server form or an import only: a value to put in the secret store (the user's toggle). */
export const NewSecretSchema = z.object({ secretValue: z.string().max(100_000) }).strict();

export type SecretRef = z.infer<typeof SecretRefSchema>;
export type NewSecret = z.infer<typeof NewSecretSchema>;

/** The two places of a server's settings where secrets live. */
export type SecretFieldKind = 'env' | 'headers';

/** One value of a server that is (or must become) a secret, as the user knows it. */
export interface SecretField {
  field: SecretFieldKind;
  key: string;
}

/**
 * Header names whose values are never secret: they describe the request, not who makes it.
 * Every other header of an HTTP/SSE server is secret (Authorization, Cookie, X-API-Key,
 * Proxy-Authorization and whatever name a service picked for its key). Compared lower-cased.
 */
export const HARMLESS_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'content-type',
  'mcp-protocol-version',
  'pragma',
  'user-agent',
]);

/** Environment variables whose names say they hold a credential. */
export const SECRET_ENV_KEY = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL|PRIVATE/i;

/**
 * The rule, in one place: a value is secret when its key says so, whatever the user chose. A
 * value the rule does not cover is secret when the user marks it so (the form's toggle), which
 * shows in the config as a reference.
 */
export function isSecretByRule(field: SecretFieldKind, key: string): boolean {
  return field === 'headers' ? !HARMLESS_HEADERS.has(key.trim().toLowerCase()) : SECRET_ENV_KEY.test(key);
}

export function isSecretRef(value: unknown): value is SecretRef {
  return SecretRefSchema.safeParse(value).success;
}

/** "environment variable OPENAI_API_KEY", "header Authorization": how messages name a field. */
export function describeSecretField({ field, key }: SecretField): string {
  return field === 'env' ? `environment variable ${key}` : `header ${key}`;
}
