// DPoP on the wire (RFC 9449): a proof on each token request (sections 5 and 8) and on each
// request that presents a bound token (section 7), and one retry when a server answers that it
// wants its nonce in the proof (`use_dpop_nonce`: 400 from a token endpoint, 401 from a resource
// server). A nonce a server hands out with any answer is used in the next proofs to that server.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { challengeOf } from '../discovery/challenge.js';
import type { DpopProver } from './proofs.js';

const NONCE_HEADER = 'DPoP-Nonce';
const USE_NONCE = 'use_dpop_nonce';

function withHeaders(init: RequestInit | undefined, set: Record<string, string>): RequestInit {
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return { ...init, headers };
}

function methodOf(init: RequestInit | undefined): string {
  return (init?.method ?? 'GET').toUpperCase();
}

/** Whether a token endpoint's 400 asks for a nonce (its body is read from a copy). */
async function tokenEndpointWantsNonce(response: Response): Promise<boolean> {
  if (response.status !== 400 || !response.headers.has(NONCE_HEADER)) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === USE_NONCE;
}

/** Whether a resource server's 401 asks for a nonce. */
export function resourceWantsNonce(response: Response): boolean {
  if (response.status !== 401 || !response.headers.has(NONCE_HEADER)) return false;
  return challengeOf(response).error === USE_NONCE;
}

/**
 * The fetch for requests to a token endpoint (code exchange, refresh): each carries a fresh proof,
 * and a `use_dpop_nonce` answer is retried once with the nonce it gave.
 */
export function dpopTokenFetch(fetchFn: FetchLike, prover: DpopProver): FetchLike {
  return async (input, init) => {
    const send = (): Promise<Response> => fetchFn(input, withHeaders(init, { DPoP: prover.proof({ method: methodOf(init), url: String(input) }) }));
    let response = await send();
    prover.noteNonce(String(input), response.headers.get(NONCE_HEADER));
    if (await tokenEndpointWantsNonce(response)) {
      await response.body?.cancel();
      response = await send();
      prover.noteNonce(String(input), response.headers.get(NONCE_HEADER));
    }
    return response;
  };
}

/**
 * One request presenting a DPoP-bound token: `Authorization: DPoP <token>` and a proof bound to
 * the token; retried once with a fresh proof when the server wants its nonce.
 */
export async function fetchWithDpopToken(fetchFn: FetchLike, prover: DpopProver, input: string | URL, init: RequestInit | undefined, token: string): Promise<Response> {
  const url = String(input);
  const send = (): Promise<Response> => {
    const proof = prover.proof({ method: methodOf(init), url, accessToken: token });
    return fetchFn(input, withHeaders(init, { Authorization: `DPoP ${token}`, DPoP: proof }));
  };
  let response = await send();
  prover.noteNonce(url, response.headers.get(NONCE_HEADER));
  if (resourceWantsNonce(response)) {
    await response.body?.cancel();
    response = await send();
    prover.noteNonce(url, response.headers.get(NONCE_HEADER));
  }
  return response;
}
