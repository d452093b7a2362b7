// Icons of servers, tools, prompts and resources: only https: and data: sources are kept, fetched
// by main (here from a local HTTPS server whose certificate only the tests trust, handed to the
// manager as its TLS agent), with no credentials and no redirect followed, at most 256 KB read
// (a 50 MB body is cut off while it streams), the bytes judged by themselves (PNG, JPEG, WebP,
// SVG, decoded by sharp), kept per server, and a bad icon costing only that icon.
import https from 'node:https';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIcon, sniffIconType } from '../../src/main/mcp/icons/icon-check.js';
import { iconBytes } from '../../src/main/mcp/icons/icon-fetch.js';
import { iconId, keptIcons } from '../../src/main/mcp/icons/icon-refs.js';
import type { Mcp } from '../../src/main/mcp.js';
import { MAX_ICON_BYTES } from '../../src/types/icons.js';
import { removeTempDirs, serve, startMcp, statusOf, stopServed, tempDir, urlEntry } from './helpers/mcp-env.js';
import { startTlsServer, type TlsServer } from './helpers/tls-server.js';

const SVG = '<?xml version="1.0"?>\n<!-- a comment -->\n<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><script>alert(1)</script><rect width="16" height="16" fill="teal"/></svg>';
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let tls: TlsServer;

beforeAll(async () => {
  const square = sharp({ create: { width: 16, height: 16, channels: 4, background: '#c03' } });
  [png, jpeg, webp] = await Promise.all([square.clone().png().toBuffer(), square.clone().jpeg().toBuffer(), square.clone().webp().toBuffer()]);
  tls = await startTlsServer({
    '/ok.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    '/ok.jpg': (_req, res) => void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg),
    '/ok.webp': (_req, res) => void res.writeHead(200, { 'content-type': 'image/webp' }).end(webp),
    '/ok.svg': (_req, res) => void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG),
    // What the server says of it does not count: its bytes are a PNG.
    '/mislabelled': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(png),
    '/html.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>'),
    '/redirect.png': (_req, res) => void res.writeHead(302, { location: '/ok.png' }).end(),
    '/gone.png': (_req, res) => void res.writeHead(404).end(),
    // 50 MB, sent as fast as the client reads, with no Content-Length.
    '/huge.png': (_req, res, count) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = (): void => {
        while (sent < 50 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          count(chunk.length);
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    },
    '/declared-huge.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) }).end(png),
  });
});

afterAll(async () => {
  await tls?.close();
  await stopServed();
  removeTempDirs();
});

describe('which icons are kept', () => {
  it('https: and data: sources only, at most four per entry, each by a short id of its source', () => {
    const kept = keptIcons([
      { src: 'https://example.com/a.png', mimeType: 'image/png', theme: 'light' },
      { src: 'http://example.com/b.png' },
      { src: 'file:///etc/passwd' },
      { src: 'javascript:alert(1)' },
      { src: 'https://user:pw@example.com/c.png' },
      { nope: 1 },
      { src: 'data:image/png;base64,AAAA', theme: 'dark' },
      { src: '/relative.png' },
      { src: 'https://example.com/d.png' },
      { src: 'https://example.com/e.png' },
      { src: 'https://example.com/f.png' },
    ]);
    expect(kept.map((icon) => icon.src)).toEqual(['https://example.com/a.png', 'data:image/png;base64,AAAA', 'https://example.com/d.png', 'https://example.com/e.png']);
    expect(kept[0]).toEqual({ id: iconId('https://example.com/a.png'), src: 'https://example.com/a.png', theme: 'light', mimeType: 'image/png' });
    expect(kept[0]!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keptIcons('not a list')).toEqual([]);
  });
});

