// Sign-in as the hosts offer it (IPC, inspect): the auth manager runs the flow, the Mcp manager
// asks the server again once it is signed in or out, and the answer waits for that connect's
// outcome. Servers are named by uuid.
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../../types/config.js';
import type { AuthManager, SignIn } from './manager.js';
import type { ServerStatus } from '../../types/mcp.js';
import type { ConfigStore } from '../config/store.js';

/** What sign-in needs of the Mcp manager (structural, so auth/ never imports the manager). */
export interface Reconnector {
  getStatus(): ServerStatus[];
  onStatus(listener: (status: ServerStatus[]) => void): () => void;
  restartServer(uuid: string): Promise<void>;
}

/**
 * Asks a server again and waits until its connect has an outcome (restarts return at once and
 * report through status), or its connect timeout has passed.
 */
async function reconnect(mcp: Reconnector, uuid: string, timeoutMs: number): Promise<void> {
  const settled = (): boolean => mcp.getStatus().find((s) => s.uuid === uuid)?.status !== 'connecting';
  await new Promise<void>((resolve) => {
    let stop = (): void => undefined;
    const timer = setTimeout(() => finish(), timeoutMs);
    const finish = (): void => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    stop = mcp.onStatus(() => {
      if (settled()) finish();
    });
    // Whatever the restart reports first comes as an event; a server with nothing to report
    // (disabled) is settled at once.
    void mcp.restartServer(uuid).then(() => {
      if (settled()) finish();
    });
  });
}

export interface SignIns {
  /** Starts a sign-in; `done` settles once the browser came back and the server was asked again. */
  signIn(uuid: string, options?: { browserTimeoutMs?: number }): Promise<SignIn>;
  /** Revokes where the server supports it, removes the tokens, asks the server again (at once). */
  signOut(uuid: string): Promise<{ revoked: boolean }>;
  /** The client secret for a server's user-entered client ID (null removes it). */
  setClientSecret(uuid: string, secret: string | null): Promise<void>;
}

export function createSignIns(mcp: Reconnector, auth: AuthManager, store: ConfigStore): SignIns {
  const serverOf = (uuid: string) => {
    const server = store.config.mcp.servers.find((s) => s.uuid === uuid);
    if (!server) throw new Error(`No MCP server with id "${uuid}".`);
    return server;
  };
  return {
    async signIn(uuid, options = {}) {
      const start = await auth.signIn(serverOf(uuid), options);
      const done = start.done.then(async (outcome) => {
        const server = store.config.mcp.servers.find((s) => s.uuid === uuid);
        if (outcome.ok && server) await reconnect(mcp, uuid, (server.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS) + 1_000);
        return outcome;
      });
      return { ...start, done };
    },
    async signOut(uuid) {
      const result = await auth.signOut(serverOf(uuid));
      // Its outcome (needs sign-in, normally) comes as status, like any restart's.
      await mcp.restartServer(uuid);
      return result;
    },
    setClientSecret: (uuid, secret) => auth.setClientSecret(serverOf(uuid), secret),
  };
}
