// Sign-in failures in words a user can act on, and which refresh failures are for good.
import {
  AccessDeniedError,
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  OAuthError,
  ServerError,
  TemporarilyUnavailableError,
  TooManyRequestsError,
  UnauthorizedClientError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { messageOf } from '../../types/errors.js';
import { redactValues } from '../secrets/redact.js';

/**
 * What fixes an AuthError: signing in (no usable sign-in), signing in again for more
 * permissions (the sign-in holds, but not for this), or nothing the app can do by signing in.
 */
export type AuthErrorKind = 'sign-in' | 'more-scope' | 'other';

/** A sign-in or refresh problem, already worded for the user (no token or secret in it). */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly kind: AuthErrorKind = 'other',
  ) {
    super(message);
    this.name = 'AuthError';
  }

  /** Signing in is what fixes it: the server shows "needs sign-in". */
  get needsSignIn(): boolean {
    return this.kind !== 'other';
  }
}

/** What the sign-in was doing when it failed, for the message. */
export type AuthStep = 'discovery' | 'registration' | 'authorization' | 'token' | 'refresh';

/**
 * Whether a failed refresh means the saved sign-in is dead (the refresh token is revoked or
 * expired, the client is gone): signing in again is the only way on. Anything else (no answer,
 * 5xx, rate limits) may pass, so the tokens are kept.
 */
export function refreshFailedForGood(error: unknown): boolean {
  if (!(error instanceof OAuthError)) return false;
  if (error instanceof ServerError || error instanceof TemporarilyUnavailableError || error instanceof TooManyRequestsError) return false;
  return true;
}

/** One line for a zod error (metadata or a token answer that is not what the spec says). */
function zodIssues(error: unknown): string | null {
  if (!(error instanceof Error) || !/ZodError$/.test(error.name)) return null;
  const issues: unknown = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return error.message.replace(/\s+/g, ' ').slice(0, 200);
  return issues
    .slice(0, 3)
    .map((issue: { path?: unknown; message?: unknown }) => {
      const where = Array.isArray(issue.path) && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
      return `${where}${String(issue.message)}`;
    })
    .join('; ');
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || (error.name === 'AbortError' && /time/i.test(error.message)));
}

/**
 * A sign-in or refresh error as a sentence for the server's status. `secrets` are taken out of
 * it (a server may echo what it was sent).
 */
export function describeAuthError(error: unknown, step: AuthStep, secrets: readonly string[] = []): string {
  return redactValues(explain(error, step), secrets);
}

function explain(error: unknown, step: AuthStep): string {
  if (error instanceof AuthError) return error.message;
  const message = messageOf(error);
  if (isTimeout(error)) {
    return step === 'refresh' || step === 'token'
      ? 'the token endpoint did not answer in time'
      : 'the authorization server did not answer in time';
  }
  if (error instanceof TypeError && /fetch failed/i.test(message)) {
    const cause: unknown = error.cause;
    return `cannot reach the authorization server${cause instanceof Error ? ` (${cause.message})` : ''}`;
  }
  const issues = zodIssues(error);
  if (issues) {
    if (step === 'token' || step === 'refresh') return `the token endpoint sent a malformed answer (${issues})`;
    if (step === 'registration') return `the authorization server sent a malformed registration (${issues})`;
    return `the authorization server's metadata is malformed (${issues})`;
  }
  if (/does not support dynamic client registration/i.test(message)) {
    return "the authorization server does not let the app register itself: enter this server's OAuth client ID in its settings";
  }
  if (/Incompatible auth server/i.test(message)) return `the authorization server cannot be used: ${message.replace(/^Incompatible auth server:\s*/i, '')}`;
  if (error instanceof AccessDeniedError) return `access was declined${error.message ? ` (${error.message})` : ''}`;
  if (error instanceof InvalidGrantError) {
    return step === 'refresh' ? 'the saved sign-in was revoked or has expired' : `the authorization server refused the sign-in (${error.message || 'invalid_grant'})`;
  }
  if (error instanceof InvalidClientError || error instanceof UnauthorizedClientError) {
    return `the authorization server does not accept the app's client (${error.errorCode}${error.message ? `: ${error.message}` : ''})`;
  }
  if (error instanceof InvalidClientMetadataError && step === 'registration') return `the authorization server refused to register the app (${error.message})`;
  if (error instanceof OAuthError) {
    const what = step === 'registration' ? 'refused to register the app' : step === 'refresh' ? 'refused to renew the sign-in' : 'refused the sign-in';
    return `the authorization server ${what} (${error.errorCode}${error.message ? `: ${error.message.slice(0, 300)}` : ''})`;
  }
  return message.slice(0, 300);
}
