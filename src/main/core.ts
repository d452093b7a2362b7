// The main-process start-up every host runs (Electron, browser host, inspect): lock the profile,
// open the store, migrate, then connect and name. Kept in one place so the hosts cannot drift apart.
import type { Notice, NoticeKind } from '../types/ipc.js';
import { describeMigrationReport, summarizeMigrationReport } from '../types/migration.js';
import { AuthManager } from './auth/manager.js';
import { SecretAuthStorage } from './auth/secret-storage.js';
import { RESERVED_TOOL_NAMES } from './naming/builtin-tools.js';
import { Mcp } from './mcp.js';
import { LoginShellReader } from './mcp/stdio/login-shell-path.js';
import { upgradeAtStart } from './migrations/at-start.js';
import { markMigrationReportShown, pendingMigrationReport } from './migrations/index.js';
import type { SecretStoreInfo } from './secrets/store.js';
import { SecretStore } from './secrets/store.js';
import type { SignIns } from './auth/sign-ins.js';
import { createSignIns } from './auth/sign-ins.js';
import type { HostKind } from './profile/holder.js';
import type { ProfileLock } from './profile/lock.js';
import { lockProfile } from './profile/lock.js';
import type { BackendFactory } from './config/store.js';
import { ConfigStore } from './config/store.js';
import { messageOf } from '../types/errors.js';
import { Installs } from './install/installs.js';

/**
 * Where the app's OAuth client ID metadata document is published, if anywhere (an https URL):
 * servers that accept such documents then know the app by it instead of registering it. Set by
 * whoever ships the app and hosts the document; see docs/security.md, Sign-in.
 */
export const CLIENT_METADATA_URL_ENV = 'MCP_OAUTH_CLIENT_METADATA_URL';

export interface CoreOptions {
  userDataDir: string;
  /** Which host is starting: a second start on the same profile is told who holds it. */
  host: HostKind;
  /** electron-store in the Electron host; conf on the same file elsewhere. */
  backend?: BackendFactory;
  log?: (message: string) => void;
  /** Resolve once servers are connecting rather than after the first round settles. */
  background?: boolean;
}

export interface Core {
  store: ConfigStore;
  mcp: Mcp;
  secrets: SecretStore;
  /** OAuth sign-in to remote servers: start, sign out, a typed-in client secret. */
  signIns: SignIns;
  /** Adding servers from a registry or a bundle, and deleting them with their bundle's folder. */
  installs: Installs;
  /** Where the profile's secrets are kept, chosen at start. */
  secretStore: SecretStoreInfo;
  /** The profile's lock: one writer per user-data folder. */
  lock: ProfileLock;
  /** Settles (never rejects) when the first connect round has. */
  ready: Promise<void>;
  /**
   * What the user must be told and has not dismissed: the settings file moved aside or repaired
   * (this launch), and the upgrade migration's report (until read).
   */
  notices: () => Notice[];
  /**
   * The user has read a notice: hidden for this launch, and the migration's for good. The
   * `unsaved` notice is lasting: it stays until a write succeeds.
   */
  dismissNotice: (kind: NoticeKind) => void;
  /** Stops every server, then releases the profile's lock. Never rejects. */
  close: () => Promise<void>;
}

/**
 * Throws ProfileLockedError, naming the holder, when another copy of the app holds the profile;
 * nothing is read or written then.
 */
export async function startCore(options: CoreOptions): Promise<Core> {
  const userLog = options.log ?? ((message: string) => console.warn(message));
  const lock = await lockProfile(options.userDataDir, { host: options.host, log: userLog });
  let store: ConfigStore;
  let secrets: SecretStore;
  let secretStore: SecretStoreInfo;
  try {
    store = ConfigStore.open({ userDataDir: options.userDataDir, backend: options.backend, reserved: RESERVED_TOOL_NAMES, deferRepairs: true });
    secrets = SecretStore.forConfig(store);
    secretStore = await secrets.open();
  } catch (error) {
    await lock.release();
    throw error;
  }
  const log = (message: string): void => userLog(secrets.redact(message));
  // Repairs, secrets and tool-name upgrades in one write, before any server connects, so that the
  // names written by the migration are the ones held.
  const secretNotices = await upgradeAtStart(store, secrets, { reserved: RESERVED_TOOL_NAMES, secretStore, log }).catch((error: unknown) => {
    log(`The settings could not be upgraded (nothing was changed; the next start tries again): ${messageOf(error)}`);
    return [];
  });
  const auth = new AuthManager({
    storage: new SecretAuthStorage(secrets),
    identity: { clientMetadataUrl: process.env[CLIENT_METADATA_URL_ENV] || undefined },
    log,
  });
  // Once per launch, in the background: only servers whose command is not on the app's PATH wait
  // for it (an app started from the dock has a bare PATH; the user's terminal has the login shell's).
  const loginShell = LoginShellReader.forLaunch(process.env);
  const mcp = new Mcp({ store, secrets, auth, reserved: RESERVED_TOOL_NAMES, log: options.log, loginShell });
  // Never rejects: a host that starts in the background does not wait on it, and a failure here
  // (none is expected: writes do not throw) must be a log line, not an unhandled rejection.
  const ready = mcp.start().catch((error: unknown) => log(`Starting the MCP servers failed: ${messageOf(error)}`));
  if (!options.background) await ready;
  const dismissed = new Set<NoticeKind>();
  return {
    store,
    mcp,
    secrets,
    signIns: createSignIns(mcp, auth, store),
    installs: new Installs({ store, servers: mcp, userDataDir: options.userDataDir, log, resolveSecrets: (server) => secrets.resolve(server) }),
    secretStore,
    lock,
    ready,
    notices: () => {
      const notices: Notice[] = [];
      if (store.saveProblem) notices.push({ kind: 'unsaved', message: `Settings cannot be saved: ${store.saveProblem}.`, lasting: true });
      notices.push(...store.notices.map(({ kind, message, details }) => ({ kind, message, details })));
      notices.push(...secrets.notices, ...secretNotices);
      notices.push(...mcp.integrityNotices().map((notice): Notice => ({ kind: 'tool-approvals', ...notice })));
      const report = pendingMigrationReport(store);
      if (report) notices.push({ kind: 'migration', message: summarizeMigrationReport(report), details: describeMigrationReport(report) });
      return notices.filter((notice) => notice.lasting || !dismissed.has(notice.kind)).map((notice) => ({ ...notice, message: secrets.redact(notice.message) }));
    },
    dismissNotice: (kind) => {
      // Lasting: it goes when a write succeeds, not when it is dismissed.
      if (kind === 'unsaved') return;
      dismissed.add(kind);
      if (kind === 'migration') markMigrationReportShown(store);
    },
    close: async () => {
      await mcp.stop().catch((error: unknown) => log(`Stopping the MCP servers failed: ${messageOf(error)}`));
      // Sign-ins still waiting for a browser end with the app (their listener closes).
      await auth.close();
      loginShell?.dispose();
      await lock.release();
    },
  };
}
