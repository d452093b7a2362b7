// A view's policy never names the app itself. A view (MCP Apps) may declare origins for its
// policy (`_meta.ui.csp`); those that are the app page's origin, the sandbox's, or this machine
// with any port (and in Electron the app's own schemes, `file:` and `mcp-app-view:`) are left out
// of every declared list, with a line in the server's log, whatever their spelling. The pure rule,
// then openToolView through the IPC handlers with each host's origins, against a fixture server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core.js';
import { startCore } from '../../src/main/core.js';
import { ELECTRON_APP_ORIGINS } from '../../src/main/hosts/electron-views.js';
import type { IpcServer } from '../../src/main/ipc.js';
import { createIpcServer } from '../../src/main/ipc.js';
import { acceptCsp, withoutAppOrigins, type AppOrigins } from '../../src/main/mcp/apps/view-csp.js';
import type { ToolViewInfo } from '../../src/types/apps.js';
import type { ViewCsp } from '../../src/types/apps.js';
import { CSP_KEYS } from '../../src/types/apps.js';
import { removeTempDirs, seedStore, serve, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';

const PAGE = 5173;
const SANDBOX = 40123;
const BROWSER_HOST: AppOrigins = {
  origins: [`http://127.0.0.1:${PAGE}`, `http://localhost:${PAGE}`, `http://127.0.0.1:${SANDBOX}`, `http://localhost:${SANDBOX}`],
  schemes: [],
};

/** The app itself, in the spellings a declaration could use. */
const APP_ITSELF = [
  `http://127.0.0.1:${PAGE}`,
  `http://localhost:${PAGE}`,
  `127.0.0.1:${PAGE}`,
  `ws://127.0.0.1:${PAGE}`,
  `https://localhost:${PAGE}`,
  `http://127.0.0.1:${PAGE}/api/`,
  `http://[::1]:${PAGE}`,
  `http://127.1:${PAGE}`,
  `http://2130706433:${PAGE}`,
  `http://[::ffff:127.0.0.1]:${PAGE}`,
  `http://app.localhost:${PAGE}`,
  `http://*.localhost:${PAGE}`,
  `http://LOCALHOST:${PAGE}`,
  `http://127.0.0.1:${SANDBOX}`,
  `localhost:${SANDBOX}`,
];
/** This machine with any port. */
const ANY_PORT = ['http://127.0.0.1:*', 'localhost:*', 'ws://localhost:*', 'http://*.localhost:*', 'http://[::1]:*', 'http://0.0.0.0:*'];
/** Declared origins that are not the app: kept. */
const OTHERS = ['https://cdn.example.com', 'wss://rt.example.com', 'http://127.0.0.1:3000', 'http://localhost:8080/api', 'http://192.168.1.5:5173', 'https://*.example.org:*'];

/** The same origins in every declared list. */
const everywhere = (origins: readonly string[]): ViewCsp => Object.fromEntries(CSP_KEYS.map((key) => [key, [...origins]]));

describe("a view's declared origins: what names the app is left out", () => {
  it('this machine with any port, when the view is read, in every list', () => {
    const { csp, refused } = acceptCsp(everywhere([...ANY_PORT, ...OTHERS]));
    expect(csp).toEqual(everywhere(OTHERS));
    for (const key of CSP_KEYS) {
      for (const origin of ANY_PORT) expect(refused).toContain(`${key}: ${JSON.stringify(origin)} is this machine with any port, the app's own page and sandbox among them; left out of the view's policy`);
    }
  });

  it("the browser host's page and sandbox origins, in any spelling, when it opens the view", () => {
    const { csp, refused } = withoutAppOrigins(everywhere([...APP_ITSELF, ...OTHERS]), BROWSER_HOST);
    expect(csp).toEqual(everywhere(OTHERS));
    expect(refused).toHaveLength(APP_ITSELF.length * CSP_KEYS.length);
    expect(refused).toContain(`connectDomains: "http://127.0.0.1:${PAGE}" is the app's own origin (its page or its sandbox); left out of the view's policy`);
    // Without the host's origins, only "any port" is the app's.
    expect(withoutAppOrigins(everywhere(APP_ITSELF)).csp).toEqual(everywhere(APP_ITSELF));
  });

  it("Electron's own schemes: the page's file: and the views' mcp-app-view:", () => {
    const electron = ['file:', 'file:*', 'FILE://etc/passwd', 'mcp-app-view:', 'mcp-app-view:*', 'mcp-app-view://0123456789abcdef0123456789abcdef'];
    const { csp, refused } = withoutAppOrigins(everywhere([...electron, ...OTHERS]), ELECTRON_APP_ORIGINS);
    expect(csp).toEqual(everywhere(OTHERS));
    expect(refused).toContain('frameDomains: "mcp-app-view:*" names the app\'s own scheme (mcp-app-view:); left out of the view\'s policy');
    expect(refused).toContain('baseUriDomains: "file:*" names the app\'s own scheme (file:); left out of the view\'s policy');
  });
});

describe('openToolView: the policy each host gives a view that declares the app', () => {
  let dir: string;
  let core: Core;
  const DECLARED = [...APP_ITSELF, ...ANY_PORT, ...OTHERS, 'mcp-app-view:*', 'file:*'];

  beforeAll(async () => {
    const fixture = await serve({
      id: 'greedy',
      transport: 'http',
      tools: [{ name: 'greedy_view', annotations: { readOnlyHint: true }, _meta: { ui: { resourceUri: 'ui://greedy/view.html' } } }],
      resources: [{ uri: 'ui://greedy/view.html', name: 'view', mimeType: 'text/html;profile=mcp-app', text: '<p>greedy</p>', _meta: { ui: { csp: everywhere(DECLARED) } } }],
    });
    dir = tempDir('view-policy-');
    seedStore(dir, [urlEntry('greedy', 'Greedy', 'http', fixture.url)]);
    core = await startCore({ userDataDir: dir, host: 'web', log: () => undefined });
  });

  afterAll(async () => {
    await core.close();
    await stopServed();
    removeTempDirs();
  });

  const opened = (ipc: IpcServer): Promise<ToolViewInfo> => ipc.invoke('openToolView', { name: 'greedy_view' }) as Promise<ToolViewInfo>;
  /** The directives of a policy that a declaration feeds, each with its sources. */
  const declaredDirectives = (policy: string): string[] => policy.split('; ').filter((directive) => !directive.startsWith('frame-ancestors'));

  it('the browser host: none of its page\'s or sandbox\'s origins, nor any port of this machine; the rest as declared; the log says what was left out', async () => {
    const ipc = createIpcServer(core, {
      kind: 'web',
      userDataDir: dir,
      sandbox: {
        pageFor: (viewId) => ({ url: `http://127.0.0.1:${SANDBOX}/t/view/${viewId}/`, origin: `http://127.0.0.1:${SANDBOX}` }),
        frameAncestors: () => BROWSER_HOST.origins.slice(0, 2),
        appOrigins: () => BROWSER_HOST,
      },
    });
    const view = await opened(ipc);
    expect(view.csp).toEqual(everywhere([...OTHERS, 'mcp-app-view:*', 'file:*']));
    const policy = core.mcp.views.policyOf(view.viewId)!;
    expect(policy).toContain(`connect-src ${[...OTHERS, 'mcp-app-view:*', 'file:*'].join(' ')};`);
    const appItself = new RegExp(`(127\\.0\\.0\\.1|localhost|127\\.1|2130706433|::1\\]|127\\.0\\.0\\.1\\]|0\\.0\\.0\\.0):(${PAGE}|${SANDBOX}|\\*)`, 'i');
    for (const directive of declaredDirectives(policy)) expect(directive).not.toMatch(appItself);
    expect(policy).toMatch(new RegExp(`frame-ancestors http://127\\.0\\.0\\.1:${PAGE} http://localhost:${PAGE}$`));
    const log = core.mcp.logs.read('greedy').map((entry) => `${entry.level} ${entry.text}`);
    expect(log).toContain(`warning View ui://greedy/view.html: connectDomains: "http://127.0.0.1:${PAGE}" is the app's own origin (its page or its sandbox); left out of the view's policy`);
    expect(log).toContain(`warning View ui://greedy/view.html: frameDomains: "http://127.0.0.1:${SANDBOX}" is the app's own origin (its page or its sandbox); left out of the view's policy`);
    expect(log).toContain('warning View ui://greedy/view.html: resourceDomains: "http://127.0.0.1:*" is this machine with any port, the app\'s own page and sandbox among them; left out of the view\'s policy');
    // The policy it was given (the log cuts a long line), and no line that says the app was in it.
    const given = log.filter((line) => line.startsWith('info View ui://greedy/view.html opened: CSP '));
    expect(given).toHaveLength(1);
    expect(`info View ui://greedy/view.html opened: CSP ${policy}`.startsWith(given[0]!.replace(/…$/, ''))).toBe(true);
    expect(log.filter((line) => line.includes('CSP') && appItself.test(line.split('frame-ancestors')[0]!))).toEqual([]);
  });

  it("Electron: its schemes too, and this machine with any port; a loopback origin that is not the app's stays", async () => {
    const ipc = createIpcServer(core, { kind: 'electron', userDataDir: dir, sandbox: { pageFor: (viewId) => ({ url: `mcp-app-view://${viewId}/`, origin: `mcp-app-view://${viewId}` }), frameAncestors: () => [], appOrigins: () => ELECTRON_APP_ORIGINS } });
    const view = await opened(ipc);
    expect(view.csp).toEqual(everywhere([...APP_ITSELF, ...OTHERS]));
    const policy = core.mcp.views.policyOf(view.viewId)!;
    expect(policy).not.toMatch(/mcp-app-view|file:\*|(127\.0\.0\.1|localhost|::1\]|0\.0\.0\.0):\*/);
    const log = core.mcp.logs.read('greedy').map((entry) => entry.text);
    expect(log).toContain('View ui://greedy/view.html: connectDomains: "mcp-app-view:*" names the app\'s own scheme (mcp-app-view:); left out of the view\'s policy');
    expect(log).toContain('View ui://greedy/view.html: resourceDomains: "file:*" names the app\'s own scheme (file:); left out of the view\'s policy');
  });
});
