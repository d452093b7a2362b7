// A view that declares the app itself in its policy (MCP Apps `_meta.ui.csp`), in Chromium through
// the browser host: the app page's origin (both spellings), the sandbox's origin, and this machine
// with any port, in connectDomains, resourceDomains, frameDomains and baseUriDomains, beside an
// origin of its own. Its sandbox page's policy names none of the app's (its own origin it keeps,
// and a script from there runs), the server's log says what was left out, and the view's fetch of
// the app's API is stopped by the policy itself (a securitypolicyviolation the view sees), not
// only by the browser's cross-origin rules. The sandbox's origin is learnt from a first view, and
// the declaration is read when the second is opened (the fixture reads it from a file then).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fixtureServer, writeConfig } from './host.js';
import { expect, expectReady, open, serverRow, test } from './fixtures.js';

const READ_ONLY = { readOnlyHint: true };
const VIEW_TYPE = 'text/html;profile=mcp-app';

/** A loopback server answering `/own.js` with a script that sets `window.ownScript`: the view's own origin. */
async function ownOrigin(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/own.js' ? 200 : 404, { 'Content-Type': 'text/javascript' });
    res.end("window.ownScript = 'ran';");
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The view: it tells what the policy stopped, fetches the app's API, and loads a script from its own origin. */
function greedyView(app: string, own: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Greedy view</title></head>
<body>
<p id="violations"></p>
<p id="fetch-app">pending</p>
<p id="own-script">pending</p>
<script>
  const seen = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(event.effectiveDirective + ' ' + event.blockedURI);
    document.getElementById('violations').textContent = seen.join(' | ');
  });
  fetch(${JSON.stringify(`${app}/api/getStatus`)}, { method: 'POST' }).then(
    (response) => { document.getElementById('fetch-app').textContent = 'answered ' + response.status; },
    (error) => { document.getElementById('fetch-app').textContent = 'blocked: ' + error.name; },
  );
  const script = document.createElement('script');
  script.src = ${JSON.stringify(`${own}/own.js`)};
  script.onload = () => { document.getElementById('own-script').textContent = 'loaded: ' + window.ownScript; };
  script.onerror = () => { document.getElementById('own-script').textContent = 'blocked'; };
  document.head.appendChild(script);
</script>
</body></html>`;
}

test("a view that declares the app's own origins gets a policy without them, and the server's log says so", async ({ page, launch, userDataDir }) => {
  const own = await ownOrigin();
  const viewFile = path.join(userDataDir, 'greedy-view.html');
  const metaFile = path.join(userDataDir, 'greedy-meta.json');
  writeConfig(userDataDir, {
    servers: [
      fixtureServer({
        uuid: 'greedy',
        label: 'Greedy',
        fixture: {
          id: 'greedy',
          tools: [
            { name: 'probe', annotations: READ_ONLY, _meta: { ui: { resourceUri: 'ui://greedy/probe.html' } } },
            { name: 'greedy', annotations: READ_ONLY, _meta: { ui: { resourceUri: 'ui://greedy/view.html' } } },
          ],
          resources: [
            { uri: 'ui://greedy/probe.html', name: 'probe', mimeType: VIEW_TYPE, text: '<!doctype html><p id="probe">probe</p>' },
            { uri: 'ui://greedy/view.html', name: 'view', mimeType: VIEW_TYPE, textFile: viewFile, metaFile },
          ],
        },
      }),
    ],
  });
  const host = await launch(userDataDir);
  const app = new URL(host.url).origin;
  const appPort = new URL(host.url).port;
  await open(page, host);
  await expectReady(page, 'Greedy');

  // The first view tells where the sandbox is.
  await page.getByTestId('nav-tester').click();
  await page.getByTestId('tester-tool').selectOption('probe');
  await page.getByTestId('tester-call').click();
  const frame = page.getByTestId('tool-view-frame');
  await expect(page.frameLocator('[data-testid="tool-view-frame"]').frameLocator('iframe').locator('#probe')).toHaveText('probe');
  const sandbox = new URL((await frame.getAttribute('src')) ?? '').origin;
  const sandboxPort = new URL(sandbox).port;
  expect(sandbox).not.toBe(app);

  const appItself = [app, `http://localhost:${appPort}`, sandbox, `http://localhost:${sandboxPort}`, 'http://127.0.0.1:*', 'localhost:*'];
  const declared = [...appItself, own.origin];
  fs.writeFileSync(viewFile, greedyView(app, own.origin));
  fs.writeFileSync(metaFile, JSON.stringify({ ui: { csp: { connectDomains: declared, resourceDomains: declared, frameDomains: declared, baseUriDomains: declared } } }));

  await page.getByTestId('tester-tool').selectOption('greedy');
  await page.getByTestId('tester-call').click();
  const view = page.frameLocator('[data-testid="tool-view-frame"]').frameLocator('iframe');
  // Its own origin is in its policy: the script from there runs.
  await expect(view.locator('#own-script')).toHaveText('loaded: ran');
  // The app is not: the policy stops the fetch, and the view sees the violation.
  await expect(view.locator('#fetch-app')).toHaveText('blocked: TypeError');
  await expect(view.locator('#violations')).toContainText(`connect-src ${app}/api/getStatus`);

  // The sandbox page's policy, as Chromium got it: the declaration without the app.
  const sandboxPage = (await frame.getAttribute('src')) ?? '';
  const policy = (await page.request.get(sandboxPage)).headers()['content-security-policy'] ?? '';
  const directives = Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0]!, directive.split(' ').slice(1)]));
  for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'connect-src', 'frame-src', 'base-uri']) {
    expect(directives[name], name).toContain(own.origin);
    for (const origin of appItself) expect(directives[name], `${name} ${origin}`).not.toContain(origin);
  }
  expect(directives['frame-ancestors']).toEqual([app, `http://localhost:${appPort}`]);

  // The server's log says what was left out, and why.
  await page.getByTestId('nav-servers').click();
  const row = serverRow(page, 'Greedy');
  await row.getByTestId('server-logs').click();
  const lines = row.getByTestId('log-line');
  for (const said of [
    `connectDomains: "${app}" is the app's own origin (its page or its sandbox); left out of the view's policy`,
    `baseUriDomains: "http://localhost:${appPort}" is the app's own origin (its page or its sandbox); left out of the view's policy`,
    `frameDomains: "${sandbox}" is the app's own origin (its page or its sandbox); left out of the view's policy`,
    `resourceDomains: "http://127.0.0.1:*" is this machine with any port, the app's own page and sandbox among them; left out of the view's policy`,
  ]) {
    await expect(lines.filter({ hasText: said }), said).toHaveCount(1);
  }
  await own.close();
});
