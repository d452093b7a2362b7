// Global set-up of vitest and Playwright: a private, unlocked Secret Service for the whole run
// (scripts/keyring-session.ts), so the secret-store tests run against a real keyring. Every test
// process and every child they start (inspect, the browser host) inherits its address.
// Also: the app's login shell read is off (see below).
import { startKeyringSession } from '../../scripts/keyring-session.js';
import { LOGIN_SHELL_TIMEOUT_ENV } from '../../src/main/mcp/stdio/login-shell-path.js';

export default async function setup(): Promise<() => Promise<void>> {
  const session = await startKeyringSession();
  process.env.DBUS_SESSION_BUS_ADDRESS = session.address;
  // No test reads the machine's own login shell (a profile of this machine's user may take a
  // minute); the login-shell tests give theirs, in a temp HOME, explicitly.
  process.env[LOGIN_SHELL_TIMEOUT_ENV] = '0';
  return () => session.stop();
}
