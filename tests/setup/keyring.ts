// Global set-up of vitest and Playwright: a private, unlocked Secret Service for the whole run
// (scripts/keyring-session.ts), so the secret-store tests run against a real keyring. Every test
// process and every child they start (inspect, the browser host) inherits its address.
import { startKeyringSession } from '../../scripts/keyring-session.js';

export default async function setup(): Promise<() => Promise<void>> {
  const session = await startKeyringSession();
  process.env.DBUS_SESSION_BUS_ADDRESS = session.address;
  return () => session.stop();
}
