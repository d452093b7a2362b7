// inspect's sign-in verbs (docs/security.md, Sign-in):
//
//   npm run inspect -- --user-data DIR signin SERVER [--timeout SECONDS]
//   npm run inspect -- --user-data DIR signout SERVER
//
// SERVER is a server's uuid or its label. `signin` prints the address to open, alone on stdout,
// waits for the browser to come back to the app, and exits 0 once signed in; everything else
// goes to stderr. No token is ever printed.
import { AuthError } from '../../auth/errors.js';
import type { Core } from '../../core.js';
import { messageOf } from '../../../types/errors.js';
import { printError, printText } from './output.js';
import { oneLine } from './terminal-text.js';

export const SIGN_IN_VERBS = ['signin', 'signout'] as const;
export type SignInVerb = (typeof SIGN_IN_VERBS)[number];

/** How long `signin` waits for the browser by default. */
export const DEFAULT_SIGN_IN_TIMEOUT_SEC = 300;

/** Exit code of `call` when the server needs a sign-in (or more permissions) first. */
export const NEEDS_SIGN_IN_EXIT_CODE = 3;

export interface SignInCommand {
  verb: SignInVerb;
  /** A uuid or a label. */
  server: string;
  timeoutMs: number;
}

export function isSignInVerb(verb: string): verb is SignInVerb {
  return (SIGN_IN_VERBS as readonly string[]).includes(verb);
}

/** `--timeout` in seconds, as typed; throws a message for the usage line. */
export function parseTimeout(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SIGN_IN_TIMEOUT_SEC * 1000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400) throw new Error(`--timeout takes a number of seconds (got "${text}")`);
  return Math.round(seconds * 1000);
}

/** A failed call that signing in would fix: `call` exits with NEEDS_SIGN_IN_EXIT_CODE. */
export function needsSignIn(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return (error instanceof AuthError && error.needsSignIn) || (cause instanceof AuthError && cause.needsSignIn);
}

/** Runs `signin` or `signout` on the server the command named (inspect found it by uuid or label). */
export async function runSignInCommand(command: SignInCommand, server: { uuid: string; label: string }, core: Core): Promise<number> {
  try {
    if (command.verb === 'signout') {
      const { revoked } = await core.signIns.signOut(server.uuid);
      printError(revoked
        ? `Signed out of "${oneLine(server.label)}": the server revoked the tokens, and none is left here.`
        : `Signed out of "${oneLine(server.label)}": its tokens are removed here (the server offers no revocation).`);
      return 0;
    }
    const start = await core.signIns.signIn(server.uuid, { browserTimeoutMs: command.timeoutMs });
    printText(oneLine(start.authorizationUrl));
    printError(`Open the address above in a browser to sign in to "${oneLine(server.label)}". Waiting up to ${Math.round(command.timeoutMs / 1000)} s for the browser to come back…`);
    const outcome = await start.done;
    if (!outcome.ok) {
      printError(core.secrets.redact(outcome.error));
      return 1;
    }
    const status = core.mcp.getStatus().find((s) => s.uuid === server.uuid);
    const tools = status?.tools.length ?? 0;
    printError(`Signed in to "${oneLine(server.label)}": ${status?.status ?? 'unknown'}${status?.error ? ` (${oneLine(status.error)})` : ''}, ${tools} ${tools === 1 ? 'tool' : 'tools'}.`);
    return 0;
  } catch (error) {
    printError(core.secrets.redact(messageOf(error)));
    return 1;
  }
}
