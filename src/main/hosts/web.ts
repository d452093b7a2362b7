// The browser host (`npm run web`, and `npm start` where the Electron runtime is missing): the
// same main-process core and renderer, the IPC contract over HTTP on 127.0.0.1.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCore } from '../core.js';
import { isEntryModule } from '../profile/paths.js';
import { parseHostArgs } from './host-args.js';
import { createIpcServer } from '../ipc.js';
import { startWebServer } from './web-server.js';
import { startSandboxServer } from './sandbox-server.js';
import type { WebServer } from './web-server.js';
import { messageOf } from '../../types/errors.js';
import { answerOrFail } from './exit-guard.js';
import { terminalText } from './cli/terminal-text.js';

export const RENDERER_DIR = fileURLToPath(new URL('../../../dist/renderer', import.meta.url));

export interface RunningWebHost {
  server: WebServer;
  stop(): Promise<void>;
}

export async function startWebHost(argv: readonly string[]): Promise<RunningWebHost> {
  const args = parseHostArgs(argv);
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) {
    throw new Error('the renderer is not built: run `npm run build:renderer` (npm start and npm run web do it)');
  }
  // A profile another copy of the app holds is refused (ProfileLockedError names it).
  // The log holds what servers wrote: shown with its control characters made visible, as inspect does.
  const core = await startCore({ userDataDir: args.userDataDir, host: 'web', background: true, log: (message) => console.error(terminalText(message)) });
  let server: WebServer;
  // Tool views (MCP Apps) run on a second loopback origin that serves only their sandbox.
  const sandbox = await startSandboxServer({ policyOf: (viewId) => core.mcp.views.policyOf(viewId), staticDir: RENDERER_DIR });
  try {
    const ipc = createIpcServer(core, {
      kind: 'web',
      userDataDir: args.userDataDir,
      sandbox: {
        pageFor: (viewId) => ({ url: sandbox.pageFor(viewId), origin: sandbox.origin }),
        frameAncestors: () => sandbox.hostOrigins,
        // The page's origins (known once its listener is up) and the sandbox's: no view's policy names them.
        appOrigins: () => ({ origins: [...sandbox.hostOrigins, ...sandbox.origins], schemes: [] }),
      },
    });
    server = await startWebServer({ ipc, staticDir: RENDERER_DIR, port: args.port, sandboxOrigin: sandbox.origin });
    sandbox.hostOrigins.push(...server.origins);
  } catch (error) {
    await sandbox.close();
    await core.close();
    throw error;
  }
  // A second start is told where this one is (without the key, which stays in this terminal).
  core.lock.setAddress(server.url);
  return {
    server,
    async stop() {
      await server.close();
      await sandbox.close();
      await core.close();
    },
  };
}

export async function runWebHost(argv: readonly string[]): Promise<void> {
  const host = await startWebHost(argv);
  console.log(`MCP Tool Names is running. Open this address in your browser (it holds this launch's key):\n  ${host.server.url}`);
  // Heard until the process ends, and acted on once: signal-exit (under the profile lock) kills
  // the process again with the signal when it sees no other listener, so a `once` listener gone
  // after the first Ctrl-C (or a Ctrl-C it sends twice) would end the host before it closed.
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    host
      .stop()
      .catch((error: unknown) => console.error(`web: stopping failed: ${messageOf(error)}`))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (isEntryModule(import.meta.url)) {
  answerOrFail('web', () => runWebHost(process.argv.slice(2))).catch((error: unknown) => {
    console.error(`web: ${messageOf(error)}`);
    process.exit(1);
  });
}
