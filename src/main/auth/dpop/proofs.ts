// DPoP (RFC 9449): tokens bound to a key the app holds, so a token that leaks is useless without
// it. One ES256 key per server and authorization server, made with node:crypto and kept in the
// secret store (storage.ts `dpopKey`), never in config.json. A proof is a JWT signed with that
// key for one request: its method and address, a fresh `jti`, the time, the server's nonce when it
// gave one, and with a token the token's hash (`ath`). No I/O: the requests are fetch.ts's.
import type { KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { z } from 'zod/v4';

/** The one proof algorithm the app uses; an authorization server must list it to be offered DPoP. */
export const DPOP_ALG = 'ES256';

const PrivateJwkSchema = z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string().min(1), y: z.string().min(1), d: z.string().min(1) });

/** A server's DPoP key as the secret store keeps it. */
export const DpopKeySchema = z.object({
  /** The authorization server (its identifier, as discovery names it) the key was made for. */
  issuer: z.string(),
  /** The private key as a JWK (RFC 7517); the public half is `x` and `y`. */
  jwk: PrivateJwkSchema,
});
export type DpopKey = z.output<typeof DpopKeySchema>;

/** The public key, as it goes in a proof's header: exactly the members RFC 7638 hashes. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** Whether an authorization server's metadata offers DPoP with the app's algorithm. */
export function offersDpop(metadata: object | undefined): boolean {
  const algs = (metadata as { dpop_signing_alg_values_supported?: unknown } | undefined)?.dpop_signing_alg_values_supported;
  return Array.isArray(algs) && algs.includes(DPOP_ALG);
}

/** Whether tokens of this type must be presented with proofs (`token_type` is case-insensitive). */
export function isDpopBound(tokenType: string | undefined): boolean {
  return tokenType?.toLowerCase() === 'dpop';
}

export function generateDpopKey(issuer: string): DpopKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { issuer, jwk: PrivateJwkSchema.parse(privateKey.export({ format: 'jwk' })) };
}

export function publicJwkOf(key: DpopKey): PublicJwk {
  const { kty, crv, x, y } = key.jwk;
  return { kty, crv, x, y };
}

/** The JWK thumbprint (RFC 7638): what a bound token's `cnf.jkt` names. */
export function jwkThumbprint(jwk: PublicJwk): string {
  // The required members in lexicographic order, no whitespace.
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** `ath`: the access token's SHA-256, base64url (RFC 9449 section 4.2). */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token, 'ascii').digest('base64url');
}

/** `htu`: the request's address without its query and fragment. */
export function proofTarget(url: string | URL): string {
  const target = new URL(url);
  target.search = '';
  target.hash = '';
  return target.href;
}

function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export interface ProofRequest {
  method: string;
  url: string | URL;
  /** The server's last `DPoP-Nonce`, when it gave one. */
  nonce?: string;
  /** The token the request presents (resource requests): bound into the proof as `ath`. */
  accessToken?: string;
}

/** Makes proofs with one key, and keeps the nonce each server (by origin) last handed out. */
export class DpopProver {
  readonly key: DpopKey;
  readonly #privateKey: KeyObject;
  readonly #publicJwk: PublicJwk;
  readonly #nonces = new Map<string, string>();

  constructor(key: DpopKey) {
    this.key = key;
    this.#privateKey = createPrivateKey({ key: key.jwk, format: 'jwk' });
    this.#publicJwk = publicJwkOf(key);
  }

  get thumbprint(): string {
    return jwkThumbprint(this.#publicJwk);
  }

  /** A fresh proof for one request (a new `jti` every time: a proof is never sent twice). */
  proof(request: ProofRequest, now = Date.now()): string {
    const nonce = request.nonce ?? this.nonceFor(request.url);
    const header = { typ: 'dpop+jwt', alg: DPOP_ALG, jwk: this.#publicJwk };
    const claims = {
      jti: randomUUID(),
      htm: request.method.toUpperCase(),
      htu: proofTarget(request.url),
      iat: Math.floor(now / 1000),
      ...(nonce === undefined ? {} : { nonce }),
      ...(request.accessToken === undefined ? {} : { ath: accessTokenHash(request.accessToken) }),
    };
    const input = `${part(header)}.${part(claims)}`;
    // JWS wants the raw r||s pair (RFC 7518 section 3.4), not DER.
    const signature = sign('sha256', Buffer.from(input), { key: this.#privateKey, dsaEncoding: 'ieee-p1363' });
    return `${input}.${signature.toString('base64url')}`;
  }

  /** Remembers a server's `DPoP-Nonce` (sent with a challenge, or with any answer) for the next proofs. */
  noteNonce(url: string | URL, nonce: string | null): void {
    if (nonce) this.#nonces.set(new URL(url).origin, nonce);
  }

  nonceFor(url: string | URL): string | undefined {
    return this.#nonces.get(new URL(url).origin);
  }
}
