// MCP Apps section: from a result to its view's first `ui/notifications/initialized`, in Chromium
// through the browser host, against loading the same HTML in a plain frame. The published
// vanillajs app server runs for real (`--stdio`); its `get-time` is called once in the tester,
// then its view is closed and shown again with that call's input and result, RUNS times: each
// time the page asks main for the view (kept fetched), frames the sandbox proxy on the second
// origin, hands it the HTML and talks to the view through the AppBridge until it is initialized
// (the component's own performance measure). The yardstick, interleaved with it: the same HTML
// in an iframe's srcdoc of a blank page that answers `ui/initialize` itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { RENDERER_DIR, startWebHost } from '../src/main/hosts/web.js';
import { ConfigStore } from '../src/main/config/store.js';
import { VIEW_READY_MEASURE } from '../src/types/apps.js';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser.js';
import type { BenchSection, SectionResult } from './section.js';
import { median, round } from './stats.js';

const RUNS = 15;
const WARM_UP = 2;
/** A plain frame is the floor: the sandbox's second origin and its handshake may cost this much more. */
const TARGET_RATIO = 3;

const require = createRequire(import.meta.url);
const SERVER_SCRIPT = path.join(path.dirname(require.resolve('@modelcontextprotocol/server-basic-vanillajs')), 'index.js');
const VIEW_HTML = path.join(path.dirname(SERVER_SCRIPT), 'mcp-app.html');

/** The view closed and shown again: ms from its mount (with the result) to its initialized. */
async function viewMs(page: Page): Promise<number> {
  await page.getByTestId('tool-view-close').click();
  await page.getByTestId('tool-view-show').click();
  const handle = await page.waitForFunction((name) => {
    const entries = performance.getEntriesByName(name);
    const last = entries[entries.length - 1];
    if (!last || (window as unknown as { seen?: number }).seen === entries.length) return null;
    (window as unknown as { seen?: number }).seen = entries.length;
    return last.duration;
  }, VIEW_READY_MEASURE);
  return (await handle.jsonValue()) as number;
}

/** The same HTML in a plain frame, answering ui/initialize: ms from the frame's creation to initialized. */
function plainMs(page: Page, html: string): Promise<number> {
  return page.evaluate((source) => new Promise<number>((resolve) => {
    document.body.replaceChildren();
    const frame = document.createElement('iframe');
    const started = performance.now();
    // A property, not a named listener: tsx names functions with a helper the page does not have.
    window.onmessage = (event: MessageEvent<{ id?: number; method?: string }>): void => {
      const message = event.data;
      if (event.source !== frame.contentWindow || !message) return;
      if (message.method === 'ui/initialize') {
        frame.contentWindow?.postMessage({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2026-01-26', hostCapabilities: {}, hostInfo: { name: 'bench', version: '0' }, hostContext: {} } }, '*');
      } else if (message.method === 'ui/notifications/initialized') {
        window.onmessage = null;
        resolve(performance.now() - started);
      }
    };
    frame.srcdoc = source;
    document.body.append(frame);
  }), html);
}

export const appView: BenchSection = {
  name: 'appView',
  async run(ctx): Promise<SectionResult> {
    if (!fs.existsSync(path.join(RENDERER_DIR, 'sandbox', 'proxy.js'))) {
      ctx.log('appView: building the renderer');
      if (spawnSync('npm', ['run', 'build:renderer'], { stdio: 'inherit' }).status !== 0) throw new Error('appView: npm run build:renderer failed');
    }
    const browser = findBrowser();
    if ('missing' in browser) throw new Error(`appView: ${browser.missing} (npm run test:e2e installs chromium-headless-shell)`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-apps-'));
    const store = ConfigStore.open({ userDataDir: dir });
    store.update((config) => {
      config.mcp.servers = [{ uuid: 'basic', label: 'Basic', state: 'enabled', type: 'stdio', command: process.execPath, args: [SERVER_SCRIPT, '--stdio'], toolPolicies: { 'get-time': 'allow' } }];
    });
    const host = await startWebHost(['--user-data', dir]);
    const chrome = await chromium.launch({ executablePath: browser.executablePath, args: CHROMIUM_ARGS });
    try {
      const page = await chrome.newPage();
      await page.goto(host.server.url);
      await page.getByTestId('nav-tester').click();
      await page.getByTestId('tester-tool').selectOption('get-time');
      await page.getByTestId('tester-call').click();
      await page.frameLocator('[data-testid="tool-view-frame"]').frameLocator('iframe').locator('#server-time').waitFor();
      const plain = await chrome.newPage();
      const html = fs.readFileSync(VIEW_HTML, 'utf8');
      const ours: number[] = [];
      const floor: number[] = [];
      for (let run = 0; run < WARM_UP + RUNS; run++) {
        const view = await viewMs(page);
        const bare = await plainMs(plain, html);
        if (run >= WARM_UP) {
          ours.push(view);
          floor.push(bare);
        }
      }
      ctx.log(`appView: ${RUNS} runs each`);
      const viewMedian = median(ours);
      const plainMedian = median(floor);
      const ratio = viewMedian / plainMedian;
      return {
        json: { runs: RUNS, viewMs: round(viewMedian), plainFrameMs: round(plainMedian), ratio: round(ratio, 2), targets: { ratio: ratio <= TARGET_RATIO } },
        rows: [
          { metric: 'result → view initialized (sandbox on a second origin, AppBridge)', value: `${round(viewMedian)} ms` },
          { metric: 'the same HTML in a plain frame → initialized', value: `${round(plainMedian)} ms` },
          { metric: 'view / plain frame', value: String(round(ratio, 2)), target: `≤ ${TARGET_RATIO}`, pass: ratio <= TARGET_RATIO },
        ],
      };
    } finally {
      await chrome.close();
      await host.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