describe('an icon\'s bytes', () => {
  it('are judged by themselves, and decoded; an SVG goes out as an image, never as markup', async () => {
    expect(sniffIconType(png)).toBe('image/png');
    expect(sniffIconType(jpeg)).toBe('image/jpeg');
    expect(sniffIconType(webp)).toBe('image/webp');
    expect(sniffIconType(Buffer.from(SVG))).toBe('image/svg+xml');
    expect(sniffIconType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    const svg = await checkIcon(Buffer.from(SVG));
    expect(svg.mimeType).toBe('image/svg+xml');
    expect(svg.dataUrl).toBe(`data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`);
    await expect(checkIcon(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY x "y"></svg>'))).rejects.toThrow(/declares entities/);
    // A PNG signature on bytes that are not one.
    await expect(checkIcon(Buffer.concat([png.subarray(0, 8), Buffer.alloc(64)]))).rejects.toThrow(/does not decode as image\/png/);
    await expect(checkIcon(Buffer.from('GIF89a'))).rejects.toThrow('it is not a PNG, JPEG, WebP or SVG image');
  });

  it('data: sources are decoded within the same size limit', async () => {
    expect(await iconBytes(`data:image/png;base64,${png.toString('base64')}`)).toEqual(png);
    expect((await iconBytes(`data:image/svg+xml,${encodeURIComponent(SVG)}`)).toString()).toBe(SVG);
    await expect(iconBytes(`data:image/png;base64,${Buffer.alloc(MAX_ICON_BYTES + 1).toString('base64')}`)).rejects.toThrow(/more than 262,144/);
  });
});

describe('icons through the manager', () => {
  let mcp: Mcp;
  let logs: string[];
  let icon: (path: string) => { src: string };

  beforeAll(async () => {
    icon = (path) => ({ src: `${tls.origin}${path}` });
    const server = await serve({
      id: 'pictured',
      transport: 'http',
      icons: [icon('/ok.svg'), { src: `data:image/png;base64,${png.toString('base64')}`, theme: 'dark' }],
      tools: [
        { name: 'png', icons: [icon('/ok.png')] },
        { name: 'jpeg', icons: [icon('/ok.jpg')] },
        { name: 'webp', icons: [icon('/ok.webp')] },
        { name: 'mislabelled', icons: [icon('/mislabelled')] },
        { name: 'html', icons: [icon('/html.png')] },
        { name: 'redirects', icons: [icon('/redirect.png')] },
        { name: 'gone', icons: [icon('/gone.png')] },
        { name: 'huge', icons: [icon('/huge.png')] },
        { name: 'declared', icons: [icon('/declared-huge.png')] },
        { name: 'plain_http', icons: [{ src: 'http://127.0.0.1:1/x.png' }, { src: 'javascript:alert(1)' }] },
        'no_icon',
      ],
      prompts: [{ name: 'pictured_prompt', icons: [icon('/ok.png')] }],
      resources: [{ uri: 'fixture:///r', name: 'r', icons: [icon('/ok.webp')] }],
    });
    ({ mcp, logs } = await startMcp(tempDir(), [urlEntry('pictured', 'Pictured', 'http', server.url, { headers: { Authorization: 'Bearer server-secret' } })], { icons: { agent: tls.agent } }));
  });

  const toolIcon = (name: string): string => {
    const found = statusOf(mcp, 'pictured').tools.find((tool) => tool.original === name)?.icons?.[0]?.id;
    if (!found) throw new Error(`no icon on ${name}`);
    return found;
  };

  it('the status names the icons of the server, its tools, prompts and resources by id, never by source', () => {
    const status = statusOf(mcp, 'pictured');
    expect(status.icons).toEqual([{ id: iconId(`${tls.origin}/ok.svg`) }, { id: expect.any(String), theme: 'dark' }]);
    expect(status.tools.find((tool) => tool.original === 'png')?.icons).toEqual([{ id: iconId(`${tls.origin}/ok.png`) }]);
    expect(status.tools.find((tool) => tool.original === 'plain_http')?.icons).toBeUndefined();
    expect(status.tools).toHaveLength(11);
    expect(status.prompts[0]?.icons).toEqual([{ id: iconId(`${tls.origin}/ok.png`) }]);
    expect(status.resources[0]?.icons).toEqual([{ id: iconId(`${tls.origin}/ok.webp`) }]);
    expect(JSON.stringify(status)).not.toContain(tls.origin);
  });

  it('fetches PNG, JPEG, WebP and SVG once each, with no credentials, and gives checked data URLs', async () => {
    const before = tls.requests.length;
    expect(await mcp.icons.get('pictured', toolIcon('png'))).toEqual({ dataUrl: `data:image/png;base64,${png.toString('base64')}`, mimeType: 'image/png', bytes: png.length });
    expect((await mcp.icons.get('pictured', toolIcon('jpeg'))).mimeType).toBe('image/jpeg');
    expect((await mcp.icons.get('pictured', toolIcon('webp'))).mimeType).toBe('image/webp');
    expect((await mcp.icons.get('pictured', statusOf(mcp, 'pictured').icons![0]!.id)).dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await mcp.icons.get('pictured', statusOf(mcp, 'pictured').icons![1]!.id)).mimeType).toBe('image/png');
    expect((await mcp.icons.get('pictured', toolIcon('mislabelled'))).mimeType).toBe('image/png');
    // Kept: asked again, nothing is fetched again.
    await mcp.icons.get('pictured', toolIcon('png'));
    const fetched = tls.requests.slice(before);
    expect(fetched.map((request) => request.path).sort()).toEqual(['/mislabelled', '/ok.jpg', '/ok.png', '/ok.svg', '/ok.webp']);
    for (const { headers } of fetched) {
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie).toBeUndefined();
    }
  });

  it('a bad icon costs only the icon: each says why, and is tried once', async () => {
    const problem = (name: string): Promise<string> => mcp.icons.get('pictured', toolIcon(name)).then(() => 'shown', (error: unknown) => String(error));
    expect(await problem('redirects')).toMatch(/answered 302, a redirect \(to \/ok\.png\); icons are not followed elsewhere/);
    expect(await problem('gone')).toMatch(/answered 404/);
    expect(await problem('html')).toMatch(/it is not a PNG, JPEG, WebP or SVG image/);
    expect(await problem('declared')).toMatch(/it is 52,428,800 bytes, more than 262,144/);
    expect(await problem('huge')).toMatch(/it is more than 262,144 bytes/);
    // Cut off while streaming: far less than 50 MB ever left the server.
    expect(tls.written.get('/huge.png') ?? 0).toBeLessThan(8 * 1024 * 1024);
    const hits = tls.requests.filter((request) => request.path === '/redirect.png').length;
    expect(await problem('redirects')).toMatch(/redirect/);
    expect(tls.requests.filter((request) => request.path === '/redirect.png').length).toBe(hits);
    expect(logs).toContainEqual(expect.stringMatching(/^server pictured: The icon https:\/\/127\.0\.0\.1:\d+\/redirect\.png is not shown/));
    await expect(mcp.icons.get('pictured', 'no-such-icon')).rejects.toThrow('Server pictured lists no icon "no-such-icon".');
  });

  it('TLS is checked: without the tests\' CA the same server is refused', async () => {
    await expect(iconBytes(`${tls.origin}/ok.png`, { agent: new https.Agent({ keepAlive: false }) })).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});
