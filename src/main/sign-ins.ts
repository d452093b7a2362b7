// Sign-in as the hosts offer it (IPC, inspect): the auth manager runs the flow, the Mcp manager
// asks the server again once it is signed in or out. Servers are named by uuid.
import type { AuthManager, SignIn } from './auth/manager.js';
import type { Mcp } from './mcp.js';
import type { ConfigStore } from './store.js';

export interface SignIns {
  /** Starts a sign-in; `done` settles once the browser came back and the server was asked again. */
  signIn(uuid: string, options?: { browserTimeoutMs?: number }): Promise<SignIn>;
  /** Revokes where the server supports it, removes the tokens, asks the server again. */
  signOut(uuid: string): Promise<{ revoked: boolean }>;
  /** The client secret for a server's user-entered client ID (null removes it). */
  setClientSecret(uuid: string, secret: string | null): Promise<void>;
}

export function createSignIns(mcp: Mcp, auth: AuthManager, store: ConfigStore): SignIns {
  const serverOf = (uuid: string) => {
    const server = store.config.mcp.servers.find((s) => s.uuid === uuid);
    if (!server) throw new Error(`No MCP server with id "${uuid}".`);
    return server;
  };
  return {
    async signIn(uuid, options = {}) {
      const start = await auth.signIn(serverOf(uuid), options);
      const done = start.done.then(async (outcome) => {
        if (outcome.ok && store.config.mcp.servers.some((s) => s.uuid === uuid)) await mcp.restartServer(uuid);
        return outcome;
      });
      return { ...start, done };
    },
    async signOut(uuid) {
      const result = await auth.signOut(serverOf(uuid));
      await mcp.restartServer(uuid);
      return result;
    },
    setClientSecret: (uuid, secret) => auth.setClientSecret(serverOf(uuid), secret),
  };
}
